package sqltext

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// stubs are just enough of fmt and strconv for the type checker.
var stubs = map[string]string{
	"fmt":     "package fmt\nfunc Sprintf(format string, a ...any) string { return \"\" }\nfunc Sprint(a ...any) string { return \"\" }",
	"strconv": "package strconv\nfunc Itoa(i int) string { return \"\" }",
}

type stubImporter struct {
	fset *token.FileSet
	pkgs map[string]*types.Package
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	f, err := parser.ParseFile(im.fset, path+".go", stubs[path], 0)
	if err != nil {
		return nil, err
	}
	p, err := new(types.Config).Check(path, im.fset, []*ast.File{f}, nil)
	im.pkgs[path] = p
	return p, err
}

// FuzzReconstruct builds Go code that assembles SQL from the fuzzed
// fragments by concatenation, strconv, fmt.Sprintf and constants, and
// checks that the reconstructed text is the SQL with a hole per Go value,
// and that every number a fix could rewrite stands at its reported
// position in the source.
func FuzzReconstruct(f *testing.F) {
	f.Add("SELECT * FROM t LIMIT ", " OFFSET ?", uint8(0))
	f.Add("SELECT * FROM t LIMIT 250000 OFFSET ", "", uint8(1))
	f.Add("SELECT * FROM t WHERE rowid >= ", " AND rowid < 245760", uint8(2))
	f.Add("100%", "LIMIT 5", uint8(1))
	f.Add("a\n\"b`", "LIMIT 1_000", uint8(3))
	f.Fuzz(func(t *testing.T, s1, s2 string, mode uint8) {
		var expr, want string
		switch mode % 4 {
		case 0:
			expr = strconv.Quote(s1) + " + strconv.Itoa(n) + " + strconv.Quote(s2)
			want = s1 + "{?}" + s2
		case 1:
			esc := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
			expr = "fmt.Sprintf(" + strconv.Quote(esc(s1)+"%d"+esc(s2)) + ", n)"
			want = s1 + "{?}" + s2
		case 2:
			expr = "q + " + strconv.Quote(s2)
			want = s1 + s2
		case 3:
			if strings.ContainsAny(s1, "`\r") {
				return // not expressible as a raw string
			}
			expr = "`" + s1 + "` + " + strconv.Quote(s2)
			want = s1 + s2
		}
		src := "package p\nimport (\"fmt\"; \"strconv\")\nvar _ = fmt.Sprint\nvar _ = strconv.Itoa\nconst q = " + strconv.Quote(s1) +
			"\nfunc f(n int) string { return " + expr + " }\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Skip() // a fragment the Go parser rejects (invalid UTF-8 and the like)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: &stubImporter{fset: fset, pkgs: map[string]*types.Package{}}}
		if _, err := conf.Check("p", fset, []*ast.File{file}, info); err != nil {
			t.Skip()
		}
		var ret ast.Expr
		ast.Inspect(file, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok {
				ret = r.Results[0]
			}
			return true
		})
		b := &builder{info: info, flow: flow.New(info, []*ast.File{file})}
		text := b.eval(ret, 0)
		if got := text.String(); got != want {
			t.Fatalf("reconstructed %q, want %q\nsource:\n%s", got, want, src)
		}
		q := &Query{Text: text}
		for _, tk := range lex(text) {
			if tk.Kind != Number {
				continue
			}
			pos, ok := q.NumberPos(&Operand{Tok: tk})
			if !ok {
				continue
			}
			off := fset.Position(pos).Offset
			if off < 0 || off+len(tk.Text) > len(src) || src[off:off+len(tk.Text)] != tk.Text {
				t.Fatalf("number %q reported at offset %d of\n%s", tk.Text, off, src)
			}
		}
	})
}
