package ssaflow_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
)

// BenchmarkBuild measures the cost a package pays the first time a size
// is traced in it: building its SSA (imports from types, no bodies) and
// answering one question. net/http stands for a large package (about
// 60,000 lines); database/sql for a typical client package's size.
//
//	go test -run '^$' -bench Build -benchmem ./internal/analysis/ssaflow/
func BenchmarkBuild(b *testing.B) {
	for _, path := range []string{"database/sql", "net/http"} {
		b.Run(path, func(b *testing.B) {
			cfg := &packages.Config{Mode: packages.LoadSyntax}
			pkgs, err := packages.Load(cfg, path)
			if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
				b.Fatalf("load %s: %v %v", path, err, pkgs)
			}
			p := pkgs[0]
			var arg ast.Expr
			ast.Inspect(p.Syntax[0], func(n ast.Node) bool {
				// A non-constant argument: constants are answered without SSA.
				if call, ok := n.(*ast.CallExpr); ok && arg == nil && len(call.Args) > 0 && p.TypesInfo.Types[call.Args[0]].Value == nil {
					arg = call.Args[0]
				}
				return arg == nil
			})
			b.ResetTimer()
			for b.Loop() {
				if _, ok := ssaflow.New(p.Fset, p.Types, p.TypesInfo, p.Syntax, false).Sources(arg); !ok {
					b.Fatal("no SSA answer")
				}
			}
		})
	}
}
