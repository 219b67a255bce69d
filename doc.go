// Package frisian implements the rules of Frisian draughts (Fries dammen):
// positions, legal moves, move and position notation, perft, and the
// result of a game. Package pdn reads and writes game files.
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
// A [Position] is a comparable value holding the board and the state the
// rules need; it answers questions about the board ([Position.PieceAt],
// [Position.FEN], [Position.KingRun]…) and plays moves:
// [Position.Apply] (fast, for legal moves) and [Position.Play] (checked)
// return the position after a move and never change the receiver.
//
// Everything that needs the legal moves is asked of a [Legal], which
// [Position.Legal] works out once, under a context that bounds the
// capture search: the moves in canonical order ([Legal.Moves], sorted by
// [Move.Compare]), whether a move is legal ([Legal.Contains]), the text a
// player reads ([Legal.Text]) and the move a typed text names
// ([Legal.ParseMove]), the Hub protocol's text ([Legal.ParseHubMove]),
// paths to animate ([Legal.Path], [Legal.Paths]), click-by-click input
// ([Legal.Clicks]) and the outcome ([Legal.Outcome]):
//
//	p := frisian.StartPosition()
//	l, err := p.Legal(ctx)
//	if err != nil {
//		return err // only when ctx is done before the moves are known
//	}
//	for _, m := range l.Moves() {
//		fmt.Println(l.Text(m), p.Apply(m).FEN())
//	}
//
// Use which when: a UI, a server or a tool uses Legal for every question
// about the moves; an engine's inner loop uses [Position.AppendLegalMoves],
// which does not allocate and lists the moves in the order it finds them
// (sorting them would cost more than finding them), and [Position.Apply].
//
// A [Move] is a start square, an end square and a set of captured squares;
// different paths that agree on all three are one Move. Its String is the
// Hub protocol's long form ("28x19x23"), the text that needs no position;
// the PDN text a player reads ("28x19", or a landing path "28x17x8" where
// a reader needs one) comes from [Legal.Text].
//
// # Text
//
// [Legal.ParseMove] reads PDN move text ("32-28", "28x19", a landing path
// whole or in part), matching a path against every path of every legal
// move, and [Legal.Text] writes the shortest unambiguous text, which it
// reads back. [ParseFEN] and [Position.FEN] read and write PDN FEN,
// including the fields lidraughts adds for Frisian; [Setup] is an editable
// board. PDN game files are package pdn's (github.com/frisian-draughts/frisian/pdn),
// with its game record, pdn.Game.
//
// Errors wrap the sentinels ([ErrSyntax], [ErrInvalidPosition],
// [ErrInvalidMove], [ErrIllegalMove], [ErrAmbiguousMove], [ErrTooLarge],
// [ErrSearchStopped]) for errors.Is, and carry the details in
// *[ParseError], *[PositionError] and *[MoveError] values for errors.As.
// Their messages describe the input and can be shown to a user as they
// are.
//
// # The end of the game
//
// [Legal.Outcome] gives the result under the official rules
// ([OfficialDraws]) or lidraughts' counting ([LidraughtsDraws]): a loss for
// the side that cannot move, or a draw by rule; [Position.DrawCounters]
// says how far the draw counts have run.
//
// # Untrusted input
//
// Every parser returns a typed error for any input and never panics, and
// every call costs bounded memory: [ParseFEN] refuses input over 1 KiB,
// package pdn's reader keeps one game within documented limits, [Position.Apply]
// never builds an impossible position from any Move value, and
// [Position.CheckMaterial] demands material a game can have. The capture
// rule asks for the heaviest capture, and a crowded board can have
// astronomically many capture orders. The search is exact and its memory
// bounded, and it settles the hardest placements known within a few
// hundred milliseconds, but no bound on its time is proven for every
// placement: a server that reads positions or moves from strangers gives
// [Position.Legal] a deadline, as one that reads their files gives package
// pdn's reader. Past that, [Legal.Clicks] takes no context: each click
// costs up to a few milliseconds on the hardest placements known, so a
// server bounds the number of clicks it takes in one request.
//
// # Speed
//
// Move generation uses 64-bit boards on which every Frisian direction is a
// constant shift, and runs on the caller's goroutine: the same position
// does the same work on every machine. [Position.AppendLegalMoves] does
// not allocate given enough capacity; [Perft] and [PerftParallel] count
// leaf nodes for testing and benchmarking.
package frisian
