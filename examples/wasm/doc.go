// Command wasm is the library compiled to WebAssembly for a web page: the
// static site that examples/wasm/build writes runs it in a Web Worker.
//
//	go run ./examples/wasm/build -o site   # the site, with frisian.wasm
//
// Loaded with Go's wasm_exec.js, it sets globalThis.frisian, an object of
// functions that each take one object and return one; none throws, and a
// call that cannot be answered returns {error} with the library's reason.
// A game is passed whole to each call as {fen, moves, draws}: the start
// position (empty for the usual start), the texts of the moves played,
// and "official" or "lidraughts"; the module keeps only the last game
// replayed, so that a call on it, or on one a move longer or shorter,
// costs one move. A move is answered as {text, from, to, capture, path,
// taken}: its PDN text (the library's shortest), a whole landing path
// and the pieces taken in the order jumped.
//
//	position(game)                    the position now: {fen, turn, ply, outcome: {over,
//	                                  result, reason, score}, moves, movable, mustCapture,
//	                                  kingRuns, drawCounters}
//	clicks({...game, clicks})         click-by-click input, the squares clicked in order:
//	                                  {path, next, taken, moves, move (once complete), why}
//	play({...game, move})             the move a PDN text names: {move, fen (after it)}
//	board({...game, ply, bottom})     the board after ply moves as SVG: {svg}
//	pdn({...game, tags})              the game as PDN, tags as [[name, value], ...]: {pdn}
//	readPDN({pdn})                    {games: [{fen, moves, tags, result}], errors}
//	engine({...game, depth, nodes})   the example engine's move: {move, score, depth, nodes}
//	fen({fen})                        a start position checked and written back: {fen}
//
// The engine's search is bounded by nodes, not time: a computation holds
// the module's thread, so a deadline could not fire before it ended. Run
// the module in a worker, as the site does, to keep a page responsive.
//
// Compiled for another platform it only says how to build it; its tests
// run there, against the native library.
package main
