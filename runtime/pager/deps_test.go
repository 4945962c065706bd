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
		// internal/rowgroup is the one fill definition the pager shares with
		// rowalign-db and the sweep; it imports the standard library only.
		if p != "github.com/rowalign/rowalign/runtime/pager" && p != "github.com/rowalign/rowalign/internal/rowgroup" {
			t.Errorf("the pager imports %s, outside the standard library", p)
		}
	}
}
