package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

// A rematch of a game between two people: offered by one, refused to the offerer's own
// secret and to spectators, accepted by the other; the rematch has the seats swapped
// under the same secrets, and the old game points to it.
func TestRematch(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{})
		c := h.create(chessHotSeat)
		inv := c.Invites[0].Secret
		var st stateJSON
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, nil)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/resign", inv, map[string]string{}, &st)
		if !st.Over || st.RematchOffer != -1 || st.Rematch != "" {
			t.Fatalf("after resigning: over %v, rematchOffer %d, rematch %q", st.Over, st.RematchOffer, st.Rematch)
		}
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "accept"}, nil)
		h.want(http.StatusBadRequest, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "maybe"}, nil)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, &st)
		if st.RematchOffer != 0 {
			t.Fatalf("after White's offer: rematchOffer %d, want 0", st.RematchOffer)
		}
		h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "accept"}, nil)
		h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/rematch", c.View, map[string]string{"action": "accept"}, nil)
		h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/rematch", "", map[string]string{"action": "accept"}, nil)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", inv, map[string]string{"action": "decline"}, &st)
		if st.RematchOffer != -1 {
			t.Fatalf("after declining: rematchOffer %d", st.RematchOffer)
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, nil)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", inv, map[string]string{"action": "accept"}, &st)
		if st.Rematch == "" || st.RematchOffer != -1 {
			t.Fatalf("after accepting: rematch %q, offer %d", st.Rematch, st.RematchOffer)
		}
		if old := h.state(c.ID, c.Secret); old.Rematch != st.Rematch {
			t.Errorf("the offerer's page sees rematch %q, want %q", old.Rematch, st.Rematch)
		}
		nw := h.state(st.Rematch, c.Secret)
		if !slices.Equal(nw.You, []int{1}) || nw.Over || nw.Ply != 0 || nw.RematchOf != c.ID {
			t.Errorf("the rematch as the creator sees it: you %v, over %v, ply %d, of %q; want [1], a new game of %s", nw.You, nw.Over, nw.Ply, nw.RematchOf, c.ID)
		}
		if you := h.state(st.Rematch, inv).You; !slices.Equal(you, []int{0}) {
			t.Errorf("the invited player's seats in the rematch: %v, want [0]", you)
		}
		if v := h.state(st.Rematch, c.View); len(v.You) != 0 {
			t.Errorf("the spectators' link in the rematch acts for %v", v.You)
		}
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, nil)
	})
}

// Against a bot, the offer makes the rematch at once, the bot moving first with White.
func TestRematchBot(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(map[string]any{"rules": "../games/chess.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "random"}}})
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "e4"}, nil)
	h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == 2 })
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/resign", c.Secret, map[string]string{}, nil)
	var st stateJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, &st)
	if st.Rematch == "" {
		t.Fatalf("an offer against a bot made no rematch")
	}
	// Undo would take back e4 and reopen the game, but it has its rematch.
	code, body := h.do("POST", "/api/games/"+c.ID+"/undo", c.Secret, map[string]int{"ply": 2})
	if code != http.StatusConflict || !strings.Contains(string(body), "rematch") {
		t.Errorf("undo after the rematch: %d %s, want 409 for the rematch", code, body)
	}
	nw := h.waitFor(st.Rematch, c.Secret, func(s stateJSON) bool { return s.Ply >= 1 })
	if !slices.Equal(nw.You, []int{1}) || nw.Players[0].Kind != "bot" || nw.Players[0].Bot != "random" {
		t.Errorf("the rematch: you %v, White %+v; want [1] against the bot random", nw.You, nw.Players[0])
	}
}

func TestSwapSeats(t *testing.T) {
	a, b, c := store.Seat{Kind: "human", Token: "a"}, store.Seat{Kind: "bot", Bot: "random"}, store.Seat{Kind: "human", Token: "c"}
	d := store.Seat{Kind: "random"}
	for _, tc := range []struct{ in, want []store.Seat }{
		{[]store.Seat{a, b}, []store.Seat{b, a}},
		{[]store.Seat{a, d, b}, []store.Seat{b, d, a}},
		{[]store.Seat{a, b, c}, []store.Seat{c, a, b}},
		{[]store.Seat{d, a}, []store.Seat{d, a}},
	} {
		if got := swapSeats(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("swapSeats(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// A public game is read without a secret, listed live with a thumbnail; a private one
// is neither.
func TestLive(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: -1})
	pub := h.create(map[string]any{"rules": "../games/chess.zrf", "public": true, "seats": []map[string]string{{"kind": "human"}, {"kind": "invite"}}})
	priv := h.create(chessHotSeat)
	if st := h.state(pub.ID, ""); len(st.You) != 0 || !st.Public || len(st.Legal) != 0 {
		t.Errorf("a public game without a secret: you %v, public %v, %d legal turns", st.You, st.Public, len(st.Legal))
	}
	h.want(http.StatusForbidden, "GET", "/api/games/"+priv.ID, "", nil, nil)
	h.want(http.StatusForbidden, "GET", "/api/games/"+priv.ID+"/thumbnail", "", nil, nil)
	h.want(http.StatusForbidden, "POST", "/api/games/"+pub.ID+"/moves", "", map[string]any{"ply": 0, "text": "e4"}, nil)
	var live struct{ Games []summaryJSON }
	h.want(http.StatusOK, "GET", "/api/live", "", nil, &live)
	if len(live.Games) != 1 || live.Games[0].ID != pub.ID || live.Games[0].Title != "Chess" || len(live.Games[0].Players) != 2 {
		t.Fatalf("live games: %+v, want the public game", live.Games)
	}
	code, svg := h.do("GET", "/api/games/"+pub.ID+"/thumbnail", "", nil)
	if code != http.StatusOK || !strings.HasPrefix(strings.TrimSpace(string(svg)), "<svg") {
		t.Errorf("thumbnail: %d %.60q", code, svg)
	}
	h.want(http.StatusOK, "POST", "/api/games/"+pub.ID+"/moves", pub.Secret, map[string]any{"ply": 0, "text": "e4"}, nil)
	h.want(http.StatusOK, "POST", "/api/games/"+pub.ID+"/resign", pub.Secret, map[string]any{}, nil)
	// The list is made at most once a second.
	h.want(http.StatusOK, "GET", "/api/live", "", nil, &live)
	if len(live.Games) != 1 {
		t.Errorf("the list made a moment ago changed: %+v", live.Games)
	}
	time.Sleep(liveFor + 100*time.Millisecond)
	h.want(http.StatusOK, "GET", "/api/live", "", nil, &live)
	if len(live.Games) != 0 {
		t.Errorf("a finished game is still live: %+v", live.Games)
	}
}

// The summaries of your games: whose turn, by each link's secret; errors for links that
// open nothing; a bound on the games asked for at once.
func TestMine(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: -1})
	c := h.create(chessHotSeat)
	inv := c.Invites[0].Secret
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "e4"}, nil)
	var mine struct{ Games []summaryJSON }
	h.want(http.StatusOK, "POST", "/api/mine", "", map[string]any{"games": []map[string]string{
		{"id": c.ID, "secret": c.Secret}, {"id": c.ID, "secret": inv}, {"id": c.ID, "secret": "wrong"}, {"id": "nope", "secret": "x"}}}, &mine)
	if len(mine.Games) != 4 {
		t.Fatalf("%d summaries for 4 games", len(mine.Games))
	}
	if g := mine.Games[0]; g.YourTurn || g.ToMove != 1 || g.Ply != 1 || !slices.Equal(g.You, []int{0}) || g.Error != "" {
		t.Errorf("White's summary: %+v", g)
	}
	if g := mine.Games[1]; !g.YourTurn || !slices.Equal(g.You, []int{1}) {
		t.Errorf("Black's summary: %+v, want their turn", g)
	}
	if mine.Games[2].Error == "" || mine.Games[2].Title != "" || mine.Games[3].Error == "" {
		t.Errorf("a wrong secret and a missing game: %+v %+v; want errors without the game", mine.Games[2], mine.Games[3])
	}
	many := make([]map[string]string, maxMine+1)
	for i := range many {
		many[i] = map[string]string{"id": c.ID, "secret": c.Secret}
	}
	h.want(http.StatusBadRequest, "POST", "/api/mine", "", map[string]any{"games": many}, nil)
}

// Play from here: a new game from the position after two turns, with its own secrets;
// the text record numbers the moves.
func TestBranchAndRecord(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: -1})
	c := h.create(chessHotSeat)
	for i, m := range []string{"e4", "e5", "Nf3"} {
		sec := c.Secret
		if i%2 == 1 {
			sec = c.Invites[0].Secret
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", sec, map[string]any{"ply": i, "text": m}, nil)
	}
	var nc createJSON
	seats := []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "random"}}
	h.want(http.StatusBadRequest, "POST", "/api/games/"+c.ID+"/branch", c.View, map[string]any{"ply": 4, "seats": seats}, nil)
	h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/branch", "", map[string]any{"ply": 2, "seats": seats}, nil)
	h.want(http.StatusCreated, "POST", "/api/games/"+c.ID+"/branch", c.View, map[string]any{"ply": 2, "seats": seats}, &nc)
	st := h.state(nc.ID, nc.Secret)
	if st.Ply != 2 || st.ToMove != 0 || len(st.Legal) == 0 || st.Moves[1].Short != "e5" {
		t.Errorf("the game from ply 2: ply %d, to move %d, %d legal turns", st.Ply, st.ToMove, len(st.Legal))
	}
	h.want(http.StatusForbidden, "GET", "/api/games/"+nc.ID, c.Secret, nil, nil)
	code, rec := h.do("GET", "/api/games/"+c.ID+"/record", c.View, nil)
	if code != http.StatusOK || !strings.Contains(string(rec), "\n1. e4 e5\n2. Nf3\n") || !strings.Contains(string(rec), "Chess (") {
		t.Errorf("the record: %d\n%s", code, rec)
	}
}

// streamEvents opens the event stream of game id on h with secret and returns its
// events; the stream closes when the test ends.
func streamEvents(t *testing.T, h *harness, id, secret string) <-chan eventJSON {
	t.Helper()
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+id+"/events?t="+secret, nil)
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
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
	return events
}

// A rematch offered through one server is told by the event stream of another at once,
// and accepted there.
func TestRematchAcrossServers(t *testing.T) {
	sts := openShared(t, 2)
	a := newHarness(t, sts[0], Options{})
	b := newHarness(t, sts[1], Options{})
	listening(t, b.srv)
	c := a.create(chessHotSeat)
	inv := c.Invites[0].Secret
	events := streamEvents(t, b, c.ID, inv)
	next := func(what string) {
		t.Helper()
		select {
		case _, ok := <-events:
			if !ok {
				t.Fatalf("%s: B's stream closed", what)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("%s: B's stream told nothing within 2 s", what)
		}
	}
	next("the first event")
	a.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/resign", c.Secret, map[string]string{}, nil)
	next("the resignation")
	a.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", c.Secret, map[string]string{"action": "offer"}, nil)
	next("the offer")
	if st := b.state(c.ID, inv); st.RematchOffer != 0 {
		t.Fatalf("B shows the rematch offer %d, want 0", st.RematchOffer)
	}
	var st stateJSON
	b.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/rematch", inv, map[string]string{"action": "accept"}, &st)
	if old := a.state(c.ID, c.Secret); old.Rematch != st.Rematch || st.Rematch == "" {
		t.Fatalf("A shows the rematch %q, B made %q", old.Rematch, st.Rematch)
	}
	if you := a.state(st.Rematch, c.Secret).You; !slices.Equal(you, []int{1}) {
		t.Errorf("the creator's seats in the rematch, read through A: %v", you)
	}
}
