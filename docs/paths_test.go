package docs_test

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// userDocs returns README.md and every Markdown page under docs/, by
// their path from the root of the checkout, with their text.
func userDocs(t *testing.T) map[string]string {
	t.Helper()
	out := make(map[string]string)
	names := []string{"README.md"}
	err := filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			names = append(names, path.Join("docs", filepath.ToSlash(p)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(b)
	}
	if len(out) < 10 {
		t.Fatalf("found %d pages: %v", len(out), names)
	}
	return out
}

// lines calls f with each line of text and its number, outside fenced
// code blocks when prose is set.
func lines(text string, prose bool, f func(n int, line string)) {
	fenced := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if prose && fenced {
			continue
		}
		f(i+1, l)
	}
}

// processRE matches words about how the project was made rather than
// what it is: issue numbers ("issue 27", "issue 25's", "issues 3 and
// 4"), and sessions. A user has neither.
var processRE = regexp.MustCompile(`(?i)\bissues? #?\d|\bsessions?\b|\bthe issue's\b`)

// TestNoProcessWords: README.md and docs/ say what was measured and
// when, not which task asked for it ("Until issue 27", "Issue 17 asks",
// "shared with other sessions"). golang/go#N is a Go issue a user can
// read, and stays.
func TestNoProcessWords(t *testing.T) {
	for name, text := range userDocs(t) {
		lines(text, false, func(n int, l string) {
			l = regexp.MustCompile(`golang/go#\d+|github\.com/[^ )]*/issues/\d+`).ReplaceAllString(l, "")
			if m := processRE.FindString(l); m != "" {
				t.Errorf("%s:%d: %q speaks of the project's process: %s", name, n, m, l)
			}
		})
	}
}

// linkRE matches a Markdown link or image's target.
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLinksResolve: every relative link of README.md and docs/ names a
// file of the checkout and, after #, a heading of it.
func TestLinksResolve(t *testing.T) {
	pages := userDocs(t)
	for name, text := range pages {
		lines(text, true, func(n int, l string) {
			for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				if file == "" {
					file = name
				} else {
					file = path.Join(path.Dir(name), file)
				}
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(file))); err != nil {
					t.Errorf("%s:%d: link %s: no %s", name, n, target, file)
					continue
				}
				if anchor == "" || !strings.HasSuffix(file, ".md") {
					continue
				}
				b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(file)))
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(anchors(string(b)), anchor) {
					t.Errorf("%s:%d: link %s: %s has no heading #%s", name, n, target, file, anchor)
				}
			}
		})
	}
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// text: lower case, spaces to hyphens, punctuation but hyphens dropped.
func anchors(text string) []string {
	var out []string
	lines(text, true, func(_ int, l string) {
		h := strings.TrimLeft(l, "#")
		if h == l || !strings.HasPrefix(h, " ") {
			return
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	})
	return out
}

// repoPathRE matches a path of the checkout written in a page: it starts
// with one of the checkout's top folders (or names a file at its root),
// with an optional .Name after a package's folder (pager.Layout.Fill,
// internal/rowgroup.Fill).
var repoPathRE = regexp.MustCompile("(?:^|[\\s`(\"'\\[])((?:github\\.com/rowalign/rowalign/|\\./)?(?:analyzer|cmd|docs|examples|golangci|internal|passes|runtime|scripts|testdata|tests)(?:/[A-Za-z0-9_.@*-]+)+)")

// TestPathsExist: every path of the checkout that README.md and docs/
// name exists, written as a folder or file (runtime/pager/example_test.go),
// with a Go name after it (internal/analysis/check.New), or as an import
// path (github.com/rowalign/rowalign/runtime/pager); and none is run
// @latest, which the module proxy refuses while the module is not
// published. docs/sweep.md opened with go run .../rowalign-sweep@latest,
// docs/audit.md named internal/rowgroup.Fill, and testdata/sweep.txtar
// and internal/analysis/checker were named and never existed.
func TestPathsExist(t *testing.T) {
	checked := 0
	for name, text := range userDocs(t) {
		lines(text, false, func(n int, l string) {
			if strings.Contains(l, "rowalign/rowalign") && strings.Contains(l, "@latest") {
				t.Errorf("%s:%d: @latest of a module the proxy does not serve: %s", name, n, l)
			}
			for _, m := range repoPathRE.FindAllStringSubmatch(l, -1) {
				p := strings.TrimPrefix(strings.TrimPrefix(m[1], "github.com/rowalign/rowalign/"), "./")
				if strings.ContainsAny(p, "*") || strings.Contains(p, "...") {
					p, _, _ = strings.Cut(p, "*")
					p, _, _ = strings.Cut(p, "...")
				}
				p = strings.TrimRight(p, ".,:;/")
				p, _, _ = strings.Cut(p, "@") // a module version
				if notAPath(p) {
					continue
				}
				if !exists(p) {
					t.Errorf("%s:%d: %s does not exist in the checkout", name, n, m[1])
				}
				checked++
			}
		})
	}
	if checked < 50 {
		t.Errorf("checked %d paths: the pattern finds too few", checked)
	}
}

// exists reports whether p, a path from the checkout's root, names a
// file or folder, or a folder followed by a Go name (check.New,
// pager.Layout.Fill) that its package declares.
func exists(p string) bool {
	if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(p))); err == nil {
		return true
	}
	dir, file := path.Split(p)
	pkg, sym, ok := strings.Cut(file, ".")
	if !ok || sym == "" || strings.Contains(sym, "/") {
		return false
	}
	folder := filepath.Join("..", filepath.FromSlash(dir+pkg))
	if fi, err := os.Stat(folder); err != nil || !fi.IsDir() {
		return false
	}
	// The first name after the package must be declared in it.
	first, _, _ := strings.Cut(sym, ".")
	files, _ := filepath.Glob(filepath.Join(folder, "*.go"))
	decl := regexp.MustCompile(`(?m)^(?:func(?: \([^)]*\))?|type|var|const)\s+` + regexp.QuoteMeta(first) + `\b|^\s+` + regexp.QuoteMeta(first) + `\s`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil && decl.Match(b) {
			return true
		}
	}
	return false
}

// notAPath reports whether p, which looks like a path of the checkout,
// is something else: the go command's source (cmd/go), a module's tag
// (runtime/v0.1.0), a placeholder (docs/checks/CHECK.md).
func notAPath(p string) bool {
	last := path.Base(p)
	name, _, _ := strings.Cut(last, ".")
	return p == "cmd/go" || regexp.MustCompile(`^v\d+\.\d+`).MatchString(last) ||
		name != "" && strings.ToUpper(name) == name && strings.ToLower(name) != name
}
