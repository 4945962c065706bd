// Package cmd is content-verify-log's migrate command: a cobra Run
// closure captures the --batch-size flag, default 100, and passes it to
// the service package's walk method.
package cmd

import (
	"github.com/spf13/cobra"

	"example.com/fixtures/migratecli/db"
	"example.com/fixtures/migratecli/service"
)

func NewMigrateCommand() *cobra.Command {
	var configFilePath string
	var batchSize int

	cmd := &cobra.Command{
		Use:   "migrate",
		Short: "process the data in DuckDB",
		Run: func(cmd *cobra.Command, args []string) {
			ctx := cmd.Context()
			if err := db.InitDuckDB(configFilePath); err != nil {
				return
			}
			migrationService := service.NewMigrationService()
			if err := migrationService.MigrateToDuckDB(ctx, batchSize); err != nil {
				return
			}
		},
	}

	cmd.Flags().StringVarP(&configFilePath, "config", "c", "./etc/config.yaml", "config file")
	cmd.Flags().IntVarP(&batchSize, "batch-size", "b", 100, "batch size") // want `^page size 100 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(8-17x`
	return cmd
}
