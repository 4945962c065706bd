//go:build fixcount

package sizes

import (
	"fmt"
	"go/token"
	"os"
)

// With -tags fixcount, every size finding's reason for no fix ("" when
// it has one) goes to stderr, one tab-separated line each, as
// offsetwalk's do (scripts/fixcount).
func init() {
	explained = func(at token.Position, check, why string) {
		fmt.Fprintf(os.Stderr, "sizefix\t%s\t%s\t%s\n", at, check, why)
	}
}
