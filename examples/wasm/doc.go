// Command wasm is the library compiled to WebAssembly for a web page: the
// static site that examples/wasm/build writes runs it in a Web Worker.
//
//	go run ./examples/wasm/build -o site   # the site, with frisian.wasm
//
// Loaded with Go's wasm_exec.js, it sets globalThis.frisian, an object of
// functions that each take one object and return one; none throws, and a
// call that cannot be answered returns {error} with the library's reason.
// A game is passed whole to each call as {fen, moves, draws}: the start
// position (empty for the usual start; at most 20 pieces a side, as a
// game can have), the texts of the moves played (at most 500, the
// server's limit, which position gives as maxPlies), and "official" or
// "lidraughts"; the module keeps only the last game replayed, so that a
// call on it, or on one a move longer or shorter, costs one move.
// position lists each legal move as {text, from, to, capture, captured}:
// its PDN text (the library's shortest), its start and end squares, and
// the squares of the pieces it captures, a set in square order. The calls
// about one move (clicks, play, engine) answer it with its path too, as
// {text, from, to, capture, captured, path, taken}: a whole landing path
// and the pieces taken in the order jumped; working these out for every
// move of a position can take far longer than the moves themselves.
//
//	position(game)                    the position now: {fen, turn, ply, maxPlies,
//	                                  outcome: {over, result, reason, score}, moves,
//	                                  movable, mustCapture, kingRuns, drawCounters}
//	clicks({...game, clicks})         click-by-click input, the squares clicked in order:
//	                                  {path, next, taken, moves, move (once complete), why}
//	play({...game, move})             the move a PDN text names: {move, fen (after it)}
//	board({...game, ply, bottom})     the board after ply moves as SVG: {svg}
//	pdn({...game, tags})              the game as PDN, tags as [[name, value], ...]: {pdn}
//	readPDN({pdn})                    {games: [{fen, moves, tags, result}], errors}
//	engine({...game, depth, nodes})   the example engine's move: {move, score, depth, nodes}
//	fen({fen})                        a start position checked and written back: {fen}
//
// A draw counter is {ending, reason, side, count, limit, plies}, where
// ending is "twoKingsAgainstOne" or "oneKingEach" and reason the rule's
// description. The engine's depth (at most 12) and nodes (at most
// 5 000 000) are 0 or absent for its defaults; other values are refused.
// readPDN reads at most 100 games and leaves out, with an error, a game
// the other calls would refuse.
//
// The engine's search is bounded by nodes, not time: a computation holds
// the module's thread, so a deadline could not fire before it ended. Run
// the module in a worker, as the site does, to keep a page responsive.
//
// Compiled for another platform it only says how to build it; its tests
// run there, against the native library, except the test of the argument
// conversion (js_test.go), which runs under Node.
package main
