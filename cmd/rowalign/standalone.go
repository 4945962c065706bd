package main

import (
	"flag"
	"io"
	"log"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// report runs a in the common standalone form, rowalign [analyzer flags]
// [-json] [-c N] packages, with the loader of load.go, and returns the
// exit status singlechecker gives: 1 when loading or the analysis
// failed, 3 when there are findings (text only), else 0.
//
// Test files are loaded when -tests asks for their findings, and only
// then: singlechecker's -test (load them, default on) beside -tests
// (report their findings, default off) was a pair nobody could tell
// apart (issue 18). -test is still accepted, and wins when given.
//
// It reports false, having done nothing, for every other command line:
// go vet's (a .cfg file, -V, -flags), -fix and -diff (applying fixes
// needs singlechecker's internals), the debug and profile flags, help,
// and any flag error, which singlechecker then reports as it always has.
// a's flags are set while parsing: the caller passes a fresh analyzer
// and gives singlechecker another when report declines.
func report(a *analysis.Analyzer, args []string) (int, bool) {
	fs := flag.NewFlagSet("rowalign", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	jsonOut := fs.Bool("json", false, "emit JSON output")
	context := fs.Int("c", -1, "display offending line with this many lines of context")
	tests := fs.Bool("test", false, "load test files (default: when -tests asks for their findings)")
	if err := fs.Parse(args); err != nil {
		return 0, false
	}
	testSet := false
	fs.Visit(func(f *flag.Flag) { testSet = testSet || f.Name == "test" })
	if !testSet {
		*tests = a.Flags.Lookup("tests").Value.String() == "true"
	}
	patterns := fs.Args()
	if len(patterns) == 0 || len(patterns) == 1 && strings.HasSuffix(patterns[0], ".cfg") {
		return 0, false
	}

	// As singlechecker.Main and its checker.Run.
	log.SetFlags(0)
	log.SetPrefix(a.Name + ": ")
	if os.Getenv("GOGC") == "" {
		defer collectOften()()
	}
	initial, err := load(patterns, *tests)
	if err != nil {
		log.Print(err)
		return 1, true
	}
	code := 0
	if packages.PrintErrors(initial) > 0 {
		code = 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, initial, &checker.Options{})
	if err != nil {
		log.Print(err)
		return 1, true
	}
	oneFindingPerSite(graph)
	if *jsonOut {
		// With -json, the exit status does not count findings.
		if err := graph.PrintJSON(os.Stdout); err != nil {
			log.Print(err)
			return 1, true
		}
		return code, true
	}
	if err := graph.PrintText(os.Stderr, *context); err != nil {
		return 1, true
	}
	failed, findings := 0, 0
	for act := range graph.All() {
		if act.Err != nil {
			failed++
		} else if act.IsRoot {
			findings += len(act.Diagnostics)
		}
	}
	switch {
	case failed > 0:
		code = max(code, 1)
	case findings > 0:
		code = max(code, 3)
	}
	return code, true
}

// collectOften runs the garbage collector at standaloneGCPercent until
// the live heap passes largeHeap, then at Go's default, and returns what
// stops it watching. The run holds every package's declarations at once
// and peaks while loading them: at Go's default of 100 the heap grows to
// twice what is live. On a module of a few hundred packages collecting
// more often is cheap; on one whose declarations alone outgrow largeHeap
// it would cost more time than the memory it saves is worth.
func collectOften() (stop func()) {
	debug.SetGCPercent(standaloneGCPercent)
	done := make(chan struct{})
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				metrics.Read(sample)
				if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > largeHeap {
					debug.SetGCPercent(100)
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// standaloneGCPercent is GOGC while the heap is small. On wesm/msgvault
// (docs/measurements.md, "Standalone memory"; 2026-12-02, load 11-12, 2
// rounds each): 100 peaked at 485-501 MB, 50 at 461-466 MB, 40 at
// 423-425 MB in 6.9-8.0 s of CPU, against 773-891 MB and 7.2-9.4 s before
// this loader's blanked bodies and tables; staticcheck peaked at 446-493
// MB there.
const standaloneGCPercent = 40

// largeHeap is the live heap past which the run goes back to GOGC=100:
// xo/usql's declarations hold about 1.2 GB live, and at 40 it took 27.7 s
// of CPU and 72 s wall against 23.1 s and 58 s at 100 (load 11-12); the
// 512 MiB put msgvault's 350-390 MB below it with room. 2026-12-02.
const largeHeap = 512 << 20

// oneFindingPerSite drops from each test variant's findings ("etl
// [etl.test]", the package analysed with its _test.go files) those the
// package alone ("etl") has at the same position under the same check,
// whatever their messages, before either printer sees them: -json and
// the text listed the package's findings twice, and counted them twice
// (issue 18, issue 32). The variant sees more of the program (its
// tests' imports and calls), so a message can differ for the same site:
// -tests printed "each page is a query of its own" for etl and "on
// DuckDB 1.1 ... reads the whole table" for etl [etl.test] on one line
// (issue 32). The package's own finding is the one every front end
// without -tests prints, so it is the one kept.
func oneFindingPerSite(graph *checker.Graph) {
	type key struct {
		analyzer *analysis.Analyzer
		id       string
	}
	base := make(map[key]*checker.Action)
	for _, act := range graph.Roots {
		base[key{act.Analyzer, act.Package.ID}] = act
	}
	site := func(act *checker.Action, d analysis.Diagnostic) string {
		return act.Package.Fset.Position(d.Pos).String() + " " + d.Category
	}
	for _, act := range graph.Roots {
		id, ok := testVariantOf(act.Package.ID)
		if !ok || act.Err != nil {
			continue
		}
		b := base[key{act.Analyzer, id}]
		if b == nil || b.Err != nil {
			continue
		}
		seen := make(map[string]bool)
		for _, d := range b.Diagnostics {
			seen[site(b, d)] = true
		}
		var keep []analysis.Diagnostic
		for _, d := range act.Diagnostics {
			if !seen[site(act, d)] {
				keep = append(keep, d)
			}
		}
		act.Diagnostics = keep
	}
}

// testVariantOf returns "etl" for the ID "etl [etl.test]", the package
// compiled with its own test files.
func testVariantOf(id string) (string, bool) {
	base, variant, ok := strings.Cut(id, " [")
	return base, ok && variant == base+".test]"
}
