// Package docindex is a search index's DuckDB driver: Index receives the
// documents of a batch and writes them in the configured way
// (go-mizu/mizu, blueprints/search/pkg/index/driver/duckdb). indexNaive
// runs one unprepared INSERT per document: what its parameter holds, the
// package shows through its caller, Index, which hands the same docs to
// indexPrepared (a statement prepared to run per document) and to
// indexAppender: the batch is a load, whichever way the setting picks.
// A transaction of the function's own is no such evidence (EnqueueBatch).
package docindex

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

type Document struct {
	DocID string
	Text  []byte
}

type Engine struct {
	db         *sql.DB
	insertMode string
	appender   *duckdb.Appender
}

// Index routes to the configured insert implementation.
func (e *Engine) Index(ctx context.Context, docs []Document) error {
	if len(docs) == 0 {
		return nil
	}
	switch e.insertMode {
	case "prepared":
		return e.indexPrepared(ctx, docs)
	case "appender":
		return e.indexAppender(ctx, docs)
	default: // "naive"
		return e.indexNaive(ctx, docs)
	}
}

// indexNaive: one INSERT execution per doc (no batch SQL construction).
func (e *Engine) indexNaive(ctx context.Context, docs []Document) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck

	for _, doc := range docs {
		if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO documents (doc_id, text) VALUES (?, ?)", doc.DocID, string(doc.Text)); err != nil { // want `^one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 720 µs`
			return err
		}
	}
	return tx.Commit()
}

// indexPrepared: prepare one statement per batch; execute once per doc.
func (e *Engine) indexPrepared(ctx context.Context, docs []Document) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck

	stmt, err := tx.PrepareContext(ctx, "INSERT OR IGNORE INTO documents (doc_id, text) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()

	for _, doc := range docs {
		if _, err := stmt.ExecContext(ctx, doc.DocID, string(doc.Text)); err != nil { // want `^one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs`
			return err
		}
	}
	return tx.Commit()
}

// indexAppender: use the DuckDB Appender API.
func (e *Engine) indexAppender(ctx context.Context, docs []Document) error {
	for _, doc := range docs {
		if err := e.appender.AppendRow(doc.DocID, string(doc.Text)); err != nil {
			return fmt.Errorf("appender: append row: %w", err)
		}
	}
	return e.appender.Flush()
}

// Mirror copies documents to a second table, by the Appender or by one
// INSERT each: the Appender loop is the evidence.
type Mirror struct {
	db       *sql.DB
	appender *duckdb.Appender
	plain    bool
}

func (m *Mirror) Store(ctx context.Context, docs []Document) error {
	if m.plain {
		return m.storeEach(ctx, docs)
	}
	for _, d := range docs {
		if err := m.appender.AppendRow(d.DocID, string(d.Text)); err != nil {
			return err
		}
	}
	return nil
}

func (m *Mirror) storeEach(ctx context.Context, docs []Document) error {
	for _, d := range docs {
		if _, err := m.db.ExecContext(ctx, "INSERT INTO mirror VALUES (?, ?)", d.DocID, string(d.Text)); err != nil { // want `^one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}

// Log hands its docs to a logger and to a plain writer: nothing says the
// batch is a load. Silent.
func (m *Mirror) Log(ctx context.Context, docs []Document) error {
	for _, d := range docs {
		fmt.Println(d.DocID)
	}
	return m.logEach(ctx, docs)
}

func (m *Mirror) logEach(ctx context.Context, docs []Document) error {
	for _, d := range docs {
		if _, err := m.db.ExecContext(ctx, "INSERT INTO doc_log VALUES (?)", d.DocID); err != nil {
			return err
		}
	}
	return nil
}

// EnqueueBatch queues the links of one scraped page in a transaction of
// its own: BEGIN, an INSERT per item, COMMIT says nothing of how many
// items there are. Silent.
func (e *Engine) EnqueueBatch(items []string) error {
	tx, err := e.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, it := range items {
		if _, err := tx.Exec("INSERT OR IGNORE INTO queue (url) VALUES (?)", it); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ReplaceRecoveryCodes replaces a user's codes at once: the transaction
// keeps the DELETE and the INSERTs together, it does not load a batch.
// Silent.
func (e *Engine) ReplaceRecoveryCodes(ctx context.Context, userID string, hashes []string) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "DELETE FROM recovery_codes WHERE user_id = ?", userID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := tx.ExecContext(ctx, "INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)", userID, h); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// CreateUpload records an upload and its files in one transaction: the
// parent row and its children, one request's. Silent.
func (e *Engine) CreateUpload(ctx context.Context, id string, files []string) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "INSERT INTO uploads (id) VALUES (?)", id); err != nil {
		return err
	}
	for _, f := range files {
		if _, err := tx.ExecContext(ctx, "INSERT INTO upload_files (upload_id, name) VALUES (?, ?)", id, f); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// SetTags writes a handful of tags in a transaction given by the caller:
// the function opens none, so its transaction says nothing about the
// batch. Silent.
func SetTags(ctx context.Context, tx *sql.Tx, docID string, tags []string) error {
	for _, t := range tags {
		if _, err := tx.ExecContext(ctx, "INSERT INTO tags (doc_id, tag) VALUES (?, ?)", docID, t); err != nil {
			return err
		}
	}
	return nil
}

// addLabels is called with a literal only: silent, as a prepared batch
// writer is.
func (e *Engine) addLabels(ctx context.Context, labels []string) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, l := range labels {
		if _, err := tx.ExecContext(ctx, "INSERT INTO labels (name) VALUES (?)", l); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

func (e *Engine) Init(ctx context.Context) error {
	return e.addLabels(ctx, []string{"news", "blog"})
}
