package pager_test

import (
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// TestFill: the one fill definition rowalign-db audit and rowalign-sweep
// report through (duckdb/cmd/rowalign-sweep's TestFillMatchesAudit checks that
// they agree on a real file). It needs no driver: the runtime module's
// tests run without DuckDB.
func TestFill(t *testing.T) {
	for _, c := range []struct {
		name   string
		live   int64
		groups []int64
		want   float64
	}{
		// 1,000,000 rows loaded whole: what rowalign-sweep called 90.4 %
		// full (live over groups x unit) and rowalign-db audit 100 %.
		{"whole", 1_000_000, []int64{122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 16_960}, 1},
		{"partial mid-table", 254_240, []int64{122_880, 8_480, 122_880}, 254_240.0 / 368_640},
		{"deleted rows", 61_440, []int64{122_880}, 0.5},
		{"all rows deleted", 0, []int64{122_880, 1_000}, 0},
		{"no groups", 0, nil, 1},
		{"not checkpointed yet", 2_000, []int64{1_000}, 1},
		{"larger unit", 409_600, []int64{204_800, 204_800}, 1},
	} {
		l := pager.Layout{Live: c.live}
		for _, n := range c.groups {
			l.Groups = append(l.Groups, pager.Group{Count: n})
		}
		if got := l.Fill(); got != c.want {
			t.Errorf("%s: Fill of %d live rows in %v = %v, want %v", c.name, c.live, c.groups, got, c.want)
		}
	}
}
