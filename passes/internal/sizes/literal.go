package sizes

import (
	"strconv"
	"strings"
)

// FormatLike formats v in the style of the Go integer literal lit: the
// same base prefix (a legacy octal 0 too), and digit separators when lit
// has them (250_000 becomes 245_760). An empty lit gives plain decimal.
// attachsize writes its literals with it too.
func FormatLike(lit string, v int64) string {
	lower := strings.ToLower(lit)
	prefix, base := "", 10
	switch {
	case strings.HasPrefix(lower, "0x"):
		prefix, base = lit[:2], 16
	case strings.HasPrefix(lower, "0b"):
		prefix, base = lit[:2], 2
	case strings.HasPrefix(lower, "0o"):
		prefix, base = lit[:2], 8
	case isLegacyOctal(lit):
		// 0364100: dropping the 0 would make the digits decimal.
		prefix, base = "0", 8
	}
	digits := strconv.FormatInt(v, base)
	if base == 16 && strings.ToUpper(lit[2:]) == lit[2:] && strings.ContainsAny(lit[2:], "ABCDEF") {
		digits = strings.ToUpper(digits)
	}
	if strings.Contains(lit, "_") {
		group := 3
		if base != 10 {
			group = 4
		}
		digits = groupDigits(digits, group)
		if len(prefix) == 2 && strings.HasPrefix(lit[2:], "_") || prefix == "0" && strings.HasPrefix(lit[1:], "_") {
			digits = "_" + digits
		}
	}
	return prefix + digits
}

// isLegacyOctal reports whether lit is an octal literal written the C
// way, with a leading 0 and no o.
func isLegacyOctal(lit string) bool {
	if len(lit) < 2 || lit[0] != '0' {
		return false
	}
	return strings.Trim(lit[1:], "01234567_") == ""
}

// formatFloatLike formats the whole number v as a floating-point literal
// in the style of lit, so that a constant written 1e6 stays an untyped
// float constant: 9.8304e5 for an exponent (e or E as lit writes it),
// 983040.0 for a decimal point, 0x1.ep+16 for a hexadecimal float.
func formatFloatLike(lit string, v int64) string {
	lower := strings.ToLower(lit)
	if strings.HasPrefix(lower, "0x") {
		return lit[:2] + strings.TrimPrefix(strconv.FormatFloat(float64(v), 'x', -1, 64), "0x")
	}
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		digits := strconv.FormatInt(v, 10)
		exp := len(digits) - 1
		mant := strings.TrimRight(digits, "0")
		if len(mant) > 1 {
			mant = mant[:1] + "." + mant[1:]
		}
		return mant + lit[i:i+1] + strconv.Itoa(exp)
	}
	digits := strconv.FormatInt(v, 10)
	if strings.Contains(lit, "_") {
		digits = groupDigits(digits, 3)
	}
	if strings.HasSuffix(lit, ".") {
		return digits + "."
	}
	return digits + ".0"
}

func groupDigits(s string, n int) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%n == 0 {
			b.WriteByte('_')
		}
		b.WriteRune(c)
	}
	return b.String()
}
