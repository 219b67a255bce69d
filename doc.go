// Package frisian implements the rules of Frisian draughts (Fries dammen):
// positions, legal moves, move and position notation, PDN game files,
// perft, and the result of a game.
//
// Frisian draughts is played on the 50 dark squares of a 10×10 board,
// numbered as in international draughts. Men step diagonally forward but
// capture in eight directions: diagonally, and straight along columns and
// rows, forwards and backwards. Kings fly along diagonals and capture along
// all eight lines. The capture that takes the most value must be played
// (a king counts as almost two men; among equal values fewer kings, then a
// king's capture, come first), a man is crowned only when its move ends on
// the far row, and a king may not make more than three quiet moves in a row
// while its side still has men. A side with no legal move has lost.
//
// The package follows the Official Rules for Frisian Draughts (2011); where
// programs differ, the choices are written down in RULES.md.
//
// # Positions and moves
//
// A [Position] is a comparable value. [Position.LegalMoves] lists the moves
// of the side to move; [Position.Apply] (fast, for legal moves) and
// [Position.Play] (checked) return the position after a move and never
// change the receiver:
//
//	p := frisian.StartPosition()
//	for _, m := range p.LegalMoves() {
//		fmt.Println(p.MoveText(m), p.Apply(m).FEN())
//	}
//
// A [Move] is a start square, an end square and a set of captured squares;
// different paths that agree on all three are one Move. [Position.Path]
// gives a landing path for animation. [Move.Compare] orders moves
// canonically.
//
// A board UI, a server or a bot asks many things of one position. A
// [Legal], from [Position.Legal], holds the legal moves worked out once
// under a context, and answers them all: the moves in canonical order,
// their text, their paths, what may follow the squares a player has
// clicked ([Legal.Clicks]), the move a typed text names and the outcome.
//
// # Text
//
// [Position.ParseMove] reads move text ("32-28", "28x19", the landing path
// "28x17x8") against a position, matching a path against every path of
// every legal move; [Position.MoveText] gives the shortest unambiguous
// text, as the same [MoveText] value that [ParseMoveText] reads.
// [ParseFEN] and [Position.FEN] read and write PDN FEN, including the
// fields lidraughts adds for Frisian; [Setup] is an editable board.
//
// Errors wrap the sentinels ([ErrSyntax], [ErrInvalidPosition],
// [ErrInvalidMove], [ErrIllegalMove], [ErrAmbiguousMove], [ErrGameType],
// [ErrTooLarge], [ErrSearchStopped]) for errors.Is, and carry the details
// in *[ParseError], *[PositionError], *[MoveError] and *[PDNError] values for
// errors.As. Their messages describe the input and can be shown to a user
// as they are.
//
// # Games
//
// A [Game] keeps the moves, positions, tags and annotations of a game.
// [Position.Outcome] and [Game.Outcome] give the result under the official
// rules: a loss for the side that cannot move, or a draw by rule;
// [Game.End] and [Position.OutcomeWith] take [LidraughtsDraws] for
// lidraughts' counting, and [Position.DrawCounters] says how far the draw
// counts have run. [PDNReader] reads files of many games, leniently or
// strictly; [PDNWriter] writes games that read back the same.
//
// # Untrusted input
//
// Every parser returns a typed error for any input and never panics, and
// every call costs bounded memory: [ParseFEN] refuses input over 1 KiB,
// [PDNReader] keeps one game within documented limits, [Position.Apply]
// never builds an impossible position from any Move value, and
// [Position.CheckMaterial] demands material a game can have. The capture
// rule asks for the heaviest capture, and a crowded board can have
// astronomically many capture orders. The search is exact and its memory
// bounded, and it settles the hardest placements known within a few
// hundred milliseconds, but no bound on its time is proven for every
// placement: a server that reads positions or moves from strangers uses
// [Position.Legal], and one that reads their files [PDNReader.NextContext],
// with a deadline.
//
// # Speed
//
// Move generation uses 64-bit boards on which every Frisian direction is a
// constant shift, and runs on the caller's goroutine: the same position
// does the same work on every machine. [Position.AppendLegalMoves] does
// not allocate given enough capacity; [Perft] and [PerftParallel] count
// leaf nodes for testing and benchmarking.
package frisian
