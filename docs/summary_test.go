package docs_test

import (
	"os"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
)

// TestOneSummary: each check's one-line summary is its doc.go's, and
// -h (the suite's Doc), -explain (the page's title) and the README's
// table of checks give the same words. They were four hand-written
// copies, and attachsize's differed (issue 18).
func TestOneSummary(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	suiteDoc := analyzer.New(analyzer.Default()).Doc
	for _, c := range analyzer.Checks() {
		sum := c.Summary()
		if sum == "" || strings.HasPrefix(c.Doc, sum) {
			t.Errorf("%s: doc.go's summary line should read %q", c.Name, c.Name+": report ...")
			continue
		}
		if got := docs.Summary(c.Name); got != sum {
			t.Errorf("%s: docs/checks/%s.md's title says %q, doc.go %q", c.Name, c.Name, got, sum)
		}
		row := "| [" + c.Name + "](docs/checks/" + c.Name + ".md) | " + strings.ReplaceAll(sum, "|", `\|`) + " |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("%s: the README's table of checks lacks the row starting %q", c.Name, row)
		}
		if !strings.Contains(suiteDoc, "  "+c.Name+"  ") || !strings.Contains(suiteDoc, sum+"\n") {
			t.Errorf("%s: -h does not list %q", c.Name, sum)
		}
	}
}

// TestReadmePaths: the README's sample output shows paths in the
// repository (examples/load/load.go), not those of the machine it was
// made on (/work/main/examples/load/load.go, issue 18).
func TestReadmePaths(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(readme), "\n") {
		for _, machine := range []string{"/work/", "/home/", "/Users/", "/root/"} {
			if strings.Contains(line, machine) {
				t.Errorf("README.md:%d: a machine's path: %s", i+1, line)
			}
		}
	}
}
