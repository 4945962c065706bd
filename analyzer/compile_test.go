package analyzer_test

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"go/format"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFixesCompile builds every fixture package of the repository that
// has .golden files twice: with the goldens copied over its sources, and
// with the suite's own fixes applied the way go vet -fix applies them
// (the first fix of each finding, the file formatted). Each must compile
// wherever the original compiled (a fixture broken on purpose may keep
// its errors, and gain none), and each golden must be gofmt-clean. A golden is an assertion a reviewer
// reads; this test checks what the reviewer cannot: that it builds
// (issue 10: int64(100_000) was rewritten to 122880, an int, and
// lo += step stopped compiling). A golden of a file no fix of the suite
// changes must equal its source: analysistest never compares it.
func TestFixesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every fixture module")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	modules := goldenModules(t, root)
	if len(modules) == 0 {
		t.Fatal("no .golden files found")
	}
	for _, mod := range slices.Sorted(maps.Keys(modules)) {
		rel, _ := filepath.Rel(root, mod)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			pkgs := modules[mod]
			source := buildCopy(t, mod, nil, pkgs)

			goldens := make(map[string][]byte) // path in the module -> content
			for _, pkg := range pkgs {
				files, _ := filepath.Glob(filepath.Join(mod, pkg, "*.go.golden"))
				for _, g := range files {
					b, err := os.ReadFile(g)
					if err != nil {
						t.Fatal(err)
					}
					goldens[strings.TrimSuffix(relTo(t, mod, g), ".golden")] = b
				}
			}
			check(t, "goldens", goldens, source, buildCopy(t, mod, goldens, pkgs))

			fixed := applySuiteFixes(t, mod)
			// A golden of a file the suite leaves alone must be its
			// source: analysistest compares only the files a fix
			// changes, so such a golden drifts unseen (sources.go.golden
			// kept a comment and a want its source had dropped).
			for name, g := range goldens {
				if _, ok := fixed[name]; ok {
					continue
				}
				src, err := os.ReadFile(filepath.Join(mod, name))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(src, g) {
					t.Errorf("%s.golden differs from its source, which no fix of the suite changes: a stale golden (or a fix only another setting makes)", name)
				}
			}
			fixedPkgs := slices.Clone(pkgs)
			for f := range fixed {
				fixedPkgs = append(fixedPkgs, filepath.Dir(f))
			}
			slices.Sort(fixedPkgs)
			fixedPkgs = slices.Compact(fixedPkgs)
			if len(fixedPkgs) > len(pkgs) {
				source = buildCopy(t, mod, nil, fixedPkgs)
			}
			check(t, "suite fixes", fixed, source, buildCopy(t, mod, fixed, fixedPkgs))
		})
	}
}

// check compares the build of the changed files with the source's: no
// package may fail where the source built, or fail with new errors; and
// every changed file must be gofmt-clean.
func check(t *testing.T, what string, changed map[string][]byte, source, got map[string][]string) {
	t.Helper()
	for name, b := range changed {
		if f, err := format.Source(b); err != nil || !bytes.Equal(f, b) {
			t.Errorf("%s: %s is not gofmt-clean (err %v)", what, name, err)
		}
	}
	for pkg, errs := range got {
		for _, e := range errs {
			if !slices.Contains(source[pkg], e) {
				t.Errorf("%s: %s does not compile: %s", what, pkg, e)
			}
		}
	}
}

// goldenRoots are the folders of the checkout that hold fixture modules,
// the ones goldenModules walks. Not the checkout's root: go test caches
// this package's result under the stat of every folder the test lists,
// and the root's listing changes when nothing that matters does (the
// mtime of .git, which every git status that go build's VCS stamping
// runs moves, or a binary or SVG a recipe leaves there), so that walking
// it made this package's 2-minute test run again on every go test.
var goldenRoots = []string{"passes", "internal", "scripts", "golangci", "testdata", "examples"}

// goldenModules maps each fixture module (a directory with a go.mod) to
// its packages with .golden files, relative to it.
func goldenModules(t testing.TB, root string) map[string][]string {
	out := make(map[string][]string)
	for _, top := range goldenRoots {
		walkGoldens(t, root, filepath.Join(root, top), out)
	}
	return out
}

func walkGoldens(t testing.TB, root, top string, out map[string][]string) {
	err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != top && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go.golden") {
			return nil
		}
		dir := filepath.Dir(path)
		mod := dir
		for {
			if _, err := os.Stat(filepath.Join(mod, "go.mod")); err == nil {
				break
			}
			mod = filepath.Dir(mod)
		}
		if mod == root {
			t.Errorf("%s: a golden outside a fixture module", path)
			return nil
		}
		pkg := relTo(t, mod, dir)
		if !slices.Contains(out[mod], pkg) {
			out[mod] = append(out[mod], pkg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// applySuiteFixes runs the suite on every package of the fixture module
// mod and returns the files its fixes change, as go vet -fix would write
// them: the first fix of each finding, overlapping edits dropped, the
// file formatted.
func applySuiteFixes(t *testing.T, mod string) map[string][]byte {
	edits := make(map[string][]edit) // file name -> edits
	found := false
	for _, m := range modules(t) {
		if m.dir != mod {
			continue
		}
		found = true
		for _, f := range m.suite["all"] {
			edits[f.file] = append(edits[f.file], f.edits...)
		}
	}
	if !found {
		t.Fatalf("%s: .golden files in a module TestFixtures does not run the suite on", mod)
	}
	out := make(map[string][]byte)
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		// An insertion before a deletion that starts where it does (the
		// pager rewrite's `rows := page.Rows` where the counter's
		// declaration goes), as go vet -fix orders them.
		slices.SortFunc(es, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		es = slices.Compact(es) // a package and its test variant fix alike
		var b []byte
		last := 0
		for _, e := range es {
			if e.start < last {
				t.Errorf("%s: overlapping fixes at offset %d", name, e.start)
				continue
			}
			b = append(b, src[last:e.start]...)
			b = append(b, e.text...)
			last = e.end
		}
		b = append(b, src[last:]...)
		// go vet -fix formats what it writes; a fix that does not parse
		// fails here.
		f, err := format.Source(b)
		if err != nil {
			t.Errorf("%s: fixed file does not parse: %v", name, err)
			f = b
		}
		out[relTo(t, mod, name)] = f
	}
	return out
}

// buildCopy copies the fixture module mod into a temporary directory,
// with its replace directives made absolute and files written over it,
// builds pkgs there and returns each package's errors, positions removed.
func buildCopy(t *testing.T, mod string, files map[string][]byte, pkgs []string) map[string][]string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(mod)); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var gomod struct {
		Replace []struct{ Old, New struct{ Path string } }
	}
	if err := json.Unmarshal(run(t, mod, "go", "mod", "edit", "-json"), &gomod); err != nil {
		t.Fatal(err)
	}
	for _, r := range gomod.Replace {
		if p := r.New.Path; strings.HasPrefix(p, ".") {
			run(t, dir, "go", "mod", "edit", "-replace", r.Old.Path+"="+filepath.Join(mod, p))
		}
	}
	args := []string{"build", "-json"}
	for _, p := range pkgs {
		args = append(args, "./"+filepath.ToSlash(p))
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, buildErr := cmd.Output() // the events say which package failed
	errs := make(map[string][]string)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var ev struct{ ImportPath, Action, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Action != "build-output" {
			continue
		}
		for l := range strings.SplitSeq(ev.Output, "\n") {
			if l = position.ReplaceAllString(l, ""); l != "" && !strings.HasPrefix(l, "# ") {
				errs[ev.ImportPath] = append(errs[ev.ImportPath], l)
			}
		}
	}
	if buildErr != nil && len(errs) == 0 {
		t.Fatalf("go build in %s failed without naming a package: %v\n%s%s", dir, buildErr, out, stderr.Bytes())
	}
	return errs
}

// position matches the file:line:col: that starts a compiler error.
var position = regexp.MustCompile(`^\S+\.go:\d+(:\d+)?: `)

func run(t *testing.T, dir string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s in %s: %v", name, strings.Join(args, " "), dir, err)
	}
	return out
}

func relTo(t testing.TB, base, path string) string {
	rel, err := filepath.Rel(base, path)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}
