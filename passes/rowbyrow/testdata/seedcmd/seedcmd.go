// Package seedcmd is a command line that talks to SQLite (bookdb) and
// to DuckDB (seedqueue) (go-mizu/mizu, blueprints/search/cli/amazon.go).
package seedcmd

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"example.com/fixtures/bookdb"
	"example.com/fixtures/seedqueue"
	"github.com/spf13/cobra"
)

// newSeed seeds the crawl queue from a file, one URL a line: each line an
// INSERT that commits alone, through a method whose handle is DuckDB's in
// its own package.
func newSeed() *cobra.Command {
	statePath, filePath, entityType := "state.duckdb", os.Getenv("SEED_FILE"), "product"
	var priority int

	cmd := &cobra.Command{
		Use:   "seed",
		Short: "Seed the crawl queue from a file (one ASIN or URL per line)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if filePath == "" {
				return fmt.Errorf("--file is required")
			}

			stateDB, err := seedqueue.OpenState(statePath)
			if err != nil {
				return fmt.Errorf("open state: %w", err)
			}
			defer stateDB.Close()

			f, err := os.Open(filePath)
			if err != nil {
				return fmt.Errorf("open file: %w", err)
			}
			defer f.Close()

			total := 0
			scanner := bufio.NewScanner(f)
			for scanner.Scan() {
				line := strings.TrimSpace(scanner.Text())
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				inserted, err := stateDB.Enqueue(line, entityType, priority) // want `Enqueue writes one row \(INSERT\) per loop iteration \(each statement commits alone`
				if err != nil {
					return fmt.Errorf("enqueue %s: %w", line, err)
				}
				if inserted {
					total++
				}
			}
			if err := scanner.Err(); err != nil {
				return fmt.Errorf("read file: %w", err)
			}

			fmt.Printf("Enqueued %d URLs (entity=%s priority=%d)\n", total, entityType, priority)
			return nil
		},
	}

	cmd.Flags().IntVar(&priority, "priority", 10, "Queue priority (higher = fetched first)")
	return cmd
}

// newBooks counts the catalogue's books in SQLite.
func newBooks() *cobra.Command {
	return &cobra.Command{
		Use: "books",
		RunE: func(cmd *cobra.Command, args []string) error {
			db, err := bookdb.Open("books.db")
			if err != nil {
				return err
			}
			defer db.Close()
			rows, err := db.Query("SELECT title FROM books")
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var title string
				if err := rows.Scan(&title); err != nil {
					return err
				}
				fmt.Println(title)
			}
			return rows.Err()
		},
	}
}
