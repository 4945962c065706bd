package ssaflow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
)

// src holds one function per pattern; each passes the size it traces to
// use, and the test lists the constants each use is traced to.
const src = `package p

import (
	"cmp"
	"flag"
	"iter"
	"os"
	"strconv"
)

func use(int) {}

func compute() int { return len(os.Args) }

const pageSize = 250_000

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

func envSize() int { n, _ := strconv.Atoi(os.Getenv("N")); return n }

var global = flag.Int("global", 300_000, "rows")

func flagInt() {
	page := flag.Int("page", 100000, "rows per page")
	flag.Parse()
	use(*page)
}

func flagVar() {
	var batch int
	flag.IntVar(&batch, "batch", 200_000, "rows per commit")
	flag.Parse()
	use(batch)
}

func flagSet(args []string) {
	fs := flag.NewFlagSet("etl", flag.ExitOnError)
	n := fs.Int64("n", 150_000, "rows")
	fs.Parse(args)
	use(int(*n))
}

func flagGlobal() { use(*global) }

func env() { use(envInt("PAGE", 250_001)) }

func cmpOr() { use(cmp.Or(envSize(), 250_002)) }

func zeroDefault(n int) {
	if n == 0 {
		n = 100_001
	}
	use(n)
}

func overwritten() {
	n := 100_002
	n = compute()
	use(n)
}

func maybeOverwritten() {
	batch := 200_001
	if v := os.Getenv("BATCH"); v != "" {
		batch, _ = strconv.Atoi(v)
	}
	use(batch)
}

type config struct{ page int }

func (c *config) PageSize() int {
	if c.page == 0 {
		return pageSize
	}
	return c.page
}

func method(c *config) { use(c.PageSize()) }

func closure() {
	size := 100_003
	f := func() { use(size) }
	f()
}

func goStmt() {
	for off := 0; off < 10; off += 100_004 {
		go func(lo, n int) { use(n) }(off, 100_004)
	}
}

func deferStmt() {
	defer func(n int) { use(n) }(100_005)
}

func localClosure() {
	walk := func(n int) { use(n) }
	walk(100_006)
}

type job struct{ off, n int }

func channel() {
	jobs := make(chan job)
	ints := make(chan int)
	go func() {
		for j := range jobs {
			use(j.n)
		}
	}()
	go func() {
		for n := range ints {
			use(n)
		}
	}()
	jobs <- job{off: 0, n: 100_007}
	ints <- 100_008
}

func spans(total, step int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for lo := 0; lo < total; lo += step {
			if !yield(lo, step) {
				return
			}
		}
	}
}

func iterator() {
	for _, n := range spans(1_000_000, 100_009) {
		use(n)
	}
}

func computed() { use(compute()) }

func plusOne(n int) { use(n + 1) }

func callPlusOne() { plusOne(100_010) }

func generic[T any](n int, v T) { use(n) }

func callGeneric() { generic(100_011, "x") }

var globalPage = 100_012

func globalVar() { use(globalPage) }

type settings struct{ rows, named int }

var defaults = settings{rows: 100_013, named: pageSize}

func fieldAssign(s *settings) {
	s.rows = 100_014
	use(s.rows)
}

func namedField() { use(defaults.named) }

func escaped() {
	n := 100_015
	parse(&n)
	use(n)
}

func parse(p *int) {}
`

// want lists, for each function, the constants its use is traced to.
var want = map[string][]string{
	"flagInt":          {"100000"},
	"flagVar":          {"200_000"},
	"flagSet":          {"150_000"},
	"flagGlobal":       {"300_000"},
	"env":              {"250_001"},
	"cmpOr":            {"250_002"},
	"zeroDefault":      {"100_001"},
	"overwritten":      nil,
	"maybeOverwritten": {"200_001"},
	"method":           {"pageSize"},
	"closure":          {"100_003"},
	"goStmt":           {"100_004"},
	"deferStmt":        {"100_005"},
	"localClosure":     {"100_006"},
	"channel":          {"100_007", "100_008"},
	"iterator":         {"100_009"},
	"computed":         nil,
	"plusOne":          {"100_010"},
	"generic":          {"100_011"},
	"globalVar":        {"100_012"},
	"fieldAssign":      {"100_013", "100_014"},
	"namedField":       {"pageSize"},
	"escaped":          {"100_015"},
}

func TestSources(t *testing.T) {
	fset, f, pkg, info := check(t, src)
	prog := ssaflow.New(fset, pkg, info, []*ast.File{f}, false)
	got := make(map[string][]string)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		for _, arg := range uses(fd) {
			srcs, ok := prog.Sources(arg)
			if !ok {
				got[fd.Name.Name] = append(got[fd.Name.Name], "no answer")
			}
			for _, s := range srcs {
				got[fd.Name.Name] = append(got[fd.Name.Name], src[fset.Position(s.Expr.Pos()).Offset:fset.Position(s.Expr.End()).Offset])
			}
		}
	}
	for name, w := range want {
		g := got[name]
		slices.Sort(g)
		if !slices.Equal(g, w) {
			t.Errorf("%s: traced to %s, want %s", name, strings.Join(g, ", "), strings.Join(w, ", "))
		}
	}
}

// TestNoAnswer: a package with type errors gets no SSA, and a builder
// panic is no SSA either; the callers fall back on syntax.
func TestNoAnswer(t *testing.T) {
	fset, f, pkg, info := check(t, src)
	var arg ast.Expr
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "flagInt" {
			arg = uses(fd)[0]
		}
	}
	if _, ok := ssaflow.New(fset, pkg, info, []*ast.File{f}, true).Sources(arg); ok {
		t.Error("a package with type errors got an answer")
	}
	defer ssaflow.SetBuildHook(func(*ssa.Package) { panic("builder bug") })()
	if _, ok := ssaflow.New(fset, pkg, info, []*ast.File{f}, false).Sources(arg); ok {
		t.Error("a package whose build panicked got an answer")
	}
}

// uses returns the arguments of the calls of use in fd.
func uses(fd *ast.FuncDecl) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fd, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				out = append(out, call.Args[0])
			}
		}
		return true
	})
	return out
}

func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Package, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, pkg, info
}
