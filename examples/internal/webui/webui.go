// Package webui holds the board page of the examples, shared by the server
// (examples/web, which embeds it) and the static WebAssembly site
// (examples/wasm, whose build copies it): the HTML, the style and the
// JavaScript that draws the board, takes clicks and lists the moves.
//
// The page talks to a backend, an object of three methods (described in
// app.js): the API's requests as paths and JSON bodies, the text of a GET
// (a board picture, the PDN), and where to download the PDN from. By default the backend is the server's JSON API
// over HTTP; a page that defines window.frisianBackend before app.js runs
// (the static site does, with the library in a Web Worker) answers them
// itself. The HTML carries the marker [BackendMarker] where such a page
// adds its scripts.
package webui

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// BackendMarker is the comment in index.html before which a page built
// from these files adds the scripts of its own backend.
const BackendMarker = "<!-- backend -->"

// Files returns the page's files: index.html, app.js, style.css and
// favicon.svg. The server serves index.html at / and all of them under
// /static/; the page refers to them as static/NAME, relative to itself,
// so that a static site can be hosted under any path.
func Files() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return sub
}
