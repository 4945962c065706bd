package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// readmeBlock returns the first ```sh block after the README's heading
// (that contains each of containing).
func readmeBlock(t *testing.T, heading string, containing ...string) string {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q", heading)
	}
	for {
		_, rest, ok = strings.Cut(rest, "```sh\n")
		if !ok {
			t.Fatalf("README.md: no sh block after %q with %q", heading, containing)
		}
		var block string
		block, rest, ok = strings.Cut(rest, "```\n")
		if !ok {
			t.Fatalf("README.md: the sh block after %q does not end", heading)
		}
		all := true
		for _, c := range containing {
			all = all && strings.Contains(block, c)
		}
		if all {
			return block
		}
	}
}

// TestReadmeTwoCommands pastes the README's two commands, as one block,
// into one shell at the root of the checkout, with a go on PATH that
// records where it runs and what it is asked: the first lints examples/
// (exit status 3), the second tests every module from the root. With
// `cd examples && ...` the shell stayed in examples/, and the second
// command then tested the examples' workspace: 38 of 40 packages and no
// DuckDB module. .ci/run runs the second command exactly.
func TestReadmeTwoCommands(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	block := readmeBlock(t, "## Two commands")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	log := filepath.Join(bin, "log")
	stub := "#!/bin/sh\nprintf '%s|%s\\n' \"$PWD\" \"$*\" >> " + log + "\n[ \"$1\" = tool ] && exit 3\nexit 0\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sh) // the block on standard input, as pasted
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(block)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sh with the README's block: %v\n%s", err, out)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	runs := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(runs) != 2 {
		t.Fatalf("the block ran go %d times, want 2:\n%s", len(runs), b)
	}
	lint, test := strings.SplitN(runs[0], "|", 2), strings.SplitN(runs[1], "|", 2)
	if lint[0] != filepath.Join(root, "examples") || lint[1] != "tool rowalign ./..." {
		t.Errorf("first command: go %s in %s; want go tool rowalign ./... in %s/examples", lint[1], lint[0], root)
	}
	if test[0] != root {
		t.Errorf("second command runs in %s, want the root %s", test[0], root)
	}
	m := regexp.MustCompile(`^test -timeout=(\S+) github\.com/rowalign/rowalign/\.\.\.$`).FindStringSubmatch(test[1])
	if m == nil {
		t.Fatalf("second command: go %s; want go test -timeout=D github.com/rowalign/rowalign/...", test[1])
	}
	// At load 20 on 2 cores a package ran past go test's default 10m.
	if d, err := time.ParseDuration(m[1]); err != nil || d < 30*time.Minute {
		t.Errorf("-timeout=%s: want at least 30m (go test's default 10m failed packages on a loaded 2-core machine)", m[1])
	}

	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^go ` + regexp.QuoteMeta(test[1]) + ` 2>&1 \|`).Match(ci) {
		t.Errorf(".ci/run does not run the README's command: go %s", test[1])
	}
}

// TestReadmePatternCoversGoWork: the test command's pattern matches every
// module go.work lists, so it runs all their tests from the root.
func TestReadmePatternCoversGoWork(t *testing.T) {
	work, err := os.ReadFile("../go.work")
	if err != nil {
		t.Fatal(err)
	}
	_, uses, _ := strings.Cut(string(work), "use (")
	uses, _, _ = strings.Cut(uses, ")")
	n := 0
	for _, dir := range strings.Fields(uses) {
		mod, err := os.ReadFile(filepath.Join("..", dir, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		path := regexp.MustCompile(`(?m)^module (\S+)`).FindSubmatch(mod)
		if path == nil || !strings.HasPrefix(string(path[1])+"/", "github.com/rowalign/rowalign/") {
			t.Errorf("%s: module %s is not under github.com/rowalign/rowalign/...", dir, path)
		}
		n++
	}
	if n < 2 {
		t.Fatalf("go.work lists %d modules", n)
	}
}

// TestReadmeCustomGCL: the .custom-gcl.yml of docs/golangci-lint.md builds
// what scripts/golangci/build.sh builds and tests (the same golangci-lint
// version, module and plugin package), from a checkout: it said
// `version: v0.1.0`, a release nobody has published. And the README's
// go install of golangci-lint, which golangci-lint custom needs, is of
// that version.
func TestReadmeCustomGCL(t *testing.T) {
	page, err := os.ReadFile("golangci-lint.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sample, ok := strings.Cut(string(page), "`.custom-gcl.yml`:\n\n```yaml\n")
	if !ok {
		t.Fatal("docs/golangci-lint.md has no .custom-gcl.yml sample")
	}
	sample, _, _ = strings.Cut(sample, "```")
	script, err := os.ReadFile("../scripts/golangci/.custom-gcl.yml")
	if err != nil {
		t.Fatal(err)
	}
	value := func(yml, key string) string {
		m := regexp.MustCompile(`(?m)^[ -]*` + key + `:\s*(\S+)`).FindStringSubmatch(yml)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, key := range []string{"version", "module", "import"} {
		if got, want := value(sample, key), value(string(script), key); got == "" || got != want {
			t.Errorf("docs/golangci-lint.md's .custom-gcl.yml: %s %q, scripts/golangci/.custom-gcl.yml %q", key, got, want)
		}
	}
	_, plugin, _ := strings.Cut(sample, "plugins:")
	if value(plugin, "version") != "" || value(plugin, "path") == "" {
		t.Errorf("docs/golangci-lint.md's .custom-gcl.yml plugin: want a path to a checkout and no version (nothing is published):\n%s", plugin)
	}
	block := readmeBlock(t, "## Install", "go install github.com/golangci/golangci-lint/")
	install := regexp.MustCompile(`go install github\.com/golangci/golangci-lint/v2/cmd/golangci-lint@(\S+)`).FindStringSubmatch(block)
	if want := value(string(script), "version"); install == nil || install[1] != want {
		t.Errorf("README's Install does not go install golangci-lint %s, the version .custom-gcl.yml names:\n%s", want, block)
	}
}
