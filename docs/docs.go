// Package docs holds the page of every rowalign check: what it finds, why
// it costs (with the measured numbers), bad and good code, how to suppress
// it, and the flags and settings that change it.
//
// The pages are the Markdown files in docs/checks, embedded here so that
// the rowalign binary's -explain prints the very text each diagnostic's URL
// points to: docs/checks/NAME.md in the repository. Each page is also the
// one hand-written description of its check: the check's package doc,
// passes/NAME/doc.go, is generated from it (DocGo, go generate ./docs).
package docs

//go:generate go run ./internal/gendoc

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed checks/*.md
var pages embed.FS

// Dir is the pages' directory relative to the repository root; a
// diagnostic's URL ends in Dir + "/" + NAME + ".md".
const Dir = "docs/checks"

// Check returns the page of the named check, or false when there is none.
func Check(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return "", false
	}
	b, err := pages.ReadFile(path.Join("checks", name+".md"))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Checks returns the names of the checks that have a page, sorted.
func Checks() []string {
	entries, err := fs.ReadDir(pages, "checks")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".md"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Summary returns the one-line summary of the named check: its page's
// title without the leading "# NAME: ".
func Summary(name string) string {
	page, ok := Check(name)
	if !ok {
		return ""
	}
	title, _, _ := strings.Cut(page, "\n")
	title = strings.TrimPrefix(title, "# ")
	_, summary, ok := strings.Cut(title, ": ")
	if !ok {
		return title
	}
	return summary
}
