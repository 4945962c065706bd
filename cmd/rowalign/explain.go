package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/rowalign/rowalign/docs"
)

// explainFlag asks for a check's page: rowalign -explain NAME prints it,
// rowalign -explain lists the checks. It is read from the arguments before
// singlechecker parses them and is not registered as an analyzer flag, so
// go vet's -flags and -V=full protocol never sees it.
const explainFlag = "explain"

// explainArg reports whether args (without the program name) ask for
// -explain, and the check name given with it ("" to list the checks).
// Accepted forms: -explain, --explain, -explain NAME, -explain=NAME.
// Scanning stops at "--".
func explainArg(args []string) (name string, ok bool) {
	for i, a := range args {
		if a == "--" {
			return "", false
		}
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || flag != explainFlag {
			continue
		}
		if hasValue {
			return value, true
		}
		if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			return args[i+1], true
		}
		return "", true
	}
	return "", false
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
	io.WriteString(stdout, page)
	return 0
}

func listChecks(w io.Writer) {
	fmt.Fprintln(w, "rowalign checks (rowalign -explain NAME prints one):")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, n := range docs.Checks() {
		fmt.Fprintf(tw, "  %s\t%s\n", n, docs.Summary(n))
	}
	tw.Flush()
}
