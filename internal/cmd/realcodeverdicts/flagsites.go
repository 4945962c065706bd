package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// flagSite is one line of flagsites.tsv: a site in a corpus repository
// that a right analyser reports, found by reading the code.
type flagSite struct {
	repo, commit, path string
	line               int
	kind, value, why   string
}

func readFlagSites(path string) ([]flagSite, error) {
	rows, nums, err := lines(path)
	if err != nil {
		return nil, err
	}
	var fs []flagSite
	for i, f := range rows {
		if len(f) < 7 {
			return nil, fmt.Errorf("%s:%d: want repo, commit, path, line, kind, value, why", path, nums[i])
		}
		line, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: line %q: %v", path, nums[i], f[3], err)
		}
		fs = append(fs, flagSite{repo: f[0], commit: f[1], path: f[2], line: line, kind: f[4], value: f[5], why: f[6]})
	}
	return fs, nil
}

// siteKey identifies a line of a repository: a flag site is found when a
// finding of any check stands on its line (as ../shared flagsites.py
// counts them).
func siteKey(repo, commit, path string, line int) string {
	return strings.Join([]string{repo, commit, path, strconv.Itoa(line)}, "\x00")
}

// onLines maps each line that carries findings to their checks.
func onLines(fs []finding) map[string][]string {
	m := make(map[string][]string)
	for _, f := range fs {
		if f.check == "ERROR" {
			continue
		}
		k := siteKey(f.repo, f.commit, f.path, f.line)
		if !contains(m[k], f.check) {
			m[k] = append(m[k], f.check)
		}
	}
	return m
}

// flagReport says how many of the flag sites of the repositories that
// ran are found, by the check that found them, standalone and (vet not
// nil) under go vet; and names every site missed, with the check
// misses.tsv expects there and why it is missed, when it says.
// noOutput holds the repositories a module of which printed no JSON
// (it does not load): their sites are counted as missed and said so.
// notRun holds those a module of which has no output yet or is still
// running: their sites are left out of the count, and the count says how
// many.
func flagReport(sites []flagSite, standalone, vet []finding, misses []verdict, scope, noOutput, notRun map[string]bool) []string {
	var in []flagSite
	skipped := 0
	for _, s := range sites {
		switch {
		case !scope[s.repo]:
		case notRun[s.repo]:
			skipped++
		default:
			in = append(in, s)
		}
	}
	if len(in)+skipped == 0 {
		return nil
	}
	notCounted := ""
	if skipped > 0 {
		notCounted = fmt.Sprintf("; %d more in repositories not run or not finished", skipped)
	}
	expected := make(map[string]verdict)
	for _, m := range misses {
		expected[siteKey(m.repo, m.commit, m.path, m.line)] = m
	}
	count := func(fs []finding) (int, map[string]int, map[string]bool) {
		lines := onLines(fs)
		byCheck := make(map[string]int)
		hit := make(map[string]bool)
		n := 0
		for _, s := range in {
			k := siteKey(s.repo, s.commit, s.path, s.line)
			if cs := lines[k]; len(cs) > 0 {
				n++
				hit[k] = true
				byCheck[strings.Join(cs, "+")]++
			}
		}
		return n, byCheck, hit
	}
	n, byCheck, hit := count(standalone)
	out := []string{fmt.Sprintf("\n== flag sites (flagsites.tsv): %d of %d found standalone (%s)%s", n, len(in), tallyString(byCheck), notCounted)}
	var vetHit map[string]bool
	if vet != nil {
		var vn int
		var vByCheck map[string]int
		vn, vByCheck, vetHit = count(vet)
		out = append(out, fmt.Sprintf("   go vet: %d of %d found (%s)", vn, len(in), tallyString(vByCheck)))
	}
	missedBy := make(map[string]int)
	var lines []string
	for _, s := range in {
		k := siteKey(s.repo, s.commit, s.path, s.line)
		if hit[k] && (vetHit == nil || vetHit[k]) {
			continue
		}
		check, why := "?", "no line in misses.tsv says why"
		if m, ok := expected[k]; ok {
			check, why = m.check, m.why
		}
		if noOutput[s.repo] {
			why = "the module printed no JSON (does not load); " + why
		}
		where := "missed"
		switch {
		case hit[k]:
			where = "missed by go vet only"
		case vetHit != nil && vetHit[k]:
			where = "missed standalone only"
		}
		if !hit[k] {
			missedBy[check]++
		}
		lines = append(lines, short(fmt.Sprintf("%s: %s %s:%d [%s] %s: %s: %s", where, s.repo, s.path, s.line, s.kind, s.value, check, why)))
	}
	if len(missedBy) > 0 {
		out = append(out, fmt.Sprintf("   missed standalone, by the check misses.tsv expects: %s", tallyString(missedBy)))
	}
	return append(out, lines...)
}

func tallyString(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// readFlagSitesIfAny is readFlagSites, with no file meaning no sites.
func readFlagSitesIfAny(path string) ([]flagSite, error) {
	fs, err := readFlagSites(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	return fs, err
}
