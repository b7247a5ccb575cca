package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLease checks the life of a lease on two Stores of one database: one holder at a
// time, renewal, release, and expiry that lets another holder take over.
func TestLease(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		a, b := open(t, dsn), open(t, dsn)
		newGame(t, a, "g")
		take := func(s Store, holder string, ttl time.Duration, want bool) {
			t.Helper()
			got, err := s.TakeLease(ctx, "g", holder, ttl)
			if err != nil || got != want {
				t.Fatalf("TakeLease(%s) = %v, %v; want %v", holder, got, err, want)
			}
		}
		take(a, "A", time.Hour, true)
		take(b, "B", time.Hour, false)
		take(a, "A", time.Hour, true) // taking one's own again renews it
		if ids, err := b.RenewLeases(ctx, "B", time.Hour); err != nil || len(ids) != 0 {
			t.Fatalf("RenewLeases(B) = %v, %v; want none", ids, err)
		}
		if ids, err := b.RenewLeases(ctx, "A", time.Hour); err != nil || !slices.Equal(ids, []string{"g"}) {
			t.Fatalf("RenewLeases(A) = %v, %v; want [g]", ids, err)
		}
		if ids, err := a.ExpiredLeases(ctx, 10); err != nil || len(ids) != 0 {
			t.Fatalf("ExpiredLeases = %v, %v; want none", ids, err)
		}
		if err := b.ReleaseLease(ctx, "g", "B"); err != nil { // not B's: nothing happens
			t.Fatal(err)
		}
		take(b, "B", time.Hour, false)
		if err := a.ReleaseLease(ctx, "g", "A"); err != nil {
			t.Fatal(err)
		}
		take(b, "B", 50*time.Millisecond, true)
		take(a, "A", time.Hour, false)
		time.Sleep(100 * time.Millisecond)
		if ids, err := a.ExpiredLeases(ctx, 10); err != nil || !slices.Equal(ids, []string{"g"}) {
			t.Fatalf("ExpiredLeases after B's lease ran out = %v, %v; want [g]", ids, err)
		}
		take(a, "A", time.Hour, true)
		if ids, err := b.RenewLeases(ctx, "B", time.Hour); err != nil || len(ids) != 0 {
			t.Fatalf("RenewLeases(B) after A took over = %v, %v; want none", ids, err)
		}
		if err := a.ReleaseLease(ctx, "", "A"); err != nil {
			t.Fatal(err)
		}
		take(b, "B", time.Hour, true)
		if _, err := a.TakeLease(ctx, "nope", "A", time.Hour); !errors.Is(err, ErrNotFound) {
			t.Fatalf("TakeLease of no game: %v, want ErrNotFound", err)
		}
	})
}

// TestLeaseRace has holders on two Stores take one free lease at once, many times: each
// time exactly one gets it.
func TestLeaseRace(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		stores := []Store{open(t, dsn), open(t, dsn)}
		newGame(t, stores[0], "g")
		const rounds, holders = 30, 8
		for r := range rounds {
			var wg sync.WaitGroup
			got := make([]bool, holders)
			errs := make([]error, holders)
			for i := range holders {
				wg.Go(func() {
					got[i], errs[i] = stores[i%2].TakeLease(ctx, "g", string(rune('A'+i)), time.Hour)
				})
			}
			wg.Wait()
			n := 0
			for i := range holders {
				if errs[i] != nil {
					t.Fatalf("round %d, holder %d: %v", r, i, errs[i])
				}
				if got[i] {
					n++
					if err := stores[0].ReleaseLease(ctx, "g", string(rune('A'+i))); err != nil {
						t.Fatal(err)
					}
				}
			}
			if n != 1 {
				t.Fatalf("round %d: %d holders took the lease, want 1", r, n)
			}
		}
	})
}

// TestWatch checks that a Store on PostgreSQL hears of the changes another Store on the
// database makes, each write of the four that change a game, and not of its own.
func TestWatch(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		a, b := open(t, dsn), open(t, dsn)
		w, ok := b.(Watcher)
		if !ok {
			if _, isPG := a.(Watcher); isPG || !strings.HasPrefix(dsn, "postgres") {
				t.Skip("SQLite's store does not watch: one server per file")
			}
			t.Fatal("the PostgreSQL store is no Watcher")
		}
		heard := make(chan string, 100)
		done := make(chan error, 1)
		go func() { done <- w.Watch(ctx, func(id string) { heard <- id }) }()
		next := func() string {
			t.Helper()
			select {
			case id := <-heard:
				return id
			case <-time.After(5 * time.Second):
				t.Fatal("nothing heard within 5 s")
				return ""
			}
		}
		if id := next(); id != "" {
			t.Fatalf("first call %q, want \"\" (listening)", id)
		}
		newGame(t, a, "g")
		writes := []func() error{
			func() error { return a.AppendTurn(ctx, "g", turn(0)) },
			func() error { return a.SetDrawOffer(ctx, "g", 1, 1) },
			func() error { return a.TruncateTurns(ctx, "g", 0) },
			func() error { return a.SetResult(ctx, "g", "draw") },
		}
		for i, write := range writes {
			if err := write(); err != nil {
				t.Fatal(err)
			}
			if id := next(); id != "g" {
				t.Fatalf("write %d: heard %q, want g", i, id)
			}
		}
		// b's own write is not heard; a's next one is, and nothing between.
		if err := b.SetResult(ctx, "g", ""); err != nil {
			t.Fatal(err)
		}
		newGame(t, a, "h")
		if err := a.AppendTurn(ctx, "h", turn(0)); err != nil {
			t.Fatal(err)
		}
		if id := next(); id != "h" {
			t.Fatalf("heard %q, want h (b's own change is not told)", id)
		}
		// The listening connection dies: Watch listens again and says that anything
		// may have changed meanwhile, then hears changes as before.
		pool := dbOf(b).b.(*postgresDB).pool
		var killed int64
		if err := pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`).Scan(&killed); err != nil || killed != 1 {
			t.Fatalf("ending the listening connection: %d ended, %v", killed, err)
		}
		if id := next(); id != "" {
			t.Fatalf("after the connection was lost: heard %q, want \"\"", id)
		}
		if err := a.AppendTurn(ctx, "h", turn(1)); err != nil {
			t.Fatal(err)
		}
		if id := next(); id != "h" {
			t.Fatalf("after listening again: heard %q, want h", id)
		}
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("Watch returned %v, want context.Canceled", err)
		}
	})
}

// dbOf returns the db under a Store that Open returned.
func dbOf(s Store) *db {
	if p, ok := s.(pgStore); ok {
		return p.db
	}
	return s.(*db)
}
