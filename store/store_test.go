package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// databases runs f once on a new SQLite file and once on a new PostgreSQL database (when
// PostgreSQL is installed), with the dsn that opens it.
func databases(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "zoggo.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgtest.Start(t)) })
}

// open opens dsn and closes it when the test ends.
func open(t *testing.T, dsn string) Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// putRules stores content and returns its hash.
func putRules(t *testing.T, s Store, content string) string {
	t.Helper()
	sum := sha256.Sum256([]byte(content))
	hash := hex.EncodeToString(sum[:])
	if err := s.PutRules(context.Background(), hash, []byte(content)); err != nil {
		t.Fatalf("PutRules: %v", err)
	}
	return hash
}

// newGame stores a game with id and two seats under rules of its own.
func newGame(t *testing.T, s Store, id string) *Game {
	t.Helper()
	g := &Game{
		ID:        id,
		RulesHash: putRules(t, s, "(game (title \"Tic-Tac-Toe\"))"),
		RulesName: "games/tictactoe.zrf",
		Variant:   "Tic-Tac-Toe",
		Seats: []Seat{
			{Kind: "human", Token: "c0ffee"},
			{Kind: "bot", Bot: "search:1"},
		},
		ViewToken: "beef",
		Created:   time.Date(2026, 11, 23, 22, 0, 0, 123456000, time.UTC),
		Start:     "O\n(board-setup (X (Man a1)))",
	}
	if err := s.CreateGame(context.Background(), g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

// turn returns a turn for ply.
func turn(ply int) Turn {
	return Turn{Ply: ply, Index: ply * 3, Text: fmt.Sprintf("a%d - b%d", ply, ply), At: time.Unix(1700000000+int64(ply), 5000).UTC()}
}

// wantTurns returns the turns 0…n-1 as turn makes them.
func wantTurns(n int) []Turn {
	ts := []Turn{}
	for i := range n {
		ts = append(ts, turn(i))
	}
	return ts
}

func TestGameRoundTrip(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		want := newGame(t, s, "g1")
		got, turns, err := s.Game(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Game(g1) mismatch (-want +got):\n%s", d)
		}
		if turns == nil || len(turns) != 0 {
			t.Errorf("Game(g1) turns = %#v, want an empty list", turns)
		}
		if err := s.CreateGame(ctx, want); !errors.Is(err, ErrConflict) {
			t.Errorf("CreateGame of a taken id: %v, want ErrConflict", err)
		}
		bad := *want
		bad.ID, bad.RulesHash = "g2", strings.Repeat("0", 64)
		if err := s.CreateGame(ctx, &bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("CreateGame with rules not stored: %v, want ErrNotFound", err)
		}
		if _, _, err := s.Game(ctx, "g2"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Game(g2) after a failed CreateGame: %v, want ErrNotFound", err)
		}
	})
}

func TestCreatedDefaultsToNow(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		before := time.Now().Add(-time.Second)
		g := &Game{ID: "now", RulesHash: putRules(t, s, "x"), Seats: []Seat{}}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if g.Created.Before(before) {
			t.Errorf("CreateGame set Created to %v, want now", g.Created)
		}
		got, _, err := s.Game(ctx, "now")
		if err != nil {
			t.Fatal(err)
		}
		if !got.Created.Equal(g.Created) {
			t.Errorf("stored Created %v, CreateGame said %v", got.Created, g.Created)
		}
	})
}

func TestNotFound(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		_, _, err := s.Game(ctx, "nope")
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
			t.Errorf("Game(nope): %v, want ErrNotFound naming the id", err)
		}
		for name, err := range map[string]error{
			"AppendTurn":    s.AppendTurn(ctx, "nope", turn(0)),
			"TruncateTurns": s.TruncateTurns(ctx, "nope", 0),
			"SetResult":     s.SetResult(ctx, "nope", "draw"),
		} {
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("%s(nope): %v, want ErrNotFound", name, err)
			}
		}
		if _, err := s.Rules(ctx, "abc"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Rules(abc): %v, want ErrNotFound", err)
		}
	})
}

func TestAppendTurn(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "g")
		for ply := range 3 {
			if err := s.AppendTurn(ctx, "g", turn(ply)); err != nil {
				t.Fatalf("AppendTurn(%d): %v", ply, err)
			}
		}
		for _, ply := range []int{-1, 0, 2, 4, 100} {
			stale := turn(ply)
			stale.Text = "stale"
			if err := s.AppendTurn(ctx, "g", stale); !errors.Is(err, ErrConflict) {
				t.Errorf("AppendTurn at ply %d of 3: %v, want ErrConflict", ply, err)
			}
		}
		_, got, err := s.Game(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wantTurns(3), got); d != "" {
			t.Errorf("turns mismatch (-want +got):\n%s", d)
		}
		// A zero time is now.
		before := time.Now().Add(-time.Second)
		if err := s.AppendTurn(ctx, "g", Turn{Ply: 3, Text: "x"}); err != nil {
			t.Fatal(err)
		}
		_, got, err = s.Game(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 4 || got[3].At.Before(before) {
			t.Errorf("turn 3 with no time: got %+v, want one at about now", got[3:])
		}
	})
}

// TestCreateGameTurns stores a game with its turns at once, and nothing of a game whose
// turns are not numbered from 0.
func TestCreateGameTurns(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		hash := putRules(t, s, "x")
		if err := s.CreateGame(ctx, &Game{ID: "g", RulesHash: hash, Seats: []Seat{}}, wantTurns(5)...); err != nil {
			t.Fatal(err)
		}
		_, got, err := s.Game(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wantTurns(5), got); d != "" {
			t.Errorf("turns mismatch (-want +got):\n%s", d)
		}
		if err := s.AppendTurn(ctx, "g", turn(5)); err != nil {
			t.Errorf("AppendTurn after the turns created: %v", err)
		}
		bad := append(wantTurns(2), turn(1))
		if err := s.CreateGame(ctx, &Game{ID: "bad", RulesHash: hash, Seats: []Seat{}}, bad...); !errors.Is(err, ErrConflict) {
			t.Errorf("CreateGame with turns 0, 1, 1: %v, want ErrConflict", err)
		}
		if _, _, err := s.Game(ctx, "bad"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Game(bad) after a failed CreateGame: %v, want ErrNotFound", err)
		}
	})
}

// TestAppendTurnRace has 50 goroutines append each ply of one game at once: exactly
// one of them must win each ply, and the others get ErrConflict.
func TestAppendTurnRace(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "race")
		const goroutines, plies = 50, 5
		for ply := range plies {
			var wg sync.WaitGroup
			errs := make([]error, goroutines)
			for i := range goroutines {
				wg.Go(func() {
					tu := turn(ply)
					tu.Index = i
					errs[i] = s.AppendTurn(ctx, "race", tu)
				})
			}
			wg.Wait()
			wins := 0
			for i, err := range errs {
				switch {
				case err == nil:
					wins++
				case !errors.Is(err, ErrConflict):
					t.Errorf("ply %d, goroutine %d: %v, want nil or ErrConflict", ply, i, err)
				}
			}
			if wins != 1 {
				t.Errorf("ply %d: %d goroutines stored it, want 1", ply, wins)
			}
		}
		_, got, err := s.Game(ctx, "race")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != plies {
			t.Fatalf("%d turns stored, want %d", len(got), plies)
		}
		for i, tu := range got {
			if tu.Ply != i {
				t.Errorf("turn %d has ply %d", i, tu.Ply)
			}
		}
	})
}

// TestAppendTurnPlayers has 50 goroutines play one game: each reads the game and
// appends at the ply it saw, again on ErrConflict, until the game has 100 turns. Every
// turn must be stored once, in order.
func TestAppendTurnPlayers(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "busy")
		const goroutines, plies = 50, 100
		var wg sync.WaitGroup
		wins := make([]int, goroutines)
		for i := range goroutines {
			wg.Go(func() {
				for range 10 * plies { // Bounded: each try either wins or sees the game move on.
					_, ts, err := s.Game(ctx, "busy")
					if err != nil {
						t.Errorf("goroutine %d: %v", i, err)
						return
					}
					if len(ts) >= plies {
						return
					}
					err = s.AppendTurn(ctx, "busy", Turn{Ply: len(ts), Index: i, Text: fmt.Sprint(len(ts))})
					switch {
					case err == nil:
						wins[i]++
					case !errors.Is(err, ErrConflict):
						t.Errorf("goroutine %d: %v", i, err)
						return
					}
				}
			})
		}
		wg.Wait()
		_, got, err := s.Game(ctx, "busy")
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, w := range wins {
			total += w
		}
		if total != plies || len(got) != plies {
			t.Errorf("%d appends won and %d turns stored, want %d", total, len(got), plies)
		}
		for i, tu := range got {
			if tu.Ply != i || tu.Text != fmt.Sprint(i) {
				t.Errorf("turn %d is %+v", i, tu)
			}
		}
	})
}

// TestManyGames plays 200 games at once, as a busy server does: no write may fail (on
// SQLite, that means no SQLITE_BUSY).
func TestManyGames(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		hash := putRules(t, s, "rules")
		const games, plies = 200, 5
		var wg sync.WaitGroup
		for i := range games {
			wg.Go(func() {
				id := fmt.Sprintf("game%03d", i)
				if err := s.CreateGame(ctx, &Game{ID: id, RulesHash: hash, Seats: []Seat{{Kind: "human"}}}); err != nil {
					t.Errorf("CreateGame(%s): %v", id, err)
					return
				}
				for ply := range plies {
					if err := s.AppendTurn(ctx, id, turn(ply)); err != nil {
						t.Errorf("AppendTurn(%s, %d): %v", id, ply, err)
						return
					}
					if _, _, err := s.Game(ctx, id); err != nil {
						t.Errorf("Game(%s): %v", id, err)
						return
					}
				}
				if err := s.SetResult(ctx, id, "draw"); err != nil {
					t.Errorf("SetResult(%s): %v", id, err)
				}
			})
		}
		wg.Wait()
		list, err := s.ListGames(ctx, games+10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != games {
			t.Errorf("ListGames: %d games, want %d", len(list), games)
		}
		for _, g := range list {
			_, ts, err := s.Game(ctx, g.ID)
			if err != nil || len(ts) != plies || g.Result != "draw" {
				t.Errorf("game %s: %d turns, result %q, err %v; want %d turns, a draw", g.ID, len(ts), g.Result, err, plies)
			}
		}
	})
}

func TestTruncateTurns(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "g")
		for ply := range 5 {
			if err := s.AppendTurn(ctx, "g", turn(ply)); err != nil {
				t.Fatal(err)
			}
		}
		for _, tt := range []struct{ at, want int }{{7, 5}, {5, 5}, {3, 3}, {3, 3}, {0, 0}} {
			if err := s.TruncateTurns(ctx, "g", tt.at); err != nil {
				t.Fatalf("TruncateTurns(%d): %v", tt.at, err)
			}
			_, got, err := s.Game(ctx, "g")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(wantTurns(tt.want), got); d != "" {
				t.Errorf("after TruncateTurns(%d) (-want +got):\n%s", tt.at, d)
			}
		}
		if err := s.TruncateTurns(ctx, "g", -1); err == nil {
			t.Error("TruncateTurns(-1) succeeded, want an error")
		}
		// After an undo, the game goes on from the ply it was taken back to.
		for ply := range 2 {
			if err := s.AppendTurn(ctx, "g", turn(ply)); err != nil {
				t.Fatalf("AppendTurn(%d) after truncating: %v", ply, err)
			}
		}
		_, got, err := s.Game(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wantTurns(2), got); d != "" {
			t.Errorf("after playing on (-want +got):\n%s", d)
		}
	})
}

// TestTwoStores opens the same database twice, as two servers (or the server and the
// command line) do, and races appends through both: one wins each ply, and nothing
// fails otherwise (on SQLite: the second handle waits for the first's write lock).
func TestTwoStores(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		stores := []Store{open(t, dsn), open(t, dsn)}
		newGame(t, stores[0], "shared")
		const goroutines, plies = 20, 5
		for ply := range plies {
			var wg sync.WaitGroup
			errs := make([]error, goroutines)
			for i := range goroutines {
				wg.Go(func() { errs[i] = stores[i%2].AppendTurn(ctx, "shared", turn(ply)) })
			}
			wg.Wait()
			wins := 0
			for i, err := range errs {
				switch {
				case err == nil:
					wins++
				case !errors.Is(err, ErrConflict):
					t.Errorf("ply %d, goroutine %d: %v, want nil or ErrConflict", ply, i, err)
				}
			}
			if wins != 1 {
				t.Errorf("ply %d: %d goroutines stored it, want 1", ply, wins)
			}
		}
		for i, s := range stores {
			_, got, err := s.Game(ctx, "shared")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(wantTurns(plies), got); d != "" {
				t.Errorf("store %d: turns mismatch (-want +got):\n%s", i, d)
			}
		}
	})
}

// TestTruncateRace has goroutines take turns back and play on in one game at once: the
// turns stored must always be plies 0, 1, 2… without a gap.
func TestTruncateRace(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "g")
		const goroutines, steps = 20, 40
		var wg sync.WaitGroup
		for i := range goroutines {
			wg.Go(func() {
				for step := range steps {
					_, ts, err := s.Game(ctx, "g")
					if err != nil {
						t.Errorf("goroutine %d: %v", i, err)
						return
					}
					for j, tu := range ts {
						if tu.Ply != j {
							t.Errorf("goroutine %d read ply %d at %d: %+v", i, tu.Ply, j, ts)
							return
						}
					}
					if len(ts) > 0 && (i+step)%3 == 0 {
						err = s.TruncateTurns(ctx, "g", len(ts)-1)
					} else {
						err = s.AppendTurn(ctx, "g", Turn{Ply: len(ts), Index: i, Text: "x"})
					}
					if err != nil && !errors.Is(err, ErrConflict) {
						t.Errorf("goroutine %d: %v", i, err)
						return
					}
				}
			})
		}
		wg.Wait()
	})
}

func TestSetResult(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "g")
		newGame(t, s, "other")
		for _, result := range []string{"White wins (checkmate)", "White wins (checkmate)", "", "draw agreed"} {
			if err := s.SetResult(ctx, "g", result); err != nil {
				t.Fatalf("SetResult(%q): %v", result, err)
			}
			g, _, err := s.Game(ctx, "g")
			if err != nil {
				t.Fatal(err)
			}
			if g.Result != result {
				t.Errorf("after SetResult(%q), Result = %q", result, g.Result)
			}
		}
		if g, _, err := s.Game(ctx, "other"); err != nil || g.Result != "" {
			t.Errorf("SetResult changed another game: %q, %v", g.Result, err)
		}
	})
}

func TestListGames(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		hash := putRules(t, s, "rules")
		base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i, id := range []string{"b", "a", "d", "c"} {
			g := &Game{ID: id, RulesHash: hash, Seats: []Seat{}, Created: base.Add(time.Duration(i%3) * time.Hour)}
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		// Newest first; games created at the same time by id, descending.
		for _, tt := range []struct {
			limit int
			want  string
		}{{10, "d a c b"}, {4, "d a c b"}, {2, "d a"}, {0, ""}, {-1, ""}} {
			list, err := s.ListGames(ctx, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, g := range list {
				ids = append(ids, g.ID)
			}
			if got := strings.Join(ids, " "); got != tt.want {
				t.Errorf("ListGames(%d) = %q, want %q", tt.limit, got, tt.want)
			}
		}
	})
}

func TestRules(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		// Not UTF-8, with a NUL and CRLF: rules files are bytes.
		content := []byte("(game (title \"\xe9checs\"))\r\n\x00\xff")
		sum := sha256.Sum256(content)
		hash := hex.EncodeToString(sum[:])
		for range 2 {
			if err := s.PutRules(ctx, hash, content); err != nil {
				t.Fatalf("PutRules: %v", err)
			}
		}
		got, err := s.Rules(ctx, hash)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(content) {
			t.Errorf("Rules = %q, want %q", got, content)
		}
		if err := s.PutRules(ctx, hash, []byte("other")); err == nil {
			t.Error("PutRules with a hash of other bytes succeeded, want an error")
		}
		empty := putRules(t, s, "")
		if got, err := s.Rules(ctx, empty); err != nil || got == nil || len(got) != 0 {
			t.Errorf("Rules of empty rules = %q, %v; want empty bytes", got, err)
		}
	})
}

// TestReopen closes the store and opens it again: everything is there, and the
// migrations are not applied again.
func TestReopen(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		want := newGame(t, s, "g")
		for ply := range 3 {
			if err := s.AppendTurn(ctx, "g", turn(ply)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetResult(ctx, "g", "draw"); err != nil {
			t.Fatal(err)
		}
		want.Result = "draw"
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			s := open(t, dsn)
			got, turns, err := s.Game(ctx, "g")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("game after reopening (-want +got):\n%s", d)
			}
			if d := cmp.Diff(wantTurns(3), turns); d != "" {
				t.Errorf("turns after reopening (-want +got):\n%s", d)
			}
			if rules, err := s.Rules(ctx, want.RulesHash); err != nil || len(rules) == 0 {
				t.Errorf("rules after reopening: %q, %v", rules, err)
			}
			n := 0
			err = dbOf(s).b.tx(ctx, false, func(q querier) error {
				_, err := one(ctx, q, `SELECT count(*) FROM schema_version`, nil, &n)
				return err
			})
			ms, _ := migrations("sqlite")
			if err != nil || n != len(ms) {
				t.Errorf("schema_version has %d rows (%v), want %d: one per migration", n, err, len(ms))
			}
		}
	})
}

// TestNewerSchema opens a database that a newer zoggo has migrated: it is refused.
func TestNewerSchema(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		ms, _ := migrations("sqlite")
		future := len(ms) + 1
		err = dbOf(s).b.tx(ctx, true, func(q querier) error {
			_, err := q.exec(ctx, `INSERT INTO schema_version (version, applied) VALUES ($1, 0)`, int64(future))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		s, err = Open(ctx, dsn)
		if err == nil {
			s.Close()
			t.Fatal("Open of a database with a newer schema succeeded")
		}
		if want := fmt.Sprintf("schema version %d, newer than this program knows (%d)", future, len(ms)); !strings.Contains(err.Error(), want) {
			t.Errorf("Open: %v, want an error saying %q", err, want)
		}
	})
}

// TestMigrations checks that both databases have the same migrations.
func TestMigrations(t *testing.T) {
	lite, err := migrations("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrations("postgres")
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 || len(lite) != len(pg) {
		t.Fatalf("%d SQLite migrations and %d PostgreSQL ones, want the same number", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].name != pg[i].name {
			t.Errorf("migration %d is %s for SQLite and %s for PostgreSQL", i+1, lite[i].name, pg[i].name)
		}
	}
}

// TestSQLiteSettings checks the settings durability depends on, on both pools.
func TestSQLiteSettings(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, filepath.Join(dir, "a?b#c.db"))
	lite := s.(*db).b.(*sqliteDB)
	for _, tt := range []struct{ pragma, want string }{
		{"journal_mode", "wal"},
		{"synchronous", "2"},
		{"foreign_keys", "1"},
		{"busy_timeout", "10000"},
	} {
		var got string
		if err := lite.w.QueryRowContext(ctx, "PRAGMA "+tt.pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("writer: PRAGMA %s = %q, want %q", tt.pragma, got, tt.want)
		}
		if err := lite.r.QueryRowContext(ctx, "PRAGMA "+tt.pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("reader: PRAGMA %s = %q, want %q", tt.pragma, got, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a?b#c.db")); err != nil {
		t.Errorf("the file named with ? and # is not where it was asked for: %v", err)
	}
}

// TestDefaultPath checks where games are kept without a dsn.
func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", t.TempDir())
	p := DefaultPath()
	if filepath.Base(p) != "zoggo.db" || filepath.Base(filepath.Dir(p)) != "zoggo" || !filepath.IsAbs(p) {
		t.Errorf("DefaultPath() = %q, want an absolute path ending in zoggo/zoggo.db", p)
	}
	s := open(t, "")
	newGame(t, s, "g")
	if _, err := os.Stat(p); err != nil {
		t.Errorf("Open(\"\") did not create %s: %v", p, err)
	}
}

// BenchmarkAppendTurn measures storing one turn, committed (on SQLite, an fsync), from
// as many goroutines as GOMAXPROCS, each playing a game of its own.
func BenchmarkAppendTurn(b *testing.B) {
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			dsn := filepath.Join(b.TempDir(), "zoggo.db")
			if db == "postgres" {
				dsn = pgtest.Start(b)
			}
			ctx := context.Background()
			s, err := Open(ctx, dsn)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			sum := sha256.Sum256(nil)
			hash := hex.EncodeToString(sum[:])
			if err := s.PutRules(ctx, hash, nil); err != nil {
				b.Fatal(err)
			}
			var mu sync.Mutex
			games := 0
			b.RunParallel(func(pb *testing.PB) {
				mu.Lock()
				games++
				id := fmt.Sprint("bench", games)
				mu.Unlock()
				if err := s.CreateGame(ctx, &Game{ID: id, RulesHash: hash}); err != nil {
					b.Error(err)
					return
				}
				for ply := 0; pb.Next(); ply++ {
					if err := s.AppendTurn(ctx, id, Turn{Ply: ply, Text: "e2 - e4"}); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

func TestSetDrawOffer(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		newGame(t, s, "g")
		newGame(t, s, "other")
		if g, _, err := s.Game(ctx, "g"); err != nil || g.DrawOffer != -1 {
			t.Fatalf("a new game: DrawOffer %d, %v; want -1", g.DrawOffer, err)
		}
		for _, o := range []struct{ seat, ply, wantSeat, wantPly int }{{1, 7, 1, 7}, {0, 8, 0, 8}, {-1, 9, -1, 0}} {
			if err := s.SetDrawOffer(ctx, "g", o.seat, o.ply); err != nil {
				t.Fatal(err)
			}
			g, _, err := s.Game(ctx, "g")
			if err != nil || g.DrawOffer != o.wantSeat || g.DrawOfferPly != o.wantPly {
				t.Errorf("after SetDrawOffer(%d, %d): %d at %d, %v", o.seat, o.ply, g.DrawOffer, g.DrawOfferPly, err)
			}
		}
		if g, _, err := s.Game(ctx, "other"); err != nil || g.DrawOffer != -1 {
			t.Errorf("SetDrawOffer changed another game: %d, %v", g.DrawOffer, err)
		}
		if err := s.SetDrawOffer(ctx, "nope", 0, 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetDrawOffer of an unknown game: %v, want ErrNotFound", err)
		}
	})
}

// TestClocks stores a game's time control and the clocks of its turns (by CreateGame and
// AppendTurn) and reads them back after reopening; negative clocks are refused.
func TestClocks(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		g := &Game{ID: "c", RulesHash: putRules(t, s, "(game)"), RulesName: "x.zrf", Variant: "X",
			Seats: []Seat{{Kind: "human", Token: "a"}, {Kind: "bot", Bot: "random"}}, Clock: "fischer 300+3"}
		first := turn(0)
		first.Clocks = []int64{300000, 300000}
		if err := s.CreateGame(ctx, g, first); err != nil {
			t.Fatal(err)
		}
		second := turn(1)
		second.Clocks = []int64{300000, 1234}
		if err := s.AppendTurn(ctx, "c", second); err != nil {
			t.Fatal(err)
		}
		bad := turn(2)
		bad.Clocks = []int64{-1, 5}
		if err := s.AppendTurn(ctx, "c", bad); err == nil || !strings.Contains(err.Error(), "negative") {
			t.Errorf("AppendTurn with a negative clock: %v, want an error saying negative", err)
		}
		plain := turn(2)
		if err := s.AppendTurn(ctx, "c", plain); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s = open(t, dsn)
		got, turns, err := s.Game(ctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		if got.Clock != "fischer 300+3" {
			t.Errorf("Clock = %q, want %q", got.Clock, "fischer 300+3")
		}
		want := [][]int64{{300000, 300000}, {300000, 1234}, nil}
		if len(turns) != len(want) {
			t.Fatalf("%d turns, want %d", len(turns), len(want))
		}
		for i, tn := range turns {
			if d := cmp.Diff(want[i], tn.Clocks); d != "" {
				t.Errorf("turn %d clocks (-want +got):\n%s", i, d)
			}
		}
		if _, err := parseClocks("1,x"); err == nil {
			t.Errorf("parseClocks of 1,x: no error")
		}
	})
}
