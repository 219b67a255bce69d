package hub

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// recordingWriter counts the bytes written to it.
type recordingWriter struct{ n int }

func (w *recordingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// TestNilContext: every exported function and method that takes a context
// returns an error wrapping os.ErrInvalid, naming itself, for a nil one,
// and neither panics nor acts: no process starts, nothing is written, the
// client stays open and its search keeps running. The calls on the client
// are made while a search runs, so that a check made after the client's
// own (ErrBusy) fails the test too; the table must name every such entry
// point of the package's source.
func TestNilContext(t *testing.T) {
	noLeaks(t)
	var nilCtx context.Context
	ctx := timeout(t, 10*time.Second)
	e := &testEngine{wait: true}
	c := serve(t, e)
	start := Search{Start: frisian.StartPosition()}
	srch, err := c.Go(ctx, start.withLimits(Limits{Infinite: true}))
	if err != nil {
		t.Fatal(err)
	}
	cmd := fakeCmd(t, "serve")
	var w recordingWriter

	calls := []struct {
		name string
		call func() error
	}{
		{"Start", func() error {
			// A path that does not exist: ENOENT would show that the
			// engine was looked for first.
			_, err := Start(nilCtx, "/nonexistent/hub-engine", "hub")
			return err
		}},
		{"StartCmd", func() error { _, err := StartCmd(nilCtx, cmd, Options{}); return err }},
		{"NewClient", func() error { _, err := NewClient(nilCtx, strings.NewReader("wait\n"), &w, Options{}); return err }},
		{"Client.SetParam", func() error { return c.SetParam(nilCtx, "hash", "32") }},
		{"Client.Setup", func() error { return c.Setup(nilCtx) }},
		{"Client.Init", func() error { return c.Init(nilCtx) }},
		{"Client.NewGame", func() error { return c.NewGame(nilCtx) }},
		{"Client.Ping", func() error { return c.Ping(nilCtx) }},
		{"Client.Quit", func() error { return c.Quit(nilCtx) }},
		{"Client.Go", func() error { _, err := c.Go(nilCtx, start); return err }},
		{"Client.BestMove", func() error { _, err := c.BestMove(nilCtx, start); return err }},
		{"Client.Analyse", func() error { _, err := c.Analyse(nilCtx, start); return err }},
		{"Searching.Wait", func() error { _, err := srch.Wait(nilCtx); return err }},
		{"Searching.Stop", func() error { _, err := srch.Stop(nilCtx); return err }},
		{"Searching.PonderHit", func() error { return srch.PonderHit(nilCtx) }},
	}
	var names []string
	for _, tc := range calls {
		names = append(names, tc.name)
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return tc.call()
		}()
		if !errors.Is(err, os.ErrInvalid) || !strings.Contains(err.Error(), tc.name+": nil context") {
			t.Errorf("%s(nil context) = %v; want an error wrapping os.ErrInvalid that names %s", tc.name, err, tc.name)
		}
	}

	if cmd.Process != nil {
		t.Error("StartCmd(nil context) started the process")
		cmd.Process.Kill()
		cmd.Wait()
	}
	if w.n != 0 {
		t.Errorf("NewClient(nil context) wrote %d bytes", w.n)
	}
	select {
	case <-srch.Done():
		t.Fatal("the search ended after calls with a nil context")
	default:
	}
	res, err := srch.Stop(ctx)
	if err != nil || res.Move.IsZero() {
		t.Errorf("Stop after the nil calls = %+v, %v; want the engine's move", res, err)
	}
	if err := c.Ping(ctx); err != nil {
		t.Errorf("Ping after the nil calls: %v; want the client open", err)
	}

	want := contextEntryPoints(t)
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("the table tests %v;\nthe package's exported calls taking a context are %v", names, want)
	}
}

// contextEntryPoints returns, sorted, the exported functions and methods of
// exported types in the package's source (tests left out) that take a
// context.Context, named as the errors name them: "Start",
// "Client.Go".
func contextEntryPoints(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, de := range entries {
		n := de.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() || !takesContext(fd.Type) {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				typ := fd.Recv.List[0].Type
				if st, ok := typ.(*ast.StarExpr); ok {
					typ = st.X
				}
				id, ok := typ.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				name = id.Name + "." + name
			}
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// takesContext reports whether a parameter of ft is a context.Context.
func takesContext(ft *ast.FuncType) bool {
	for _, p := range ft.Params.List {
		if sel, ok := p.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "context" {
				return true
			}
		}
	}
	return false
}
