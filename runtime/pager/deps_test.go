package pager_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly holds the pager to its promise: importing it
// brings no package outside the standard library (no driver, no cgo), so
// users pick their DuckDB driver and version.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p != "github.com/rowalign/rowalign/runtime/pager" {
			t.Errorf("the pager imports %s, outside the standard library", p)
		}
	}
}
