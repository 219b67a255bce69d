//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"
)

// main puts the API on globalThis.frisian, a function per name, says so
// by calling globalThis.frisianReady when the page has set it, and keeps
// the module running to answer.
func main() {
	b := &bridge{}
	api := js.Global().Get("Object").New()
	for name := range b.functions() {
		api.Set(name, js.FuncOf(func(this js.Value, args []js.Value) (res any) {
			defer func() {
				if r := recover(); r != nil {
					res = js.ValueOf(map[string]any{"error": fmt.Sprintf("internal error in %s: %v", name, r)})
				}
			}()
			a := object{}
			if len(args) > 0 {
				v, err := goValue(args[0], 0, &budget{maxValuesJS, maxBytesJS})
				if err != nil {
					return js.ValueOf(map[string]any{"error": err.Error()})
				}
				if a, _ = v.(object); a == nil && v != nil {
					return js.ValueOf(map[string]any{"error": "the argument is not an object"})
				}
			}
			return js.ValueOf(b.call(name, a))
		}))
	}
	js.Global().Set("frisian", api)
	if ready := js.Global().Get("frisianReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// Bounds on an argument's shape, so that converting it is cheap: its
// nesting, the values in it all told (each array item, object key and
// value counts), and the bytes of its strings all told (keys too), so that
// the work is bounded whatever its shape: an array may hold one long
// string many times, which is copied once for each.
const (
	maxDepthJS  = 4
	maxValuesJS = 100_000
	maxBytesJS  = 2 * maxText // a PDN text and room to spare
)

// Errors of an argument beyond the bounds.
var (
	errTooBig  = fmt.Errorf("%w: more than %d values in all", errArg, maxValuesJS)
	errTooLong = fmt.Errorf("%w: more than %d bytes of text in all", errArg, maxBytesJS)
)

// budget is what an argument being converted may still hold: values and
// bytes of text.
type budget struct{ values, bytes int }

// text converts v, a string, taking its bytes from b. Its length in
// UTF-16 units, never more than its UTF-8 bytes, is read first, so that a
// string far too long is refused before it is copied (twice, by
// js.Value.String) into memory that WebAssembly never gives back.
func (b *budget) text(v js.Value) (string, error) {
	// syscall/js reads properties of objects only: Object(v) wraps the string.
	if js.Global().Get("Object").Invoke(v).Length() > b.bytes {
		return "", errTooLong
	}
	s := v.String()
	if b.bytes -= len(s); b.bytes < 0 {
		return "", errTooLong
	}
	return s, nil
}

// goValue converts v to the Go values the bridge reads: nil, bool,
// float64, string, []any and map[string]any. depth is how deep v is
// nested, and b what may still be converted; each value converted takes
// one value from it, and each string, key or value, its bytes.
func goValue(v js.Value, depth int, b *budget) (any, error) {
	if b.values <= 0 {
		return nil, errTooBig
	}
	b.values--
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil, nil
	case js.TypeBoolean:
		return v.Bool(), nil
	case js.TypeNumber:
		return v.Float(), nil
	case js.TypeString:
		return b.text(v)
	case js.TypeObject:
		if depth >= maxDepthJS {
			return nil, fmt.Errorf("%w: nested more than %d deep", errArg, maxDepthJS)
		}
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			n := v.Length()
			if n > b.values {
				return nil, errTooBig
			}
			out := make([]any, n)
			for i := range n {
				x, err := goValue(v.Index(i), depth+1, b)
				if err != nil {
					return nil, err
				}
				out[i] = x
			}
			return out, nil
		}
		keys := js.Global().Get("Object").Call("keys", v)
		n := keys.Length()
		if 2*n > b.values { // a key and its value each
			return nil, errTooBig
		}
		b.values -= n
		out := make(map[string]any, n)
		for i := range n {
			k, err := b.text(keys.Index(i))
			if err != nil {
				return nil, err
			}
			x, err := goValue(v.Get(k), depth+1, b)
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: a %s", errArg, v.Type())
}
