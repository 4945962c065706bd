package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// thousands formats n with comma separators.
var thousands = bench.Thousands

// mb formats bytes in decimal megabytes, as the docs' file sizes are.
func mb(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// plural writes n and the noun, in the plural unless n is 1: an s, or es
// after an x ("indexes").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "x") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// change says how a size moved from old to new bytes, the way a reader
// asks it: how much smaller (or larger) in percent of the old size, and
// the bytes.
func change(old, new int64) string {
	switch {
	case old <= 0:
		return "from an empty file"
	case new < old:
		return fmt.Sprintf("%.1f%% smaller (%s returned)", 100*float64(old-new)/float64(old), mb(old-new))
	case new > old:
		return fmt.Sprintf("%.1f%% larger (%s more)", 100*float64(new-old)/float64(old), mb(new-old))
	}
	return "the same size"
}

// printPhases writes where the time went: a line per phase, wall and CPU
// seconds (the process's, every thread) and the peak resident memory so
// far, and the total.
func printPhases(w io.Writer, cmd string, phases []storage.Phase) {
	var wall, cpu float64
	var rss int64
	for _, p := range phases {
		fmt.Fprintf(w, "rowalign-db %s: phase %-10s %7.2f s wall %7.2f s cpu  peak RSS %5d MiB\n", cmd, p.Name, p.Seconds, p.CPUSeconds, p.PeakRSSBytes>>20)
		wall += p.Seconds
		cpu += p.CPUSeconds
		rss = max(rss, p.PeakRSSBytes)
	}
	fmt.Fprintf(w, "rowalign-db %s: phase %-10s %7.2f s wall %7.2f s cpu  peak RSS %5d MiB\n", cmd, "total", wall, cpu, rss>>20)
}
