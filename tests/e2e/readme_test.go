package e2e_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// updateReadme rewrites the samples of README.md and docs/running.md
// from the binary's output:
//
//	go test ./tests/e2e -run TestReadmeSamples -update
//
// then review the diff (a message that changed is the point of the run;
// a finding that appeared or went is a change of behaviour).
var updateReadme = flag.Bool("update", false, "rewrite the samples of README.md and docs/running.md from the binary's output on examples/")

// readmeSample is a console block of a page (file, from the checkout's
// root): the line "$ cmd" and the output after it, down to the block's
// end, produced again by render.
type readmeSample struct {
	file   string
	cmd    string
	render func(t *testing.T, root string) string
}

var readmeSamples = []readmeSample{
	// Every finding, as go vet prints them from examples/ (sorted: go vet
	// prints packages as they finish): the README's sample, and the
	// same in docs/running.md.
	{"README.md", "$ go vet -vettool=$(which rowalign) ./...", goVetSample},
	{"docs/running.md", "$ go vet -vettool=$(which rowalign) ./...", goVetSample},
	// One file's fixes, export.go (a size and a copy rewritten into
	// pager.Copy), its path shortened to the repository.
	{"docs/running.md", "$ rowalign -diff ./...   # show, change nothing", func(t *testing.T, root string) string {
		stdout, _ := runIn(t, filepath.Join(root, "examples"), 0, rowalignBin, "-diff", "./...")
		stdout = strings.ReplaceAll(stdout, root+string(filepath.Separator), "")
		for _, file := range strings.SplitAfter(stdout, "\n--- ") {
			if strings.HasPrefix(strings.TrimPrefix(file, "--- "), "examples/export/export.go (old)\n") {
				file = strings.TrimSuffix(file, "--- ")
				return "...\n--- " + strings.TrimPrefix(file, "--- ") + "...\n"
			}
		}
		t.Fatalf("rowalign -diff on examples/ has no diff of export/export.go:\n%s", stdout)
		return ""
	}},
	// The first finding of examples/load, its fix's edits left out.
	{"docs/running.md", "$ rowalign -json ./...                # each finding once, test variants of a package included", jsonSample},
}

// goVetSample renders every finding go vet prints on examples/.
func goVetSample(t *testing.T, root string) string {
	_, stderr := runIn(t, filepath.Join(root, "examples"), 1, "go", "vet", "-vettool="+rowalignBin, "./...")
	// A finding's related lines ("pos: \tno fix: ...") stay under it.
	var findings []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.Contains(l, ": \t") && len(findings) > 0:
			findings[len(findings)-1] += "\n" + l
		default:
			findings = append(findings, l)
		}
	}
	slices.Sort(findings)
	return strings.Join(findings, "\n") + "\n"
}

// jsonSample renders the first finding of examples/load, its fix's edits
// left out.
func jsonSample(t *testing.T, root string) string {
	stdout, _ := runIn(t, filepath.Join(root, "examples"), 0, rowalignBin, "-json", "./...")
	var tree map[string]map[string][]struct {
		Category       string `json:"category"`
		Posn           string `json:"posn"`
		Message        string `json:"message"`
		SuggestedFixes []struct {
			Message string `json:"message"`
		} `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("rowalign -json: %v\n%s", err, stdout)
	}
	const pkg = "github.com/rowalign/rowalign/examples/load"
	ds := tree[pkg]["rowalign"]
	if len(ds) == 0 || len(ds[0].SuggestedFixes) == 0 {
		t.Fatalf("rowalign -json: no finding with a fix in %s:\n%s", pkg, stdout)
	}
	d := ds[0]
	posn, _ := filepath.Rel(root, d.Posn)
	return "{\n" +
		"\t" + quote(pkg) + ": {\n" +
		"\t\t\"rowalign\": [\n" +
		"\t\t\t{\n" +
		"\t\t\t\t\"category\": " + quote(d.Category) + ",\n" +
		"\t\t\t\t\"posn\": " + quote(filepath.ToSlash(posn)) + ",\n" +
		"\t\t\t\t\"message\": " + quote(d.Message) + ",\n" +
		"\t\t\t\t\"suggested_fixes\": [{\"message\": " + quote(d.SuggestedFixes[0].Message) + ", \"edits\": [...]}]\n" +
		"\t\t\t},\n" +
		"\t...\n"
}

// TestReadmeSamples: the sample output of README.md and docs/running.md
// is what the binary prints on examples/ today. The go vet sample had gone stale (export.go's
// commit size message had changed); messages change with the checks, so
// a failure here is usually fixed by the -update run above.
func TestReadmeSamples(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the go command")
	}
	binarySources(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string]string) // page -> text, as the samples leave it
	var order []string
	for _, s := range readmeSamples {
		text, ok := files[s.file]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(s.file)))
			if err != nil {
				t.Fatal(err)
			}
			text = string(b)
			order = append(order, s.file)
		}
		start := strings.Index(text, "\n"+s.cmd+"\n")
		if start < 0 {
			t.Errorf("%s has no sample line %q", s.file, s.cmd)
			files[s.file] = text
			continue
		}
		start += len(s.cmd) + 2
		end := strings.Index(text[start:], "```\n")
		if end < 0 {
			t.Errorf("%s: the block of %q does not end", s.file, s.cmd)
			files[s.file] = text
			continue
		}
		end += start
		got, want := text[start:end], s.render(t, root)
		if got != want && *updateReadme {
			text = text[:start] + want + text[end:]
		} else if got != want {
			t.Errorf("%s's sample of %s is not what the binary prints on examples/ (go test ./tests/e2e -run TestReadmeSamples -update rewrites it):\n--- %s\n%s--- binary\n%s", s.file, s.cmd, s.file, got, want)
		}
		files[s.file] = text
	}
	if !*updateReadme {
		return
	}
	for _, name := range order {
		path := filepath.Join(root, filepath.FromSlash(name))
		if b, err := os.ReadFile(path); err == nil && string(b) == files[name] {
			continue
		}
		if err := os.WriteFile(path, []byte(files[name]), 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s's samples: review the diff", name)
	}
}

// runIn runs name args in dir and returns its output, failing the test
// unless it exits with code. Unlike runTool it keeps the environment as
// it is: examples/ is a workspace of its own, where runTool's
// GOFLAGS=-mod=mod is an error.
func runIn(t *testing.T, dir string, code int, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	got := 0
	if exit, ok := err.(*exec.ExitError); ok {
		got = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	if got != code {
		t.Fatalf("%s %s in %s: exit status %d, want %d\n%s%s", name, strings.Join(args, " "), dir, got, code, out.String(), errb.String())
	}
	return out.String(), errb.String()
}

// quote writes s as a JSON string, as -json does (json.MarshalIndent:
// "<" and ">" escaped).
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
