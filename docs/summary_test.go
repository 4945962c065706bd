package docs_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
)

// TestOneSummary: each check's one-line summary is its page's title,
// which its doc.go is generated from, and -h (the suite's Doc), -explain
// and the README's table of checks give the same words. They were four hand-written
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

// TestReadmeFigures: the README's table of checks quotes each check's
// costs from its page; every figure in a check's row is on the page, so
// that a figure changed on the page cannot stay behind in the README.
func TestReadmeFigures(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rowRE := regexp.MustCompile(`(?m)^\| \[([a-z]+)\]\(docs/checks/[a-z]+\.md\) \|(.*)$`)
	rows := rowRE.FindAllStringSubmatch(string(readme), -1)
	if len(rows) != len(analyzer.Checks()) {
		t.Fatalf("the README's table of checks has %d rows, the suite %d checks", len(rows), len(analyzer.Checks()))
	}
	for _, row := range rows {
		page, ok := docs.Check(row[1])
		if !ok {
			t.Errorf("README.md: no page for %s", row[1])
			continue
		}
		cells := linkTargetRE.ReplaceAllString(row[2], "]")
		for _, f := range figureRE.FindAllString(cells, -1) {
			if !strings.Contains(page, f) {
				t.Errorf("README.md's row for %s says %q, which docs/checks/%s.md does not", row[1], f, row[1])
			}
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
