// Package versions runs this module's tests once more against DuckDB 1.5.6,
// so that go test github.com/rowalign/rowalign/... tests the pager and the
// loader on every DuckDB they support: 2.0.0 (this module's go.mod, in the
// workspace), 1.5.6 (here) and 1.1.3 (../../marcboekertest).
package versions

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// child is set in the environment of the 1.5.6 run, whose own copy of this
// test must not start another.
const child = "ROWALIGN_DUCKDB_1_5_6"

// TestDuckDB156 runs go test -modfile=duckdb-1.5.6.mod ./... outside the
// workspace: a go.work workspace links one version of duckdb-go for all its
// modules, the highest any of them requires (2.0.0), so 1.5.6 can only be
// linked by a build that ignores go.work.
func TestDuckDB156(t *testing.T) {
	if os.Getenv(child) != "" {
		t.Skip("this is the DuckDB 1.5.6 run")
	}
	if testing.Short() {
		t.Skip("links DuckDB 1.5.6 and runs the pager's and the loader's tests on it (minutes)")
	}
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readInputs(t, dir)
	// The modfile's replace holds duckdb-go at 1.5.6 whatever a sibling
	// module requires: check that it does, or this test proves nothing.
	list := exec.Command("go", "list", "-modfile=duckdb-1.5.6.mod", "-m", "github.com/duckdb/duckdb-go/v2")
	list.Dir = dir
	list.Env = append(os.Environ(), "GOWORK=off")
	linked, err := list.CombinedOutput()
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(linked)), "=> github.com/duckdb/duckdb-go/v2 v2.10506.0") {
		t.Fatalf("duckdb-1.5.6.mod does not link duckdb-go v2.10506.0 (DuckDB 1.5.6): go list -m says %q (%v)", linked, err)
	}
	cmd := exec.Command("go", "test", "-modfile=duckdb-1.5.6.mod", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", child+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -modfile=duckdb-1.5.6.mod ./... (GOWORK=off) in %s: %v\n%s", dir, err, out)
	}
	t.Logf("DuckDB 1.5.6:\n%s", out)
}

// readInputs reads every Go source and module file of what the 1.5.6 run
// builds: this module, the runtime module (the pager and the loader) and
// internal/duckdb. The child go test reads them, but go test's cache sees
// only the files this test opens: without this a change to the pager left
// the result (cached), a pass that tested older code.
func readInputs(t *testing.T, dir string) {
	t.Helper()
	for _, top := range []string{filepath.Join(dir, "..", "..", ".."), filepath.Join(dir, "..", "..", "..", "..", "internal", "duckdb")} {
		err := filepath.WalkDir(top, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != top && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".mod") || strings.HasSuffix(p, ".sum") {
				_, err = os.ReadFile(p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
