package docs_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
	"github.com/rowalign/rowalign/golangci"
	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

// TestEveryCheckHasAPage: each diagnostic's URL points to a page that
// exists in the repository and is embedded, and every page is a check's.
// The checker sets each finding's Category to its check's name and its URL
// to DocsURL + name + ".md", so the suite's checks are what is emitted.
func TestEveryCheckHasAPage(t *testing.T) {
	const repo = "https://github.com/rowalign/rowalign/blob/main/"
	rel, ok := strings.CutPrefix(check.DocsURL, repo)
	if !ok || strings.TrimSuffix(rel, "/") != docs.Dir {
		t.Fatalf("DocsURL %q does not point to %s%s/", check.DocsURL, repo, docs.Dir)
	}
	if len(analyzer.Checks()) != len(settings.CheckNames) {
		t.Errorf("the suite runs %d checks, settings knows %d", len(analyzer.Checks()), len(settings.CheckNames))
	}
	for _, c := range analyzer.Checks() {
		if _, ok := docs.Check(c.Name); !ok {
			t.Errorf("check %q has no page %s/%s.md", c.Name, docs.Dir, c.Name)
		}
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(rel), c.Name+".md")); err != nil {
			t.Errorf("the URL of check %q points to a missing file: %v", c.Name, err)
		}
	}
}

func TestNoOrphanPages(t *testing.T) {
	for _, name := range docs.Checks() {
		if !slices.Contains(settings.CheckNames, name) {
			t.Errorf("docs/checks/%s.md documents no check in %v", name, settings.CheckNames)
		}
	}
}

var sections = []string{"## What it finds", "## Why", "## Bad", "## Good", "## Fix", "## Suppressing", "## Flags and settings"}

func TestPages(t *testing.T) {
	names := docs.Checks()
	if len(names) < 3 {
		t.Fatalf("pages: %v", names)
	}
	flags := make(map[string]bool)
	analyzer.New(analyzer.Default()).Flags.VisitAll(func(f *flag.Flag) { flags[f.Name] = true })
	keys := golangci.Keys()
	row := regexp.MustCompile("(?m)^\\| `-([a-z-]+)` \\| `([a-z-]+)` \\|")
	for _, name := range names {
		page, _ := docs.Check(name)
		if !strings.HasPrefix(page, "# "+name+": ") {
			t.Errorf("%s: title must read %q", name, "# "+name+": summary")
		}
		if docs.Summary(name) == "" {
			t.Errorf("%s: empty summary", name)
		}
		if name != settings.Directive && !strings.Contains(page, "(../measurements.md#") {
			t.Errorf("%s: the page does not cite docs/measurements.md for its figures", name)
		}
		for _, s := range sections {
			if !strings.Contains(page, "\n"+s) {
				t.Errorf("%s: no %q section", name, s)
			}
		}
		for _, m := range row.FindAllStringSubmatch(page, -1) {
			if !flags[m[1]] {
				t.Errorf("%s: flag -%s is not a rowalign flag", name, m[1])
			}
			if !slices.Contains(keys, m[2]) {
				t.Errorf("%s: setting %s is not a golangci-lint setting %v", name, m[2], keys)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, bad := range []string{"", "nosuch", "../docs", "checks/pagesize", "pagesize.md"} {
		if _, ok := docs.Check(bad); ok {
			t.Errorf("Check(%q) found a page", bad)
		}
	}
}
