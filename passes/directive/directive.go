package directive

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

//go:embed doc.go
var doc string

// Check is the directive check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = check.Define(settings.Directive, doc, run)

func run(in *check.Input) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, c := range in.Directives.Missing {
		out = append(out, analysis.Diagnostic{
			Pos:     c.Pos(),
			End:     c.End(),
			Message: "rowalign:ignore needs a reason: write //rowalign:ignore followed by why this size is right, so the next reader knows",
		})
	}
	return out
}
