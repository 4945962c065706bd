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
		{"0364100", 122_880, "0360000"},
		{"0O750000", 245_760, "0O740000"},
		{"0_364_100", 122_880, "0_36_0000"},
	} {
		if got := FormatLike(tc.lit, tc.v); got != tc.want {
			t.Errorf("FormatLike(%q, %d) = %q, want %q", tc.lit, tc.v, got, tc.want)
		}
	}
}

func TestFormatFloatLike(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		v    int64
		want string
	}{
		{"1e6", 983_040, "9.8304e5"},
		{"1E5", 122_880, "1.2288E5"},
		{"2.5e5", 245_760, "2.4576e5"},
		{"250000.0", 245_760, "245760.0"},
		{"250_000.", 245_760, "245_760."},
		{"0x1p17", 122_880, "0x1.ep+16"},
		{"1e7", 9_830_400, "9.8304e6"},
		{"5e5", 491_520, "4.9152e5"},
	} {
		if got := formatFloatLike(tc.lit, tc.v); got != tc.want {
			t.Errorf("formatFloatLike(%q, %d) = %q, want %q", tc.lit, tc.v, got, tc.want)
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
