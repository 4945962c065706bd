package a

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
)

// Sizes that are multiples of the row group, however they are written.
const aligned = 2 * 122_880

func alignedWalks(db *sql.DB) {
	for off := 0; ; off += aligned {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", aligned, off)
	}
}

func alignedLiteral(db *sql.DB) {
	for page := 0; ; page++ {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 491520, page*491520)
	}
}

// A page per request: the offset comes from the caller, nothing walks.
func servePage(w http.ResponseWriter, r *http.Request, db *sql.DB) {
	off, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	db.QueryContext(r.Context(), "SELECT * FROM t LIMIT ? OFFSET ?", 250000, off)
}

func pageParam(ctx context.Context, db *sql.DB, off int) {
	db.QueryContext(ctx, "SELECT * FROM t LIMIT ? OFFSET ?", 250000, off)
}

// A loop over requests is not a walk either.
func serveAll(db *sql.DB, offsets chan int) {
	for off := range offsets {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250000, off)
	}
}

type request struct{ Offset int }

func serveRequests(db *sql.DB, reqs []request) {
	for _, r := range reqs {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250000, r.Offset)
	}
}

// LIMIT n+1 peeks one row past the page to see whether another follows:
// the page is n rows, and n is aligned.
func peekOne(db *sql.DB) {
	for off := 0; ; off += aligned {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", aligned+1, off)
	}
}

// LIMIT without OFFSET: a preview, a top-N.
func topN(db *sql.DB) {
	for i := 0; i < 3; i++ {
		db.Query("SELECT * FROM t ORDER BY score DESC LIMIT ?", 250000)
	}
}

// Vector-sized chunks that divide the row group.
func vectorChunks(db *sql.DB) {
	for off := 0; ; off += 61_440 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 61_440, off)
	}
}

// Sizes read at run time cannot be judged.
func dynamic(db *sql.DB, size int) {
	for off := 0; ; off += size {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", size, off)
	}
}

// A byte budget is not a row count.
const chunkBytes = 250_000

func bytesNamed(db *sql.DB) {
	for off := 0; ; off += chunkBytes {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", chunkBytes, off)
	}
}

// Commented-out code is not code:
// for off := 0; ; off += 250000 {
// 	db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250000, off)
// }

func ignored(db *sql.DB) {
	//rowalign:ignore the source table was written in 250,000-row groups by a legacy loader
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) //rowalign:ignore same legacy table
	}
}

func ignoredNoReason(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) //rowalign:ignore // want `page size 250000`
	}
}
