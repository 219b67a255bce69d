// Package pdn reads and writes Frisian draughts games in PDN (Portable
// Draughts Notation), as lidraughts and other programs write them: tags,
// numbered moves, comments {…} and ;…, variations (…), NAGs $n, move marks
// and a result (RULES.md §8). A [Game] is the game record a file holds:
// its tags, its moves and positions, and the annotations between them.
//
// The rules (positions, moves, their text and the outcome of a position)
// are package frisian's; this package only uses its exported API, as
// python-chess's chess.pgn uses chess.
//
// [Reader] reads files of many games, leniently (recording each problem
// and going on) or strictly; [Writer] writes games that read back the
// same. Untrusted files cost bounded memory: the reader keeps one game
// within documented limits. Their time is bounded by a context: a game may
// start from a made-up position whose captures take long to search, so
// every call that works out legal moves takes one ([Reader.NextContext],
// [Writer.WriteGameContext], [Game.Legal], [Game.Play], [Game.Outcome]).
package pdn
