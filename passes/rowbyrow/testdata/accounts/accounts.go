// Package accounts is the CRUD side of an analytics service: teams,
// members, invites and sites. Its loops walk the handful of entities of
// one account or one request; none is a load, and rowbyrow says nothing.
package accounts

import (
	"context"
	"database/sql"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Store struct{ db *sql.DB }

// AddMembers adds the users an admin picked to a team.
func (s *Store) AddMembers(ctx context.Context, teamID string, userIDs []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, u := range userIDs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", teamID, u); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ReplaceRecoveryCodes stores a user's ten new recovery codes.
func (s *Store) ReplaceRecoveryCodes(ctx context.Context, userID string, hashes []string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM recovery_codes WHERE user_id = ?", userID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := s.db.ExecContext(ctx, "INSERT INTO recovery_codes (user_id, hash) VALUES (?, ?)", userID, h); err != nil {
			return err
		}
	}
	return nil
}

// AcceptInvites accepts the pending invites of one email address, in
// the transaction that read them.
func (s *Store) AcceptInvites(ctx context.Context, email, userID string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, "SELECT id, team_id FROM invites WHERE lower(email) = lower(?) AND status = 'pending'", email)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, teamID string
		if err := rows.Scan(&id, &teamID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE invites SET status = 'accepted', accepted_at = ? WHERE id = ?", time.Now(), id); err != nil {
			return err
		}
		if err := addMember(ctx, tx, teamID, userID); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return tx.Commit()
}

func addMember(ctx context.Context, tx *sql.Tx, teamID, userID string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", teamID, userID)
	return err
}

// DeleteSite removes a site and what hangs off it: a cascade, not one
// row.
func (s *Store) DeleteSite(ctx context.Context, siteID string) error {
	for _, q := range []string{
		"DELETE FROM goals WHERE site_id = ?",
		"DELETE FROM shares WHERE site_id = ?",
		"DELETE FROM sites WHERE id = ?",
	} {
		if _, err := s.db.ExecContext(ctx, q, siteID); err != nil {
			return err
		}
	}
	return nil
}

// DeleteUser deletes a user's sites, then the user.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	siteIDs, err := s.siteIDs(ctx, userID)
	if err != nil {
		return err
	}
	for _, id := range siteIDs {
		if err := s.DeleteSite(ctx, id); err != nil {
			return err
		}
	}
	_, err = s.db.ExecContext(ctx, "DELETE FROM users WHERE id = ?", userID)
	return err
}

func (s *Store) siteIDs(ctx context.Context, userID string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id FROM sites WHERE owner_id = ?", userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ResolveStore returns the store of a site, creating its row the first
// time: a lookup that may insert, not a one-row writer.
func (s *Store) ResolveStore(ctx context.Context, siteID string) (string, error) {
	var path string
	err := s.db.QueryRowContext(ctx, "SELECT path FROM site_stores WHERE site_id = ?", siteID).Scan(&path)
	if err == sql.ErrNoRows {
		path = "stores/" + siteID + ".duckdb"
		_, err = s.db.ExecContext(ctx, "INSERT INTO site_stores (site_id, path) VALUES (?, ?)", siteID, path)
	}
	return path, err
}

// Backfill walks every site, each with a store of its own.
func (s *Store) Backfill(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, "SELECT id FROM sites")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		if _, err := s.ResolveStore(ctx, id); err != nil {
			return err
		}
	}
	return rows.Err()
}
