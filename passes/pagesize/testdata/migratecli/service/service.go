// Package service walks one task's rows of tbl_verify_content page by
// page, the page size its caller's parameter (content-verify-log's
// pkg/service/migration_service.go).
package service

import (
	"context"
	"database/sql"
	"fmt"

	"example.com/fixtures/migratecli/db"
)

type MigrationService struct{}

func NewMigrationService() *MigrationService { return &MigrationService{} }

func (s *MigrationService) MigrateToDuckDB(ctx context.Context, batchSize int) error {
	duckDB := db.GetDuckDBWithContext(ctx)
	if duckDB == nil {
		return fmt.Errorf("DuckDB not initialised")
	}
	offset := 0
	for {
		query := `SELECT id, taskId, content
			FROM tbl_verify_content
			WHERE taskId = '430aa1b775c143e6bfcf1d5f78c115ce'
			ORDER BY id
			LIMIT ? OFFSET ?`
		rows, err := duckDB.QueryContext(ctx, query, batchSize, offset)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			var taskID, content sql.NullString
			if err := rows.Scan(&id, &taskID, &content); err != nil {
				continue
			}
			ids = append(ids, id)
		}
		rows.Close()
		if len(ids) == 0 {
			break
		}
		offset += batchSize
	}
	return nil
}
