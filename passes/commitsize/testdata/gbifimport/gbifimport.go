// Package gbifimport is HannesOberreiter/gbif-extinct's import script
// (scripts/import/import.go): the rows of a GBIF occurrence dump go into
// DuckDB as one autocommit multi-row INSERT OR REPLACE every 100,000
// rows. At the table's width (6 columns) 1,000,000 rows so loaded fill
// their row groups whole (docs/measurements.md#commits-under-a-row-group,
// measure values): no finding.
package gbifimport

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

var conn *sql.Conn

func importTSV(r io.Reader) {
	scanner := bufio.NewScanner(r)
	var tempArray []string
	var count int = 0
	for scanner.Scan() {
		fields := strings.Split(scanner.Text(), "\t")
		if len(fields) < 35 || fields[11] != "SPECIES" {
			continue
		}
		insertString := fmt.Sprintf("('%s', '%s', '%s', '%s', '%s')", safeQuotes(fields[0]), safeQuotes(fields[34]), safeQuotes(fields[15]), safeQuotes(fields[29]), safeQuotes(fields[29]))
		tempArray = append(tempArray, insertString)
		count++
		if len(tempArray)%100_000 == 0 {
			insert(&tempArray, "import")
		}
	}
	if len(tempArray) > 0 {
		insert(&tempArray, "import")
	}
}

func safeQuotes(s string) string {
	return strings.ReplaceAll(s, "'", "''")
}

func insert(tempArray *[]string, table string) {
	_, err := conn.ExecContext(context.Background(), `
		INSERT OR REPLACE INTO `+table+`
		(ObservationID, TaxonID, CountryCode, ObservationDateOriginal, ObservationDate)
		VALUES `+strings.Join(*tempArray, ","))
	if err != nil {
		log.Fatal(err)
	}
	*tempArray = nil
}
