package loader_test

import (
	"context"
	"database/sql"
	"go/parser"
	"go/token"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rowalign/rowalign/runtime/loader"
)

// load is the package doc's Usage block, between the markers: compiled
// here, so that the doc cannot call Load with results it does not return
// (it wrote n, err := loader.Load(...), and Load returns Stats).
func load(ctx context.Context, db *sql.DB, open loader.Opener, events []struct {
	ID   int64
	Name string
	At   time.Time
}) error {
	// usage begins
	stats, err := loader.Load(ctx, db, "events", open, func(add loader.AddFunc) error {
		for _, e := range events {
			if err := add(e.ID, e.Name, e.At); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err // nothing was committed
	}
	log.Printf("loaded %d rows in %d commit(s)", stats.Rows, stats.Commits)
	// usage ends
	return nil
}

var _ = load

// TestDocUsage: the package doc's Usage block is load's body above.
func TestDocUsage(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "\t// usage begins\n")
	body, _, _ = strings.Cut(body, "\t// usage ends\n")
	var want []string
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		want = append(want, strings.TrimPrefix(l, "\t"))
	}

	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	_, usage, ok := strings.Cut(doc, "# Usage\n\n")
	if !ok {
		t.Fatal("doc.go has no # Usage section")
	}
	var got []string
	for _, l := range strings.Split(usage, "\n") {
		if !strings.HasPrefix(l, "\t") && l != "" {
			break
		}
		if l != "" {
			got = append(got, strings.TrimPrefix(l, "\t"))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("doc.go's Usage:\n%s\nexample_test.go's load:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
