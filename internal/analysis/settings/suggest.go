package settings

// Suggest returns the one of names closest to name, a misspelling of
// one of them, or "" when none is close enough or two are as close: it
// is the "did you mean" of a misspelt flag (-chekcs) and of a misspelt
// -checks word (-checks=pagesise).
func Suggest(name string, names []string) string {
	best, bestDist, tie := "", maxSuggestDistance(name)+1, false
	for _, n := range names {
		switch d := EditDistance(name, n); {
		case d < bestDist:
			best, bestDist, tie = n, d, false
		case d == bestDist:
			tie = true
		}
	}
	if bestDist == 0 || tie {
		return ""
	}
	return best
}

// maxSuggestDistance is how far a misspelling may be from a real name for
// Suggest to offer it: two edits (a swapped pair counts one), the usual
// typo, as in -chekcs or -fxi; one for names of three or four letters;
// none for shorter ones, so that -x does not suggest -c.
func maxSuggestDistance(name string) int {
	switch {
	case len(name) <= 2:
		return 0
	case len(name) <= 4:
		return 1
	}
	return 2
}

// EditDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of two neighbours.
func EditDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
