// Command noopvet is a go vet tool with one analyzer whose Run does
// nothing: the baseline scripts/vetbench measures rowalign's cost outside
// DuckDB code against. Everything but the analysis (type checking the
// package from source, reading export data, the vet protocol) is the same.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: report nothing, as a baseline",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { singlechecker.Main(analyzer) }
