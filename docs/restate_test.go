package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/docs"
)

// restatementWords is how many words in a row, shared by a check's page
// and its reference, make a restatement: a rule written twice, one copy
// of which will drift. Seven-word phrases recur in prose that describes
// different things ("a multiple of the row group size"); eight did not
// on these pages once each rule was written once.
const restatementWords = 8

// TestNoRestatement: a check's page, docs/checks/NAME.md, states each rule
// (what is reported, what is not and why, what the fix does and when it is
// withheld) once, and docs/reference/NAME.md gives the detail behind it
// without writing the rule again. Quoted messages and code (indented or
// fenced blocks) may appear in both.
func TestNoRestatement(t *testing.T) {
	for _, name := range docs.Checks() {
		ref, err := os.ReadFile(filepath.Join("reference", name+".md"))
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		page, _ := docs.Check(name)
		for _, run := range sharedRuns(proseWords(page), proseWords(string(ref)), restatementWords) {
			t.Errorf("docs/checks/%s.md and docs/reference/%s.md both say %q: state the rule on the page, and give only its detail in the reference", name, name, run)
		}
	}
}

var (
	linkTargetRE = regexp.MustCompile(`\]\([^)]*\)`)
	wordRE       = regexp.MustCompile(`[a-z0-9][a-z0-9_.,'%-]*`)
)

// proseWords returns the words of a page outside code blocks and link
// targets, lower-cased, without code spans' marks.
func proseWords(md string) []string {
	var text []string
	lines(md, true, func(_ int, l string) {
		if !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "\t") {
			text = append(text, l)
		}
	})
	s := linkTargetRE.ReplaceAllString(strings.Join(text, "\n"), "]")
	s = strings.ToLower(strings.ReplaceAll(s, "`", ""))
	return wordRE.FindAllString(s, -1)
}

// sharedRuns returns the runs of at least n words that appear in both a
// and b, each once, at its longest in a.
func sharedRuns(a, b []string, n int) []string {
	inB := make(map[string]bool)
	for i := 0; i+n <= len(b); i++ {
		inB[strings.Join(b[i:i+n], " ")] = true
	}
	var out []string
	for i := 0; i+n <= len(a); i++ {
		if !inB[strings.Join(a[i:i+n], " ")] {
			continue
		}
		j := i + n
		for j < len(a) && inB[strings.Join(a[j-n+1:j+1], " ")] {
			j++
		}
		out = append(out, strings.Join(a[i:j], " "))
		i = j - 1
	}
	return out
}
