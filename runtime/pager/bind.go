package pager

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// binder asks DuckDB whether a statement binds, without running it and
// without a statement that fails.
//
// The pager learns some things only from DuckDB's binder: which table a
// name binds to ([resolve]) and which columns are generated (an INSERT
// into one is refused). Asking by running a statement that may fail costs
// nothing on DuckDB 1.1 and 1.5, but DuckDB 2.0 aborts the transaction on
// any failed statement, a binder error included: every later statement of
// the walk, and of a caller's *sql.Tx, then fails with "Current transaction
// is aborted" (measured on DuckDB 2.0.0, 2026-12-07: SELECT
// "memory"."main"."t"."rowid" FROM "s"."t" in a transaction, then SELECT
// count(*) FROM s.t). DuckDB's json_serialize_plan binds and plans its SQL
// argument in the caller's transaction (temporary tables, search_path and
// USE included) and returns a binder error as JSON instead of failing
// (DuckDB 1.1.3, 1.5.6 and 2.0.0). Without the json extension, b runs
// EXPLAIN of the statement instead (it binds without running), and reports
// a DuckDB that aborted the transaction on it with the refusal that did it.
type binder struct {
	tx   Querier
	plan bool // json_serialize_plan is there
}

// newBinder returns a binder on tx.
func newBinder(ctx context.Context, tx Querier) (binder, error) {
	b := binder{tx: tx}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) > 0 FROM duckdb_functions() WHERE function_name = 'json_serialize_plan'`).Scan(&b.plan); err != nil {
		return b, fmt.Errorf("pager: listing DuckDB's functions: %w", oneLine(err))
	}
	return b, nil
}

// refusal is DuckDB's refusal to bind a statement, as json_serialize_plan
// reports it.
type refusal struct{ typ, msg string }

// Error is the refusal in the words DuckDB uses when it fails the
// statement: "Binder Error: ...".
func (r refusal) Error() string {
	t := strings.ReplaceAll(r.typ, "_", " ")
	if t == "" {
		return r.msg
	}
	return strings.ToUpper(t[:1]) + t[1:] + " Error: " + r.msg
}

// refused returns DuckDB's refusal to bind query (nil when it binds), and
// err when DuckDB could not be asked.
func (b binder) refused(ctx context.Context, query string) (why error, err error) {
	if b.plan {
		var out string
		// A literal: DuckDB 1.5.6 refuses a parameter here ("first
		// argument must be a VARCHAR").
		lit := "'" + strings.ReplaceAll(query, "'", "''") + "'"
		if err := b.tx.QueryRowContext(ctx, `SELECT json_serialize_plan(`+lit+`)::VARCHAR`).Scan(&out); err != nil {
			return nil, fmt.Errorf("asking DuckDB to bind %s: %w", query, oneLine(err))
		}
		var r struct {
			Error   bool   `json:"error"`
			Type    string `json:"error_type"`
			Message string `json:"error_message"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			return nil, fmt.Errorf("asking DuckDB to bind %s: reading json_serialize_plan's answer: %w", query, err)
		}
		if !r.Error {
			return nil, nil
		}
		switch strings.ToLower(r.Type) {
		case "binder", "catalog", "parser":
			return oneLine(refusal{typ: r.Type, msg: r.Message}), nil
		}
		// The statement bound but its plan could not be serialized (a
		// logical operator without serialization, say): EXPLAIN below
		// binds it for real.
	}
	rows, err := b.tx.QueryContext(ctx, `EXPLAIN `+query)
	if err == nil {
		rows.Close()
		return nil, nil
	}
	if cerr := ctx.Err(); cerr != nil {
		return nil, fmt.Errorf("asking DuckDB to bind %s: %w", query, cerr)
	}
	// Is the transaction still usable? DuckDB 2.0 aborts it.
	var one int
	if aerr := b.tx.QueryRowContext(ctx, `SELECT 1`).Scan(&one); aerr != nil {
		return nil, fmt.Errorf("%w; DuckDB then aborted the transaction (%v), and the pager cannot ask without a failing statement here: json_serialize_plan, of DuckDB's json extension, is not loaded", oneLine(err), oneLine(aerr))
	}
	return oneLine(err), nil
}
