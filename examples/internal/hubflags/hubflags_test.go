package hubflags

import (
	"context"
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/enginehub"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/google/go-cmp/cmp"
)

// TestMain lets the test binary be a Hub engine: run as "hubengine" it
// serves the examples' engine.
func TestMain(m *testing.M) {
	enginehub.ServeIfAsked()
	os.Exit(m.Run())
}

// parse registers the flags on a new FlagSet and parses args.
func parse(t *testing.T, u Usage, args ...string) (*Flags, error) {
	t.Helper()
	var f Flags
	set := flag.NewFlagSet("test", flag.ContinueOnError)
	set.SetOutput(io.Discard)
	f.Register(set, u)
	return &f, set.Parse(args)
}

func TestFlags(t *testing.T) {
	f, err := parse(t, Usage{})
	if err != nil {
		t.Fatal(err)
	}
	want := Flags{Args: "hub", MoveTime: time.Second}
	if diff := cmp.Diff(want, *f); diff != "" || f.Check() != nil {
		t.Errorf("defaults (-want +got):\n%s\nCheck: %v", diff, f.Check())
	}
	f, err = parse(t, Usage{}, "-engine", "/opt/scan/scan", "-engine-args", "hub  -x", "-engine-param", "book=false", "-engine-param", "threads=2", "-movetime", "250ms")
	if err != nil {
		t.Fatal(err)
	}
	want = Flags{Path: "/opt/scan/scan", Args: "hub  -x", Params: hub.Settings{{Name: "book", Value: "false"}, {Name: "threads", Value: "2"}}, MoveTime: 250 * time.Millisecond}
	if diff := cmp.Diff(want, *f); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
	for _, bad := range [][]string{{"-engine-param", "book"}, {"-movetime", "soon"}, {"-engine-time", "1s"}} {
		if _, err := parse(t, Usage{}, bad...); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	f, err = parse(t, Usage{}, "-movetime", "0s")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err == nil || err.Error() != "-movetime 0s: want more than 0" {
		t.Errorf("Check = %v", err)
	}
	f, _ = parse(t, Usage{}, "-movetime", "-1s")
	if err := f.Check(); err == nil || err.Error() != "-movetime -1s: want more than 0" {
		t.Errorf("Check = %v", err)
	}
}

// TestStart: the engine is started with its arguments and parameters and
// is ready to search; a parameter it rejects, or a program that is not
// there, is the error of Setup or Start.
func TestStart(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	ctx := context.Background()
	f := Flags{Path: exe, Args: " hubengine ", Params: hub.Settings{{Name: "draws", Value: "lidraughts"}, {Name: "seed", Value: "7"}}, MoveTime: time.Second}
	c, err := f.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c.ID().Name != "frisian example engine" {
		t.Errorf("ID %+v", c.ID())
	}
	for name, want := range map[string]string{"draws": "lidraughts", "seed": "7", "variant": "frisian"} {
		if p, ok := c.Param(name); !ok || p.Value != want {
			t.Errorf("parameter %s: %+v, %v; want %s", name, p, ok, want)
		}
	}
	if _, err := c.BestMove(ctx, hub.Search{Start: frisian.StartPosition(), Limits: hub.Limits{Depth: 1}}); err != nil {
		t.Errorf("BestMove after Start: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}

	f.Params = hub.Settings{{Name: "seed", Value: "x"}}
	if c, err := f.Start(ctx); !errors.Is(err, hub.ErrRejected) || c != nil {
		t.Errorf("a rejected parameter: %v, %v; want ErrRejected", c, err)
	}
	f.Path = exe + ".missing"
	if c, err := f.Start(ctx); !errors.Is(err, fs.ErrNotExist) || c != nil {
		t.Errorf("a missing program: %v, %v; want fs.ErrNotExist", c, err)
	}
}
