package pdn

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// A nil context is misuse, refused as such, before and after the end.
func TestNilContexts(t *testing.T) {
	var nilCtx context.Context
	r := NewReader(strings.NewReader("1. 32-28 *"))
	if _, err := r.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NextContext(nil): %v", err)
	}
	// The zero Reader, which reads an empty stream, and one whose
	// reading has ended answer a nil ctx alike.
	var zero Reader
	if _, err := zero.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("zero Reader, NextContext(nil): %v", err)
	}
	if _, err := r.Next(); err != nil {
		t.Fatalf("Next: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("Next after the only game: %v; want io.EOF", err)
	}
	if _, err := r.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NextContext(nil) after the end: %v", err)
	}
}
