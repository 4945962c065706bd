package storage

// Estimate is what an aligned rewrite of one table would change, estimated
// from the audit alone (docs/audit.md, "How the estimate is made").
type Estimate struct {
	// Groups is the row groups after the rewrite: ceil(Rows / Unit).
	Groups int `json:"groups"`
	// SavedGroups is the groups the rewrite removes.
	SavedGroups int `json:"saved_groups"`
	// Bytes is the stored bytes expected after the rewrite.
	Bytes int64 `json:"bytes"`
	// SavedBytes is StoredBytes - Bytes (never negative).
	SavedBytes int64 `json:"saved_bytes"`
	// ScanSavedPct is the share of a full scan's work the rewrite saves: a
	// scan reads every stored segment, so its work follows the stored
	// bytes.
	ScanSavedPct float64 `json:"scan_saved_pct"`
}

// rewriteBytesFactor scales the estimate's bytes (the table's whole
// groups' bytes per row times the live rows) to what a real rewrite
// stores. Calibrated once against a real rewrite of the damaged demo
// table; see docs/audit.md, "Calibration".
const rewriteBytesFactor = 1.0

// estimate predicts an aligned rewrite from t's groups. The rewrite stores
// the live rows in ceil(Rows/Unit) groups, all whole but the last. A whole
// group compresses as the table's own whole groups do, so the bytes per
// row of the stored whole groups times the live rows is the expected size.
// Partial groups cost more per row (each starts new segments for every
// column, and smaller segments compress worse), deleted rows cost their
// full size: that difference is the saving. A table with no whole group
// falls back on all its groups' bytes per row.
func estimate(t *Table) Estimate {
	e := Estimate{Groups: int((t.Rows + t.Unit - 1) / t.Unit)}
	e.SavedGroups = max(0, t.Groups()-e.Groups)
	if t.StoredRows == 0 || t.StoredBytes == 0 {
		return e
	}
	if !t.Damaged() {
		// Already whole: a rewrite stores the same groups again.
		e.Bytes = t.StoredBytes
		return e
	}
	var wholeRows, wholeBytes int64
	for i, n := range t.GroupRows {
		if n == t.Unit && i < len(t.groupBytes) {
			wholeRows += n
			wholeBytes += t.groupBytes[i]
		}
	}
	if wholeRows == 0 {
		wholeRows, wholeBytes = t.StoredRows, t.StoredBytes
	}
	perRow := float64(wholeBytes) / float64(wholeRows) * rewriteBytesFactor
	e.Bytes = min(t.StoredBytes, int64(perRow*float64(t.Rows)))
	e.SavedBytes = t.StoredBytes - e.Bytes
	e.ScanSavedPct = 100 * float64(e.SavedBytes) / float64(t.StoredBytes)
	return e
}
