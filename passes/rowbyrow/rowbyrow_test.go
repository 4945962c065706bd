package rowbyrow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/rowbyrow"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), rowbyrow.Analyzer,
		"example.com/fixtures/loader", "example.com/fixtures/silent", "example.com/fixtures/migrate",
		"example.com/fixtures/helpers", "example.com/fixtures/ingest",
		"example.com/fixtures/importer", "example.com/fixtures/sqlfunc",
		"example.com/fixtures/accounts", "example.com/fixtures/bookkeeping", "example.com/fixtures/seed",
		"example.com/fixtures/migrations", "example.com/fixtures/leaving", "example.com/fixtures/bounded",
		"example.com/fixtures/poller", "example.com/fixtures/candles", "example.com/fixtures/candletest",
		"example.com/fixtures/commitloop")
}
