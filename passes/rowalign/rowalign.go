package rowalign

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer/config"
	"github.com/rowalign/rowalign/passes/pagewalk"
	"github.com/rowalign/rowalign/passes/scope"
)

//go:embed doc.go
var doc string

// Check names: the Category of each diagnostic.
const (
	PageSize   = "pagesize"
	CommitSize = "commitsize"
	OffsetWalk = "offsetwalk"
	AppenderTx = "appendertx"
	AttachSize = "attachsize"
	Directive  = "directive"
)

// Checks lists every diagnostic category rowalign reports.
var Checks = []string{PageSize, CommitSize, OffsetWalk, AppenderTx, AttachSize, Directive}

// DocsURL is where each check's page lives; the check name and ".md"
// complete it.
const DocsURL = "https://github.com/rowalign/rowalign/blob/main/docs/checks/"

// New returns the rowalign analyzer for cfg over the given scope and
// pagewalk analyzers (see analyzer.New, which builds the whole suite).
func New(cfg *config.Config, scopeA, pagewalkA *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:             "rowalign",
		Doc:              analysisDoc(),
		URL:              "https://github.com/rowalign/rowalign",
		Requires:         []*analysis.Analyzer{scopeA, pagewalkA},
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			if err := cfg.Validate(); err != nil {
				return nil, err
			}
			return nil, run(pass, cfg, pass.ResultOf[scopeA].(*scope.Result), pass.ResultOf[pagewalkA].(*pagewalk.Result))
		},
	}
	cfg.RegisterFlags(&a.Flags)
	return a
}

// Analyzer is the rowalign analyzer with the default configuration.
var Analyzer = New(config.Default(), scope.Analyzer, pagewalk.Analyzer)

// analysisDoc turns the package doc's "# Analyzer rowalign" section into
// the analyzer's Doc, as the x/tools passes do.
func analysisDoc() string {
	const marker = "# Analyzer rowalign\n"
	var lines []string
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(l, "//") {
			continue
		}
		l = strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ")
		lines = append(lines, l)
	}
	text := strings.Join(lines, "\n")
	if i := strings.Index(text, marker); i >= 0 {
		text = text[i+len(marker):]
	}
	return strings.TrimSpace(text)
}

type finding struct {
	site  pagewalk.Site
	walk  *pagewalk.Walk
	check string
}

func run(pass *analysis.Pass, cfg *config.Config, sc *scope.Result, pw *pagewalk.Result) error {
	if !sc.InScope {
		return nil
	}
	dirs := newDirectives(pass)
	byPos := make(map[token.Pos]*finding)
	for _, w := range pw.Walks {
		for _, s := range w.Sites {
			check := classify(cfg, w, s)
			if check == "" {
				continue
			}
			if f, dup := byPos[s.Pos]; dup && (f.check == CommitSize || check != CommitSize) {
				continue // one finding per written size; the write side costs more
			}
			byPos[s.Pos] = &finding{site: s, walk: w, check: check}
		}
	}
	fs := make([]*finding, 0, len(byPos))
	for _, f := range byPos {
		fs = append(fs, f)
	}
	var ds []analysis.Diagnostic
	for _, f := range fs {
		if dirs.ignored(f.site.Pos) || dirs.ignored(f.walk.Pos()) || dirs.generated(f.site.Pos) {
			continue
		}
		ds = append(ds, diagnostic(cfg, f))
	}
	var more []analysis.Diagnostic
	more = append(more, offsetWalks(pw)...)
	more = append(more, appenderLoops(pass, pw)...)
	more = append(more, attachSizes(pw)...)
	for _, d := range more {
		if !dirs.ignored(d.Pos) && !dirs.generated(d.Pos) {
			d.URL = DocsURL + d.Category + ".md"
			ds = append(ds, d)
		}
	}
	// Source order, whatever check found what: the standalone driver
	// prints findings as they are reported.
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos < ds[j].Pos })
	for _, d := range ds {
		pass.Report(d)
	}
	dirs.reportMissingReasons()
	return nil
}

// classify returns the check a size belongs to, or "" when it is fine:
// a multiple of the row group, under the minimum, a vector-sized chunk of
// a read walk, or a byte count.
func classify(cfg *config.Config, w *pagewalk.Walk, s pagewalk.Site) string {
	v, rg := s.Value, int64(cfg.RowGroup)
	if v <= 0 || v%rg == 0 || v < int64(cfg.Min) || isByteName(s.Name) {
		return ""
	}
	if w.Write {
		if w.Appender && w.InTx {
			return "" // flushes inside one transaction commit nothing
		}
		return CommitSize
	}
	if v%config.VectorSize == 0 && rg%v == 0 {
		// 61,440 = 30 vectors: every page stays inside one row group.
		return ""
	}
	return PageSize
}

func isByteName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "byte") || strings.HasSuffix(n, "kb") || strings.HasSuffix(n, "mb") ||
		strings.HasSuffix(n, "kib") || strings.HasSuffix(n, "mib")
}

// Aligned returns the multiple of rowGroup nearest to v, at least one
// row group.
func Aligned(v, rowGroup int64) int64 {
	m := (v + rowGroup/2) / rowGroup * rowGroup
	return max(m, rowGroup)
}

func diagnostic(cfg *config.Config, f *finding) analysis.Diagnostic {
	rg := int64(cfg.RowGroup)
	v := f.site.Value
	aligned := Aligned(v, rg)
	groups := aligned / rg
	use := fmt.Sprintf("use %d (%d row group%s)", aligned, groups, plural(groups))

	what := "page size"
	if f.walk.Strategy == pagewalk.Batch {
		what = "commit size"
	}
	subject := fmt.Sprintf("%s %d", what, v)
	if f.site.Name != "" {
		subject = fmt.Sprintf("%s %s = %d", what, f.site.Name, v)
	}
	ofWhat := f.walk.Strategy.String()
	if f.check == CommitSize && f.walk.Strategy != pagewalk.Batch {
		ofWhat += " committed per page"
	}

	var cost, alt string
	switch {
	case f.check == PageSize && v < rg:
		cost, alt = costReadSmall, pagerRead
	case f.check == PageSize:
		cost, alt = costReadMisaligned, pagerRead
	case v < rg:
		cost, alt = costCommitSmall, pagerCopy
	default:
		cost, alt = costCommitMisaligned, pagerCopy
	}
	switch {
	case f.walk.Appender:
		alt = "or run the whole load inside one transaction (BEGIN ... COMMIT), where flushes commit nothing"
	case f.walk.Strategy == pagewalk.Batch:
		alt = "or commit once per load"
	}
	relation := "is not a multiple of"
	if v < rg {
		relation = "is smaller than"
	}
	msg := fmt.Sprintf("%s of a %s %s DuckDB's row group size %d: %s; %s, %s", subject, ofWhat, relation, rg, cost, use, alt)
	if f.site.Foreign {
		msg += fmt.Sprintf(" (%s is declared in another package: change it there)", f.site.Name)
	}

	d := analysis.Diagnostic{
		Pos:      f.site.Pos,
		End:      f.site.End,
		Category: f.check,
		Message:  msg,
		URL:      DocsURL + f.check + ".md",
	}
	if edits := fixEdits(f, aligned); edits != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Use %d (%d row group%s)", aligned, groups, plural(groups)),
			TextEdits: edits,
		}}
	}
	return d
}

// fixEdits rewrites the size and every stride of the walk that repeats
// it, or returns nil when one of them cannot be rewritten: changing the
// page size but not the step the offset advances by would make pages
// overlap.
func fixEdits(f *finding, aligned int64) []analysis.TextEdit {
	sites := []pagewalk.Site{f.site}
	for _, s := range f.walk.Strides {
		if s.Value == f.site.Value && s.Pos != f.site.Pos {
			sites = append(sites, s)
		}
	}
	var edits []analysis.TextEdit
	seen := make(map[token.Pos]bool)
	for _, s := range sites {
		if !s.Fixable {
			return nil
		}
		if !seen[s.Pos] {
			seen[s.Pos] = true
			edits = append(edits, analysis.TextEdit{Pos: s.Pos, End: s.End, NewText: []byte(FormatLike(s.Literal, aligned))})
		}
	}
	return edits
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// FormatLike formats v in the style of the Go integer literal lit: the
// same base prefix, and digit separators when lit has them (250_000
// becomes 245_760). An empty lit gives plain decimal.
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
		if base != 10 && strings.HasPrefix(lit[2:], "_") {
			digits = "_" + digits
		}
	}
	return prefix + digits
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

// directives finds //rowalign:ignore comments and generated files.
type directives struct {
	pass    *analysis.Pass
	ignore  map[string]map[int]bool // file name -> line -> directive
	missing []*ast.Comment
	gen     map[string]bool
}

// IgnoreDirective silences rowalign on its line and the line below; the
// words after it are the reason, and are required.
const IgnoreDirective = "//rowalign:ignore"

func newDirectives(pass *analysis.Pass) *directives {
	d := &directives{pass: pass, ignore: make(map[string]map[int]bool), gen: make(map[string]bool)}
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if ast.IsGenerated(f) {
			d.gen[name] = true
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, IgnoreDirective)
				if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue
				}
				// A trailing // comment is not a reason.
				if reason, _, _ := strings.Cut(rest, "//"); strings.TrimSpace(reason) == "" {
					d.missing = append(d.missing, c)
					continue
				}
				if d.ignore[name] == nil {
					d.ignore[name] = make(map[int]bool)
				}
				d.ignore[name][pass.Fset.Position(c.Pos()).Line] = true
			}
		}
	}
	return d
}

func (d *directives) ignored(pos token.Pos) bool {
	p := d.pass.Fset.Position(pos)
	lines := d.ignore[p.Filename]
	return lines[p.Line] || lines[p.Line-1]
}

func (d *directives) generated(pos token.Pos) bool {
	return d.gen[d.pass.Fset.Position(pos).Filename]
}

func (d *directives) reportMissingReasons() {
	for _, c := range d.missing {
		d.pass.Report(analysis.Diagnostic{
			Pos:      c.Pos(),
			End:      c.End(),
			Category: Directive,
			Message:  "rowalign:ignore needs a reason: write //rowalign:ignore followed by why this size is right, so the next reader knows",
			URL:      DocsURL + "directive.md",
		})
	}
}
