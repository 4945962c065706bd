// Command realcodeverdicts compares rowalign's findings on the real
// repositories of testdata/realcode with the verdicts recorded there, and
// prints the findings that are new or gone, the table per check (right,
// wrong, debatable, unjudged), how many of the flag sites of
// flagsites.tsv are found (a finding on the site's line), by check, and
// the sites missed with why (misses.tsv), and, with -vet, the same count
// under go vet and the findings on non-test files that the standalone
// front end and go vet do not share.
//
// scripts/realcode-verdicts runs rowalign and go vet over the checkouts and
// then this program over their output; it reads only files, so it can be
// run again on the same output without rerunning the analyser.
//
//	realcodeverdicts -dir testdata/realcode -out /work/realcode/out [-repo owner/name] [-vet] [-tsv]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir := flag.String("dir", "testdata/realcode", "the directory of repos.tsv, verdicts.tsv, misses.tsv and flagsites.tsv")
	out := flag.String("out", "", "the directory scripts/realcode-verdicts wrote the raw output into")
	src := flag.String("src", "", "the directory of the checkouts, OWNER__NAME each (to make posn paths relative)")
	repo := flag.String("repo", "", "compare one repository only (owner/name)")
	role := flag.String("role", "", "compare the repositories of one role only (duckdb, other-engines, large)")
	vet := flag.Bool("vet", false, "also compare the standalone findings with go vet's, on non-test files")
	tsv := flag.Bool("tsv", false, "print the new findings as verdicts.tsv lines, verdict left empty, to be judged")
	flag.Parse()
	if *out == "" || *src == "" {
		fmt.Fprintln(os.Stderr, "realcodeverdicts: -out and -src are required")
		os.Exit(2)
	}
	code, err := run(os.Stdout, config{
		dir: *dir, out: *out, src: *src, repo: *repo, role: *role, vet: *vet, tsv: *tsv,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "realcodeverdicts:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

type config struct {
	dir, out, src, repo, role string
	vet, tsv                  bool
}

// run prints the comparison and returns 1 when any module's output is
// missing or unreadable, else 0: new and gone findings are the point of
// the run, not a failure.
func run(w io.Writer, c config) (int, error) {
	repos, err := readRepos(filepath.Join(c.dir, "repos.tsv"))
	if err != nil {
		return 0, err
	}
	verdicts, err := readVerdicts(filepath.Join(c.dir, "verdicts.tsv"))
	if err != nil {
		return 0, err
	}
	misses, err := readVerdicts(filepath.Join(c.dir, "misses.tsv"))
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	sites, err := readFlagSitesIfAny(filepath.Join(c.dir, "flagsites.tsv"))
	if err != nil {
		return 0, err
	}
	code := 0
	var found []finding
	var vetFound []finding
	if c.vet {
		vetFound = []finding{}
	}
	noOutput := make(map[string]bool)
	notRun := make(map[string]bool) // no output or not finished: their flag sites are not counted
	var vetDiffs []string
	var ran []repoLine
	for _, r := range repos {
		if c.repo != "" && r.name != c.repo || c.role != "" && r.role != c.role {
			continue
		}
		ran = append(ran, r)
		for _, m := range r.modules {
			if t, err := os.ReadFile(outFile(c.out, r, m, "time")); err == nil && !strings.Contains(string(t), "rc=") {
				// scripts/realcode-verdicts writes the exit status last:
				// the module is still being analysed.
				fmt.Fprintf(w, "NOT FINISHED %s %s: no exit status in %s\n", r.name, m, outFile(c.out, r, m, "time"))
				notRun[r.name] = true
				code = 1
				continue
			}
			fs, err := readFindings(outFile(c.out, r, m, "json"), r, c.src)
			if errors.Is(err, errNoJSON) {
				// Not the comparison's failure: the module is listed under
				// the packages that do not load.
				fmt.Fprintf(w, "NO OUTPUT %s %s: rowalign printed no JSON, see %s\n", r.name, m, strings.TrimSuffix(outFile(c.out, r, m, "json"), "json")+"log")
				noOutput[r.name] = true
				continue
			}
			if err != nil {
				fmt.Fprintf(w, "MISSING %s %s: %v\n", r.name, m, err)
				notRun[r.name] = true
				code = 1
				continue
			}
			found = append(found, fs...)
			if !c.vet {
				continue
			}
			vs, err := readFindings(outFile(c.out, r, m, "vet.json"), r, c.src)
			if errors.Is(err, errNoJSON) {
				// go vet prints {} for each package it analyses; no JSON at
				// all means it stopped at a package that does not load.
				fmt.Fprintf(w, "GO VET DID NOT RUN %s %s: no JSON in %s (a package does not load); not compared\n", r.name, m, outFile(c.out, r, m, "vet.json"))
				continue
			}
			if err != nil {
				fmt.Fprintf(w, "MISSING %s %s (go vet): %v\n", r.name, m, err)
				code = 1
				continue
			}
			vetFound = append(vetFound, vs...)
			vetFile := outFile(c.out, r, m, "vet.json")
			scoped := vetScope(fs, outFile(c.out, r, m, "vet.pkgs"), vetFailed(vetFile))
			if n := len(vetScope(fs, "", nil)) - len(scoped); n > 0 {
				fmt.Fprintf(w, "go vet: %s %s: %d standalone findings in packages go vet was not given or could not build (see %s)\n", r.name, m, n, vetFile)
			}
			vetDiffs = append(vetDiffs, frontEndDiff(scoped, vs)...)
		}
	}
	if len(ran) == 0 {
		return 0, fmt.Errorf("no repository %q of role %q in repos.tsv", c.repo, c.role)
	}
	scope := make(map[string]bool)
	for _, r := range ran {
		scope[r.name] = true
	}
	var kept []verdict
	for _, v := range verdicts {
		// A repository with a module not run or not finished has no
		// findings to match: its verdicts are not gone.
		if scope[v.repo] && !notRun[v.repo] {
			kept = append(kept, v)
		}
	}
	res := match(found, kept)
	printReport(w, res, ran, c.tsv)
	report := missReport(found, misses, scope)
	for _, l := range report {
		fmt.Fprintln(w, l)
	}
	for _, l := range flagReport(sites, found, vetFound, misses, scope, noOutput, notRun) {
		fmt.Fprintln(w, l)
	}
	if c.vet {
		fmt.Fprintf(w, "\n== front ends: %d findings on non-test files differ between standalone and go vet\n", len(vetDiffs))
		for _, l := range vetDiffs {
			fmt.Fprintln(w, l)
		}
	}
	return code, nil
}

// outFile is where scripts/realcode-verdicts keeps one module's output:
// OUT/OWNER__NAME/MODULE.EXT, the module directory's slashes as '_' and
// the repository root as "root".
func outFile(out string, r repoLine, module, ext string) string {
	m := module
	if m == "." {
		m = "root"
	}
	return filepath.Join(out, r.dirName(), strings.ReplaceAll(m, "/", "_")+"."+ext)
}

// vetScope keeps the standalone findings of the packages go vet was given
// (MODULE.vet.pkgs, one import path a line, written by
// scripts/realcode-verdicts): a package that does not load, or imports one
// that does not, is analysed standalone but never by go vet, and its
// findings are no disagreement between the two. With no such file, all
// are kept. The packages in failed are left out too, and analyzer
// errors (never compared).
func vetScope(fs []finding, pkgsFile string, failed map[string]bool) []finding {
	var given map[string]bool
	if data, err := os.ReadFile(pkgsFile); err == nil {
		given = make(map[string]bool)
		for _, p := range strings.Fields(string(data)) {
			given[p] = true
		}
	}
	var kept []finding
	for _, f := range fs {
		base, _, _ := strings.Cut(f.pkg, " [")
		if f.check != "ERROR" && (given == nil || given[base]) && !failed[base] {
			kept = append(kept, f)
		}
	}
	return kept
}

// vetFailed returns the packages go vet could not build: in its output a
// "# importpath" line (and "# [importpath]" for the variant with test
// files) is followed by compiler errors instead of the package's JSON.
// go vet analyses a package together with its _test.go files, so a test
// file that does not compile (generated mocks not committed) takes the
// package's findings away from go vet while the standalone front end,
// which loads no test files, still reports them.
func vetFailed(path string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	failed := make(map[string]bool)
	pkg := ""
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "# "):
			if p := strings.Trim(strings.TrimPrefix(line, "# "), "[]"); pkg == "" || p != pkg {
				pkg = p
			}
		case pkg != "" && strings.HasPrefix(line, "{"):
			pkg = ""
		case pkg != "" && strings.TrimSpace(line) != "":
			failed[pkg] = true
		}
	}
	return failed
}
