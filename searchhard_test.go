package frisian

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
	"time"
)

// bothWays runs f with the hard searches side by side on one core (as a
// coroutine) and, where there are several, on two (searchParallel).
func bothWays(t *testing.T, f func(t *testing.T)) {
	t.Run("coroutine", func(t *testing.T) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		f(t)
	})
	if runtime.GOMAXPROCS(0) > 1 {
		t.Run("parallel", f)
	}
}

// The hard searches give the same moves, in the same order, run either
// way.
func TestHardBothWays(t *testing.T) {
	want := map[string][]Move{}
	for _, c := range worstCases(t) {
		want[c[0]] = MustParseFEN(c[1]).LegalMoves()
	}
	bothWays(t, func(t *testing.T) {
		for _, c := range worstCases(t) {
			if got := MustParseFEN(c[1]).LegalMoves(); !slices.Equal(got, want[c[0]]) {
				t.Errorf("%s: %d moves, want %d in the same order", c[0], len(got), len(want[c[0]]))
			}
		}
	})
}

// A set search that runs out of room leaves the piece to the graph search
// alone, in rounds: the answer stays LegalMoves'.
func TestSetsOutOfRoom(t *testing.T) { bothWays(t, setsOutOfRoom) }

func setsOutOfRoom(t *testing.T) {
	fell := 0
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		var g generator
		g.init(&p)
		g.sets = &setSearch{tablesOnly: true, layerSlots: minLayerSlots}
		got := g.appendLegal(nil)
		if g.sets.full {
			fell++
		}
		want := p.LegalMoves()
		slices.SortFunc(got, Move.Compare)
		slices.SortFunc(want, Move.Compare)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %d moves with small tables, %d without", c[0], len(got), len(want))
		}
	}
	if fell == 0 {
		t.Error("no set search ran out of room: the test tests nothing")
	}
}

// Stopped at any point of the two searches side by side, LegalMovesContext
// gives the full answer or none, and leaves no coroutine or goroutine
// behind.
func TestHardStopsAnywhere(t *testing.T) { bothWays(t, hardStopsAnywhere) }

func hardStopsAnywhere(t *testing.T) { stopsAnywhere(t, "climb5Kings", "climb4Mixed", "climb6Mixed2") }

// stopsAnywhere checks LegalMovesContext on the named worst cases, stopped
// at several times, as TestHardStopsAnywhere says.
func stopsAnywhere(t *testing.T, names ...string) {
	before := runtime.NumGoroutine()
	for _, c := range worstCases(t) {
		if !slices.Contains(names, c[0]) {
			continue
		}
		p := MustParseFEN(c[1])
		want := p.LegalMoves()
		for _, d := range []time.Duration{50 * time.Microsecond, 300 * time.Microsecond, time.Millisecond, 3 * time.Millisecond, time.Second} {
			ctx, cancel := context.WithTimeout(context.Background(), d)
			got, err := p.LegalMovesContext(ctx)
			cancel()
			switch {
			case err == nil && !slices.Equal(got, want):
				t.Errorf("%s, %v: %d moves, want %d", c[0], d, len(got), len(want))
			case err != nil && (got != nil || !errors.Is(err, ErrSearchStopped)):
				t.Errorf("%s, %v: %d moves and %v; want none and ErrSearchStopped", c[0], d, len(got), err)
			}
		}
	}
	// A goroutine that has handed over its result may take a moment to
	// end.
	after := runtime.NumGoroutine()
	for wait := time.Now(); after > before && time.Since(wait) < time.Second; after = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	if after > before {
		t.Errorf("%d goroutines after, %d before", after, before)
	}
}

// The set search helped by the graph search's goroutine (askHelp), with a
// helper that never comes, or with one given a start so that it must wait
// for the search where it should, finds the moves LegalMoves finds, and a
// stop at any time gives them all or none.
func TestSetsHelped(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	if runtime.GOMAXPROCS(0) < 2 {
		// Help needs it, not two cores. It is the whole process's: the
		// tests that run in parallel with this one give the same answers
		// at any setting.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	names := map[string]bool{
		"climb6Mixed1": true, "climb6Mixed4": true, "climb5Kings": true, "climb8Kings4": true,
		"climb4Kings3": true, "climb7Mixed4": true, "climb2Kings": true, "climb6Kings7": true,
		"climb6Kings2": true, // 20 pieces
	}
	for _, mode := range []helpMode{{false, false}, {true, false}, {false, true}} {
		helps := 0
		// Help is asked only if the set search runs before the graph
		// search finishes: with the other tests running at once, its
		// goroutine may wait for a core throughout a pass.
		for pass := 0; pass < 5 && helps == 0; pass++ {
			helps += setsHelped(t, mode, names)
		}
		if helps == 0 {
			t.Errorf("%+v: no search asked for help, the test tests nothing", mode)
		}
	}
}

// helpMode is how TestSetsHelped's helper comes: never (refused), or
// ahead of the search.
type helpMode struct{ refused, ahead bool }

// setsHelped is one pass of TestSetsHelped, and returns the times help
// was asked.
func setsHelped(t *testing.T, mode helpMode, names map[string]bool) int {
	helps := 0
	for _, c := range worstCases(t) {
		if testing.Short() && !names[c[0]] {
			continue
		}
		p := MustParseFEN(c[1])
		want := p.LegalMoves()
		slices.SortFunc(want, Move.Compare)
		for _, d := range []time.Duration{200 * time.Microsecond, 2 * time.Millisecond, time.Minute} {
			ctx, cancel := context.WithTimeout(context.Background(), d)
			var g generator
			g.init(&p)
			g.ctx = ctx
			g.sets = &setSearch{helpAlways: true, helpRefused: mode.refused, helperAhead: mode.ahead}
			got := g.appendLegal(nil)
			cancel()
			helps += g.sets.helps
			if g.err != nil {
				if d == time.Minute {
					t.Errorf("%s: %v", c[0], g.err)
				}
				continue
			}
			slices.SortFunc(got, Move.Compare)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %+v, stopped after %v: %d moves, want %d", c[0], mode, d, len(got), len(want))
			}
		}
	}
	return helps
}

// The first race's probes of the hard pieces still to come (probeAll)
// finish some pieces on their own, and a stop at any time gives all the
// moves or none. (TestHardBothWays compares their answers with those
// found on one core, where nothing is probed.)
func TestProbes(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		// Probes need it, not two cores (see TestSetsHelped).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	finished := 0
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		var g generator
		g.init(&p)
		_ = g.appendLegal(nil)
		g.release()
		if g.probed != 0 {
			finished++
		}
	}
	if finished == 0 {
		t.Error("no probe finished a piece: the test tests nothing")
	}
	stopsAnywhere(t, "climb17Mixed2", "climb10Kings1")
	// A probe that finished just as the set search did once passed for
	// the graph search of the race's own piece, whose moves were then
	// lost: about one call in 150 here, which 250 calls catch four times
	// in five.
	p := MustParseFEN("B:WK4,7,K10,12,18,20,21,K24,K27,K29,K31,33,35,K36,38,40,K41,43,K49:BK1,K6,K42,K47")
	want := oneCoreMoves(p)
	calls := 250
	if testing.Short() {
		calls = 30
	}
	for range calls {
		got := p.LegalMoves()
		slices.SortFunc(got, Move.Compare)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %d moves, want %d", p.FEN(), len(got), len(want))
		}
	}
}

// oneCoreMoves returns p's legal moves as the search on one core finds
// them, sorted.
func oneCoreMoves(p Position) []Move {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	moves := p.LegalMoves()
	slices.SortFunc(moves, Move.Compare)
	return moves
}

// A call leaves no goroutine behind: the race worker (raceWorker) ends
// with the call that started it, whether the call finished or its
// context stopped it.
func TestRaceWorkerEnds(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		// The worker needs it, not two cores (see TestSetsHelped).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	before := runtime.NumGoroutine()
	calls := 0
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		if p.Pieces(White).Len() > 20 || p.Pieces(Black).Len() > 20 {
			continue // the larger placements take longer, and add nothing here
		}
		_ = p.LegalMoves()
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Microsecond)
		_, err := p.LegalMovesContext(ctx)
		cancel()
		if err != nil && !errors.Is(err, ErrSearchStopped) {
			t.Fatalf("%s: %v", c[0], err)
		}
		calls += 2
	}
	// A stopped worker returns within microseconds; its goroutine is
	// counted until then.
	for deadline := time.Now().Add(2 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after %d calls, %d before", runtime.NumGoroutine(), calls, before)
		}
		time.Sleep(time.Millisecond)
	}
}
