// Package cmd is a cobra command line whose export command passes its
// --page-size flag, default 250,000, to the export package's walk.
package cmd

import (
	"database/sql"
	"os"

	"github.com/spf13/cobra"

	"example.com/fixtures/cobracli/export"
)

func NewExportCmd(db *sql.DB) *cobra.Command {
	var pageSize int
	cmd := &cobra.Command{
		Use:   "export",
		Short: "write the events table to stdout",
		RunE: func(cmd *cobra.Command, args []string) error {
			return export.New(db).Run(cmd.Context(), pageSize, os.Stdout)
		},
	}
	cmd.Flags().IntVar(&pageSize, "page-size", 250_000, "rows per page") // want `^page size 250000 splits DuckDB's`
	return cmd
}

var chunk int

func NewDumpCmd(db *sql.DB) *cobra.Command {
	cmd := &cobra.Command{
		Use: "dump",
		Run: func(cmd *cobra.Command, args []string) {
			ex := export.New(db)
			ex.Run(cmd.Context(), chunk, os.Stdout)
		},
	}
	cmd.PersistentFlags().IntVarP(&chunk, "chunk", "c", 100_000, "rows per page") // want `^page size 100000 is smaller`
	return cmd
}

var rows int

var copyCmd = &cobra.Command{
	Use: "copy",
	RunE: func(cmd *cobra.Command, args []string) error {
		return export.New(openDB()).Run(cmd.Context(), rows, os.Stdout)
	},
}

func init() {
	copyCmd.Flags().IntVar(&rows, "rows", 300_000, "rows per page") // want `^page size 300000 splits DuckDB's`
}

func NewTailCmd(db *sql.DB) *cobra.Command {
	cmd := &cobra.Command{
		Use: "tail",
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := cmd.Flags().GetInt("page")
			if err != nil {
				return err
			}
			return export.New(db).Run(cmd.Context(), n, os.Stdout)
		},
	}
	cmd.Flags().Int("page", 200_000, "rows per page") // want `^page size 200000 splits DuckDB's`
	return cmd
}

func openDB() *sql.DB {
	db, _ := sql.Open("duckdb", "events.db")
	return db
}
