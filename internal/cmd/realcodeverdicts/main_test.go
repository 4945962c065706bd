package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRun runs the comparison over a made-up output directory: one module's
// rowalign -json, one module's go vet -json stream, verdicts with a
// finding gone and two findings on one line told apart by their head.
func TestRun(t *testing.T) {
	dir, out, src := t.TempDir(), t.TempDir(), "/src"
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "repos.tsv"), "repo\tcommit\trole\tmodules\tgoflags\n"+
		"acme/etl\tc1\tduckdb\t.\t\n"+
		"acme/web\tc2\tother-engines\tsvc/api\t-tags=x\n"+
		"acme/new\tc3\tlarge\t.\t\n")
	write(filepath.Join(dir, "verdicts.tsv"), "repo\tcommit\tpath\tline\tcheck\tverdict\twhy\tmessage head\n"+
		"acme/etl\tc1\tload/load.go\t10\trowbyrow\twrong\ta DDL list\tcreateTable writes\n"+
		"acme/etl\tc1\tload/load.go\t10\trowbyrow\tright\tthe rows of a file\tinsertRow writes\n"+
		"acme/etl\tc1\tload/old.go\t3\tpagesize\tright\tgone since\t\n"+
		"acme/etl\tc1\tbroken/b.go\t3\trowbyrow\tdebatable\ta feed tick\t\n"+
		"acme/etl\tc1\tmocked/m.go\t9\trowbyrow\twrong\ta handful\t\n")
	write(filepath.Join(dir, "misses.tsv"), "repo\tcommit\tpath\tline\tcheck\tverdict\twhy\n"+
		"acme/etl\tc1\tload/walk.go\t7\tpagesize\tmiss\ta walk through a helper\n"+
		"acme/etl\tc1\tload/zip.go\t12\tcommitsize\tmiss\tcommits under a row group: silent by rule\n")
	write(filepath.Join(dir, "flagsites.tsv"), "repo\tcommit\tpath\tline\tkind\tvalue\twhy\n"+
		"acme/etl\tc1\tload/load.go\t10\tother\tinsertRow\tthe rows of a file\n"+
		"acme/etl\tc1\tload/walk.go\t7\tloop\tLIMIT ? OFFSET ?\ta walk\n"+
		"acme/etl\tc1\tload/zip.go\t12\tbatch\t100000\ta zip committed every 100,000 rows\n"+
		"acme/etl\tc1\tload/gone.go\t40\tconst\t500\ta page size\n"+
		"acme/new\tc3\tx.go\t1\tother\ts\ta load\n"+
		"acme/out\tc9\ty.go\t1\tother\ts\ta repository not in repos.tsv\n")
	diag := func(file string, line, col int, check, msg string) string {
		return `{"category":"` + check + `","posn":"` + file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + `","message":"` + msg + `"}`
	}
	write(filepath.Join(out, "acme__etl", "root.json"), `{"etl/load":{"rowalign":[`+
		diag("/src/acme__etl/load/load.go", 10, 3, "rowbyrow", "insertRow writes one row")+","+
		diag("/src/acme__etl/load/load.go", 10, 9, "rowbyrow", "createTable writes one row")+","+
		diag("/src/acme__etl/load/walk.go", 7, 2, "pagesize", "page size 1000")+","+
		diag("/src/acme__etl/load/new.go", 5, 2, "commitsize", "commit every 50000")+
		`]}, "etl/bad":{"rowalign":{"error":"boom"}}, "etl/mocked":{"rowalign":[`+
		diag("/src/acme__etl/mocked/m.go", 9, 1, "rowbyrow", "in a package whose tests do not compile")+
		`]}, "etl/broken":{"rowalign":[`+
		diag("/src/acme__etl/broken/b.go", 3, 1, "rowbyrow", "in a package go vet was not given")+
		`]}}`+"\n")
	write(filepath.Join(out, "acme__etl", "root.vet.pkgs"), "etl/load\netl/other\netl/mocked\n")
	write(filepath.Join(out, "acme__etl", "root.vet.json"), "go: downloading x\n# etl/load\n"+
		`{"etl/load":{"rowalign":[`+
		diag("/src/acme__etl/load/load.go", 10, 3, "rowbyrow", "insertRow writes one row")+","+
		diag("/src/acme__etl/load/load_test.go", 4, 1, "rowbyrow", "in a test")+","+
		diag("/src/acme__etl/load/vetonly.go", 8, 1, "offsetwalk", "a walk")+
		"]}}\n# etl/other\n{}\n"+
		"# etl/mocked\n# [etl/mocked]\nmocked/m_test.go:3:1: undefined: mocks.NewStore\n{}\n")
	write(filepath.Join(out, "acme__web", "svc_api.json"), `{"web/api":{"rowalign":[`+
		diag("/src/acme__web/svc/api/h.go", 20, 1, "rowbyrow", "one-row UPDATE")+"]}}\n")
	write(filepath.Join(out, "acme__web", "svc_api.vet.json"), "svc/api/h.go:1:1: a package that does not load\n")
	write(filepath.Join(out, "acme__new", "root.json"), "")
	write(filepath.Join(out, "acme__new", "root.vet.json"), "")

	var buf bytes.Buffer
	code, err := run(&buf, config{dir: dir, out: out, src: src, vet: true})
	if err != nil || code != 0 {
		t.Fatalf("run: %d, %v\n%s", code, err, buf.String())
	}
	got := buf.String()
	for _, want := range []string{
		"NO OUTPUT acme/new .: rowalign printed no JSON, see " + filepath.Join(out, "acme__new", "root.log") + "\n",
		"GO VET DID NOT RUN acme/web svc/api: no JSON in " + filepath.Join(out, "acme__web", "svc_api.vet.json") + " (a package does not load); not compared\n",
		"== ANALYZER ERRORS (1)\nacme/etl etl/bad: boom\n",
		"== new: 3 findings with no verdict\n" +
			"acme/etl load/new.go:5 commitsize: commit every 50000\n" +
			"acme/etl load/walk.go:7 pagesize: page size 1000\n" +
			"acme/web svc/api/h.go:20 rowbyrow: one-row UPDATE\n",
		"== gone: 1 verdicts with no finding\nacme/etl load/old.go:3 pagesize (right: gone since)\n",
		"pagesize          0      0         0         1      1              -\n",
		"rowbyrow          1      2         1         1      5           33 %\n",
		"by role: duckdb 6 findings (1 repositories), large 0 (1), other-engines 1 (1; goal 0)\n",
		"now reported: commitsize 0/1, pagesize 1/1\nfound: acme/etl load/walk.go:7 pagesize (a walk through a helper)\n",
		"== flag sites (flagsites.tsv): 2 of 5 found standalone (pagesize 1, rowbyrow 1)\n" +
			"   go vet: 1 of 5 found (rowbyrow 1)\n" +
			"   missed standalone, by the check misses.tsv expects: ? 2, commitsize 1\n" +
			"missed by go vet only: acme/etl load/walk.go:7 [loop] LIMIT ? OFFSET ?: pagesize: a walk through a helper\n" +
			"missed: acme/etl load/zip.go:12 [batch] 100000: commitsize: commits under a row group: silent by rule\n" +
			"missed: acme/etl load/gone.go:40 [const] 500: ?: no line in misses.tsv says why\n" +
			"missed: acme/new x.go:1 [other] s: ?: the module printed no JSON (does not load); no line in misses.tsv says why\n",
		"== front ends: 4 findings on non-test files differ",
		"only go vet:     acme/etl load/vetonly.go:8 offsetwalk: a walk\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q; got:\n%s", want, got)
		}
	}
	if !strings.Contains(got, "go vet: acme/etl .: 2 standalone findings in packages go vet was not given or could not build") {
		t.Errorf("output does not count the findings left out of the front-end comparison:\n%s", got)
	}
	if strings.Contains(got, "only standalone: acme/etl broken/b.go") || strings.Contains(got, "only standalone: acme/etl mocked/m.go") {
		t.Errorf("a finding in a package go vet was not given counted as a front-end difference:\n%s", got)
	}
	if strings.Contains(got, "load_test.go") {
		t.Errorf("a finding in a test file counted as a front-end difference:\n%s", got)
	}
}

// TestRunNotFinished: a module still being analysed (its .time has no
// exit status yet) is said so, and its repository's flag sites are left
// out of the count instead of counted as missed.
func TestRunNotFinished(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "repos.tsv"), "repo\tcommit\trole\tmodules\tgoflags\n"+
		"acme/etl\tc1\tduckdb\t.\t\n"+
		"acme/busy\tc2\tduckdb\t.\t\n")
	write(filepath.Join(dir, "verdicts.tsv"), "repo\tcommit\tpath\tline\tcheck\tverdict\twhy\tmessage head\n"+
		"acme/busy\tc2\tb.go\t5\tpagesize\tright\ta walk\t\n")
	write(filepath.Join(dir, "flagsites.tsv"), "repo\tcommit\tpath\tline\tkind\tvalue\twhy\n"+
		"acme/etl\tc1\ta.go\t3\tconst\t100\ta page size\n"+
		"acme/busy\tc2\tb.go\t5\tconst\t100\ta page size\n")
	write(filepath.Join(out, "acme__etl", "root.json"), `{"etl":{"rowalign":[{"category":"pagesize","posn":"/src/acme__etl/a.go:3:1","message":"page size 100"}]}}`+"\n")
	write(filepath.Join(out, "acme__etl", "root.time"), "1.0 s wall\nrc=0\n")
	write(filepath.Join(out, "acme__busy", "root.json"), "")
	write(filepath.Join(out, "acme__busy", "root.time"), "")

	var buf bytes.Buffer
	code, err := run(&buf, config{dir: dir, out: out, src: "/src"})
	if err != nil || code != 1 {
		t.Fatalf("run: %d, %v, want exit 1 for a module not finished\n%s", code, err, buf.String())
	}
	got := buf.String()
	for _, want := range []string{
		"NOT FINISHED acme/busy .: no exit status in " + filepath.Join(out, "acme__busy", "root.time") + "\n",
		"== flag sites (flagsites.tsv): 1 of 1 found standalone (pagesize 1); 1 more in repositories not run or not finished\n",
		"== gone: 0 verdicts with no finding\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "missed") {
		t.Errorf("a site of a repository not finished counted as missed:\n%s", got)
	}
}
