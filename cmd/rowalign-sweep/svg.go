package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"slices"

	"github.com/rowalign/rowalign/internal/duckdb/bench"
)

// colors per strategy, colour-blind safe (Okabe-Ito).
var colors = map[string]string{
	bench.Scan: "#000000", bench.Offset: "#E69F00", bench.OrderBy: "#D55E00", bench.Rowid: "#56B4E9",
	bench.Overlap: "#999999", bench.Pager: "#009E73", bench.Write: "#CC79A7", bench.Copy: "#0072B2",
}

// plot draws wall time against page size (log axis), one line per sized
// strategy, scan and copy as horizontal reference lines, aligned sizes
// marked with a vertical rule and filled points (misaligned: hollow).
func plot(r report) []byte {
	const (
		W, H                   = 1000, 560
		left, right, top, bott = 70, 250, 50, 70
	)
	pw, ph := float64(W-left-right), float64(H-top-bott)
	var sizes []int64
	maxY, minY := 0.0, math.Inf(1)
	for _, res := range r.Results {
		if res.Reps == 0 || res.Wall <= 0 {
			continue
		}
		maxY = math.Max(maxY, res.Wall.Seconds())
		minY = math.Min(minY, res.Wall.Seconds())
		if bench.Sized(res.Config.Strategy) {
			sizes = append(sizes, res.Config.PageRows)
		}
	}
	slices.Sort(sizes)
	sizes = slices.Compact(sizes)
	if maxY == 0 {
		maxY, minY = 1, 0.1
	}
	// A log time axis too: ORDER BY pages can cost 30x the rest.
	maxY = niceCeil(maxY * 1.1)
	minY = niceFloor(minY / 1.1)
	if minY >= maxY {
		minY = maxY / 10
	}
	lo, hi := 1.0, 10.0
	if len(sizes) > 0 {
		lo, hi = float64(sizes[0])/1.6, float64(sizes[len(sizes)-1])*1.6
	}
	x := func(n int64) float64 {
		return float64(left) + pw*(math.Log(float64(n))-math.Log(lo))/(math.Log(hi)-math.Log(lo))
	}
	y := func(s float64) float64 {
		return float64(top) + ph*(1-(math.Log(s)-math.Log(minY))/(math.Log(maxY)-math.Log(minY)))
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", W, H, W, H)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", W, H)
	title := fmt.Sprintf("%s: %s rows, row group %s rows, DuckDB %s", r.Info.Table, bench.Thousands(r.Info.Layout.Live),
		bench.Thousands(r.Info.Layout.RowGroupSize), r.Info.DuckDB)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="%d" y="40" fill="#555">%s</text>`+"\n", left,
		html.EscapeString(fmt.Sprintf("wall time to walk the whole table (writes: walk + CHECKPOINT), median of %d runs; %s; %s", r.Reps, r.Date, r.Machine)))
	// Axes and grid.
	fmt.Fprintf(&b, `<g stroke="#999" fill="none"><line x1="%d" y1="%d" x2="%d" y2="%d"/><line x1="%d" y1="%d" x2="%d" y2="%d"/></g>`+"\n",
		left, top, left, H-bott, left, H-bott, W-right, H-bott)
	for _, v := range ticks(minY, maxY) {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, y(v), W-right, y(v), left-6, y(v)+4, trimFloat(v))
	}
	fmt.Fprintf(&b, `<text x="18" y="%d" transform="rotate(-90 18 %d)" text-anchor="middle">seconds (log scale)</text>`+"\n", top+int(ph/2), top+int(ph/2))
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">page size, rows (log scale)</text>`+"\n", left+int(pw/2), H-12)
	g := r.Info.Layout.RowGroupSize
	lastX, row := math.Inf(-1), 0
	for _, n := range sizes {
		aligned := g > 0 && n%g == 0
		// Stagger the labels of sizes too close to share a line
		// (245,760 and 250,000).
		if x(n)-lastX < 60 {
			row = 1 - row
		} else {
			row = 0
		}
		lastX = x(n)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(n), H-bott+16+14*row, bench.Thousands(n))
		if aligned {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#009E73" stroke-dasharray="2 4" opacity="0.6"/>`+"\n", x(n), top, x(n), H-bott)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#009E73" font-size="10">aligned (%d rg)</text>`+"\n", x(n), top-2, n/g)
		}
	}
	// Reference lines for the unsized strategies.
	legend := 0
	legendItem := func(label, color string, dashed bool) {
		ly := top + 10 + 20*legend
		dash := ""
		if dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/><text x="%d" y="%d">%s</text>`+"\n",
			W-right+15, ly, W-right+40, ly, color, dash, W-right+46, ly+4, html.EscapeString(label))
		legend++
	}
	for _, res := range r.Results {
		if res.Reps == 0 || bench.Sized(res.Config.Strategy) {
			continue
		}
		c := colors[res.Config.Strategy]
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="6 4"/>`+"\n",
			left, y(res.Wall.Seconds()), W-right, y(res.Wall.Seconds()), c)
		legendItem(fmt.Sprintf("%s (%.2f s)", label(res.Config.Strategy), res.Wall.Seconds()), c, true)
	}
	// One line per sized strategy.
	for _, s := range bench.AllStrategies {
		if !bench.Sized(s) {
			continue
		}
		var pts []bench.Result
		for _, res := range r.Results {
			if res.Config.Strategy == s && res.Reps > 0 {
				pts = append(pts, res)
			}
		}
		if len(pts) == 0 {
			continue
		}
		slices.SortFunc(pts, func(a, b bench.Result) int { return int(a.Config.PageRows - b.Config.PageRows) })
		c := colors[s]
		var path bytes.Buffer
		for i, p := range pts {
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&path, "%s%.1f %.1f ", cmd, x(p.Config.PageRows), y(p.Wall.Seconds()))
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", path.String(), c)
		for _, p := range pts {
			fill := "white"
			if p.Aligned {
				fill = c
			}
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="2"><title>%s: %.2f s</title></circle>`+"\n",
				x(p.Config.PageRows), y(p.Wall.Seconds()), fill, c, html.EscapeString(p.Label), p.Wall.Seconds())
		}
		legendItem(label(s), c, false)
	}
	ly := top + 10 + 20*legend + 10
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="4" fill="#555" stroke="#555"/><text x="%d" y="%d">aligned page</text>`+"\n", W-right+27, ly, W-right+46, ly+4)
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="4" fill="white" stroke="#555" stroke-width="2"/><text x="%d" y="%d">misaligned page</text>`+"\n", W-right+27, ly+20, W-right+46, ly+24)
	if r.Interrupted {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#D55E00">interrupted: partial results</text>`+"\n", W-right+15, ly+50)
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func label(s string) string {
	switch s {
	case bench.Scan:
		return "one SELECT *"
	case bench.Offset:
		return "LIMIT/OFFSET"
	case bench.OrderBy:
		return "ORDER BY rowid LIMIT/OFFSET"
	case bench.Rowid:
		return "rowid ranges"
	case bench.Overlap:
		return "rowid ranges, next query overlapped"
	case bench.Pager:
		return "pager.Pages"
	case bench.Write:
		return "write, commit per page"
	case bench.Copy:
		return "pager.Copy"
	}
	return s
}

// niceFloor rounds v down to 1, 2 or 5 times a power of ten.
func niceFloor(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{5, 2, 1} {
		if m*p <= v {
			return m * p
		}
	}
	return p
}

// ticks returns the 1-2-5 values from lo to hi.
func ticks(lo, hi float64) []float64 {
	var out []float64
	for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi; p *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if v := m * p; v >= lo*0.999 && v <= hi*1.001 {
				out = append(out, v)
			}
		}
	}
	return out
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	for len(s) > 1 && (s[len(s)-1] == '0') {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
