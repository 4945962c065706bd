package silent

import (
	"context"
	"database/sql"
	"flag"
	"os"
)

// RegisterFiles records the files named on the command line
// (register a.csv b.csv ...): a few names a user typed.
func RegisterFiles(ctx context.Context, db *sql.DB) error {
	for _, name := range os.Args[1:] {
		if _, err := db.ExecContext(ctx, "INSERT INTO sources (path) VALUES (?)", name); err != nil {
			return err
		}
	}
	return nil
}

// Forget deletes the sources named after the flags.
func Forget(ctx context.Context, db *sql.DB) error {
	flag.Parse()
	for _, name := range flag.Args() {
		if _, err := db.ExecContext(ctx, "DELETE FROM sources WHERE path = ?", name); err != nil {
			return err
		}
	}
	return nil
}
