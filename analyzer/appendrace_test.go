package analyzer_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/passes/appendertx"
)

// TestSharedResultsAppenderLoops runs the suite and appendertx.Analyzer
// in one parallel driver on appendertx's fixtures, three rounds, each
// against its run alone. appendertx finds its Appender loops in its own
// check, reading what the walks analyzer found them with
// (pagewalk.Package) and the appenders.Index: both checks read them at
// once, so whatever they fill on demand (the references to each
// function, the Appender uses of helpers) must be filled under a lock
// (go test -race, which CI runs on this test).
func TestSharedResultsAppenderLoops(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a fixture module")
	}
	pkgs, err := loadModule(filepath.Join("..", "passes", "appendertx", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	suite := analyzer.New(analyzer.Default())
	aloneSuite := keys(runAll(t, pkgs, true, suite)[suite])
	aloneApp := keys(runAll(t, pkgs, true, appendertx.Analyzer)[appendertx.Analyzer])
	if len(aloneApp) == 0 {
		t.Fatal("appendertx alone reports nothing on its fixtures: the test compares nothing")
	}
	for round := range 3 {
		got := runAll(t, pkgs, false, suite, appendertx.Analyzer)
		if g := keys(got[suite]); !slices.Equal(g, aloneSuite) {
			t.Errorf("round %d: the suite beside appendertx differs from the suite alone:\n%s", round, lineDiff(strings.Join(aloneSuite, "\n"), strings.Join(g, "\n")))
		}
		if g := keys(got[appendertx.Analyzer]); !slices.Equal(g, aloneApp) {
			t.Errorf("round %d: appendertx beside the suite differs from appendertx alone:\n%s", round, lineDiff(strings.Join(aloneApp, "\n"), strings.Join(g, "\n")))
		}
	}
}
