//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main outside WebAssembly says how to build the module: the bridge is
// compiled here only for its tests.
func main() {
	fmt.Fprintln(os.Stderr, "examples/wasm is the library compiled to WebAssembly: build the site with go run ./examples/wasm/build -o site")
	os.Exit(2)
}
