package store

import (
	"context"
	"fmt"
	"time"
)

// Leases are rows of the table leases (migration 003): game, holder, expiry. Their times
// are the database's clock (backend.now), so that servers whose clocks differ still agree
// on who holds a lease.

// TakeLease makes holder the holder of game id's lease for ttl.
func (d *db) TakeLease(ctx context.Context, id, holder string, ttl time.Duration) (bool, error) {
	if holder == "" || ttl <= 0 {
		return false, fmt.Errorf("take lease of game %q: no holder or no time", id)
	}
	now := d.b.now()
	var n int64
	err := d.b.tx(ctx, true, func(q querier) error {
		var one1 int
		ok, err := one(ctx, q, `SELECT 1 FROM games WHERE id = $1`, []any{id}, &one1)
		if err == nil && !ok {
			err = fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return err
		}
		n, err = q.exec(ctx, `INSERT INTO leases (game_id, holder, expires) VALUES ($1, $2, `+now+` + $3)
			ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
			WHERE leases.holder = excluded.holder OR leases.expires <= `+now,
			id, holder, ttl.Microseconds())
		return err
	})
	return n == 1, err
}

// RenewLeases extends holder's leases to ttl from now.
func (d *db) RenewLeases(ctx context.Context, holder string, ttl time.Duration) ([]string, error) {
	return d.gameIDs(ctx, true, `UPDATE leases SET expires = `+d.b.now()+` + $2 WHERE holder = $1 RETURNING game_id`,
		holder, ttl.Microseconds())
}

// ReleaseLease gives up holder's lease of game id, or all of them when id is "".
func (d *db) ReleaseLease(ctx context.Context, id, holder string) error {
	return d.b.tx(ctx, true, func(q querier) error {
		var err error
		if id == "" {
			_, err = q.exec(ctx, `DELETE FROM leases WHERE holder = $1`, holder)
		} else {
			_, err = q.exec(ctx, `DELETE FROM leases WHERE game_id = $1 AND holder = $2`, id, holder)
		}
		return err
	})
}

// ExpiredLeases returns the games whose lease has expired, the longest expired first.
func (d *db) ExpiredLeases(ctx context.Context, limit int) ([]string, error) {
	if limit <= 0 {
		return []string{}, nil
	}
	return d.gameIDs(ctx, false, `SELECT game_id FROM leases WHERE expires <= `+d.b.now()+` ORDER BY expires LIMIT $1`, int64(limit))
}

// gameIDs runs a query (in a transaction that writes when write is set) whose rows are
// game ids, and returns them.
func (d *db) gameIDs(ctx context.Context, write bool, sql string, args ...any) ([]string, error) {
	ids := []string{}
	err := d.b.tx(ctx, write, func(q querier) error {
		r, err := q.query(ctx, sql, args...)
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
			var id string
			if err := r.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return r.Err()
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}
