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
				v, err := goValue(args[0], 0)
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

// Bounds on an argument's shape, so that converting it is cheap.
const (
	maxDepthJS = 4
	maxItemsJS = 10000
)

// goValue converts v to the Go values the bridge reads: nil, bool,
// float64, string, []any and map[string]any.
func goValue(v js.Value, depth int) (any, error) {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil, nil
	case js.TypeBoolean:
		return v.Bool(), nil
	case js.TypeNumber:
		return v.Float(), nil
	case js.TypeString:
		return v.String(), nil
	case js.TypeObject:
		if depth >= maxDepthJS {
			return nil, fmt.Errorf("bad argument: nested more than %d deep", maxDepthJS)
		}
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			n := v.Length()
			if n > maxItemsJS {
				return nil, fmt.Errorf("bad argument: an array of %d items", n)
			}
			out := make([]any, n)
			for i := range n {
				x, err := goValue(v.Index(i), depth+1)
				if err != nil {
					return nil, err
				}
				out[i] = x
			}
			return out, nil
		}
		keys := js.Global().Get("Object").Call("keys", v)
		n := keys.Length()
		if n > maxItemsJS {
			return nil, fmt.Errorf("bad argument: an object of %d keys", n)
		}
		out := make(map[string]any, n)
		for i := range n {
			k := keys.Index(i).String()
			x, err := goValue(v.Get(k), depth+1)
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("bad argument: a %s", v.Type())
}
