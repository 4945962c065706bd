package rewrite

import (
	"context"
	"database/sql"

	"github.com/rowalign/rowalign/runtime/pager"
)

// schema creates the tables this package reads and writes.
const schema = `
CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR, created TIMESTAMP, tags INTEGER[]);
CREATE TABLE IF NOT EXISTS archive (id BIGINT, kind VARCHAR, created TIMESTAMP, tags INTEGER[]);
CREATE TABLE IF NOT EXISTS events_copy (id BIGINT, kind VARCHAR, note VARCHAR DEFAULT 'n');
CREATE VIEW IF NOT EXISTS recent_events AS SELECT * FROM events WHERE created >= TIMESTAMP '2024-01-03';
CREATE TABLE IF NOT EXISTS imports (rowid BIGINT, payload VARCHAR);
CREATE TABLE IF NOT EXISTS ledger (id BIGINT, debit BIGINT, credit BIGINT);
CREATE TABLE IF NOT EXISTS ledger_backup (id BIGINT, debit BIGINT, credit BIGINT);
CREATE TABLE IF NOT EXISTS reversals (id BIGINT, debit BIGINT, credit BIGINT);
CREATE TABLE IF NOT EXISTS daily (day DATE, total BIGINT);
CREATE TABLE IF NOT EXISTS report (report_day DATE, amount BIGINT);
CREATE TABLE IF NOT EXISTS jobs (id BIGINT);
`

// Migrate creates the package's tables.
func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

// Backup copies every event into the archive, in the caller's
// transaction.
func Backup(ctx context.Context, tx *sql.Tx) (int64, error) {
	return pager.Copy(ctx, tx, "events", "archive")
}
