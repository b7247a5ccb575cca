package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// postgresDB is a PostgreSQL database, which several servers may share. A write
// transaction that changes the turns of a game first locks the game's row (SELECT … FOR
// UPDATE), so the turns of one game change one transaction at a time whichever server
// runs it; the key (game_id, ply) backs that up.
type postgresDB struct {
	pool *pgxpool.Pool
}

// migrateLock keeps two servers starting at once from migrating the same database
// together: a transaction-scoped advisory lock, on a key of this package's own.
const migrateLock = `SELECT pg_advisory_xact_lock(7306394726018551395)`

// openPostgres connects to the PostgreSQL database of url.
func openPostgres(ctx context.Context, url string) (Store, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err) // The error never holds the password.
	}
	p := &postgresDB{pool: pool}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if err := migrate(ctx, p, "postgres", migrateLock); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return &db{b: p}, nil
}

func (p *postgresDB) tx(ctx context.Context, write bool, f func(q querier) error) error {
	opts := pgx.TxOptions{}
	if !write {
		opts = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	}
	return pgx.BeginTxFunc(ctx, p.pool, opts, func(tx pgx.Tx) error { return f(pgTx{tx}) })
}

func (p *postgresDB) forUpdate() string { return " FOR UPDATE" }

func (p *postgresDB) isUnique(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == "23505" // unique_violation
}

func (p *postgresDB) close() error {
	p.pool.Close()
	return nil
}

// pgTx is a pgx transaction as a querier.
type pgTx struct{ tx pgx.Tx }

func (t pgTx) exec(ctx context.Context, sql string, args ...any) (int64, error) {
	tag, err := t.tx.Exec(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (t pgTx) query(ctx context.Context, sql string, args ...any) (rows, error) {
	return t.tx.Query(ctx, sql, args...)
}
