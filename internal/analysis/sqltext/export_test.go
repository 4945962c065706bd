package sqltext

import "go/ast"

// holeExpr stands for a Go value in hand-built texts.
var holeExpr ast.Expr = &ast.Ident{Name: "x"}
