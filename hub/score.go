package hub

import "math"

// Scores of decided games, as Scan 3.1 writes them. A score is in men for
// the side to move. Scan keeps evaluations within ±EvalLimit and writes a
// game it has found won in n plies as 100 − n/100 (99.97: a win in three
// plies) and a lost one as its negation; its endgame databases' wins are
// 90 − n/100. GUIs rely on this: pydraughts, for one, reads a score over 90
// as a win in ⌈(10000 − 100·score)/2⌉ moves (a database win, at most 90,
// as an evaluation). Servers write decided games with WinScore and
// LossScore; clients read them with Info.Decided.
const (
	// EvalLimit bounds the score of a game not known to be decided.
	EvalLimit = 80.0
	// winLimit is the score of a win at ply 0, in hundredths of a man.
	winLimit = 10_000
	// databaseLimit is Scan's score of a database win at ply 0.
	databaseLimit = 9_000
	// maxPlies keeps a win's score above a database win's.
	maxPlies = winLimit - databaseLimit - 1
)

// WinScore returns the score of a game the side to move wins in plies
// plies, as Scan writes it: 100 − plies/100. plies is clamped to [0, 999],
// so that the score stays above 90.
func WinScore(plies int) float64 {
	plies = min(max(plies, 0), maxPlies)
	return float64(winLimit-plies) / 100
}

// LossScore returns the score of a game the side to move loses in plies
// plies: −WinScore(plies).
func LossScore(plies int) float64 { return -WinScore(plies) }

// Decided reports whether the info's score says the game is decided:
// won or lost for the side to move, and in how many plies. A score beyond
// ±EvalLimit, up to ±100, is decided; above 90 men it counts plies as
// WinScore does, and from 80 to 90 (90 included, which WinScore never
// writes) as Scan's endgame databases do (90 − plies/100). Without such a
// score (none, or one beyond ±100, which no Scan score is), ok is false.
func (info Info) Decided() (won bool, plies int, ok bool) {
	abs := math.Abs(info.Score)
	// NaN fails both comparisons; ±Inf and huge scores are refused before
	// the conversion to int, which they would overflow.
	if !info.HasScore || !(abs > EvalLimit && abs <= winLimit/100) {
		return false, 0, false
	}
	hundredths := int(math.Round(abs * 100)) // at most winLimit
	limit := winLimit
	if hundredths <= databaseLimit {
		limit = databaseLimit
	}
	return info.Score > 0, limit - hundredths, true
}
