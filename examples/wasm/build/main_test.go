package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopyPage: the shared page goes into the site with the backend's
// script before app.js, and every file of the page beside it; a second
// build replaces the files.
func TestCopyPage(t *testing.T) {
	out := t.TempDir()
	static := filepath.Join(out, "static")
	for range 2 {
		if err := copyPage(out, static); err != nil {
			t.Fatal(err)
		}
	}
	html, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	local, app := strings.Index(page, `src="static/local.js"`), strings.Index(page, `src="static/app.js"`)
	if local < 0 || app < local || strings.Contains(page, `"/static/`) {
		t.Errorf("index.html: local.js at %d, app.js at %d, or an absolute path:\n%s", local, app, page)
	}
	for _, name := range []string{"app.js", "style.css", "favicon.svg"} {
		if _, err := os.Stat(filepath.Join(static, name)); err != nil {
			t.Error(err)
		}
	}
}
