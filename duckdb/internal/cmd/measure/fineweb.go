package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// finewebRows is how many documents fineweb inserts: two row groups and
// more, few enough that one prepared INSERT per row finishes in minutes.
const finewebRows = 250_000

// finewebText is the mean length of a document's text in bytes, a few KB
// as FineWeb's web pages are; each document's length is drawn between
// half and one and a half times it.
const finewebText = 3_000

// fineweb inserts rows documents (finewebRows from the command line) shaped as go-mizu/mizu's FineWeb
// table (blueprints/search/pkg/engine/fineweb/drivers/duckdb/duckdb.go:
// id VARCHAR PRIMARY KEY, url, text, dump, date, language VARCHAR,
// language_score DOUBLE) the way its Import does: one prepared INSERT ...
// ON CONFLICT (id) DO NOTHING per document, a commit every n rows, BEGIN
// and Prepare again after each; then CHECKPOINT. It prints the load's
// and the CHECKPOINT's seconds, the row groups before and after, and the
// file's size: what such commits leave when each row carries KB of text.
func fineweb(ctx context.Context, tmp string, rows, n int64) {
	path := filepath.Join(tmp, fmt.Sprintf("fineweb-%d.duckdb", n))
	db := open(path)
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec(db, `CREATE TABLE documents (id VARCHAR PRIMARY KEY, url VARCHAR, text VARCHAR, dump VARCHAR,
		date VARCHAR, language VARCHAR, language_score DOUBLE)`)
	const insert = `INSERT INTO documents (id, url, text, dump, date, language, language_score)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`
	words := strings.Fields("the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there one all we their has been would more when if will can out about so what up said some them other time into could only")
	rng := rand.New(rand.NewPCG(1, 2))
	var text strings.Builder
	t0, c0 := time.Now(), cpu()
	tx, err := db.BeginTx(ctx, nil)
	check(err)
	stmt, err := tx.PrepareContext(ctx, insert)
	check(err)
	var textBytes int64
	for i := int64(1); i <= rows; i++ {
		text.Reset()
		for want := finewebText/2 + rng.IntN(finewebText); text.Len() < want; {
			text.WriteString(words[rng.IntN(len(words))])
			text.WriteByte(' ')
		}
		textBytes += int64(text.Len())
		_, err := stmt.ExecContext(ctx, fmt.Sprintf("<urn:uuid:%016x-%08d>", rng.Uint64(), i),
			fmt.Sprintf("https://example%d.com/page/%d", i%5000, i), text.String(), "CC-MAIN-2024-10",
			"2024-02-21T12:00:00Z", "en", 0.6+rng.Float64()*0.4)
		check(err)
		if i%n == 0 {
			check(stmt.Close())
			check(tx.Commit())
			tx, err = db.BeginTx(ctx, nil)
			check(err)
			stmt, err = tx.PrepareContext(ctx, insert)
			check(err)
		}
	}
	check(stmt.Close())
	check(tx.Commit())
	load, loadCPU := time.Since(t0), cpu()-c0
	before := groups(db, "documents")
	t1, c1 := time.Now(), cpu()
	exec(db, `CHECKPOINT`)
	fi, err := os.Stat(path)
	check(err)
	fmt.Fprintf(out, "prepared INSERT per document, %s documents (%.0f MB of text), commit every %s: load %.2f s wall, %.2f s CPU; CHECKPOINT %.2f s wall, %.2f s CPU; file %.1f MB\n",
		bench.Thousands(rows), float64(textBytes)/1e6, bench.Thousands(n), load.Seconds(), loadCPU, time.Since(t1).Seconds(), cpu()-c1, float64(fi.Size())/1e6)
	fmt.Fprintln(out, "  row groups before CHECKPOINT:", before)
	fmt.Fprintln(out, "  row groups after CHECKPOINT: ", groups(db, "documents"))
}
