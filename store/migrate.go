package store

import (
	"context"
	"embed"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// The schema is a list of numbered migrations, migrations/<database>/NNN_what.sql, one
// list per database with the same numbers; they differ only where the two SQL dialects
// do (a byte string is BLOB in SQLite, BYTEA in PostgreSQL). The table schema_version
// holds a row for each migration applied. Never change a migration once released: add
// the next one.
//
//go:embed migrations
var migrationFS embed.FS

// A migration is one step of the schema.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the migrations of a database ("sqlite", "postgres") in order,
// numbered 1, 2, 3… without gaps.
func migrations(database string) ([]migration, error) {
	dir := path.Join("migrations", database)
	entries, err := migrationFS.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries { // ReadDir sorts by name, and names start with the number.
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration %s: want a name like 001_what.sql", e.Name())
		}
		if v != len(ms)+1 {
			return nil, fmt.Errorf("migration %s: want number %d", e.Name(), len(ms)+1)
		}
		b, err := migrationFS.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	return ms, nil
}

// migrate brings the schema of the database behind b up to date in one transaction.
// lock, when not "", is a statement run first that keeps other servers from migrating
// the same database at once.
func migrate(ctx context.Context, b backend, database, lock string) error {
	ms, err := migrations(database)
	if err != nil {
		return fmt.Errorf("internal error: %v", err)
	}
	return b.tx(ctx, true, func(q querier) error {
		if lock != "" {
			if _, err := q.exec(ctx, lock); err != nil {
				return err
			}
		}
		if _, err := q.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version INTEGER PRIMARY KEY,
			applied BIGINT NOT NULL
		)`); err != nil {
			return err
		}
		var have int64
		if _, err := one(ctx, q, `SELECT coalesce(max(version), 0) FROM schema_version`, nil, &have); err != nil {
			return err
		}
		if have > int64(len(ms)) {
			return fmt.Errorf("the database has schema version %d, newer than this program knows (%d): use a newer zoggo", have, len(ms))
		}
		for _, m := range ms[have:] {
			if _, err := q.exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := q.exec(ctx, `INSERT INTO schema_version (version, applied) VALUES ($1, $2)`,
				int64(m.version), micro(time.Now())); err != nil {
				return err
			}
		}
		return nil
	})
}
