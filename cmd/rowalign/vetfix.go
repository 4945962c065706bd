package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// vetFixConfig returns go vet's configuration when args are one package
// of go vet -fix or go fix that applies fixes (-fix without -diff) and
// reports (not VetxOnly, a dependency analysed for its facts).
func vetFixConfig(args []string) (map[string]json.RawMessage, bool) {
	cfg, vet := vetConfig(args)
	if !vet || cfg.VetxOnly {
		return nil, false
	}
	if fix, diff := fixFlags(args); !fix || diff {
		return nil, false
	}
	var raw map[string]json.RawMessage
	b, err := os.ReadFile(args[len(args)-1])
	if err != nil || json.Unmarshal(b, &raw) != nil {
		return nil, false
	}
	return raw, true
}

// vetFixThenReport runs one package of go vet -fix or go fix, whose
// driver (x/tools' unitchecker) writes the fixes to an archive that
// cmd/go applies once every package is done, and prints nothing else:
// go vet -fix exited 0 in silence, and a walk's strategy finding, which
// has no fix, went unseen (issue 18). Here the fix pass runs in a child
// process as before; a second child reports the package's findings as
// -json, and the ones without a fix are the findings left, printed
// file:line:col: message at their lines in the fixed files (leftLines).
// The fixed files cannot be analysed themselves: a rewrite's new import
// (the pager) is not among the packages cmd/go describes to the tool.
//
// They go to the file cmd/go gives the tool for its standard output,
// which go vet and go fix copy to theirs and cache with the fixes, so a
// run that cmd/go answers from its cache prints them again. The exit
// status stays 0: cmd/go drops the fixes of a tool that fails. cfg is
// changed.
func vetFixThenReport(args []string, cfg map[string]json.RawMessage) int {
	self, code, ok := runFixPass(args)
	if !ok {
		return code
	}
	var stdoutFile, archive string
	json.Unmarshal(cfg["Stdout"], &stdoutFile)
	json.Unmarshal(cfg["FixArchive"], &archive)
	left, err := findingsLeft(self, args, cfg, archive)
	if err != nil {
		// The fixes are applied all the same; say why nothing is listed.
		fmt.Fprintf(os.Stderr, "rowalign: listing the findings left after -fix: %v; run it again without -fix to see them\n", err)
		return 0
	}
	var out io.Writer = os.Stdout
	if stdoutFile != "" {
		f, err := os.OpenFile(stdoutFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err != nil {
			fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
			return 0
		}
		defer f.Close()
		out = f
	}
	io.WriteString(out, left)
	return 0
}

// jsonFinding is a finding as unitchecker's -json prints it.
type jsonFinding struct {
	Posn           string `json:"posn"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Edits []jsonEdit `json:"edits"`
	} `json:"suggested_fixes"`
}

// jsonEdit is a fix's edit as unitchecker's -json prints it: bytes
// [Start, End) of the file replaced.
type jsonEdit struct {
	Filename   string `json:"filename"`
	Start, End int
}

// findingsLeft analyses the package cfg describes again, without -fix,
// and returns the findings the fix pass did not fix, one line each.
func findingsLeft(self string, args []string, cfg map[string]json.RawMessage, archive string) (string, error) {
	tmp, err := os.MkdirTemp("", "rowalign-fix")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	set := func(key string, v any) {
		b, _ := json.Marshal(v)
		cfg[key] = b
	}
	set("VetxOutput", filepath.Join(tmp, "vetx"))
	set("Stdout", "")
	set("FixArchive", "")
	b, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	cfgFile := filepath.Join(tmp, "vet.cfg")
	if err := os.WriteFile(cfgFile, b, 0o666); err != nil {
		return "", err
	}
	var flags []string
	for _, a := range args[:len(args)-1] {
		if name, _, _ := splitFlag(a); name != "fix" && name != "diff" {
			flags = append(flags, a)
		}
	}
	report := exec.Command(self, append(append(flags, "-json"), cfgFile)...)
	report.Env = append(os.Environ(), fixPassEnv+"=1")
	var stdout, stderr bytes.Buffer
	report.Stdout, report.Stderr = &stdout, &stderr
	if err := report.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	fixed, err := readFixArchive(archive)
	if err != nil {
		return "", err
	}
	return leftLines(stdout.Bytes(), fixed, os.ReadFile)
}

// readFixArchive returns the files of the zip archive unitchecker writes
// for go vet -fix and go fix, by name; none if it wrote none.
func readFixArchive(name string) (map[string][]byte, error) {
	files := make(map[string][]byte)
	if name == "" {
		return files, nil
	}
	r, err := zip.OpenReader(name)
	if errors.Is(err, os.ErrNotExist) {
		return files, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the fixes: %v", err)
	}
	defer r.Close()
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		files[f.Name] = b
	}
	return files, nil
}

// leftLines turns unitchecker's -json output into the lines go vet
// prints, file:line:col: message, sorted by position, for the findings
// the fix pass left: those whose fix it did not apply (they have none,
// or it edits a file the fix pass did not rewrite, a generated one),
// except where an applied fix replaced the code they point at (a walk
// rewritten into the pager takes its size finding with it). fixed holds
// the rewritten files; a finding in one of them is moved to its line
// there (lineMap), the column kept.
func leftLines(out []byte, fixed map[string][]byte, readFile func(string) ([]byte, error)) (string, error) {
	var tree map[string]map[string]json.RawMessage
	if len(bytes.TrimSpace(out)) == 0 {
		return "", nil
	}
	if err := json.Unmarshal(out, &tree); err != nil {
		return "", fmt.Errorf("reading the findings: %v", err)
	}
	var all []jsonFinding
	replaced := make(map[string][]jsonEdit) // by file, the applied edits
	for _, byAnalyzer := range tree {
		for _, raw := range byAnalyzer {
			var ds []jsonFinding
			if json.Unmarshal(raw, &ds) != nil {
				var e struct{ Error string }
				json.Unmarshal(raw, &e)
				return "", errors.New(e.Error)
			}
			for _, d := range ds {
				if applied(d, fixed) {
					for _, e := range d.SuggestedFixes[0].Edits {
						replaced[e.Filename] = append(replaced[e.Filename], e)
					}
					continue
				}
				all = append(all, d)
			}
		}
	}
	type finding struct {
		file      string
		line, col int
		msg       string
	}
	var found []finding
	maps := make(map[string]func(int) int)
	sources := make(map[string][]byte)
	for _, d := range all {
		f := finding{file: d.Posn, msg: d.Message}
		if file, line, col, ok := splitPosn(d.Posn); ok {
			f.file, f.line, f.col = file, line, col
		}
		if after, ok := fixed[f.file]; ok && f.line > 0 {
			before, ok := sources[f.file]
			if !ok {
				var err error
				if before, err = readFile(f.file); err != nil {
					return "", err
				}
				sources[f.file] = before
				maps[f.file] = lineMap(string(before), string(after))
			}
			if at := offset(before, f.line, f.col); slices.ContainsFunc(replaced[f.file], func(e jsonEdit) bool {
				return e.Start <= at && at < e.End
			}) {
				continue
			}
			f.line = maps[f.file](f.line)
		}
		found = append(found, f)
	}
	sort.Slice(found, func(i, j int) bool {
		a, b := found[i], found[j]
		return a.file < b.file || a.file == b.file && (a.line < b.line || a.line == b.line && a.col < b.col)
	})
	var b strings.Builder
	for _, f := range found {
		if f.line > 0 {
			fmt.Fprintf(&b, "%s:%d:%d: %s\n", f.file, f.line, f.col, f.msg)
		} else {
			fmt.Fprintf(&b, "%s: %s\n", f.file, f.msg)
		}
	}
	return b.String(), nil
}

// offset returns the byte offset of line:col (both from 1, col in
// bytes, as go/token counts them) in src.
func offset(src []byte, line, col int) int {
	at := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[at:], '\n')
		if i < 0 {
			return len(src)
		}
		at += i + 1
	}
	return at + col - 1
}

// applied reports whether the fix pass applied d's fix, the first (as
// unitchecker does): it has one, and every file it edits was rewritten.
// A fix unitchecker skipped for overlapping another in a rewritten file
// would count as applied; rowalign's fixes do not overlap (a size fix
// gives way where a rewrite replaces its walk, internal/analysis/sizes).
func applied(d jsonFinding, fixed map[string][]byte) bool {
	if len(d.SuggestedFixes) == 0 {
		return false
	}
	for _, e := range d.SuggestedFixes[0].Edits {
		if _, ok := fixed[e.Filename]; !ok {
			return false
		}
	}
	return true
}

// lineMap returns the function that maps a line of before (1-based) to
// its line in after: the same line where diff keeps it, else the line
// as far past the nearest kept line above it (a line a fix or gofmt
// rewrote stays beside its neighbours).
func lineMap(before, after string) func(int) int {
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	kept := matchLines(a, b)
	return func(line int) int {
		i := line - 1
		for j := i; j >= 0; j-- {
			if k, ok := kept[j]; ok {
				return k + (i - j) + 1
			}
		}
		return line
	}
}

// maxDiffEdits bounds the line diff of a fixed file: a few rewritten
// walks and their imports are tens of edits; past the bound the lines
// are taken as they were.
const maxDiffEdits = 2000

// matchLines returns the lines of a kept unchanged in b, a's index to
// b's, by Myers' diff (an edit script of fewest insertions and
// deletions), after the lines common to both ends.
func matchLines(a, b []string) map[int]int {
	kept := make(map[int]int)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		kept[pre] = pre
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		kept[len(a)-1-suf] = len(b) - 1 - suf
		suf++
	}
	x0, y0 := pre, pre
	a, b = a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(a), len(b)
	// v[k+off] is the furthest x on diagonal k = x-y; trace[d] is v
	// before step d.
	off := n + m + 1
	v := make([]int, 2*off+1)
	var trace [][]int
	found := false
	for d := 0; d <= min(n+m, maxDiffEdits) && !found; d++ {
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	if !found {
		return kept
	}
	// Back from (n, m): each step ends in a snake of kept lines.
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		px, py := 0, 0
		if d > 0 {
			prev := trace[d] // v before step d, diagonals -d..d
			k := x - y
			pk := k - 1
			if k == -d || k != d && prev[k-1+d] < prev[k+1+d] {
				pk = k + 1
			}
			px = prev[pk+d]
			py = px - pk
		}
		for x > px && y > py {
			x--
			y--
			kept[x0+x] = y0 + y
		}
		x, y = px, py
	}
	return kept
}

// splitPosn splits "file:line:col".
func splitPosn(posn string) (file string, line, col int, ok bool) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return "", 0, 0, false
	}
	n := len(parts)
	if _, err := fmt.Sscan(parts[n-2]+" "+parts[n-1], &line, &col); err != nil {
		return "", 0, 0, false
	}
	return strings.Join(parts[:n-2], ":"), line, col, true
}
