package rowgroup_test

import (
	"testing"

	"github.com/rowalign/rowalign/internal/rowgroup"
)

func TestFill(t *testing.T) {
	for _, c := range []struct {
		name   string
		live   int64
		groups []int64
		want   float64
	}{
		// 1,000,000 rows loaded whole: what rowalign-sweep called 90.4 %
		// full (live over groups x unit) and rowalign-db audit 100 %.
		{"whole", 1_000_000, []int64{122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 122_880, 16_960}, 100},
		{"partial mid-table", 254_240, []int64{122_880, 8_480, 122_880}, 100 * 254_240.0 / 368_640},
		{"deleted rows", 61_440, []int64{122_880}, 50},
		{"all rows deleted", 0, []int64{122_880, 1_000}, 0},
		{"no groups", 0, nil, 100},
		{"not checkpointed yet", 2_000, []int64{1_000}, 100},
		{"larger unit", 409_600, []int64{204_800, 204_800}, 100},
	} {
		if got := rowgroup.Fill(c.live, c.groups); got != c.want {
			t.Errorf("%s: Fill(%d, %v) = %v, want %v", c.name, c.live, c.groups, got, c.want)
		}
	}
}
