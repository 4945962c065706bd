package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/docs"
)

// TestRunMain is rowalign itself when run() starts the test binary with
// ROWALIGN_ARGS set: main sees those arguments and exits.
func TestRunMain(t *testing.T) {
	args, ok := os.LookupEnv("ROWALIGN_ARGS")
	if !ok {
		t.Skip("runs only as a subprocess of the other tests")
	}
	os.Args = []string{"rowalign"}
	if args != "" {
		os.Args = append(os.Args, strings.Split(args, "\n")...)
	}
	main()
	os.Exit(0)
}

// run runs rowalign's main with args in a subprocess.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunMain$")
	cmd.Env = append(os.Environ(), "ROWALIGN_ARGS="+strings.Join(args, "\n"))
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func TestExplainArg(t *testing.T) {
	for _, tc := range []struct {
		args []string
		name string
		ok   bool
	}{
		{nil, "", false},
		{[]string{"./..."}, "", false},
		{[]string{"-explain"}, "", true},
		{[]string{"--explain"}, "", true},
		{[]string{"-explain", "pagesize"}, "pagesize", true},
		{[]string{"-explain=commitsize"}, "commitsize", true},
		{[]string{"-fix", "-explain", "-json"}, "", true},
		{[]string{"--", "-explain"}, "", false},
		{[]string{"-explainer"}, "", false},
		{[]string{"-flags"}, "", false},
		{[]string{"-V=full"}, "", false},
	} {
		name, ok, err := explainArg(tc.args)
		if err != nil || name != tc.name || ok != tc.ok {
			t.Errorf("explainArg(%q) = %q, %v, %v; want %q, %v", tc.args, name, ok, err, tc.name, tc.ok)
		}
	}
}

// TestExplainWithPackages: -explain with packages is a usage error, in
// whichever order: rowalign ./pkg -explain pagesize printed the page and
// ignored ./pkg.
func TestExplainWithPackages(t *testing.T) {
	for _, args := range [][]string{
		{"./pkg", "-explain", "pagesize"},
		{"-explain", "pagesize", "./pkg"},
		{"-explain=pagesize", "./pkg"},
	} {
		stdout, stderr, code := run(t, args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-explain") || !strings.Contains(stderr, "rowalign -h") {
			t.Errorf("rowalign %s: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line", strings.Join(args, " "), code, len(stdout), stderr)
		}
	}
}

// TestExplainIsThePage: -explain prints, byte for byte, the page in
// docs/checks that each diagnostic's URL points to.
func TestExplainIsThePage(t *testing.T) {
	names := docs.Checks()
	if len(names) == 0 {
		t.Fatal("no pages")
	}
	for _, name := range names {
		file, err := os.ReadFile(filepath.Join("..", "..", "docs", "checks", name+".md"))
		if err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, "-explain", name)
		if code != 0 || stderr != "" {
			t.Errorf("-explain %s: exit %d, stderr %q", name, code, stderr)
		}
		if stdout != absoluteLinks(name, string(file)) {
			t.Errorf("-explain %s differs from docs/checks/%s.md", name, name)
		}
		// Every link is usable from a terminal: absolute, into the
		// repository (they were ../measurements.md#...).
		for _, m := range linkRE.FindAllStringSubmatch(stdout, -1) {
			if !strings.HasPrefix(m[1], "https://") {
				t.Errorf("-explain %s prints the relative link %s", name, m[1])
			}
		}
		if name == "pagesize" && !strings.Contains(stdout, "(https://github.com/rowalign/rowalign/blob/main/docs/measurements.md#") {
			t.Errorf("-explain pagesize: no link to docs/measurements.md in the repository:\n%s", stdout)
		}
	}
}

func TestAbsoluteLinks(t *testing.T) {
	const repo = "https://github.com/rowalign/rowalign/blob/main/"
	for in, want := range map[string]string{
		"[m](../measurements.md#tiny-pages)": "[m](" + repo + "docs/measurements.md#tiny-pages)",
		"[f](#fix)":                          "[f](" + repo + "docs/checks/pagesize.md#fix)",
		"[o](offsetwalk.md)":                 "[o](" + repo + "docs/checks/offsetwalk.md)",
		"[r](../../README.md#checks)":        "[r](" + repo + "README.md#checks)",
		"[g](https://go.dev/x)":              "[g](https://go.dev/x)",
	} {
		if got := absoluteLinks("pagesize", in); got != want {
			t.Errorf("absoluteLinks(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExplainList(t *testing.T) {
	stdout, _, code := run(t, "-explain")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, name := range docs.Checks() {
		if !strings.Contains(stdout, "  "+name+"  ") {
			t.Errorf("list does not name %s:\n%s", name, stdout)
		}
	}
	_, stderr, code := run(t, "-explain", "nosuch")
	if code != 2 || !strings.Contains(stderr, `no check named "nosuch"`) || !strings.Contains(stderr, "pagesize") {
		t.Errorf("-explain nosuch: exit %d, stderr %q", code, stderr)
	}
}

// TestVetProtocol: go vet runs the tool with -flags (a JSON list of the
// flags it may pass through) and -V=full; -explain must not disturb either.
func TestVetProtocol(t *testing.T) {
	stdout, stderr, code := run(t, "-flags")
	if code != 0 {
		t.Fatalf("-flags: exit %d: %s", code, stderr)
	}
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(stdout), &flags); err != nil {
		t.Fatalf("-flags output is not JSON: %v\n%s", err, stdout)
	}
	seen := make(map[string]bool)
	for _, f := range flags {
		seen[f.Name] = true
	}
	for _, want := range []string{"rowgroup", "min", "scope"} {
		if !seen[want] {
			t.Errorf("-flags lacks %s: %s", want, stdout)
		}
	}
	if seen[explainFlag] {
		t.Errorf("-flags lists %s, which go vet would then pass to every run", explainFlag)
	}
	stdout, _, code = run(t, "-V=full")
	if code != 0 || !strings.Contains(stdout, "version") {
		t.Errorf("-V=full: exit %d, %q", code, stdout)
	}
}

// TestHelpCommand: rowalign help, which go vet's and go fix's usage
// errors tell the user to run, prints -h; rowalign help CHECK prints the
// check's page. It failed: package help is not in std.
func TestHelpCommand(t *testing.T) {
	h, _, _ := run(t, "-h")
	stdout, stderr, code := run(t, "help")
	if code != 0 || stderr != "" || stdout != h || !strings.Contains(stdout, "-checks") {
		t.Errorf("rowalign help: exit %d, stderr %q, stdout:\n%s\nwant -h's output", code, stderr, stdout)
	}
	page, _, _ := run(t, "-explain", "pagesize")
	if stdout, _, code := run(t, "help", "pagesize"); code != 0 || stdout != page {
		t.Errorf("rowalign help pagesize: exit %d, want -explain pagesize's page:\n%s", code, stdout)
	}
}
