//go:build js && wasm

package main

// Run under Node with
// GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run GoValue ./examples/wasm

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall/js"
	"testing"
)

// jsValue makes a JavaScript value of the JSON text s.
func jsValue(s string) js.Value { return js.Global().Get("JSON").Call("parse", s) }

// TestGoValue: arguments convert to the bridge's Go values, and one with
// more values in all than maxValuesJS, however they are spread over its
// levels, with more bytes of text in all than maxBytesJS, or nested too
// deep, is refused as a bad argument.
func TestGoValue(t *testing.T) {
	v, err := goValue(jsValue(`{"fen": "", "moves": ["32-28", "19-23"], "ply": 1, "ok": true, "x": null}`), 0, &budget{maxValuesJS, maxBytesJS})
	if err != nil || fmt.Sprint(v) != "map[fen: moves:[32-28 19-23] ok:true ply:1 x:<nil>]" {
		t.Errorf("a game: %v, %v", v, err)
	}
	// 60^3 = 216 000 numbers, 60 to an array: each level is small.
	row := "[" + strings.TrimSuffix(strings.Repeat("1,", 60), ",") + "]"
	plane := "[" + strings.TrimSuffix(strings.Repeat(row+",", 60), ",") + "]"
	cube := `{"moves": [` + strings.TrimSuffix(strings.Repeat(plane+",", 60), ",") + "]}"
	var many strings.Builder
	many.WriteString("{")
	for i := range 60_000 {
		if i > 0 {
			many.WriteString(",")
		}
		fmt.Fprintf(&many, `"k%d": 1`, i)
	}
	many.WriteString("}")
	long := strings.Repeat("x", maxText) // the longest PDN text readPDN takes
	for _, tc := range []struct {
		name string
		v    js.Value
		want string
	}{
		{"216 000 numbers in nested arrays", jsValue(cube), "more than 100000 values"},
		{"60 000 keys", jsValue(many.String()), "more than 100000 values"},
		{"nested 5 deep", jsValue(`{"a": {"b": {"c": {"d": {"e": 1}}}}}`), "nested more than 4 deep"},
		{"4 deep", jsValue(`{"a": {"b": {"c": {"d": 1}}}}`), ""},
		// One string in JavaScript, copied for each item.
		{"a long string 1000 times", js.Global().Get("Array").New(1000).Call("fill", long), "bytes of text"},
		{"the longest PDN text", jsValue(`{"pdn": "` + long + `", "moves": ["32-28"]}`), ""},
		{"a long key", jsValue(`{"` + strings.Repeat(long, 3) + `": 1}`), "bytes of text"},
		{"a non-ASCII string just within", jsValue(`{"pdn": "` + strings.Repeat("é", maxText-2) + `"}`), ""},
		{"a non-ASCII string past the bound", jsValue(`{"pdn": "` + strings.Repeat("é", maxText) + `"}`), "bytes of text"},
	} {
		_, err := goValue(tc.v, 0, &budget{maxValuesJS, maxBytesJS})
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if !errors.Is(err, errArg) || !strings.Contains(fmt.Sprint(err), tc.want) {
			t.Errorf("%s: %v, want a bad argument: %s", tc.name, err, tc.want)
		}
	}
}

// TestGoValueHugeString: a string far past maxBytesJS is refused before
// it is copied into the module's memory, which would never shrink again.
func TestGoValueHugeString(t *testing.T) {
	huge := js.Global().Get("String").New("x").Call("repeat", 64<<20) // made in JavaScript
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := goValue(js.ValueOf(map[string]any{"pdn": huge}), 0, &budget{maxValuesJS, maxBytesJS})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errArg) || !strings.Contains(fmt.Sprint(err), "bytes of text") {
		t.Errorf("a 64 MiB string: %v, want a bad argument", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > maxBytesJS {
		t.Errorf("refusing a 64 MiB string allocated %d bytes", n)
	}
}
