// Package nightly runs the nightly reports: the ledger's totals from
// DuckDB, and an export of both databases.
package nightly

import (
	"context"
	"database/sql"
	"log"

	"example.com/scope/ledger/reports"
)

func Run(ctx context.Context, ledgerPath, accountsDSN string) error {
	ledger, err := sql.Open("duckdb", ledgerPath)
	if err != nil {
		return err
	}
	defer ledger.Close()
	accounts, err := reports.Accounts(accountsDSN)
	if err != nil {
		return err
	}
	defer accounts.Close()

	totals, err := reports.MonthlyTotals(ctx, ledger) // want `page size monthPage = 200000 \(in reports.MonthlyTotals, reports.go:\d+\) splits DuckDB's 122880-row row groups: .*; use 245760 there`
	if err != nil {
		return err
	}
	log.Println(totals)
	// The same report over PostgreSQL pays nothing for DuckDB's row groups.
	if _, err := reports.MonthlyTotals(ctx, accounts); err != nil {
		return err
	}

	print := func(row []any) error { log.Println(row...); return nil }
	if err := reports.Export(ctx, ledger, "entries", 250_000, print); err != nil { // want `page size 250000 splits DuckDB's 122880-row row groups: .*; use 245760`
		return err
	}
	return reports.Export(ctx, accounts, "accounts", 250_000, print)
}

// exportFrom exports through a handle this package cannot place: it
// stays silent, as the reports package does.
func exportFrom(ctx context.Context, db *sql.DB) error {
	return reports.Export(ctx, db, "entries", 300_000, func([]any) error { return nil })
}

var _ = exportFrom
