package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/docs"
)

// wantRE matches an analysistest expectation in a fixture: // want and
// its quoted regular expressions.
var wantRE = regexp.MustCompile("// want ((?:\\s*(?:`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"))+)")

// quotedRE matches one expectation of a // want.
var quotedRE = regexp.MustCompile("`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"")

// TestQuotedMessages: a message that a check's page or reference quotes
// (an indented line, "..." standing for any text) is one its fixtures
// expect the check to print (their // want): the page quotes what is
// reported, the check's test pins what the code prints, and a message
// changed in the code and its fixtures but not on the page fails here.
func TestQuotedMessages(t *testing.T) {
	for _, name := range docs.Checks() {
		wants := fixtureWants(t, filepath.Join("..", "passes", name, "testdata"))
		texts := map[string]string{}
		texts["docs/checks/"+name+".md"], _ = docs.Check(name)
		if b, err := os.ReadFile(filepath.Join("reference", name+".md")); err == nil {
			texts["docs/reference/"+name+".md"] = string(b)
		}
		for file, text := range texts {
			for _, q := range quotedMessages(text) {
				if !expected(q, wants) {
					t.Errorf("%s quotes a message no fixture of %s expects (// want):\n\t%s", file, name, q)
				}
			}
		}
	}
}

// expected reports whether a // want of wants matches the quoted message
// q, or, where q elides text with "...", whether q matches the want.
func expected(q string, wants []*regexp.Regexp) bool {
	elided := strings.ReplaceAll(regexp.QuoteMeta(q), ` \.\.\.`, `\.\.\.`)
	elidedRE := regexp.MustCompile("^" + strings.ReplaceAll(elided, `\.\.\.`, ".*") + "$")
	for _, w := range wants {
		// The want matches the whole quote, not a prefix of it (a want
		// may pin only the start of a message); or, "..." eliding text,
		// the quote matches the want. "..." is also SQL's (ATTACH ...
		// (ROW_GROUP_SIZE n)): either way.
		if loc := w.FindStringIndex(q); loc != nil && loc[0] == 0 && loc[1] == len(q) {
			return true
		}
		if elidedRE.MatchString(unescape(w.String())) {
			return true
		}
	}
	return false
}

// unescape turns a want's regular expression back into the text it
// matches, well enough to compare with a quote: no anchors, no
// backslashes, ".*" as "...".
func unescape(re string) string {
	re = strings.TrimSuffix(strings.TrimPrefix(re, "^"), "$")
	re = strings.ReplaceAll(re, ".*", "...")
	return regexp.MustCompile(`\\(.)`).ReplaceAllString(re, "$1")
}

// fixtureWants returns the expectations of the fixtures under dir.
func fixtureWants(t *testing.T, dir string) []*regexp.Regexp {
	var out []*regexp.Regexp
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range wantRE.FindAllStringSubmatch(string(src), -1) {
			for _, q := range quotedRE.FindAllString(m[1], -1) {
				pat := q[1 : len(q)-1]
				if q[0] == '"' {
					if pat, err = strconv.Unquote(q); err != nil {
						continue
					}
				}
				// A trailing .* pins nothing: the quote must be covered by
				// what the want spells out.
				pat = strings.TrimSuffix(strings.TrimSuffix(pat, "$"), ".*")
				if re, err := regexp.Compile(pat); err == nil {
					out = append(out, re)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no // want", dir)
	}
	return out
}

// quotedMessages returns the indented lines of a page outside fenced
// code: the messages it quotes.
func quotedMessages(page string) []string {
	var out []string
	lines(page, true, func(_ int, l string) {
		if m, ok := strings.CutPrefix(l, "    "); ok && strings.TrimSpace(m) != "" {
			out = append(out, m)
		}
	})
	return out
}
