package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteDB is a SQLite file. Writes go through one connection, whose transactions
// begin with BEGIN IMMEDIATE: writers of this process queue in database/sql instead of
// meeting SQLITE_BUSY, and a writer of another process is waited for (busy timeout).
// Reads go through a pool of read-only connections, which WAL lets run beside the
// writer.
//
// Durability: journal_mode=WAL with synchronous=FULL fsyncs the log at every commit, so
// a committed transaction survives the process being killed and the machine losing
// power; fullfsync=1 makes that hold on macOS too, whose plain fsync does not reach the
// disk. Open checks that the settings took.
type sqliteDB struct {
	w, r *sql.DB
}

// sqliteParams are the settings of every connection.
const sqliteParams = "_busy_timeout=10000&_journal_mode=WAL&_synchronous=FULL&_foreign_keys=1&_pragma=fullfsync(1)&_pragma=checkpoint_fullfsync(1)"

// openSQLite opens (creating it if missing) the SQLite file at path.
func openSQLite(ctx context.Context, path string) (Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	// A file: URI, with the path escaped, so that no character of the path (? or #) is
	// read as the start of the parameters.
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x on Windows
	}
	uri := func(params string) string {
		return (&url.URL{Scheme: "file", Path: p, RawQuery: params}).String()
	}
	w, err := sql.Open("sqlite", uri(sqliteParams+"&_txlock=immediate"))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	s := &sqliteDB{w: w}
	fail := func(err error) (Store, error) {
		s.close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	var mode string
	var sync int
	if err := w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fail(err)
	}
	if err := w.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil {
		return fail(err)
	}
	if !strings.EqualFold(mode, "wal") || sync != 2 {
		return fail(fmt.Errorf("journal_mode %q and synchronous %d, want \"wal\" and 2 (FULL)", mode, sync))
	}
	if err := migrate(ctx, s, "sqlite", ""); err != nil {
		return fail(err)
	}
	s.r, err = sql.Open("sqlite", uri(sqliteParams+"&_query_only=1"))
	if err != nil {
		return fail(err)
	}
	s.r.SetMaxOpenConns(max(4, runtime.GOMAXPROCS(0)))
	return &db{b: s}, nil
}

func (s *sqliteDB) tx(ctx context.Context, write bool, f func(q querier) error) error {
	pool := s.r
	if write {
		pool = s.w
	}
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(sqlTx{tx}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *sqliteDB) forUpdate() string { return "" }

func (s *sqliteDB) isUnique(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

func (s *sqliteDB) now() string { return `CAST(unixepoch('subsec') * 1000000 AS INTEGER)` }

func (s *sqliteDB) notify(context.Context, querier, string) error { return nil }

func (s *sqliteDB) close() error {
	var err error
	if s.r != nil {
		err = s.r.Close()
	}
	return errors.Join(err, s.w.Close())
}

// sqlTx is a database/sql transaction as a querier.
type sqlTx struct{ tx *sql.Tx }

func (t sqlTx) exec(ctx context.Context, sql string, args ...any) (int64, error) {
	res, err := t.tx.ExecContext(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (t sqlTx) query(ctx context.Context, sql string, args ...any) (rows, error) {
	r, err := t.tx.QueryContext(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}

// sqlRows are database/sql rows as rows.
type sqlRows struct{ r *sql.Rows }

func (r sqlRows) Next() bool             { return r.r.Next() }
func (r sqlRows) Scan(dest ...any) error { return r.r.Scan(dest...) }
func (r sqlRows) Err() error             { return r.r.Err() }
func (r sqlRows) Close()                 { r.r.Close() }
