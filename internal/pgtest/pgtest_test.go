package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Run(m)) }

// TestStart checks that each call gives a database of its own that takes writes.
func TestStart(t *testing.T) {
	ctx := context.Background()
	var names []string
	for range 2 {
		url := Start(t)
		c, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "CREATE TABLE t (x int); INSERT INTO t VALUES (42)"); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		var name string
		var x int
		if err := c.QueryRow(ctx, "SELECT current_database(), x FROM t").Scan(&name, &x); err != nil {
			t.Fatal(err)
		}
		if x != 42 {
			t.Errorf("%s: read %d, want 42", url, x)
		}
		names = append(names, name)
	}
	if names[0] == names[1] {
		t.Errorf("two calls of Start gave the same database %q", names[0])
	}
}

// TestRestart checks that a server stopped when its last user ended is started again.
func TestRestart(t *testing.T) {
	mu.Lock()
	held = false
	mu.Unlock()
	defer func() {
		mu.Lock()
		held = true
		mu.Unlock()
	}()
	var dirs []string
	for i := range 2 {
		t.Run("", func(t *testing.T) {
			Start(t)
			mu.Lock()
			dirs = append(dirs, srv.dir)
			mu.Unlock()
		})
		if _, err := os.Stat(dirs[i]); err == nil || !os.IsNotExist(err) {
			t.Errorf("after the last test ended, the server's folder %s is still there (%v)", dirs[i], err)
		}
	}
}
