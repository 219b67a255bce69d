// Package browsertest holds the end-to-end tests of examples/web and of
// the static site of examples/wasm: they build the program (or the site,
// served by a plain static file server), run it on loopback and drive its
// page in headless Chromium through github.com/chromedp/chromedp. They are a module of
// their own so that chromedp stays out of the library's module graph:
//
//	cd examples/web/browsertest && go test -count=1 ./...
//
// (-count=1 because go test caches a result against the files the test
// reads inside its own module only: it would not see a change to the
// program.)
//
// Without a browser they skip, saying so loudly; with
// FRISIAN_REQUIRE_BROWSER=1 (set by .ci/run once it has installed
// Chromium) they fail instead.
package browsertest
