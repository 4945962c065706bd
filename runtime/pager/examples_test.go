package pager_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// printsMarker stands in example_test.go where the examples run in
// duckdb/runtimetest/pager have "// Output:": go test runs an example with an
// output comment, and this module links no driver to run them with.
const printsMarker = "\t// With a DuckDB driver linked, this prints:\n"

// TestExamplesRunElsewhere: the examples go doc and pkg.go.dev show
// (example_test.go, compiled here) are, function by function and with
// their output, those duckdb/runtimetest/pager runs against DuckDB. They
// were only there, in a module of its own (then under internal/), where go
// doc never found them.
func TestExamplesRunElsewhere(t *testing.T) {
	shown := funcs(t, "example_test.go")
	run := funcs(t, filepath.Join("..", "..", "duckdb", "runtimetest", "pager", "example_test.go"))
	if len(shown) < 5 {
		t.Fatalf("example_test.go has %d functions", len(shown))
	}
	for name, text := range shown {
		if strings.Contains(text, "// Output:") {
			t.Errorf("%s: an output comment makes go test run it here, without a driver", name)
		}
		want, ok := run[name]
		if !ok {
			t.Errorf("%s is not run against DuckDB in duckdb/runtimetest/pager", name)
			continue
		}
		if got := strings.ReplaceAll(text, printsMarker, "\t// Output:\n"); got != want {
			t.Errorf("%s differs from duckdb/runtimetest/pager's:\n%s\nwant\n%s", name, got, want)
		}
	}
	for name := range run {
		if _, ok := shown[name]; !ok && strings.HasPrefix(name, "Example") {
			t.Errorf("%s runs in duckdb/runtimetest/pager but go doc does not show it (example_test.go)", name)
		}
	}
}

// funcs returns the functions of a Go file by name, with their text.
func funcs(t *testing.T, name string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	src := string(b)
	for _, loc := range regexp.MustCompile(`(?m)^func (\w+)\(`).FindAllStringSubmatchIndex(src, -1) {
		end := strings.Index(src[loc[0]:], "\n}\n")
		if end < 0 {
			t.Fatalf("%s: %s does not end", name, src[loc[2]:loc[3]])
		}
		out[src[loc[2]:loc[3]]] = src[loc[0] : loc[0]+end+3]
	}
	return out
}
