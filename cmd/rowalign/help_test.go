package main

import (
	"os"
	"path/filepath"
	"testing"
)

// updateHelp rewrites testdata/help.golden from rowalign -h when set
// (ROWALIGN_UPDATE_HELP=1 go test -run TestHelpGolden): an environment
// variable, not a flag, because a flag of the test binary would show in
// the -flags list TestDriverFlags checks.
var updateHelp = os.Getenv("ROWALIGN_UPDATE_HELP") == "1"

// TestHelpGolden holds the whole help text: -h, -help and help (the two
// go vet's and go fix's usage errors tell the user to run) print
// testdata/help.golden and nothing on stderr. flag.PrintDefaults once
// printed "panic calling String method on zero check.rescope" for -scope
// and -wrappers, and dropped -scope's "(default auto)".
func TestHelpGolden(t *testing.T) {
	golden := filepath.Join("testdata", "help.golden")
	for _, args := range [][]string{{"-h"}, {"-help"}, {"help"}} {
		stdout, stderr, code := run(t, args...)
		if code != 0 || stderr != "" {
			t.Errorf("rowalign %s: exit %d, stderr %q", args[0], code, stderr)
		}
		if updateHelp && args[0] == "-h" {
			if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if stdout != string(want) {
			t.Errorf("rowalign %s differs from %s (ROWALIGN_UPDATE_HELP=1 go test -run TestHelpGolden rewrites it):\n%s", args[0], golden, stdout)
		}
	}
}
