package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

func seats(kinds ...string) []map[string]string {
	var out []map[string]string
	for _, k := range kinds {
		if kind, bot, ok := strings.Cut(k, "="); ok {
			out = append(out, map[string]string{"kind": kind, "bot": bot})
		} else {
			out = append(out, map[string]string{"kind": k})
		}
	}
	return out
}

func chessWith(kinds ...string) map[string]any {
	return map[string]any{"rules": "../games/chess.zrf", "seats": seats(kinds...)}
}

// TestBotGamesNeedLeave checks that games without a person need the operator's leave, and
// that bots beyond the server's limits are refused.
func TestBotGamesNeedLeave(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{Bots: 1})
	h.want(http.StatusForbidden, "POST", "/api/games", "", chessWith("bot=search:1", "bot=search:1"), nil)
	h.want(http.StatusCreated, "POST", "/api/games", "", chessWith("invite", "bot=search:1"), nil)
	for _, bot := range []string{"search:1m", "search:11s", "search:7", "search:1:threads=2", "mcts:7", "mcts:11s"} {
		status, body := h.do("POST", "/api/games", "", chessWith("human", "bot="+bot))
		if status != http.StatusBadRequest {
			t.Errorf("bot %s: status %d, want 400", bot, status)
		}
		// A bot on a clock is told the server's time, not a level.
		if strings.HasSuffix(bot, "s") && !strings.Contains(string(body), "think for at most 10s a turn") {
			t.Errorf("bot %s refused with %s, want the time allowed", bot, body)
		}
	}
	for _, bot := range []string{"search:10s", "search:6", "mcts:6", "mcts:2s", "mcts:10s", "random"} {
		h.want(http.StatusCreated, "POST", "/api/games", "", chessWith("human", "bot="+bot), nil)
	}
	st := memstore.New()
	g := newHarness(t, st, Options{AllowBotGames: true, Bots: 1})
	g.want(http.StatusCreated, "POST", "/api/games", "", chessWith("bot=search:6", "bot=search:6"), nil)
	g.close()
	// A server without the leave does not resume a stored game of bots.
	h2 := newHarness(t, st, Options{})
	if n, err := h2.srv.Resume(context.Background()); n != 0 || err != nil {
		t.Fatalf("Resume = %d, %v; want no game of bots resumed", n, err)
	}
	h3 := newHarness(t, st, Options{AllowBotGames: true})
	if n, err := h3.srv.Resume(context.Background()); n != 1 || err != nil {
		t.Fatalf("Resume = %d, %v; want the game of bots resumed with the leave", n, err)
	}
}

// TestBotsTakeTurns checks that a bot thinking on a long clock does not hold up another
// game's quick bot: on one thread, with two games whose bots think for 30 s a turn, the
// quick bot answers three moves of a person while the slow ones are still on their first
// turn.
func TestBotsTakeTurns(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{Bots: 1, BotTime: time.Minute, AllowBotGames: true})
	var slow []createJSON
	for range 2 {
		c := h.create(chessWith("bot=search:30s", "bot=search:30s"))
		h.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Thinking })
		slow = append(slow, c)
	}
	c := h.create(chessWith("human", "bot=search:1"))
	for ply := 0; ply < 6; ply += 2 {
		var s stateJSON
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": ply, "index": 0}, &s)
		h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == ply+2 })
		for _, g := range slow {
			if s := h.state(g.ID, g.View); s.Ply != 0 || !s.Thinking {
				t.Fatalf("the slow game %s is at ply %d (thinking %v) when the quick bot has answered %d moves", g.ID, s.Ply, s.Thinking, ply/2+1)
			}
		}
	}
}

// TestCloseStopsBots checks that closing the server stops a bot thinking on a long clock
// at once, and stores nothing of the turn it thought on.
func TestCloseStopsBots(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{Bots: 1, BotTime: time.Minute})
	c := h.create(chessWith("bot=search:50s", "human"))
	h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Thinking })
	done := make(chan struct{})
	go func() {
		h.srv.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Close waits for the bot's 50 s think")
	}
	if n := len(h.turns(c.ID)); n != 0 {
		t.Fatalf("%d turns stored after Close", n)
	}
}

// flakyStore is a store that fails while down, with an error that names the database's
// host, user and port, and counts what the server asked of it meanwhile.
type flakyStore struct {
	store.Store
	down  atomic.Bool
	tries atomic.Int64
}

const secretDSN = "failed to connect to `host=db.internal.example user=zoggo_admin database=zoggo`: dial tcp 10.9.8.7:5432: connect: connection refused"

func (f *flakyStore) fail() error {
	if f.down.Load() {
		f.tries.Add(1)
		return errors.New(secretDSN)
	}
	return nil
}

func (f *flakyStore) Game(ctx context.Context, id string) (*store.Game, []store.Turn, error) {
	if err := f.fail(); err != nil {
		return nil, nil, err
	}
	return f.Store.Game(ctx, id)
}

func (f *flakyStore) AppendTurn(ctx context.Context, id string, t store.Turn) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.Store.AppendTurn(ctx, id, t)
}

func (f *flakyStore) SetResult(ctx context.Context, id, result string) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.Store.SetResult(ctx, id, result)
}

// TestStoreOutage checks that bots wait while the store is down, instead of trying again
// at once, and that they play on when it is back.
func TestStoreOutage(t *testing.T) {
	st := &flakyStore{Store: memstore.New()}
	h := newHarness(t, st, Options{Bots: 1, AllowBotGames: true})
	c := h.create(chessWith("bot=search:1", "bot=search:1"))
	h.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Ply >= 2 })
	st.down.Store(true)
	// The bot's next turn reaches the store when its search ends, later on a loaded
	// machine: wait for the first try, then count the tries of the next 1.5 s.
	for deadline := time.Now().Add(30 * time.Second); st.tries.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the store was not asked in 30 s while down")
		}
	}
	first := st.tries.Load()
	time.Sleep(1500 * time.Millisecond)
	if n := st.tries.Load() - first; n > 10 {
		t.Fatalf("the store was asked %d more times in 1.5 s while down; want at most 10 (the bots wait after a failure)", n)
	}
	st.down.Store(false)
	// Nobody asks for the game: its bots go on by themselves, after their wait.
	before := len(h.turns(c.ID))
	for range 1000 {
		if len(h.turns(c.ID)) > before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the bots did not play on after the store came back")
}

// TestInternalErrorHidden checks that an internal error answers no detail of the
// database (its host, user, address), which goes to the log, once, under the reference
// the answer gives.
func TestInternalErrorHidden(t *testing.T) {
	st := &flakyStore{Store: memstore.New()}
	h := newHarness(t, st, Options{})
	c := h.create(chessHotSeat)
	st.down.Store(true)
	for _, r := range []struct{ method, path string }{{"GET", "/api/games/" + c.ID}, {"POST", "/api/games/" + c.ID + "/moves"}} {
		code, body := h.do(r.method, r.path, c.Secret, map[string]any{"ply": 0, "index": 0})
		if r.method == "GET" {
			code, body = h.do(r.method, r.path, c.Secret, nil)
		}
		if code != http.StatusInternalServerError || errCode(body) != "internal" {
			t.Fatalf("%s %s with the store down: %d %s", r.method, r.path, code, body)
		}
		for _, secret := range []string{"db.internal", "zoggo_admin", "10.9.8.7", "5432", "database="} {
			if strings.Contains(string(body), secret) {
				t.Errorf("%s %s: the answer shows %q: %s", r.method, r.path, secret, body)
			}
		}
		ref := string(body)[strings.LastIndex(string(body), " ")+1:]
		ref = strings.TrimRight(ref, "\"}\n")
		if n := strings.Count(h.logged(), "internal error "+ref+": "+secretDSN); n != 1 {
			t.Errorf("%s %s: the error %q is in the log %d times, want once:\n%s", r.method, r.path, ref, n, h.logged())
		}
	}
}

// TestStoredBotWithinLimits checks that a bot of a game stored under looser limits plays
// within the present ones: a search on a 50 s clock, loaded by a server whose bots think
// for 200 ms at most, answers long before its clock.
func TestStoredBotWithinLimits(t *testing.T) {
	st := memstore.New()
	a := newHarness(t, st, Options{Bots: 1, BotTime: time.Minute})
	c := a.create(chessWith("human", "bot=search:50s"))
	a.close()
	b := newHarness(t, st, Options{Bots: 1, BotTime: 200 * time.Millisecond})
	start := time.Now()
	b.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
	for len(b.turns(c.ID)) < 2 {
		if time.Since(start) > 25*time.Second {
			t.Fatalf("the bot has not answered in 25 s: its 50 s clock was not bounded by the server's 200 ms")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
