package pagewalk

import (
	"go/ast"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// polls reports whether loop waits on the clock between its queries
// (code.Polls: time.Sleep, a receive from a time channel, a range over
// one). Such a loop follows the rows other writers add (an outbox
// poller, a change feed): each query reads what is new since the last
// key, a few rows, not the rest of a table, so neither the walk's
// strategy nor its page size costs what a whole-table walk's does, and
// the pager, which walks one snapshot, is no replacement. A walk that
// sleeps between pages only to go easy on the database is missed with
// them: precision first.
func (w *walker) polls(loop ast.Node) bool { return code.Polls(w.info, loop) }
