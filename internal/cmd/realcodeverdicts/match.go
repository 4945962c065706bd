package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// key identifies a finding for matching: a verdict stays attached to its
// finding while the repository's pinned commit and the line the check
// reports stay the same.
func key(repo, commit, path string, line int, check string) string {
	return strings.Join([]string{repo, commit, path, strconv.Itoa(line), check}, "\x00")
}

// result pairs the current findings with the recorded verdicts.
type result struct {
	judged []judged  // findings with a verdict
	fresh  []finding // findings with none: new
	gone   []verdict // verdicts with no finding: gone
	errors []finding // analyzer errors, never judged
}

type judged struct {
	f finding
	v verdict
}

// match pairs each finding with a verdict of the same key; when one line
// carries several findings of one check, a verdict whose message head
// starts the finding's message is taken first.
func match(fs []finding, vs []verdict) result {
	var res result
	byKey := make(map[string][]verdict)
	for _, v := range vs {
		k := key(v.repo, v.commit, v.path, v.line, v.check)
		byKey[k] = append(byKey[k], v)
	}
	var rest []finding
	take := func(f finding, exact bool) bool {
		k := key(f.repo, f.commit, f.path, f.line, f.check)
		cands := byKey[k]
		for i, v := range cands {
			if exact && (v.head == "" || !strings.HasPrefix(f.message, v.head)) {
				continue
			}
			res.judged = append(res.judged, judged{f, v})
			byKey[k] = append(cands[:i:i], cands[i+1:]...)
			return true
		}
		return false
	}
	for _, f := range fs {
		if f.check == "ERROR" {
			res.errors = append(res.errors, f)
		} else if !take(f, true) {
			rest = append(rest, f)
		}
	}
	for _, f := range rest {
		if !take(f, false) {
			res.fresh = append(res.fresh, f)
		}
	}
	for _, v := range vs {
		k := key(v.repo, v.commit, v.path, v.line, v.check)
		if left := byKey[k]; len(left) > 0 {
			res.gone = append(res.gone, left...)
			delete(byKey, k)
		}
	}
	sortFindings(res.fresh)
	return res
}

func sortFindings(fs []finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.repo != b.repo {
			return a.repo < b.repo
		}
		if a.path != b.path {
			return a.path < b.path
		}
		return a.line < b.line
	})
}

// The checks in the order the table prints them: the three the project
// began with, then the two issue 25 is about; any other check follows.
var checkOrder = []string{"pagesize", "offsetwalk", "commitsize", "appendertx", "rowbyrow"}

// tally counts one check's findings by verdict.
type tally struct{ right, wrong, debatable, unjudged int }

func (t *tally) add(verdict string) {
	switch verdict {
	case "right":
		t.right++
	case "wrong":
		t.wrong++
	case "debatable":
		t.debatable++
	default:
		t.unjudged++
	}
}

func (t tally) total() int { return t.right + t.wrong + t.debatable + t.unjudged }

// share is the right findings' share of the decided ones (right or wrong).
func (t tally) share() string {
	if t.right+t.wrong == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f %%", 100*float64(t.right)/float64(t.right+t.wrong))
}

func printReport(w io.Writer, res result, repos []repoLine, tsv bool) {
	if len(res.errors) > 0 {
		fmt.Fprintf(w, "== ANALYZER ERRORS (%d)\n", len(res.errors))
		for _, f := range res.errors {
			fmt.Fprintf(w, "%s %s: %s\n", f.repo, f.path, f.message)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "== new: %d findings with no verdict\n", len(res.fresh))
	for _, f := range res.fresh {
		if tsv {
			fmt.Fprintln(w, f.tsvLine())
		} else {
			fmt.Fprintln(w, short(f.String()))
		}
	}
	fmt.Fprintf(w, "\n== gone: %d verdicts with no finding\n", len(res.gone))
	for _, v := range res.gone {
		fmt.Fprintf(w, "%s %s:%d %s (%s: %s)\n", v.repo, v.path, v.line, v.check, v.verdict, v.why)
	}

	byCheck := make(map[string]*tally)
	get := func(c string) *tally {
		if byCheck[c] == nil {
			byCheck[c] = &tally{}
		}
		return byCheck[c]
	}
	byRole := make(map[string]int)
	for _, j := range res.judged {
		get(j.f.check).add(j.v.verdict)
		byRole[j.f.role]++
	}
	for _, f := range res.fresh {
		get(f.check).add("")
		byRole[f.role]++
	}
	order := append([]string(nil), checkOrder...)
	var others []string
	for c := range byCheck {
		if !contains(order, c) {
			others = append(others, c)
		}
	}
	sort.Strings(others)
	order = append(order, others...)

	fmt.Fprintf(w, "\n== findings in %d repositories, by check\n", len(repos))
	fmt.Fprintf(w, "%-12s %6s %6s %9s %9s %6s %14s\n", "check", "right", "wrong", "debatable", "unjudged", "total", "right/decided")
	var all tally
	for _, c := range order {
		t := byCheck[c]
		if t == nil {
			t = &tally{}
		}
		all.right += t.right
		all.wrong += t.wrong
		all.debatable += t.debatable
		all.unjudged += t.unjudged
		fmt.Fprintf(w, "%-12s %6d %6d %9d %9d %6d %14s\n", c, t.right, t.wrong, t.debatable, t.unjudged, t.total(), t.share())
	}
	fmt.Fprintf(w, "%-12s %6d %6d %9d %9d %6d %14s\n", "all", all.right, all.wrong, all.debatable, all.unjudged, all.total(), all.share())
	roles := make(map[string]int)
	for _, r := range repos {
		roles[r.role]++
	}
	fmt.Fprintf(w, "by role: duckdb %d findings (%d repositories), large %d (%d), other-engines %d (%d; goal 0)\n",
		byRole["duckdb"], roles["duckdb"], byRole["large"], roles["large"], byRole["other-engines"], roles["other-engines"])
}

// missReport says, per check, how many of the recorded misses are now
// reported, and names them.
func missReport(fs []finding, misses []verdict, scope map[string]bool) []string {
	have := make(map[string]bool)
	for _, f := range fs {
		have[key(f.repo, f.commit, f.path, f.line, f.check)] = true
	}
	total := make(map[string]int)
	foundN := make(map[string]int)
	var now []string
	for _, m := range misses {
		if !scope[m.repo] {
			continue
		}
		total[m.check]++
		if have[key(m.repo, m.commit, m.path, m.line, m.check)] {
			foundN[m.check]++
			now = append(now, fmt.Sprintf("found: %s %s:%d %s (%s)", m.repo, m.path, m.line, m.check, m.why))
		}
	}
	if len(total) == 0 {
		return nil
	}
	var checks []string
	for c := range total {
		checks = append(checks, c)
	}
	sort.Strings(checks)
	var parts []string
	for _, c := range checks {
		parts = append(parts, fmt.Sprintf("%s %d/%d", c, foundN[c], total[c]))
	}
	return append([]string{"\n== misses found by reading, now reported: " + strings.Join(parts, ", ")}, now...)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// short cuts a line to a terminal's width and a half.
func short(s string) string {
	const width = 200
	if len(s) <= width {
		return s
	}
	n := width
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
