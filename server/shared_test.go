package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/pgtest"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

// openShared opens n Stores on one new PostgreSQL database, closed when the test ends:
// one per server, as servers on several machines would have.
func openShared(t *testing.T, n int) []store.Store {
	dsn := pgtest.Start(t)
	var sts []store.Store
	for range n {
		st, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		sts = append(sts, st)
	}
	return sts
}

// listening waits until the server hears the other servers' changes.
func listening(t *testing.T, s *Server) {
	t.Helper()
	select {
	case <-s.heard.ready:
	case <-time.After(10 * time.Second):
		t.Fatal("the server does not listen to the store after 10 s")
	}
}

// TestEventsAcrossServers makes a move through server A and checks that an event stream
// of server B tells of it within a second, and that B's view then holds the move.
func TestEventsAcrossServers(t *testing.T) {
	sts := openShared(t, 2)
	a := newHarness(t, sts[0], Options{AllowBotGames: true})
	b := newHarness(t, sts[1], Options{AllowBotGames: true})
	listening(t, b.srv)
	c := a.create(chessHotSeat)
	req, _ := http.NewRequest("GET", b.ts.URL+"/api/games/"+c.ID+"/events?t="+c.View, nil)
	resp, err := b.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan eventJSON, 10)
	go func() {
		defer close(events)
		rd := bufio.NewReader(resp.Body)
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var ev eventJSON
				if json.Unmarshal([]byte(data), &ev) == nil {
					events <- ev
				}
			}
		}
	}()
	next := func(within time.Duration) (eventJSON, time.Duration) {
		t.Helper()
		start := time.Now()
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("the stream of B closed")
			}
			return ev, time.Since(start)
		case <-time.After(within):
			t.Fatalf("B's stream told nothing within %v", within)
			return eventJSON{}, 0
		}
	}
	if ev, _ := next(5 * time.Second); ev.Ply != 0 {
		t.Fatalf("first event of B %+v, want ply 0", ev)
	}
	for ply := range 3 {
		secret := c.Secret
		if ply%2 == 1 {
			secret = c.Invites[0].Secret
		}
		a.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", secret, map[string]any{"ply": ply, "index": 0}, nil)
		ev, took := next(time.Second)
		if ev.Ply != ply+1 {
			t.Fatalf("B's event after A's move %d: %+v, want ply %d", ply, ev, ply+1)
		}
		t.Logf("move %d made on A, told by B's stream after %v", ply, took)
	}
	if st := b.state(c.ID, c.View); st.Ply != 3 {
		t.Fatalf("B shows ply %d, want 3", st.Ply)
	}
}

// TestOneServerPlays starts two servers on a game of two bots and checks that only one
// of them plays it, turn after turn; then the server that plays dies (it stops without
// releasing its lease) and the other takes the game over once the lease has expired,
// and only then.
func TestOneServerPlays(t *testing.T) {
	sts := openShared(t, 3)
	const lease = 600 * time.Millisecond
	// The game is created by a server that stops at once, leaving it to be resumed.
	maker := newHarness(t, sts[0], Options{AllowBotGames: true, Lease: lease})
	c := maker.create(map[string]any{"rules": "../games/chess.zrf",
		"seats": []map[string]string{{"kind": "bot", "bot": "search:20ms"}, {"kind": "bot", "bot": "search:20ms"}}})
	maker.close()
	from := len(maker.turns(c.ID))

	a := newHarness(t, sts[1], Options{AllowBotGames: true, Lease: lease})
	b := newHarness(t, sts[2], Options{AllowBotGames: true, Lease: lease})
	for _, h := range []*harness{a, b} {
		if _, err := h.srv.Resume(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	waitTurns := func(n int) {
		t.Helper()
		for range 3000 {
			if len(a.turns(c.ID)) >= n {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("fewer than %d turns stored after 30 s", n)
	}
	waitTurns(from + 20)
	// Both servers had the game resumed; one plays, the other chose no turn at all.
	player, other := a, b
	if b.srv.botStored.Load() > 0 {
		player, other = b, a
	}
	if n := other.srv.botChosen.Load(); n != 0 {
		t.Fatalf("both servers play: the one that stores turns stored %d, the other chose %d", player.srv.botStored.Load(), n)
	}
	if n := player.srv.botStored.Load(); n < 20 {
		t.Fatalf("the playing server stored %d turns, want at least 20", n)
	}
	// The other server's page says the bot thinks, as the player's does.
	if st := other.state(c.ID, c.View); !st.Thinking || st.Over {
		t.Fatalf("the other server shows thinking %v, over %v; want a bot thinking", st.Thinking, st.Over)
	}
	if n := other.srv.botChosen.Load(); n != 0 {
		t.Fatalf("the other server chose %d turns after a request for the game", n)
	}

	// The player dies: it stops thinking and renewing, and releases nothing.
	player.srv.cancel()
	player.srv.wg.Wait()
	died := time.Now()
	stored := player.srv.botStored.Load()
	atDeath := len(a.turns(c.ID))
	for range 3000 {
		if other.srv.botStored.Load() > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	took := time.Since(died)
	if other.srv.botStored.Load() == 0 {
		t.Fatalf("the other server did not take over within 30 s of the player's death")
	}
	if took < lease/2 {
		t.Fatalf("the other server played %v after the player died, before its lease could expire (%v)", took, lease)
	}
	waitTurns(atDeath + 10)
	other.close()
	if n := player.srv.botStored.Load(); n != stored {
		t.Fatalf("the dead server stored %d turns after it died", n-stored)
	}
	total := len(a.turns(c.ID)) - from
	if got := player.srv.botStored.Load() + other.srv.botStored.Load(); int(got) > total || int(got) < total-1 {
		t.Fatalf("the servers stored %d turns between them, the store holds %d new ones", got, total)
	}
	if n := other.srv.botChosen.Load() - other.srv.botStored.Load(); n > 1 {
		t.Errorf("the second server chose %d turns it did not store", n)
	}
	t.Logf("%d turns by the first server; the second took over %v after its death and stored %d", stored, took, other.srv.botStored.Load())
}

// TestLeaseReleased checks that a server holds a game's lease only while its bot is to
// move: after the bot's reply, with a person to move, another server may take it.
func TestLeaseReleased(t *testing.T) {
	st := memstore.New()
	h := newHarness(t, st, Options{AllowBotGames: true, Lease: 300 * time.Millisecond})
	c := h.create(map[string]any{"rules": "../games/chess.zrf",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "random"}}})
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
	h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == 2 && !s.Thinking })
	if h.srv.botStored.Load() != 1 {
		t.Fatalf("the bot stored %d turns, want 1", h.srv.botStored.Load())
	}
	ctx := context.Background()
	if held, err := st.TakeLease(ctx, c.ID, "another server", time.Hour); err != nil || !held {
		t.Fatalf("with a person to move, another server cannot take the lease: %v, %v", held, err)
	}
	// The lease is the other server's now: this one's bot stands down when next to move.
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 2, "index": 0}, nil)
	time.Sleep(100 * time.Millisecond)
	if n := h.srv.botChosen.Load(); n != 1 {
		t.Fatalf("the bot chose %d turns while another server held the lease, want 1 (before)", n)
	}
	if s := h.state(c.ID, c.Secret); s.Ply != 3 || !s.Thinking {
		t.Fatalf("ply %d, thinking %v; want ply 3 and the bot shown thinking on the other server", s.Ply, s.Thinking)
	}
	// The other server releases it without playing: this one plays on when asked after
	// the lease it saw would have run out.
	if err := st.ReleaseLease(ctx, c.ID, "another server"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == 4 })
	if n := h.srv.botStored.Load(); n != 2 {
		t.Fatalf("the bot stored %d turns, want 2", n)
	}
}

// TestSameHolder checks that a server started again under the name it had in the leases
// takes back its bot games at once, though it died holding their leases, and that a
// server of another name waits for them to expire.
func TestSameHolder(t *testing.T) {
	st := memstore.New()
	bots := map[string]any{"rules": "../games/chess.zrf",
		"seats": []map[string]string{{"kind": "bot", "bot": "search:20ms"}, {"kind": "bot", "bot": "search:20ms"}}}
	a := newHarness(t, st, Options{AllowBotGames: true, Holder: "host:8080", Lease: time.Hour})
	c := a.create(bots)
	a.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Ply >= 2 })
	a.srv.cancel() // dies holding the lease
	a.srv.wg.Wait()
	other := newHarness(t, st, Options{AllowBotGames: true, Lease: time.Hour})
	if _, err := other.srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	again := newHarness(t, st, Options{AllowBotGames: true, Holder: "host:8080", Lease: time.Hour})
	if _, err := again.srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ply := again.state(c.ID, c.View).Ply
	again.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Ply >= ply+4 || s.Over })
	if n := other.srv.botChosen.Load(); n != 0 {
		t.Fatalf("the server of another name chose %d turns under a lease an hour long", n)
	}
	if again.srv.botStored.Load() == 0 {
		t.Fatal("the server started again stored no turn")
	}
}

// TestUnusedLeaseGivenUp checks that a server gives up a lease it holds for a game none
// of its bots plays (one left from before a restart under the same name), at its next
// renewal, rather than renewing it for ever.
func TestUnusedLeaseGivenUp(t *testing.T) {
	st := memstore.New()
	h := newHarness(t, st, Options{AllowBotGames: true, Holder: "host:8080", Lease: 300 * time.Millisecond})
	c := h.create(chessHotSeat)
	ctx := context.Background()
	if held, err := st.TakeLease(ctx, c.ID, "host:8080", time.Hour); err != nil || !held {
		t.Fatalf("TakeLease = %v, %v", held, err)
	}
	for range 500 {
		if held, err := st.TakeLease(ctx, c.ID, "another", time.Hour); err != nil {
			t.Fatal(err)
		} else if held {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the server renewed a lease it does not use for 5 s")
}
