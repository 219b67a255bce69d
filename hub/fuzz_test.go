package hub

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian"
)

// FuzzEngineLines: whatever an engine writes in an info or done line, the
// client's reading of it holds only legal moves, and fails only with
// ErrProtocol.
func FuzzEngineLines(f *testing.F) {
	for _, s := range []string{
		`info depth=3 mean-depth=2.5 score=-0.25 nodes=100 time=0.5 nps=1.2 pv="32-28 19-23 28x19x23"`,
		"info depth=x pv=99-100", "info time=1e400", `info pv="32-28 32-28"`,
		"done move=32-28 ponder=19-23", "done move=28x19x23", "done", `done move=""`,
	} {
		f.Add(s)
	}
	ctx := context.Background()
	p := frisian.StartPosition()
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			return
		}
		info := parseInfo(ctx, l, p)
		if info.Err != nil && !errors.Is(info.Err, ErrProtocol) {
			t.Fatalf("info error %v", info.Err)
		}
		q := p
		for _, m := range info.PV {
			var err error
			if q, err = q.Play(m); err != nil {
				t.Fatalf("PV %v holds an illegal move: %v", info.PV, err)
			}
		}
		if info.Nodes < 0 || info.Time < 0 || info.Depth < 0 {
			t.Fatalf("negative field in %+v", info)
		}
		res, err := parseDone(ctx, l, p)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("done error %v", err)
			}
			return
		}
		if !testgame.Legal(p).Contains(res.Move) || (!res.Ponder.IsZero() && !testgame.Legal(p.Apply(res.Move)).Contains(res.Ponder)) {
			t.Fatalf("done %q: %v %v", s, res.Move, res.Ponder)
		}
	})
}

// FuzzServe: any script of commands ends, without a panic, and every line
// Serve writes is one the protocol reads.
func FuzzServe(f *testing.F) {
	start := FormatPosition(frisian.StartPosition())
	for _, s := range []string{
		"hub\ninit\npos pos=" + start + " moves=32-28\nlevel depth=2\ngo think\n",
		"pos start\nlevel infinite\ngo analyze\nping\nstop\n",
		"go ponder\nponder-hit\nset-param name=style value=first\nnew-game\nquit\n",
		`pos pos="` + "\n" + "level move-time=0.001\ngo\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var out strings.Builder
		if err := Serve(strings.NewReader(s), &out, &testEngine{}); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("Serve: %v", err)
		}
		for line := range strings.Lines(out.String()) {
			if _, err := ParseLine(line); err != nil {
				t.Fatalf("Serve wrote %q: %v", line, err)
			}
		}
	})
}
