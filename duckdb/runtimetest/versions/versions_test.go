// Package versions runs the pager's and the loader's tests against DuckDB
// (../pager, ../loader) once more on DuckDB 1.5.6, so that go test
// github.com/rowalign/rowalign/... tests them on every DuckDB they support:
// 2.0.0 (the duckdb module's go.mod, in the workspace), 1.5.6 (here) and
// 1.1.3 (../marcboekertest).
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

// packages are the packages the 1.5.6 run tests, relative to the duckdb
// module's root: the tests through duckdb-go (marcboekertest links the
// other driver, and has its own DuckDB, 1.1.3).
var packages = []string{"./runtimetest/pager", "./runtimetest/loader"}

// TestDuckDB156 runs go test -modfile=duckdb-1.5.6.mod on ../pager and
// ../loader in the duckdb module's root, outside the workspace: a go.work
// workspace links one version of duckdb-go for all its modules, the highest
// any of them requires (2.0.0), so 1.5.6 can only be linked by a build that
// ignores go.work.
func TestDuckDB156(t *testing.T) {
	if os.Getenv(child) != "" {
		t.Skip("this is the DuckDB 1.5.6 run")
	}
	if testing.Short() {
		t.Skip("links DuckDB 1.5.6 and runs the pager's and the loader's tests on it (minutes)")
	}
	// The duckdb module's root, where duckdb-1.5.6.mod stands in for go.mod.
	dir, err := filepath.Abs(filepath.Join("..", ".."))
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
	cmd := exec.Command("go", append([]string{"test", "-modfile=duckdb-1.5.6.mod"}, packages...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", child+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -modfile=duckdb-1.5.6.mod %s (GOWORK=off) in %s: %v\n%s", strings.Join(packages, " "), dir, err, out)
	}
	t.Logf("DuckDB 1.5.6:\n%s", out)
}

// readInputs reads every Go source and module file of what the 1.5.6 run
// builds: the runtime module (the pager and the loader), the tests in
// runtimetest and what they import from this module (internal/bench), and
// duckdb-1.5.6.mod and .sum. The child go test reads them, but go test's
// cache sees only the files this test opens: without this a change to the
// pager left the result (cached), a pass that tested older code.
func readInputs(t *testing.T, dir string) {
	t.Helper()
	for _, f := range []string{"duckdb-1.5.6.mod", "duckdb-1.5.6.sum"} {
		if _, err := os.ReadFile(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	for _, top := range []string{filepath.Join(dir, "..", "runtime"), filepath.Join(dir, "runtimetest"), filepath.Join(dir, "internal", "bench")} {
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
