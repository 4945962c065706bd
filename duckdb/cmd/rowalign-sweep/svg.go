package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"slices"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// colors per strategy, colour-blind safe (Okabe-Ito, and Tol's wine for
// keyset).
var colors = map[string]string{
	bench.Scan: "#000000", bench.Offset: "#E69F00", bench.OrderBy: "#D55E00", bench.Keyset: "#882255",
	bench.Rowid: "#56B4E9", bench.Overlap: "#999999", bench.Pager: "#009E73", bench.Write: "#CC79A7", bench.Copy: "#0072B2",
}

// The writes panel's colours: an aligned page size, a misaligned one, and
// pager.Copy's one statement.
const (
	alignedColor    = "#009E73"
	misalignedColor = "#D55E00"
	copyColor       = "#0072B2"
)

// Geometry of the plot, in SVG pixels.
const (
	plotW        = 1000
	plotLeft     = 70
	plotRight    = 250 // the legend's column
	writesHeight = 290 // the writes panel, when there are writes
	readsHeight  = 400 // the wall-time panel
)

// plot draws the sweep in two panels. On top, where a reader looks first,
// what a write's page size leaves behind: CHECKPOINT time, file size and
// partial row groups per page size, aligned sizes green, misaligned red,
// pager.Copy blue; these differ by 10x where wall time differs by
// little. Below, wall time per strategy and page size (log time axis),
// page sizes as evenly spaced categories so that 245,760 and 250,000
// stand apart (on a log axis they are 2 % apart and were drawn on top of
// each other), scan and copy as horizontal reference lines.
func plot(r report) []byte {
	var writes []bench.Result
	var cp *bench.Result
	for i, res := range r.Results {
		switch {
		case res.Reps == 0:
		case res.Config.Strategy == bench.Write:
			writes = append(writes, res)
		case res.Config.Strategy == bench.Copy:
			cp = &r.Results[i]
		}
	}
	slices.SortFunc(writes, func(a, b bench.Result) int { return int(a.Config.PageRows - b.Config.PageRows) })
	top := 50
	h := top + readsHeight
	if len(writes) > 0 {
		h += writesHeight
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, h, plotW, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", plotW, h)
	title := fmt.Sprintf("%s: %s rows, row group %s rows, DuckDB %s", r.Info.Table, bench.Thousands(r.Info.Layout.Live),
		bench.Thousands(r.Info.Layout.RowGroupSize), r.Info.DuckDB)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", plotLeft, html.EscapeString(title))
	sub := fmt.Sprintf("median of %d runs; %s; %s", r.Reps, r.Date, r.Machine)
	if r.Load != "" {
		sub += "; " + r.Load
	}
	fmt.Fprintf(&b, `<text x="%d" y="40" fill="#555">%s</text>`+"\n", plotLeft, html.EscapeString(sub))
	if len(writes) > 0 {
		writesPanel(&b, r, writes, cp, top)
		top += writesHeight
	}
	readsPanel(&b, r, top)
	if r.Interrupted {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#D55E00">interrupted: partial results</text>`+"\n", plotW-plotRight+15, h-20)
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// writesPanel draws, from y0 down, one headline comparing the misaligned
// write with its aligned twin, and three bar charts over the writes' page
// sizes (and pager.Copy): CHECKPOINT seconds, file MB, partial row groups.
func writesPanel(b *bytes.Buffer, r report, writes []bench.Result, cp *bench.Result, y0 int) {
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" font-weight="bold">Writes, INSERT ... SELECT per page, each page committed, then CHECKPOINT: what the page size leaves behind</text>`+"\n", plotLeft-50, y0+18)
	for i, line := range twinHeadline(writes, r.Info.Layout.RowGroupSize) {
		fmt.Fprintf(b, `<text x="%d" y="%d" fill="#333">%s</text>`+"\n", plotLeft-50, y0+38+16*i, html.EscapeString(line))
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11"><tspan fill="%s">green: whole row groups (aligned)</tspan>; <tspan fill="%s">red: misaligned</tspan>; <tspan fill="%s">blue: pager.Copy, one statement</tspan></text>`+"\n",
		plotLeft-50, y0+72, alignedColor, misalignedColor, copyColor)
	bars := func(v func(bench.Result) float64, format string) []bar {
		var out []bar
		for _, w := range writes {
			c := misalignedColor
			if w.Aligned {
				c = alignedColor
			}
			out = append(out, bar{bench.Thousands(w.Config.PageRows), v(w), c, format})
		}
		if cp != nil {
			out = append(out, bar{"Copy", v(*cp), copyColor, format})
		}
		return out
	}
	recorded := false
	for _, w := range writes {
		recorded = recorded || w.FileBytes > 0
	}
	const gap = 30
	cw := float64(plotW-2*(plotLeft-50)-2*gap) / 3
	cy, ch := float64(y0+96), float64(writesHeight-96-30)
	x0 := float64(plotLeft - 50)
	barChart(b, x0, cy, cw, ch, "CHECKPOINT, seconds", bars(func(w bench.Result) float64 { return w.Checkpoint.Seconds() }, "%.2f"), true)
	barChart(b, x0+cw+gap, cy, cw, ch, "file size after CHECKPOINT, MB", bars(func(w bench.Result) float64 { return float64(w.FileBytes) / 1e6 }, "%.0f"), recorded)
	barChart(b, x0+2*(cw+gap), cy, cw, ch, "partial row groups (before the last)", bars(func(w bench.Result) float64 { return float64(w.PartialGroups) }, "%.0f"), recorded)
}

// sizeNote says what a page size is in row groups, or "misaligned".
func sizeNote(res bench.Result, g int64) string {
	if res.Aligned && g > 0 {
		return fmt.Sprintf("%d rg", res.Config.PageRows/g)
	}
	return "misaligned"
}

// twinHeadline compares the misaligned write with the aligned write
// nearest its size (250,000 and 245,760 in the default sweep) in two
// lines: what it left, then its wall time; none without such a pair.
func twinHeadline(writes []bench.Result, g int64) []string {
	var mis, al *bench.Result
	best := math.Inf(1)
	for i := range writes {
		for j := range writes {
			m, a := &writes[i], &writes[j]
			if m.Aligned || !a.Aligned {
				continue
			}
			if d := math.Abs(math.Log(float64(m.Config.PageRows) / float64(a.Config.PageRows))); d < best {
				best, mis, al = d, m, a
			}
		}
	}
	if mis == nil || best > math.Log(1.5) {
		return nil
	}
	line := fmt.Sprintf("%s-row pages against %s (%s): CHECKPOINT %.2f s against %.2f s", bench.Thousands(mis.Config.PageRows),
		bench.Thousands(al.Config.PageRows), sizeNote(*al, g), mis.Checkpoint.Seconds(), al.Checkpoint.Seconds())
	if mis.FileBytes > 0 && al.FileBytes > 0 {
		line += fmt.Sprintf(", file %.0f MB against %.0f MB, %d partial row groups against %d", float64(mis.FileBytes)/1e6, float64(al.FileBytes)/1e6,
			mis.PartialGroups, al.PartialGroups)
	}
	return []string{line, fmt.Sprintf("wall time, walk and CHECKPOINT: %.2f s against %.2f s (below), where the rest of the walk's time can hide the difference",
		mis.Wall.Seconds(), al.Wall.Seconds())}
}

// bar is one bar of a bar chart: its label, value, colour and the
// value's format.
type bar struct {
	label  string
	v      float64
	color  string
	format string
}

// barChart draws bars in the box at (x0, y0) of width w and height h,
// the title above, values above the bars, labels below. Without data
// (recorded false) it says so instead.
func barChart(b *bytes.Buffer, x0, y0, w, h float64, title string, bars []bar, recorded bool) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-weight="bold">%s</text>`+"\n", x0, y0, html.EscapeString(title))
	base := y0 + 14 + h - 30
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", x0, base, x0+w, base)
	if !recorded {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#555">not in this report (saved before it was recorded)</text>`+"\n", x0, y0+40)
		return
	}
	maxV := 0.0
	for _, br := range bars {
		maxV = math.Max(maxV, br.v)
	}
	if maxV == 0 {
		maxV = 1
	}
	top := y0 + 30 // room for the tallest bar's value
	slot := w / float64(len(bars))
	for i, br := range bars {
		cx := x0 + slot*(float64(i)+0.5)
		bw := slot * 0.6
		bh := (base - top) * br.v / maxV
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %s</title></rect>`+"\n",
			cx-bw/2, base-bh, bw, bh, br.color, html.EscapeString(br.label), fmt.Sprintf(br.format, br.v))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="11">%s</text>`+"\n", cx, base-bh-4, fmt.Sprintf(br.format, br.v))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="%s">%s</text>`+"\n", cx, base+13, br.color, html.EscapeString(br.label))
	}
}

// readsPanel draws wall time against page size from y0 down: one line per
// sized strategy over evenly spaced page sizes, the unsized ones as
// horizontal reference lines, aligned sizes filled (misaligned hollow).
func readsPanel(b *bytes.Buffer, r report, y0 int) {
	const bott = 60
	top := y0 + 40
	H := y0 + readsHeight
	pw, ph := float64(plotW-plotLeft-plotRight), float64(H-top-bott)
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" font-weight="bold">Wall time to walk the whole table (writes: the walk and the CHECKPOINT)</text>`+"\n", plotLeft-50, y0+18)
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
	// A log time axis: ORDER BY pages can cost 30x the rest.
	maxY = niceCeil(maxY * 1.1)
	minY = niceFloor(minY / 1.1)
	if minY >= maxY {
		minY = maxY / 10
	}
	x := func(n int64) float64 {
		i, _ := slices.BinarySearch(sizes, n)
		return float64(plotLeft) + pw*(float64(i)+0.5)/float64(max(len(sizes), 1))
	}
	y := func(s float64) float64 {
		return float64(top) + ph*(1-(math.Log(s)-math.Log(minY))/(math.Log(maxY)-math.Log(minY)))
	}
	fmt.Fprintf(b, `<g stroke="#999" fill="none"><line x1="%d" y1="%d" x2="%d" y2="%d"/><line x1="%d" y1="%d" x2="%d" y2="%d"/></g>`+"\n",
		plotLeft, top, plotLeft, H-bott, plotLeft, H-bott, plotW-plotRight, H-bott)
	for _, v := range ticks(minY, maxY) {
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			plotLeft, y(v), plotW-plotRight, y(v), plotLeft-6, y(v)+4, trimFloat(v))
	}
	fmt.Fprintf(b, `<text x="18" y="%d" transform="rotate(-90 18 %d)" text-anchor="middle">seconds (log scale)</text>`+"\n", top+int(ph/2), top+int(ph/2))
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">page size, rows (in order, not to scale)</text>`+"\n", plotLeft+int(pw/2), H-12)
	g := r.Info.Layout.RowGroupSize
	for _, n := range sizes {
		aligned := g > 0 && n%g == 0
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(n), H-bott+16, bench.Thousands(n))
		if aligned {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#009E73" stroke-dasharray="2 4" opacity="0.6"/>`+"\n", x(n), top, x(n), H-bott)
			fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#009E73" font-size="10">aligned (%d rg)</text>`+"\n", x(n), H-bott+29, n/g)
		} else {
			fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#D55E00" font-size="10">misaligned</text>`+"\n", x(n), H-bott+29)
		}
	}
	legend := 0
	legendItem := func(label, color string, dashed bool) {
		ly := top + 10 + 20*legend
		dash := ""
		if dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/><text x="%d" y="%d">%s</text>`+"\n",
			plotW-plotRight+15, ly, plotW-plotRight+40, ly, color, dash, plotW-plotRight+46, ly+4, html.EscapeString(label))
		legend++
	}
	for _, res := range r.Results {
		if res.Reps == 0 || bench.Sized(res.Config.Strategy) {
			continue
		}
		c := colors[res.Config.Strategy]
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="6 4"/>`+"\n",
			plotLeft, y(res.Wall.Seconds()), plotW-plotRight, y(res.Wall.Seconds()), c)
		legendItem(fmt.Sprintf("%s (%.2f s)", label(res.Config.Strategy), res.Wall.Seconds()), c, true)
	}
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
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", path.String(), c)
		for _, p := range pts {
			fill := "white"
			if p.Aligned {
				fill = c
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="2"><title>%s: %.2f s</title></circle>`+"\n",
				x(p.Config.PageRows), y(p.Wall.Seconds()), fill, c, html.EscapeString(p.Label), p.Wall.Seconds())
		}
		legendItem(label(s), c, false)
	}
	ly := top + 10 + 20*legend + 10
	fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="4" fill="#555" stroke="#555"/><text x="%d" y="%d">aligned page</text>`+"\n", plotW-plotRight+27, ly, plotW-plotRight+46, ly+4)
	fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="4" fill="white" stroke="#555" stroke-width="2"/><text x="%d" y="%d">misaligned page</text>`+"\n", plotW-plotRight+27, ly+20, plotW-plotRight+46, ly+24)
}

func label(s string) string {
	switch s {
	case bench.Scan:
		return "one SELECT *"
	case bench.Offset:
		return "LIMIT/OFFSET"
	case bench.OrderBy:
		return "ORDER BY rowid LIMIT/OFFSET"
	case bench.Keyset:
		return "keyset ORDER BY LIMIT"
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
