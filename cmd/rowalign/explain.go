package main

import (
	"fmt"
	"io"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
	"github.com/rowalign/rowalign/internal/analysis/check"
)

// explainFlag asks for a check's page: rowalign -explain NAME prints it,
// rowalign -explain lists the checks. It is read from the arguments before
// singlechecker parses them and is not registered as an analyzer flag, so
// go vet's -flags and -V=full protocol never sees it.
const explainFlag = "explain"

// explainArg reports whether args (without the program name) ask for
// -explain, and the check name given with it ("" to list the checks).
// Accepted forms: -explain, --explain, -explain NAME, -explain=NAME.
// Scanning stops at "--". -explain analyses nothing, so arguments that
// are neither flags nor its check name (packages) are an error: rowalign
// ./pkg -explain pagesize printed the page and ignored ./pkg.
func explainArg(args []string) (name string, ok bool, err error) {
	at := -1 // the index of -explain
	for i, a := range args {
		if a == "--" {
			break
		}
		flag, value, hasValue := splitFlag(a)
		if !strings.HasPrefix(a, "-") || flag != explainFlag {
			continue
		}
		at, ok = i, true
		if hasValue {
			name = value
		} else if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			name = args[i+1]
		}
		break
	}
	if !ok {
		return "", false, nil
	}
	for i, a := range args {
		if i == at || (i == at+1 && a == name) || strings.HasPrefix(a, "-") {
			continue
		}
		return "", false, &usageError{fmt.Sprintf("-explain prints a check's page and analyses nothing, but %q was given too; run rowalign -explain CHECK alone, or rowalign -h", a)}
	}
	return name, true, nil
}

// explain prints the page of the named check, or the list of checks when
// name is empty, and returns the process exit code.
func explain(name string, stdout, stderr io.Writer) int {
	if name == "" {
		listChecks(stdout)
		return 0
	}
	page, ok := docs.Check(name)
	if !ok {
		fmt.Fprintf(stderr, "rowalign: no check named %q\n", name)
		listChecks(stderr)
		return 2
	}
	io.WriteString(stdout, absoluteLinks(name, page))
	return 0
}

// linkRE matches a Markdown link's target: ](target).
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// absoluteLinks returns a check's page with its relative links made
// absolute, pointing into the repository on GitHub (the base of
// check.DocsURL): a terminal has no page to resolve ../measurements.md
// against, and -explain printed them as they are.
func absoluteLinks(name, page string) string {
	return linkRE.ReplaceAllStringFunc(page, func(m string) string {
		target := m[2 : len(m)-1]
		if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			return m
		}
		file, anchor, hasAnchor := strings.Cut(target, "#")
		abs := check.DocsURL + file // DocsURL ends in docs/checks/
		if file == "" {
			abs = check.DocsURL + name + ".md" // #fix: a section of this page
		}
		if u, err := url.Parse(abs); err == nil {
			u.Path = path.Clean(u.Path) // docs/checks/../measurements.md
			abs = u.String()
		}
		if hasAnchor {
			abs += "#" + anchor
		}
		return "](" + abs + ")"
	})
}

func listChecks(w io.Writer) {
	fmt.Fprintln(w, "rowalign checks (rowalign -explain NAME prints one):")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	checks := analyzer.Checks()
	slices.SortFunc(checks, func(a, b check.Check) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range checks {
		fmt.Fprintf(tw, "  %s\t%s\n", c.Name, c.Summary())
	}
	tw.Flush()
}
