//go:build fixcount

package offsetwalk

import (
	"fmt"
	"go/token"
	"os"
)

// With -tags fixcount, every finding's fix or reason goes to stderr, one
// tab-separated line each (scripts/fixcount tallies them).
func init() {
	explained = func(at token.Position, what, why string) {
		fmt.Fprintf(os.Stderr, "fixcount\t%s\t%s\t%s\n", at, what, why)
	}
}
