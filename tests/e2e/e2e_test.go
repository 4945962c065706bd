package e2e_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	// The binary is built from source in TestMain; importing the suite
	// makes go test's cache notice when the passes change.
	_ "github.com/rowalign/rowalign/analyzer"
)

// rowalignBin is the real binary, built once by TestMain: the scripts run
// it the way users do, through go vet, go fix and the shell.
var rowalignBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rowalign-e2e")
	if err != nil {
		panic(err)
	}
	rowalignBin = filepath.Join(dir, "rowalign")
	if runtime.GOOS == "windows" {
		rowalignBin += ".exe"
	}
	// CGO_ENABLED=0 proves the analyser never needs cgo (no DuckDB linked).
	build := exec.Command("go", "build", "-o", rowalignBin, "github.com/rowalign/rowalign/cmd/rowalign")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		panic("building rowalign: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// binarySources reads the binary's own files, package main, which the
// test cannot import: go test keys a cached result on the files a test
// opened while it ran (not in TestMain, where the binary is built), and
// without this a change to cmd/rowalign alone kept the last result, a
// pass with the old binary. Each test that runs the binary calls it.
func binarySources(t *testing.T) {
	mains, err := filepath.Glob("../../cmd/rowalign/*.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("cmd/rowalign sources: %v", err)
	}
	for _, f := range mains {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScripts runs testdata/script/*.txtar: each holds a fixture module
// (its driver replaced by the type-only stubs in ../../testdata/stubs) and
// the commands a user would type.
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the go command")
	}
	t.Parallel()
	binarySources(t)
	stubs, err := filepath.Abs("../../testdata/stubs")
	if err != nil {
		t.Fatal(err)
	}
	// rewrite.txtar runs offsetwalk's fixture through every front end and
	// compares with the goldens the analysistest checks.
	rewrite, err := filepath.Abs("../../passes/offsetwalk/testdata/rewrite")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	examples := filepath.Join(root, "examples")
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROWALIGN", rowalignBin)
			env.Setenv("REWRITE", rewrite)
			// This checkout, for the scripts that install from it.
			env.Setenv("ROWALIGN_ROOT", root)
			env.Setenv("PATH", filepath.Dir(rowalignBin)+string(os.PathListSeparator)+os.Getenv("PATH"))
			for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT", "HOME"} {
				if v := goenv(t, k); v != "" {
					env.Setenv(k, v)
				}
			}
			// The proxy as go sees it, for install.txtar, which fetches
			// what a user's install would.
			env.Setenv("PROXY", goenv(t, "GOPROXY"))
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOTOOLCHAIN", "local")
			// examples.txtar fixes a copy of the bundled examples.
			if err := os.CopyFS(filepath.Join(env.WorkDir, "examples"), os.DirFS(examples)); err != nil {
				return err
			}
			// rewritebuild.txtar runs golangci-lint --fix with it, when set.
			env.Setenv("ROWALIGN_GOLANGCI", os.Getenv("ROWALIGN_GOLANGCI"))
			// Fixtures replace the driver with ../stubs/...
			return os.CopyFS(filepath.Join(env.WorkDir, "stubs"), os.DirFS(stubs))
		},
		// [golangci]: $ROWALIGN_GOLANGCI names a golangci-lint built by
		// scripts/golangci/build.sh.
		Condition: func(cond string) (bool, error) {
			if cond == "golangci" {
				return os.Getenv("ROWALIGN_GOLANGCI") != "", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

func goenv(t *testing.T, key string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", key, err)
	}
	return string(out[:len(out)-1])
}
