package e2e_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The settings table: each setting (a row) changes what each front end (a
// column) reports, in the way the setting means. Every cell runs the real
// binary twice, with the defaults and with the setting, on the module in
// testdata/settings, and compares the two finding sets: the findings the
// setting adds and removes must be exactly the row's.
//
// Findings are compared by the fixture line they sit on (see sites), not
// by message text, so shorter messages do not break the table. The fix
// columns compare the lines a fix rewrites (-diff), so only sites with a
// fix count there.

// site is a fixture line a finding is expected on.
type site struct {
	file, text string // the file, and text found on that line only
	fix        bool   // whether rowalign offers a fix for it
}

var sites = map[string]site{
	"commit 204800": {"load/load.go", "n%204_800 == 0", true},
	"commit 245760": {"load/load.go", "n%245_760 == 0", true},
	"commit 50000":  {"load/load.go", "n%50_000 == 0", true},
	"load page":     {"load/load.go", "const loadPage = 250_000", true},
	"load offset":   {"load/load.go", `"SELECT * FROM load LIMIT ? OFFSET ?"`, false},
	"plain page":    {"plain/plain.go", "const plainPage = 250_000", true},
	"plain offset":  {"plain/plain.go", `"SELECT * FROM plain LIMIT ? OFFSET ?"`, false},
	"report page":   {"report/report.go", "const reportPage = 250_000", true},
	"row insert":    {"load/rows.go", `"INSERT INTO saved VALUES (?)"`, false},
	"report offset": {"report/report.go", `"SELECT * FROM report LIMIT ? OFFSET ?"`, false},
	"test page":     {"load/load_test.go", "const testPage = 100_000", true},
	"test offset":   {"load/load_test.go", `"SELECT * FROM load_test LIMIT ? OFFSET ?"`, false},
}

// setting is a row of the table.
type setting struct {
	flag     string // as go vet, go fix and standalone take it
	golangci string // the same setting in .golangci.yml, under settings:
	added    []string
	removed  []string
}

var settingRows = []setting{{
	// 204,800 becomes aligned; 245,760, two default row groups, does not.
	flag: "-rowgroup=204800", golangci: "row-group-size: 204800",
	added: []string{"commit 245760"}, removed: []string{"commit 204800"},
}, {
	flag: "-min=60000", golangci: "min-size: 60000",
	removed: []string{"commit 50000"},
}, {
	// Every package: plain (no driver) and report (a wrapper's importer).
	flag: "-scope=all", golangci: "scope: all",
	added: []string{"plain page", "plain offset", "report page", "report offset"},
}, {
	flag: "-wrappers=example.com/settings/duck", golangci: "wrappers: [example.com/settings/duck]",
	added: []string{"report page", "report offset"},
}, {
	flag: "-checks=all,-commitsize", golangci: `checks: ["all", "-commitsize"]`,
	removed: []string{"commit 204800", "commit 50000"},
}, {
	flag: "-checks=pagesize", golangci: "checks: [pagesize]",
	removed: []string{"commit 204800", "commit 50000", "load offset", "row insert"},
}, {
	flag: "-checks=all,-rowbyrow", golangci: `checks: ["all", "-rowbyrow"]`,
	removed: []string{"row insert"},
}, {
	// A list that starts with a removal starts from every check, as
	// staticcheck's does: it switched every check off (issue 18).
	flag: "-checks=-offsetwalk", golangci: "checks: [-offsetwalk]",
	removed: []string{"load offset"},
}, {
	// _test.go files are skipped unless asked for, by every check.
	flag: "-tests", golangci: "tests: true",
	added: []string{"test page", "test offset"},
}}

// frontEnd is a column: it runs rowalign one way on the module in dir
// with extra flags (or golangci-lint settings) and returns the sites
// found.
type frontEnd struct {
	name string
	fix  bool // compares fixes (-diff), not findings
	run  func(t *testing.T, dir string, s *setting) []string
}

// The cells run in parallel (go test's -parallel, GOMAXPROCS by default),
// all of them on one copy of the module: no front end writes to it
// (-fix is always -diff here).
func TestSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the go command")
	}
	t.Parallel()
	binarySources(t)
	dir := settingsModule(t)
	lines := siteLines(t, dir)
	columns := []frontEnd{
		{"vet", false, func(t *testing.T, dir string, s *setting) []string {
			_, stderr := runTool(t, dir, findingsExit, "go", withFlag([]string{"vet", "-vettool=" + rowalignBin}, s, "./...")...)
			return findings(t, dir, stderr, lines)
		}},
		{"vet-fix", true, func(t *testing.T, dir string, s *setting) []string {
			stdout, _ := runTool(t, dir, findingsExit, "go", withFlag([]string{"vet", "-vettool=" + rowalignBin, "-fix", "-diff"}, s, "./...")...)
			return fixed(t, dir, stdout)
		}},
		{"go-fix", true, func(t *testing.T, dir string, s *setting) []string {
			stdout, _ := runTool(t, dir, findingsExit, "go", withFlag([]string{"fix", "-fixtool=" + rowalignBin, "-diff"}, s, "./...")...)
			return fixed(t, dir, stdout)
		}},
		{"standalone", false, func(t *testing.T, dir string, s *setting) []string {
			// singlechecker exits 3 for findings, 1 for errors.
			_, stderr := runTool(t, dir, 3, rowalignBin, withFlag(nil, s, "./...")...)
			return findings(t, dir, stderr, lines)
		}},
		{"golangci", false, func(t *testing.T, dir string, s *setting) []string {
			return golangci(t, dir, s, lines)
		}},
	}
	for _, col := range columns {
		t.Run(col.name, func(t *testing.T) {
			if col.name == "golangci" && os.Getenv("ROWALIGN_GOLANGCI") == "" {
				t.Skip("set ROWALIGN_GOLANGCI to a golangci-lint built by scripts/golangci/build.sh (.ci/extra.d/golangci-settings.sh does)")
			}
			t.Parallel()
			base := col.run(t, dir, nil)
			for _, row := range settingRows {
				t.Run(row.flag, func(t *testing.T) {
					t.Parallel()
					got := col.run(t, dir, &row)
					added, removed := difference(base, got)
					wantAdded, wantRemoved := row.added, row.removed
					if col.fix {
						wantAdded, wantRemoved = fixable(wantAdded), fixable(wantRemoved)
					}
					if !slices.Equal(added, sorted(wantAdded)) || !slices.Equal(removed, sorted(wantRemoved)) {
						t.Errorf("%s added %q and removed %q, want added %q and removed %q\ndefault: %q\nwith it: %q",
							row.flag, added, removed, sorted(wantAdded), sorted(wantRemoved), base, got)
					}
				})
			}
		})
	}
}

// TestUsageErrors: a setting that selects no check, or a value no
// setting takes, stops every front end before it analyses anything,
// with one line that names the setting: exit status 2 standalone; go
// vet and go fix report the tool's failure with their own status 1, the
// line once per package they vet; golangci-lint fails its run (neither
// 0 nor 1, which are lint results). -checks=-all ran nothing and
// reported "0 issues" (issue 18).
func TestUsageErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the go command")
	}
	t.Parallel()
	binarySources(t)
	dir := settingsModule(t)
	for _, tc := range []struct{ flag, golangci, want string }{
		{"-checks=-all", "checks: [-all]", `checks: "-all" selects no check`},
		{"-checks=-offsetwalk,-pagesize,-commitsize,-appendertx,-rowbyrow,-attachsize,-directive", "checks: [-offsetwalk, -pagesize, -commitsize, -appendertx, -rowbyrow, -attachsize, -directive]", "selects no check"},
		{"-rowgroup=abc", "row-group-size: abc", "rowgroup"},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			for _, fe := range []struct {
				name string
				exit int
				cmd  []string
			}{
				{"standalone", 2, []string{rowalignBin, tc.flag, "./..."}},
				{"vet", 1, []string{"go", "vet", "-vettool=" + rowalignBin, tc.flag, "./..."}},
				{"go-fix", 1, []string{"go", "fix", "-fixtool=" + rowalignBin, tc.flag, "./..."}},
			} {
				_, stderr := runTool(t, dir, fe.exit, fe.cmd[0], fe.cmd[1:]...)
				if !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "run rowalign -h") || strings.Contains(stderr, "Usage") {
					t.Errorf("%s %s: stderr\n%s\nwant one line with %q and \"run rowalign -h\"", fe.name, tc.flag, stderr, tc.want)
				}
				if n := strings.Count(stderr, tc.want); fe.name == "standalone" && (n != 1 || strings.Count(stderr, "\n") != 1) {
					t.Errorf("%s %s: %d lines on stderr, want 1:\n%s", fe.name, tc.flag, strings.Count(stderr, "\n"), stderr)
				}
			}
			if os.Getenv("ROWALIGN_GOLANGCI") == "" || tc.flag == "-rowgroup=abc" {
				return // golangci: a wrong type is decode's error (golangci/plugin_test.go)
			}
			err := golangciFails(t, dir, tc.golangci)
			if !strings.Contains(err, "selects no check") {
				t.Errorf("golangci %s: stderr\n%s\nwant %q", tc.golangci, err, tc.want)
			}
		})
	}
}

// TestUnknownFlag: a misspelt flag stops every front end before it
// analyses anything, naming the flag. Standalone, rowalign says so in one
// line with the flag meant (exit status 2): it printed singlechecker's
// 60 lines of usage. go vet and go fix check the flags against the
// tool's -flags list themselves and print their own short usage (exit
// status 2), which points to rowalign help; that must work too.
// golangci-lint fails its run on an unknown setting, naming the valid
// ones (decode's error, golangci/plugin_test.go).
func TestUnknownFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the go command")
	}
	t.Parallel()
	binarySources(t)
	dir := settingsModule(t)
	for _, fe := range []struct {
		name string
		cmd  []string
		want []string
	}{
		{"standalone", []string{rowalignBin, "-chekcs=pagesize", "./..."}, []string{"rowalign: unknown flag -chekcs: did you mean -checks?; run rowalign -h\n"}},
		{"vet", []string{"go", "vet", "-vettool=" + rowalignBin, "-chekcs=pagesize", "./..."}, []string{"-chekcs", "rowalign help"}},
		{"go-fix", []string{"go", "fix", "-fixtool=" + rowalignBin, "-chekcs=pagesize", "./..."}, []string{"-chekcs", "rowalign help"}},
	} {
		_, stderr := runTool(t, dir, exitUsage, fe.cmd[0], fe.cmd[1:]...)
		for _, w := range fe.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s: stderr\n%s\nwant %q", fe.name, stderr, w)
			}
		}
		if fe.name == "standalone" && stderr != fe.want[0] {
			t.Errorf("%s: stderr\n%s\nwant only %q", fe.name, stderr, fe.want[0])
		}
	}
	stdout, _ := runTool(t, dir, 0, rowalignBin, "help")
	if !strings.Contains(stdout, "-checks") {
		t.Errorf("rowalign help, as go vet's usage error says to run: stdout\n%s\nwant the flags", stdout)
	}
	if os.Getenv("ROWALIGN_GOLANGCI") != "" {
		if out := golangciFails(t, dir, "chekcs: [pagesize]"); !strings.Contains(out, `unknown setting "chekcs"`) || !strings.Contains(out, "checks") {
			t.Errorf("golangci chekcs: output\n%s\nwant the unknown setting and the valid ones", out)
		}
	}
}

// exitUsage is the exit status of a usage error: rowalign's, go vet's and
// go fix's, as the flag package's.
const exitUsage = 2

// settingsModule copies testdata/settings to a temporary directory, its
// driver replaced by the stub in this checkout.
func settingsModule(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "settings")
	if err := os.CopyFS(dir, os.DirFS("testdata/settings")); err != nil {
		t.Fatal(err)
	}
	stub, err := filepath.Abs("../../testdata/stubs/duckdb-go")
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(dir, "go.mod")
	b, err := os.ReadFile(mod)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), "../../../../testdata/stubs/duckdb-go", filepath.ToSlash(stub), 1))
	if err := os.WriteFile(mod, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// siteLines maps "file:line" to the name of the site on it.
func siteLines(t *testing.T, dir string) map[string]string {
	lines := make(map[string]string)
	for name, s := range sites {
		b, err := os.ReadFile(filepath.Join(dir, s.file))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, s.text) {
				lines[s.file+":"+strconv.Itoa(i+1)] = name
				n++
			}
		}
		if n != 1 {
			t.Fatalf("site %q: %q is on %d lines of %s, want 1", name, s.text, n, s.file)
		}
	}
	return lines
}

// withFlag returns args, then the setting's flag (none for the defaults),
// then rest.
func withFlag(args []string, s *setting, rest ...string) []string {
	if s != nil {
		args = append(args, s.flag)
	}
	return append(args, rest...)
}

// findingsExit is the exit code of go vet and golangci-lint when they
// report findings, and of go fix -diff when the diff is not empty.
const findingsExit = 1

// runTool runs name in dir. Exit codes 0 and found (findings found, a
// non-empty -diff) are results; any other code (a usage error, a failed
// run) fails the test, and so does a panic or an internal error in any
// output.
func runTool(t *testing.T, dir string, found int, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	return runToolEnv(t, dir, nil, found, name, args...)
}

// runToolEnv is runTool with env added to the environment: the tests run
// in parallel, so none sets its own (t.Setenv).
func runToolEnv(t *testing.T, dir string, env []string, found int, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"), env...)
	var o, e strings.Builder
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	stdout, stderr = o.String(), e.String()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == found) {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err, stdout, stderr)
	}
	if bad := regexp.MustCompile(`panic:|internal error`); bad.MatchString(stdout + stderr) {
		t.Fatalf("%s %s: panic or internal error\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), stdout, stderr)
	}
	return stdout, stderr
}

// positionRE matches a finding as go vet, rowalign and golangci-lint print
// it: path:line:col: message. A line of related information (a tab after
// the position: the DuckDB release rowbyrow's figures are from, why there
// is no fix) is not a finding of its own.
var positionRE = regexp.MustCompile(`^(.+\.go):(\d+):\d+: [^\t]`)

// findings returns the sites of the findings in out, sorted; a finding on
// no known site is kept as "file:line", so it shows up in a difference.
func findings(t *testing.T, dir, out string, lines map[string]string) []string {
	var got []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := positionRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		key := relative(dir, m[1]) + ":" + m[2]
		if name, ok := lines[key]; ok {
			key = name
		}
		got = append(got, key)
	}
	return sorted(got)
}

// fixed returns the sites whose lines a unified diff rewrites.
func fixed(t *testing.T, dir, diff string) []string {
	var got []string
	file := ""
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "--- "):
			file = relative(dir, strings.TrimSuffix(strings.TrimPrefix(l, "--- "), " (old)"))
		case strings.HasPrefix(l, "-"):
			key := file + ": " + strings.TrimSpace(l[1:])
			for name, s := range sites {
				if s.file == file && strings.Contains(l, s.text) {
					key = name
				}
			}
			got = append(got, key)
		}
	}
	return sorted(got)
}

func relative(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil && filepath.IsAbs(path) {
		path = rel
	}
	return filepath.ToSlash(strings.TrimPrefix(path, "./"))
}

// golangci runs the golangci-lint binary named by $ROWALIGN_GOLANGCI with
// rowalign enabled and the setting (if any) in its .golangci.yml.
func golangci(t *testing.T, dir string, s *setting, lines map[string]string) []string {
	settings := "settings: {}"
	if s != nil {
		settings = "settings:\n          " + s.golangci
	}
	cfg := golangciConfig(t, settings)
	stdout, stderr := runToolEnv(t, dir, []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}, findingsExit, os.Getenv("ROWALIGN_GOLANGCI"), "run", "-c", cfg, "--output.text.print-issued-lines=false", "./...")
	return findings(t, dir, stdout+stderr, lines)
}

// golangciFails runs golangci-lint with the setting and returns its
// output, failing the test unless the run fails (exit status neither 0
// nor 1, the statuses of lint results).
func golangciFails(t *testing.T, dir, setting string) string {
	cfg := golangciConfig(t, "settings:\n          "+setting)
	cmd := exec.Command(os.Getenv("ROWALIGN_GOLANGCI"), "run", "-c", cfg, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == findingsExit {
		t.Errorf("golangci-lint with %s: %v, want a failed run\n%s", setting, err, out)
	}
	return string(out)
}

// golangciConfig writes a .golangci.yml with rowalign enabled and
// settings (YAML at the plugin's settings indentation) and returns its
// path.
func golangciConfig(t *testing.T, settings string) string {
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	// relative-path-mode wd: paths relative to the module, as go vet
	// prints them (golangci-lint's default is the config file's folder).
	// allow-parallel-runners: the cases run in parallel, and golangci-lint
	// otherwise fails a run that starts while another holds its lock
	// ("parallel golangci-lint is running", exit 3).
	yml := fmt.Sprintf(`version: "2"
run:
  relative-path-mode: wd
  allow-parallel-runners: true
linters:
  default: none
  enable: [rowalign]
  settings:
    custom:
      rowalign:
        type: module
        %s
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
`, settings)
	if err := os.WriteFile(cfg, []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// difference returns what got has and base lacks, and the reverse.
func difference(base, got []string) (added, removed []string) {
	for _, g := range got {
		if !slices.Contains(base, g) {
			added = append(added, g)
		}
	}
	for _, b := range base {
		if !slices.Contains(got, b) {
			removed = append(removed, b)
		}
	}
	return sorted(added), sorted(removed)
}

// fixable keeps the sites rowalign offers a fix for.
func fixable(names []string) []string {
	var out []string
	for _, n := range names {
		if sites[n].fix {
			out = append(out, n)
		}
	}
	return out
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	if s == nil {
		s = []string{}
	}
	return s
}
