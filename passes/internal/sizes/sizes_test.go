package sizes

import "testing"

func TestFormatLike(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		v    int64
		want string
	}{
		{"250000", 245_760, "245760"},
		{"250_000", 245_760, "245_760"},
		{"0x3D090", 245_760, "0x3C000"},
		{"0x3d090", 245_760, "0x3c000"},
		{"0x_3_d090", 245_760, "0x_3_c000"},
		{"0b1", 2_048, "0b100000000000"},
		{"0o1_000", 4_096, "0o1_0000"},
		{"", 122_880, "122880"},
	} {
		if got := formatLike(tc.lit, tc.v); got != tc.want {
			t.Errorf("formatLike(%q, %d) = %q, want %q", tc.lit, tc.v, got, tc.want)
		}
	}
}

func TestAligned(t *testing.T) {
	const rg = 122_880
	for v, want := range map[int64]int64{250_000: 245_760, 100_000: 122_880, 10_000: 122_880, 184_320: 245_760, 184_319: 122_880, 500_000: 491_520} {
		if got := aligned(v, rg); got != want {
			t.Errorf("aligned(%d) = %d, want %d", v, got, want)
		}
	}
}
