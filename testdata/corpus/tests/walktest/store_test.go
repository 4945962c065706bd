package walktest

import (
	"context"
	"testing"
)

const fixtureRows = 250_000

func TestWalkEveryUser(t *testing.T) {
	s, err := Open("")
	if err != nil {
		t.Skip(err)
	}
	ctx := context.Background()
	if _, err := s.DB.ExecContext(ctx, "CREATE TABLE users AS SELECT range AS id FROM range(1000000)"); err != nil {
		t.Skip(err)
	}
	seen := 0
	for off := 0; ; off += fixtureRows {
		rows, err := s.DB.QueryContext(ctx, "SELECT id FROM users ORDER BY id LIMIT ? OFFSET ?", fixtureRows, off)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		seen += n
		if n < fixtureRows {
			break
		}
	}
	if seen != 1000000 {
		t.Fatalf("saw %d users", seen)
	}
}
