package rewrite

import (
	"context"
	"database/sql"
)

// ledgerPage is how many ledger rows each INSERT copies.
const ledgerPage = 245_760

// Reverse books every ledger entry's reversal, its credit as the debit
// and the other way round. The INSERT maps columns by position, pager.Copy
// by name, which would copy the entries as they are: no fix.
func Reverse(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += ledgerPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO reversals SELECT id, credit, debit FROM ledger LIMIT ? OFFSET ?", ledgerPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < ledgerPage {
			break
		}
	}
	return nil
}

// Rollup copies the daily totals into the report, whose columns have
// other names: the INSERT fills them by position, where pager.Copy would
// find no report.day (ErrColumns): no fix.
func Rollup(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += ledgerPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO report SELECT day, total FROM daily LIMIT ? OFFSET ?", ledgerPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < ledgerPage {
			break
		}
	}
	return nil
}

// backupBatch is the number of ledger rows each INSERT of BackupLedger
// copies: two row groups, so that every commit lands in whole groups.
const backupBatch = 245_760

// BackupLedger copies the ledger into its backup, whose columns are the
// ledger's, in the same order (the package creates both): rewritten, and
// backupBatch, which only the loop read, goes with it.
func BackupLedger(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += backupBatch {
		res, err := tx.ExecContext(ctx, "INSERT INTO ledger_backup SELECT id, debit, credit FROM ledger LIMIT ? OFFSET ?", backupBatch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < backupBatch {
			break
		}
	}
	return nil
}
