package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

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
	// origin names this Store in its notifications, so that Watch passes over its own.
	origin string
}

// notifyChannel is the channel of PostgreSQL's NOTIFY on which a Store tells the others
// on its database that a game changed; the payload is the Store's origin, a space and
// the game's id.
const notifyChannel = "zoggo_games"

// pgStore is the Store on PostgreSQL: the shared one, which also watches.
type pgStore struct {
	*db
	p *postgresDB
}

var _ Watcher = pgStore{}

// migrateLock keeps two servers starting at once from migrating the same database
// together: a transaction-scoped advisory lock, on a key of this package's own.
const migrateLock = `SELECT pg_advisory_xact_lock(7306394726018551395)`

// openPostgres connects to the PostgreSQL database of url.
func openPostgres(ctx context.Context, url string) (Store, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err) // The error never holds the password.
	}
	var b [12]byte
	rand.Read(b[:])
	p := &postgresDB{pool: pool, origin: hex.EncodeToString(b[:])}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if err := migrate(ctx, p, "postgres", migrateLock); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return pgStore{db: &db{b: p}, p: p}, nil
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

func (p *postgresDB) now() string {
	return `(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`
}

// notify sends a notification, which PostgreSQL delivers when the transaction commits
// (and never if it rolls back), once however often the same one was sent in it.
func (p *postgresDB) notify(ctx context.Context, q querier, id string) error {
	_, err := q.exec(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, p.origin+" "+id)
	return err
}

// Watch listens on a connection of its own, taken out of the pool, and listens again
// after a second when the connection is lost.
func (s pgStore) Watch(ctx context.Context, changed func(id string)) error {
	for {
		// listen returns when ctx ends or the connection is lost; the next listen tells
		// of the loss with changed("").
		s.listen(ctx, changed)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// listen listens for notifications on one connection until it fails or ctx ends.
func (s pgStore) listen(ctx context.Context, changed func(id string)) error {
	pc, err := s.p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	c := pc.Hijack() // The connection is ours alone now, and closed by us.
	defer c.Close(context.WithoutCancel(ctx))
	if _, err := c.Exec(ctx, `LISTEN `+notifyChannel); err != nil {
		return err
	}
	changed("")
	for {
		n, err := c.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		origin, id, ok := strings.Cut(n.Payload, " ")
		if ok && origin != s.p.origin && id != "" {
			changed(id)
		}
	}
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
