// Command build makes the static Frisian draughts site: the board page of
// examples/web with the library compiled to WebAssembly in place of the
// server, in a folder that any static file server can host.
//
//	go run ./examples/wasm/build -o site
//	python3 -m http.server -d site   # or any static file server
//
// The folder holds index.html and, under static/, the page's files
// (examples/internal/webui), its backend (local.js, worker.js), Go's
// wasm_exec.js and frisian.wasm, built from examples/wasm with
// GOOS=js GOARCH=wasm. It prints the module's size, raw and gzipped.
package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/frisian-draughts/frisian/examples/internal/webui"
)

//go:embed site
var site embed.FS

// module is the package compiled to WebAssembly.
const module = "github.com/frisian-draughts/frisian/examples/wasm"

func main() {
	out := flag.String("o", "site", "the folder to write the site to")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./examples/wasm/build [-o folder]")
		os.Exit(2)
	}
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

// build writes the site to the folder out.
func build(out string) error {
	static := filepath.Join(out, "static")
	if err := os.MkdirAll(static, 0o755); err != nil {
		return err
	}
	goCmd, err := goCommand()
	if err != nil {
		return err
	}
	wasm := filepath.Join(static, "frisian.wasm")
	cmd := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, module)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", module, err)
	}
	root, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	support, err := wasmExec(strings.TrimSpace(string(root)))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(static, "wasm_exec.js"), support, 0o644); err != nil {
		return err
	}
	if err := copyPage(out, static); err != nil {
		return err
	}
	backend, err := fs.Sub(site, "site")
	if err != nil {
		return err
	}
	if err := writeFiles(backend, func(name string, data []byte) (string, []byte, error) {
		return filepath.Join(static, filepath.FromSlash(name)), data, nil
	}); err != nil {
		return err
	}
	code, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(code)
	zw.Close()
	fmt.Printf("Wrote %s: frisian.wasm is %.2f MiB (%d bytes), %.2f MiB gzipped.\n",
		out, float64(len(code))/(1<<20), len(code), float64(gz.Len())/(1<<20))
	return nil
}

// copyPage writes the shared page: index.html in out, with the backend's
// script added, and the rest in static.
func copyPage(out, static string) error {
	return writeFiles(webui.Files(), func(name string, data []byte) (string, []byte, error) {
		if name != "index.html" {
			return filepath.Join(static, filepath.FromSlash(name)), data, nil
		}
		if !bytes.Contains(data, []byte(webui.BackendMarker)) {
			return "", nil, fmt.Errorf("index.html has no %s", webui.BackendMarker)
		}
		data = bytes.Replace(data, []byte(webui.BackendMarker), []byte(`<script src="static/local.js"></script>`), 1)
		return filepath.Join(out, "index.html"), data, nil
	})
}

// writeFiles writes each file of fsys where place says, as place changes
// it, replacing any file there: a site built again is up to date.
func writeFiles(fsys fs.FS, place func(name string, data []byte) (string, []byte, error)) error {
	return fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		dst, data, err := place(name, data)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// goCommand returns the go command: the one on PATH, else GOROOT's.
func goCommand() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if root := os.Getenv("GOROOT"); root != "" {
		return filepath.Join(root, "bin", "go"), nil
	}
	return "", errors.New("no go command on PATH")
}

// wasmExec returns Go's JavaScript support for WebAssembly, which belongs
// to the toolchain that built the module: lib/wasm since Go 1.24,
// misc/wasm before.
func wasmExec(goroot string) ([]byte, error) {
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js")); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js under %s", goroot)
}
