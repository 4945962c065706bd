package attachsize

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

//go:embed doc.go
var doc string

// Check is the attachsize check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = check.Define(settings.AttachSize, doc, run)

// storageOption is the oldest storage version that accepts row groups of
// 122,880 rows or more (DuckDB 1.5.6 rejects them without it, 2026-11-30;
// docs/measurements.md#attach-row_group_size).
const storageOption = "STORAGE_VERSION 'v1.2.0'"

// vector is DuckDB's vector size, the unit of ROW_GROUP_SIZE.
const vector = settings.VectorSize

// run reports ROW_GROUP_SIZE options DuckDB will reject or not honour,
// before they fail at run time.
func run(in *check.Input) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, q := range in.Walks.Queries {
		if d, ok := judge(in, q); ok {
			out = append(out, d)
		}
	}
	return out
}

func judge(in *check.Input, q *sqltext.Query) (analysis.Diagnostic, bool) {
	s := q.Shape
	op := s.Options["ROW_GROUP_SIZE"]
	sz, ok := sizeOf(in, q, op)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	n := sz.value
	d := analysis.Diagnostic{Pos: sz.pos, End: sz.end}
	// A fix adds the storage version next to the size; where an older one
	// is written already, the user changes it by hand. Where a new enough
	// one is written, the fix changes the size alone (issue 24: it gave
	// none).
	_, hasVersion := s.Options["STORAGE_VERSION"]
	// DuckDB 2.0's default storage format takes row groups of 122,880
	// rows or more: on 2.0.0 a new file attached with ROW_GROUP_SIZE
	// 204800 and no STORAGE_VERSION loaded 1,000,000 rows in 4 x 204,800
	// + 180,800 (docs/measurements.md#duckdb-20-beside-156). An existing
	// file keeps its format: one of storage version 64 (what DuckDB 1.5.6
	// and older write by default) rejects the size on 2.0.0 as on 1.5.6
	// and takes it with STORAGE_VERSION 'v1.2.0', which makes it 65; one
	// of 65 to 69 takes it without, and refuses 'v1.2.0' from 66 on (a
	// file's version is never lowered), 2026-12-07
	// (docs/measurements.md#attach-row_group_size). So in a module that
	// links 2.0 the size without a version is reported with the case it
	// fails in, and no fix: adding 'v1.2.0' would break the files of 66
	// to 69 that attach today.
	newFormat := in.Linked().Major >= 2
	needsVersion := func(n int64) bool {
		return (!newFormat || hasVersion) && n >= settings.RowGroupSize && !storageAtLeast(s.Options["STORAGE_VERSION"], 1, 2)
	}
	// The size's value must go into this statement alone: a constant
	// also used as a page size, or logged, changes with it (issue 24).
	alone := func() bool { return sz.onlyHere(in, q) == "" }
	fixable := func(edits []analysis.TextEdit) bool {
		return len(edits) > 0 && !slices.ContainsFunc(edits, func(e analysis.TextEdit) bool { return !e.Pos.IsValid() })
	}
	fix := func(msg string, edits ...analysis.TextEdit) {
		if fixable(edits) {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
		}
	}
	switch {
	case s.Kind == sqltext.Attach && n%vector != 0:
		m := max((n+vector/2)/vector*vector, vector)
		edits := sz.rewrite(m)
		// The message says what the fix writes, 149_504 for 150_000 (it
		// said 149504, issue 18), or without a fix the size to write.
		use := strconv.FormatInt(m, 10)
		if !alone() {
			edits = nil
		}
		if fixable(edits) {
			use = sz.written(m)
		}
		fixMsg := "Use " + use
		if needsVersion(m) {
			// 122,880 rows or more need the newer storage format too, on
			// a new file; the fix writes the size alone (noVersionFix).
			use += " with " + storageOption
			d.Related = noVersionFix(d, "68")
		} else if newFormat && !hasVersion && m >= settings.RowGroupSize {
			// On 2.0 a new file takes the rounded size as it is; a file
			// of storage version 64 still rejects it (measure attachold).
			use += " (and " + storageOption + " for a file of storage version 64)"
			d.Related = noVersionFix(d, "69")
		}
		d.Message = fmt.Sprintf("ATTACH ... (ROW_GROUP_SIZE %s): DuckDB rejects a size that is not a multiple of its vector size %d; use %s", sz.text(), vector, use)
		fix(fixMsg, edits...)
	case s.Kind == sqltext.Attach && needsVersion(n):
		d.Message = fmt.Sprintf("ATTACH ... (ROW_GROUP_SIZE %s) without %s or later: older storage formats reject row groups of 122,880 rows or more; add it", sz.text(), storageOption)
		d.Related = noVersionFix(d, "68")
	case s.Kind == sqltext.Attach && newFormat && !hasVersion && n >= settings.RowGroupSize:
		d.Message = fmt.Sprintf("ATTACH ... (ROW_GROUP_SIZE %s) without STORAGE_VERSION: DuckDB 2.0 rejects it on a file of storage version 64 (DuckDB 1.5's default); add %s for those", sz.text(), storageOption)
		d.Related = noVersionFix(d, "69")
	case s.Kind == sqltext.Copy && n < vector && isParquet(s):
		d.Message = fmt.Sprintf("COPY ... (FORMAT parquet, ROW_GROUP_SIZE %s): below DuckDB's vector size %d, the Parquet writer fills row groups a vector at a time (unmeasured); use %d+", sz.text(), vector, vector)
	default:
		return d, false
	}
	return d, true
}

// noVersionFix says why no fix adds the storage version: whether the
// attached file exists, and in which storage version, is not in the source.
// One of storage version 65 up to newest (68 on DuckDB 1.5.6, 69 on 2.0.0)
// takes a row group of 122,880 rows or more without STORAGE_VERSION, and
// one of 66 or later refuses 'v1.2.0' (a file's version is never lowered):
// measured on both, 2026-12-07 (docs/measurements.md#attach-row_group_size,
// go run ./duckdb/internal/cmd/measure attachold). The fix would break the attach of
// such a file that works today, which changes what the program does.
func noVersionFix(d analysis.Diagnostic, newest string) []analysis.RelatedInformation {
	msg := "no storage version in the fix: a file of storage version 65 to " + newest + " takes the size without it, and one of 66 or later refuses 'v1.2.0' (docs/measurements.md#attach-row_group_size)"
	if newest == "69" {
		msg = "no fix: a new file, or one of storage version 65 to 69, takes the size without it, and one of 66 or later refuses 'v1.2.0' (docs/measurements.md#attach-row_group_size)"
	}
	return []analysis.RelatedInformation{{Pos: d.Pos, End: d.End, Message: msg}}
}

// storageAtLeast reports whether a STORAGE_VERSION option names version
// major.minor or later; an unknown spelling counts as new enough, so that
// rowalign stays silent where it cannot tell.
func storageAtLeast(op *sqltext.Operand, major, minor int) bool {
	if op == nil || op.Tok.Kind != sqltext.String {
		return false
	}
	v := strings.TrimPrefix(strings.ToLower(op.Tok.Text), "v")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return true
	}
	ma, err1 := strconv.Atoi(parts[0])
	mi, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return true
	}
	return ma > major || ma == major && mi >= minor
}

func isParquet(s sqltext.Shape) bool {
	if f := s.Options["FORMAT"]; f != nil {
		return strings.EqualFold(f.Tok.Text, "parquet") || strings.EqualFold(strings.Trim(f.Tok.Text, "'"), "parquet")
	}
	return true // COPY ... TO 'x.parquet' infers the format; ROW_GROUP_SIZE is Parquet's option
}
