package corpus_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus/known-wrong.txt with the snippets that are wrong now")

const (
	corpusDir = "../../testdata/corpus"
	pinFile   = corpusDir + "/known-wrong.txt"
)

// expectRE matches a label: `// expect: pagesize` or `// expect: offsetwalk, pagesize`
// on the line where the finding starts, or `// expect: none` anywhere in a
// snippet that must stay silent.
var expectRE = regexp.MustCompile(`//\s*expect:\s*([a-z, ]+?)\s*$`)

// finding is one check reported at one line: what a label names and what
// a diagnostic is compared by.
type finding struct {
	file  string // relative to the corpus directory, slash-separated
	line  int
	check string
}

func (f finding) String() string { return fmt.Sprintf("%s %s:%d", f.check, f.file, f.line) }

// snippet is one directory two levels below the corpus directory
// (PATTERN/NAME), with its packages.
type snippet struct {
	name   string // PATTERN/NAME
	silent bool   // labelled `expect: none`
	want   map[finding]bool
	got    map[finding]bool
	// rewrites lists the files of a silent snippet that the suggested fixes
	// change: the worst false finding, a fix that rewrites code that was right.
	rewrites []string
	// breaks lists what goes wrong once every fix of the snippet is
	// applied: a type error, or output gofmt would change.
	breaks []string
	panics []string
}

// wrong describes how the snippet's findings differ from its labels; ""
// when they match.
func (s *snippet) wrong() string {
	var parts []string
	if len(s.panics) > 0 {
		parts = append(parts, "panic in "+strings.Join(s.panics, ", "))
	}
	if f := diff(s.got, s.want); len(f) > 0 {
		parts = append(parts, "false "+strings.Join(f, ", "))
	}
	if m := diff(s.want, s.got); len(m) > 0 {
		parts = append(parts, "missed "+strings.Join(m, ", "))
	}
	if len(s.rewrites) > 0 {
		parts = append(parts, "-fix rewrites "+strings.Join(s.rewrites, ", "))
	}
	if len(s.breaks) > 0 {
		parts = append(parts, "-fix breaks "+strings.Join(s.breaks, ", "))
	}
	return strings.Join(parts, "; ")
}

// diff lists the findings of a that b lacks, sorted, file paths relative
// to the corpus directory.
func diff(a, b map[finding]bool) []string {
	var out []string
	for f := range a {
		if !b[f] {
			out = append(out, f.String())
		}
	}
	sort.Strings(out)
	return out
}

// TestCorpus runs the suite with its default settings over every snippet
// of testdata/corpus, standalone (facts flow between the corpus's
// packages as under go vet), and compares its findings with the labels by
// file, line and check. The snippets that are wrong today are pinned in
// known-wrong.txt; the test fails when a snippet's result differs from its
// pin either way (newly wrong, wrong differently, or right and still
// pinned). go test ./tests/corpus -run TestCorpus -update rewrites the
// pin; -v prints the score of every snippet.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyses the whole corpus")
	}
	root, err := filepath.Abs(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	readInputs(t, root)
	pkgs := load(t, root)
	snippets := labels(t, root, pkgs)
	run(t, root, pkgs, snippets)

	// The score.
	names := slices.Sorted(maps.Keys(snippets))
	now := make(map[string]string)
	var total, right score
	perPattern := make(map[string]*[2]int) // pattern -> right, snippets
	for _, name := range names {
		s := snippets[name]
		pattern, _, _ := strings.Cut(name, "/")
		if perPattern[pattern] == nil {
			perPattern[pattern] = new([2]int)
		}
		perPattern[pattern][1]++
		w := s.wrong()
		if w == "" {
			right.snippets++
			perPattern[pattern][0]++
			t.Logf("ok    %s", name)
		} else {
			now[name] = w
			t.Logf("WRONG %s: %s", name, w)
		}
		total.falses += len(diff(s.got, s.want))
		total.misses += len(diff(s.want, s.got))
		total.labelled += len(s.want)
		total.reported += len(s.got)
	}
	for _, p := range slices.Sorted(maps.Keys(perPattern)) {
		t.Logf("pattern %-9s %d/%d right", p, perPattern[p][0], perPattern[p][1])
	}
	t.Logf("corpus: %d/%d snippets right; %d findings reported, %d labelled: precision %.1f%%, recall %.1f%%; false findings: %d; misses: %d",
		right.snippets, len(names), total.reported, total.labelled, total.precision(), total.recall(), total.falses, total.misses)

	if *update {
		writePin(t, now)
		return
	}
	for _, msg := range compare(readPin(t), now, names) {
		t.Error(msg)
	}
	if t.Failed() {
		t.Logf("go test ./tests/corpus -run TestCorpus -update rewrites %s", pinFile)
	}
}

// score counts findings over the corpus.
type score struct {
	snippets, reported, labelled, falses, misses int
}

// precision is the share of reported findings that are labelled, in percent.
func (s score) precision() float64 {
	if s.reported == 0 {
		return 100
	}
	return 100 * float64(s.reported-s.falses) / float64(s.reported)
}

// recall is the share of labelled findings that are reported, in percent.
func (s score) recall() float64 {
	if s.labelled == 0 {
		return 100
	}
	return 100 * float64(s.labelled-s.misses) / float64(s.labelled)
}

// compare returns one message for each snippet whose result differs from
// its pin: wrong and not pinned, right and still pinned, wrong differently,
// and pinned but gone. names lists every snippet; now maps the wrong ones
// to how they are wrong.
func compare(pinned, now map[string]string, names []string) []string {
	var msgs []string
	for _, name := range names {
		p, isPinned := pinned[name]
		w := now[name]
		switch {
		case w != "" && !isPinned:
			msgs = append(msgs, fmt.Sprintf("%s is wrong and not pinned: %s", name, w))
		case w == "" && isPinned:
			msgs = append(msgs, fmt.Sprintf("%s is right now but pinned as wrong (%s): remove its line from %s, or run with -update", name, p, filepath.Base(pinFile)))
		case w != p:
			msgs = append(msgs, fmt.Sprintf("%s is wrong differently:\n\tpinned: %s\n\tnow:    %s", name, p, w))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(pinned)) {
		if !slices.Contains(names, name) {
			msgs = append(msgs, fmt.Sprintf("%s is pinned but no such snippet exists", name))
		}
	}
	return msgs
}

// readInputs reads every file of the corpus and of the stubs it builds
// against. go list, which packages.Load runs, is a child process, so the
// test cache would not see a new snippet or a changed stub; what this
// process reads, it does.
func readInputs(t *testing.T, root string) {
	t.Helper()
	for _, dir := range []string{root, filepath.Join(root, "..", "stubs")} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			_, err = os.ReadFile(path)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// loadEnv is the environment go list runs in: the corpus module on its
// own, nothing from the network, and cgo as the environment has it. With
// cgo off (CGO_ENABLED=0, or no C compiler) build/cgo, a cgo package,
// drops out of the build, and its labels with it: the labels are read
// from the files the build sees. Forcing cgo on failed the analyser's
// tests on a machine without a C compiler.
func loadEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOPROXY=off")
}

// load loads every package of the corpus module, test files included, from
// syntax: the suite has facts, so its dependencies are analysed too.
func load(t *testing.T, root string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   root,
		Tests: true,
		Env:   loadEnv(),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	var broken bool
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.ID, e)
			broken = true
		}
	})
	if broken {
		t.Fatal("the corpus must build: a snippet that does not compile measures nothing")
	}
	var roots []*packages.Package
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") { // the generated test main
			continue
		}
		roots = append(roots, p)
	}
	if len(roots) == 0 {
		t.Fatal("no packages in the corpus")
	}
	return roots
}

// labels reads the `// expect:` labels of every file the build sees, per
// snippet, and checks that every snippet says what it expects.
func labels(t *testing.T, root string, pkgs []*packages.Package) map[string]*snippet {
	t.Helper()
	snippets := make(map[string]*snippet)
	seen := make(map[string]bool)
	for _, p := range pkgs {
		for _, file := range p.GoFiles {
			if seen[file] {
				continue
			}
			seen[file] = true
			rel := relPath(t, root, file)
			name := snippetName(rel)
			if name == "" {
				t.Errorf("%s: a snippet lives in PATTERN/NAME/", rel)
				continue
			}
			s := snippets[name]
			if s == nil {
				s = &snippet{name: name, want: make(map[finding]bool), got: make(map[finding]bool)}
				snippets[name] = s
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(bytes.NewReader(data))
			for line := 1; sc.Scan(); line++ {
				m := expectRE.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				for _, check := range strings.Split(m[1], ",") {
					check = strings.TrimSpace(check)
					switch {
					case check == "none":
						s.silent = true
					case slices.Contains(settings.CheckNames, check):
						s.want[finding{rel, line, check}] = true
					default:
						t.Errorf("%s:%d: no check named %q", rel, line, check)
					}
				}
			}
		}
	}
	for name, s := range snippets {
		switch {
		case s.silent && len(s.want) > 0:
			t.Errorf("%s: labelled `expect: none` and expects findings", name)
		case !s.silent && len(s.want) == 0:
			t.Errorf("%s: no labels: write `// expect: CHECK` where each finding starts, or `// expect: none`", name)
		}
	}
	return snippets
}

// run analyses each package with the suite and records its findings in
// their snippets. Packages run one at a time, so a panic is caught and
// charged to its snippet. Then it applies every suggested fix, as -fix
// does: a silent snippet must come out unchanged, and every snippet must
// still type-check and be gofmt-clean.
func run(t *testing.T, root string, pkgs []*packages.Package, snippets map[string]*snippet) {
	t.Helper()
	a := analyzer.New(analyzer.Default())
	edits := make(map[string][]analysis.TextEdit) // file -> edits of every fix
	var fset *token.FileSet
	for _, p := range pkgs {
		fset = p.Fset
		name := snippetName(relPath(t, root, p.GoFiles[0]))
		s := snippets[name]
		graph, stack := analyze(a, p)
		if stack != "" {
			s.panics = append(s.panics, p.ID)
			t.Logf("%s panicked:\n%s", p.ID, stack)
			continue
		}
		for act := range graph.All() {
			if act.Package != p || act.Analyzer != a {
				continue
			}
			if act.Err != nil {
				t.Errorf("%s: %v", p.ID, act.Err)
			}
			for _, d := range act.Diagnostics {
				posn := fset.Position(d.Pos)
				rel := relPath(t, root, posn.Filename)
				if snippetName(rel) != name {
					t.Errorf("%s: finding outside its snippet at %s", p.ID, posn)
				}
				// One check a diagnostic (issue 18): "offsetwalk+pagesize"
				// was missed by a consumer filtering on a category.
				if !slices.Contains(settings.CheckNames, d.Category) {
					t.Errorf("%s: category %q is not one check's name", posn, d.Category)
				}
				s.got[finding{rel, posn.Line, d.Category}] = true
				for _, fix := range d.SuggestedFixes {
					for _, e := range fix.TextEdits {
						// The position as the user sees it: a cgo
						// package is compiled from generated files whose
						// line directives point at the user's.
						file := fset.Position(e.Pos).Filename
						edits[file] = append(edits[file], e)
					}
				}
			}
		}
	}
	overlay := make(map[string][]byte)
	for file, es := range edits {
		rel := relPath(t, root, file)
		s := snippets[snippetName(rel)]
		src, fixed, err := apply(fset, file, es)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if bytes.Equal(src, fixed) {
			continue
		}
		overlay[file] = fixed
		if s.silent {
			s.rewrites = append(s.rewrites, rel)
		}
		if formatted, err := format.Source(fixed); err == nil && !bytes.Equal(formatted, fixed) {
			s.breaks = append(s.breaks, rel+": not gofmt-clean")
		}
	}
	if len(overlay) > 0 {
		typecheck(t, root, overlay, snippets)
	}
	for _, s := range snippets {
		slices.Sort(s.rewrites)
		s.rewrites = slices.Compact(s.rewrites)
		slices.Sort(s.breaks)
		s.breaks = slices.Compact(s.breaks)
	}
}

// typecheck loads the corpus again with the fixed files in place of the
// originals and charges every error to its snippet.
func typecheck(t *testing.T, root string, overlay map[string][]byte, snippets map[string]*snippet) {
	t.Helper()
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:     root,
		Tests:   true,
		Env:     loadEnv(),
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool) // one error a file: the first tells
	for _, p := range pkgs {
		for _, e := range p.Errors {
			file, _, _ := strings.Cut(e.Pos, ":")
			if seen[file] {
				continue
			}
			seen[file] = true
			if file == "" || !filepath.IsAbs(file) {
				t.Errorf("%s: after -fix: %v", p.ID, e)
				continue
			}
			rel := relPath(t, root, file)
			s := snippets[snippetName(rel)]
			if s == nil {
				t.Errorf("%s: after -fix: %v", p.ID, e)
				continue
			}
			pos := e.Pos
			if r, err := filepath.Rel(root, pos); err == nil {
				pos = filepath.ToSlash(r)
			}
			s.breaks = append(s.breaks, pos+": "+e.Msg)
		}
	}
}

// analyze runs a on p and its dependencies in this goroutine, and returns
// the stack of a panic instead of dying of it.
func analyze(a *analysis.Analyzer, p *packages.Package) (graph *checker.Graph, stack string) {
	defer func() {
		if r := recover(); r != nil {
			stack = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, []*packages.Package{p}, &checker.Options{Sequential: true})
	if err != nil {
		return nil, err.Error()
	}
	return graph, ""
}

// apply applies edits (those of every fix, as -fix does) to file and
// returns its text before and after.
func apply(fset *token.FileSet, file string, edits []analysis.TextEdit) (src, fixed []byte, err error) {
	src, err = os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	// Offsets from the line and column the user sees, not from the file
	// the compiler read (see run).
	lineStart := []int{0, 0} // lineStart[n] is the offset of line n
	for i, c := range src {
		if c == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	offset := func(pos token.Pos) (int, error) {
		p := fset.Position(pos)
		if p.Filename != file || p.Line >= len(lineStart) {
			return 0, fmt.Errorf("fix edit at %s outside %s", p, file)
		}
		return lineStart[p.Line] + p.Column - 1, nil
	}
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		start, err := offset(e.Pos)
		if err != nil {
			return nil, nil, err
		}
		stop, err := offset(end)
		if err != nil {
			return nil, nil, err
		}
		spans = append(spans, span{start, stop, string(e.NewText)})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	spans = slices.Compact(spans) // a package and its test variant report alike
	var out bytes.Buffer
	last := 0
	for _, s := range spans {
		if s.start < last {
			return nil, nil, fmt.Errorf("overlapping fixes at offset %d", s.start)
		}
		out.Write(src[last:s.start])
		out.WriteString(s.text)
		last = s.end
	}
	out.Write(src[last:])
	return src, out.Bytes(), nil
}

func relPath(t *testing.T, root, file string) string {
	rel, err := filepath.Rel(root, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel)
}

// snippetName is the PATTERN/NAME part of a path relative to the corpus
// directory, or "" for a file outside a snippet.
func snippetName(rel string) string {
	parts := strings.Split(rel, "/")
	if len(parts) < 3 {
		return ""
	}
	return parts[0] + "/" + parts[1]
}

const pinHeader = `# Snippets of testdata/corpus that rowalign gets wrong today, one a line:
# PATTERN/NAME: how its findings differ from its labels. TestCorpus fails
# when a snippet's result differs from this list in either direction;
# go test ./tests/corpus -run TestCorpus -update rewrites it.
`

func readPin(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(pinFile)
	if err != nil {
		t.Fatal(err)
	}
	pinned := make(map[string]string)
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s: malformed line %q", pinFile, line)
		}
		pinned[name] = why
	}
	return pinned
}

func writePin(t *testing.T, now map[string]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString(pinHeader)
	for _, name := range slices.Sorted(maps.Keys(now)) {
		fmt.Fprintf(&b, "%s: %s\n", name, now[name])
	}
	if err := os.WriteFile(pinFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
