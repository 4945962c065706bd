package loader_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly holds the loader to the pager's promise: it
// brings no package outside the standard library but the pager, no driver
// and no cgo; the caller's Opener brings the driver.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		switch p {
		case "github.com/rowalign/rowalign/runtime/loader", "github.com/rowalign/rowalign/runtime/pager":
		default:
			t.Errorf("the loader imports %s, outside the standard library and the pager", p)
		}
	}
}
