package main

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMatchLines: the lines matchLines keeps are equal, in order in both,
// and as many as the longest common subsequence has (dynamic
// programming), on random pairs of texts over a small alphabet.
func TestMatchLines(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	text := func() []string {
		s := make([]string, r.IntN(30))
		for i := range s {
			s[i] = string(rune('a' + r.IntN(4)))
		}
		return s
	}
	for range 2000 {
		a, b := text(), text()
		kept := matchLines(a, b)
		lastJ := -1
		for i := range a {
			j, ok := kept[i]
			if !ok {
				continue
			}
			if j <= lastJ || j >= len(b) || a[i] != b[j] {
				t.Fatalf("matchLines(%q, %q) = %v: pair %d-%d", a, b, kept, i, j)
			}
			lastJ = j
		}
		if want := lcs(a, b); len(kept) != want {
			t.Fatalf("matchLines(%q, %q) keeps %d lines, the longest common subsequence has %d", a, b, len(kept), want)
		}
	}
}

func lcs(a, b []string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				d[i][j] = d[i+1][j+1] + 1
			} else {
				d[i][j] = max(d[i+1][j], d[i][j+1])
			}
		}
	}
	return d[0][0]
}

// TestLineMap: a line a fix left alone moves with the lines a fix added
// above it; a line a fix rewrote stays beside its neighbours.
func TestLineMap(t *testing.T) {
	before := strings.Join([]string{
		"package p",
		`import "database/sql"`,
		"func f() {",
		"	for off := 0; ; off += 250000 {",
		"		walk()",
		"	}",
		"	other()",
		"}",
	}, "\n")
	after := strings.Join([]string{
		"package p",
		"import (",
		`	"database/sql"`,
		`	"example.com/pager"`,
		")",
		"func f() {",
		"	for off := 0; ; off += 245760 {",
		"		walk()",
		"	}",
		"	other()",
		"}",
	}, "\n")
	m := lineMap(before, after)
	for line, want := range map[int]int{1: 1, 3: 6, 4: 7, 5: 8, 7: 10, 8: 11} {
		if got := m(line); got != want {
			t.Errorf("line %d maps to %d, want %d", line, got, want)
		}
	}
}
