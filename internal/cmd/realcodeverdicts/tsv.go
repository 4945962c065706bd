package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// repoLine is one line of repos.tsv: a repository at a pinned commit, its
// role (duckdb, other-engines, large), the module directories to run in
// and the go flags its files need.
type repoLine struct {
	name, commit, role string
	modules            []string
	goflags            string
}

// dirName is the checkout's directory name, OWNER__NAME.
func (r repoLine) dirName() string { return strings.ReplaceAll(r.name, "/", "__") }

// verdict is one line of verdicts.tsv or misses.tsv.
type verdict struct {
	repo, commit, path string
	line               int
	check, verdict     string
	why, head          string
}

// The verdicts a line of verdicts.tsv may give, and misses.tsv's one.
var verdictWords = map[string]bool{"right": true, "wrong": true, "debatable": true, "miss": true}

// lines returns path's lines that are not blank or '#' comments, split at
// tabs, with their line numbers; the first line (the header) is dropped.
func lines(path string) ([][]string, []int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var rows [][]string
	var nums []int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n, header := 0, true
	for sc.Scan() {
		n++
		t := sc.Text()
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		rows = append(rows, strings.Split(t, "\t"))
		nums = append(nums, n)
	}
	return rows, nums, sc.Err()
}

func readRepos(path string) ([]repoLine, error) {
	rows, nums, err := lines(path)
	if err != nil {
		return nil, err
	}
	var rs []repoLine
	for i, f := range rows {
		if len(f) < 4 {
			return nil, fmt.Errorf("%s:%d: want repo, commit, role, modules[, goflags]", path, nums[i])
		}
		r := repoLine{name: f[0], commit: f[1], role: f[2], modules: strings.Fields(f[3])}
		if len(f) > 4 {
			r.goflags = f[4]
		}
		rs = append(rs, r)
	}
	return rs, nil
}

func readVerdicts(path string) ([]verdict, error) {
	rows, nums, err := lines(path)
	if err != nil {
		return nil, err
	}
	var vs []verdict
	for i, f := range rows {
		if len(f) < 7 {
			return nil, fmt.Errorf("%s:%d: want repo, commit, path, line, check, verdict, why[, message head]", path, nums[i])
		}
		line, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: line %q: %v", path, nums[i], f[3], err)
		}
		if !verdictWords[f[5]] {
			return nil, fmt.Errorf("%s:%d: verdict %q is not right, wrong, debatable or miss", path, nums[i], f[5])
		}
		v := verdict{repo: f[0], commit: f[1], path: f[2], line: line, check: f[4], verdict: f[5], why: f[6]}
		if len(f) > 7 {
			v.head = f[7]
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// headLen is how much of a message verdicts.tsv keeps: enough to tell two
// findings of one check on one line apart (their helper's or size's name
// comes first), short enough to read in a terminal.
const headLen = 60

// tsvLine is f as a line of verdicts.tsv with the verdict and why empty.
func (f finding) tsvLine() string {
	head := f.message
	if len(head) > headLen {
		head = head[:headLen]
	}
	head = strings.NewReplacer("\t", " ", "\n", " ").Replace(head)
	return strings.Join([]string{f.repo, f.commit, f.path, strconv.Itoa(f.line), f.check, "", "", head}, "\t")
}
