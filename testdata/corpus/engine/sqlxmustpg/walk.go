// Package sqlxmustpg re-encrypts every secret in the Postgres vault,
// range by range through sqlx.
// expect: none
package sqlxmustpg

import (
	"context"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

type secret struct {
	ID         int64  `db:"id"`
	Ciphertext []byte `db:"ciphertext"`
}

var vault = sqlx.MustConnect("postgres", "postgres://vault")

func Rotate(ctx context.Context, reencrypt func([]byte) []byte) error {
	const span = 100_000
	var maxID int64
	if err := vault.GetContext(ctx, &maxID, "SELECT max(id) FROM secrets"); err != nil {
		return err
	}
	for lo := int64(0); lo <= maxID; lo += span {
		rows, err := vault.QueryxContext(ctx, "SELECT id, ciphertext FROM secrets WHERE id >= $1 AND id < $2", lo, lo+span)
		if err != nil {
			return err
		}
		for rows.Next() {
			var s secret
			if err := rows.StructScan(&s); err != nil {
				rows.Close()
				return err
			}
			vault.MustExec("UPDATE secrets SET ciphertext = $1 WHERE id = $2", reencrypt(s.Ciphertext), s.ID)
		}
		rows.Close()
	}
	return nil
}
