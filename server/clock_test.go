package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

// clockGame is a request for a game of chess between two people on clock c.
func clockGame(c map[string]any) map[string]any {
	return map[string]any{"rules": "../games/chess.zrf", "clock": c,
		"seats": []map[string]string{{"kind": "human"}, {"kind": "invite"}}}
}

// TestClockControls checks the time controls a request may give, how the store spells
// them and reads them back, and what is refused.
func TestClockControls(t *testing.T) {
	good := []struct {
		c      controlJSON
		stored string
		text   string
	}{
		{controlJSON{Kind: "fischer", Base: 60}, "fischer 60+0", "1+0"},
		{controlJSON{Kind: "fischer", Base: 300, Increment: 3}, "fischer 300+3", "5+3"},
		{controlJSON{Kind: "fischer", Base: 30, Increment: 1}, "fischer 30+1", "0.5+1"},
		{controlJSON{Kind: "delay", Base: 300, Delay: 5}, "delay 300/5", "5 min + 5 s delay"},
		{controlJSON{Kind: "correspondence", Days: 3}, "correspondence 3", "3 days per move"},
	}
	for _, g := range good {
		tc, err := newControl(&g.c)
		if err != nil || tc == nil {
			t.Errorf("%+v: %v", g.c, err)
			continue
		}
		if tc.String() != g.stored || tc.text() != g.text || tc.json() != g.c {
			t.Errorf("%+v: stored %q, text %q, json %+v; want %q, %q", g.c, tc.String(), tc.text(), tc.json(), g.stored, g.text)
		}
		back, err := parseControl(tc.String())
		if err != nil || back.String() != g.stored {
			t.Errorf("parseControl(%q) = %v, %v", g.stored, back, err)
		}
	}
	for _, s := range []string{"fischer", "fischer 0+3", "fischer 60", "delay 60/0", "correspondence 0", "bullet 1", "fischer x+1", "fischer -1+2"} {
		if tc, err := parseControl(s); err == nil {
			t.Errorf("parseControl(%q) = %v, want an error", s, tc)
		}
	}
	if tc, err := newControl(&controlJSON{Kind: "none"}); tc != nil || err != nil {
		t.Errorf("kind none: %v, %v", tc, err)
	}

	h := newHarness(t, memstore.New(), Options{CreateRate: -1})
	for _, bad := range []map[string]any{
		{"kind": "fischer", "base": 0},
		{"kind": "fischer", "base": 86401},
		{"kind": "fischer", "base": 60, "increment": 3601},
		{"kind": "fischer", "base": 60, "delay": 2},
		{"kind": "delay", "base": 60},
		{"kind": "delay", "base": 60, "delay": 2, "increment": 1},
		{"kind": "correspondence", "days": 61},
		{"kind": "correspondence", "days": 2, "base": 60},
		{"kind": "none", "base": 60},
		{"kind": "blitz", "base": 60},
		{"kind": "fischer", "base": 60, "colour": "red"},
	} {
		var e struct{ Error string }
		h.want(http.StatusBadRequest, "POST", "/api/games", "", clockGame(bad), &e)
		if !strings.Contains(e.Error, "clock") && !strings.Contains(e.Error, "colour") {
			t.Errorf("%v: error %q does not name the clock", bad, e.Error)
		}
	}
	if n, _ := h.st.(*memstore.Store).Count(); n != 0 {
		t.Errorf("%d games stored by refused requests", n)
	}
}

// TestClockFischer plays turns on a 1+2 clock: the first turn is free, later ones take
// the time they took from the mover's clock and add the increment; the store keeps the
// clocks with each turn, and the state shows them running. Undo is refused.
func TestClockFischer(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{CreateRate: -1})
		c := h.create(clockGame(map[string]any{"kind": "fischer", "base": 60, "increment": 2}))
		st := h.state(c.ID, c.Secret)
		if st.Clock == nil || st.Clock.Text != "1+2" || st.Clock.Running != -1 || len(st.Clock.Left) != 2 || st.Clock.Left[0] != 60000 {
			t.Fatalf("a new game's clock: %+v", st.Clock)
		}
		if st.Clock.Control != (controlJSON{Kind: "fischer", Base: 60, Increment: 2}) {
			t.Errorf("control %+v, not as created", st.Clock.Control)
		}
		move := func(secret string, ply int) stateJSON {
			t.Helper()
			cur := h.state(c.ID, secret)
			var after stateJSON
			h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", secret, map[string]any{"ply": ply, "index": cur.Legal[0].Index}, &after)
			return after
		}
		time.Sleep(300 * time.Millisecond) // not counted: the first turn is free
		st = move(c.Secret, 0)
		if st.Clock.Running != 1 || st.Clock.Left[0] != 60000 {
			t.Fatalf("after the first turn: %+v, want White's 60000 untouched and Black's running", st.Clock)
		}
		time.Sleep(300 * time.Millisecond)
		st = move(c.Invites[0].Secret, 1)
		turns := h.turns(c.ID)
		if len(turns) != 2 || len(turns[1].Clocks) != 2 {
			t.Fatalf("stored turns %+v", turns)
		}
		black := turns[1].Clocks[1]
		// 60 s less 300 ms and what the requests took (seconds on a loaded machine), plus 2 s.
		if black > 62000-300 || black < 62000-10000 {
			t.Errorf("Black has %d ms after a turn of about 300 ms; want 61700 or a little less", black)
		}
		if turns[1].Clocks[0] != 60000 || turns[0].Clocks[0] != 60000 || turns[0].Clocks[1] != 60000 {
			t.Errorf("stored clocks %v, %v", turns[0].Clocks, turns[1].Clocks)
		}
		if st.Clock.Running != 0 || st.Clock.Left[1] != black {
			t.Errorf("state after Black's turn: %+v, want White running and Black at %d", st.Clock, black)
		}
		time.Sleep(200 * time.Millisecond)
		st = h.state(c.ID, c.Secret)
		if st.Clock.Left[0] > 60000-200 || st.Clock.Left[0] < 60000-10000 {
			t.Errorf("White's running clock shows %d after about 200 ms", st.Clock.Left[0])
		}
		var e struct{ Error string }
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/undo", c.Secret, map[string]any{"ply": 2}, &e)
		if !strings.Contains(e.Error, "clock") {
			t.Errorf("undo on a clock: %q", e.Error)
		}
		var rv reviewJSON
		h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"?ply=2", c.Secret, nil, &rv)
		if rv.Clock == nil || rv.Clock.Left[1] != black || rv.Clock.Running != -1 {
			t.Errorf("review of ply 2: clock %+v", rv.Clock)
		}
	})
}

// TestClockFlagUnwatched lets a 1-second clock run out with nobody asking for the game:
// the server's timer ends it on time, in the store, and the event stream says whose flag
// fell.
func TestClockFlagUnwatched(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{CreateRate: -1})
		c := h.create(clockGame(map[string]any{"kind": "fischer", "base": 1}))
		st := h.state(c.ID, c.Secret)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": st.Legal[0].Index}, nil)
		ctx := context.Background()
		// The clock started when the turn was stored.
		start := h.turns(c.ID)[0].At
		var rec *store.Game
		var took time.Duration
		for time.Since(start) < 5*time.Second {
			var err error
			if rec, _, err = h.st.Game(ctx, c.ID); err != nil {
				t.Fatal(err)
			}
			// Seen unended, the flag had not fallen by then.
			if rec.Result == "" {
				took = time.Since(start)
			} else {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if seen := time.Since(start); seen < time.Second {
			t.Errorf("the flag had fallen %v after the clock of 1 s started", seen)
		}
		if rec.Result != "White wins on time" {
			t.Fatalf("stored result %q after %v, want White wins on time", rec.Result, time.Since(start))
		}
		if took >= 3*time.Second {
			t.Errorf("the game went on %v after its clock of 1 s started", took)
		}
		st = h.state(c.ID, c.Secret)
		if !st.Over || st.Outcome != "White wins on time" || st.Clock.Flag != 1 || st.Clock.Left[1] != 0 || st.Clock.Running != -1 {
			t.Errorf("state after the flag: over %v, outcome %q, clock %+v", st.Over, st.Outcome, st.Clock)
		}
		ev := firstEvent(t, h, c.ID, c.Secret)
		if ev.Flag != 1 || !ev.Over {
			t.Errorf("event after the flag: %+v, want flag 1 and over", ev)
		}
		t.Logf("the game was seen going on %v after its clock of 1 s started", took)
	})
}

// firstEvent reads the first event of game id's stream.
func firstEvent(t *testing.T, h *harness, id, secret string) eventJSON {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", h.ts.URL+"/api/games/"+id+"/events?t="+secret, nil)
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 4096)
	var text string
	for !strings.Contains(text, "\n\n") {
		n, err := resp.Body.Read(buf)
		text += string(buf[:n])
		if err != nil {
			break
		}
	}
	_, data, ok := strings.Cut(text, "data: ")
	if !ok {
		t.Fatalf("no event in %q", text)
	}
	var ev eventJSON
	if err := json.Unmarshal([]byte(strings.TrimSpace(strings.SplitN(data, "\n", 2)[0])), &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestClockFlagOnMove makes a turn after the mover's time ran out, before the timer: it
// is refused and the game ends on time. Then a restart on the same store finds the
// clocks where they were.
func TestClockFlagOnMove(t *testing.T) {
	st := memstore.New()
	h := newHarness(t, st, Options{CreateRate: -1})
	c := h.create(clockGame(map[string]any{"kind": "fischer", "base": 1}))
	s0 := h.state(c.ID, c.Secret)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": s0.Legal[0].Index}, nil)
	// The timer is stopped so that only the move can find the flag fallen.
	h.srv.stopFlags()
	h.srv.flags.mu.Lock()
	h.srv.flags.timers = map[string]*flagTimer{}
	h.srv.flags.mu.Unlock()
	time.Sleep(1100 * time.Millisecond)
	var e struct{ Error string }
	h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/moves", c.Invites[0].Secret, map[string]any{"ply": 1, "index": 0}, &e)
	if !strings.Contains(e.Error, "White wins on time") {
		t.Errorf("a turn after the flag: %q", e.Error)
	}
	if n := len(h.turns(c.ID)); n != 1 {
		t.Errorf("%d turns stored, want 1: the late turn is not", n)
	}
}

// TestClockCannotWin ends chess on time where the winner has a lone king: a draw; with
// a queen more, a win.
func TestClockCannotWin(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	s := g.NewState()
	king := -1
	for k, p := range g.Pieces {
		if p.Name == "King" {
			king = k
		}
	}
	if king < 0 {
		t.Fatal("no King in chess")
	}
	white := engine.Player(0)
	if !strings.EqualFold(g.Players[0].Name, "White") {
		t.Fatalf("player 0 is %s", g.Players[0].Name)
	}
	if cannotWin(g.Game, s, white) {
		t.Errorf("White cannot win from the start")
	}
	kept := engine.Loc(-1)
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == white {
			if int(c.Kind()) == king {
				continue
			}
			if kept < 0 {
				kept = engine.Loc(l)
				continue
			}
			s.Cells[l] = engine.Empty
		}
	}
	if cannotWin(g.Game, s, white) {
		t.Errorf("White with a king and a %s cannot win", g.Pieces[s.Cells[kept].Kind()].Name)
	}
	s.Cells[kept] = engine.Empty
	if !cannotWin(g.Game, s, white) {
		t.Errorf("White with a lone king can win")
	}
	if cannotWin(g.Game, s, 1) {
		t.Errorf("Black with all its pieces cannot win")
	}
}

// TestClockBotShare checks the share of its clock a bot has for a turn, and that a bot
// on a short clock plays well within it.
func TestClockBotShare(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: -1, BotTime: 3 * time.Second})
	c := h.create(map[string]any{"rules": "../games/chess.zrf", "clock": map[string]any{"kind": "fischer", "base": 60, "increment": 1},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "search:3"}}})
	st := h.state(c.ID, c.Secret)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": st.Legal[0].Index}, nil)
	st = h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == 2 })
	turns := h.turns(c.ID)
	spent := 60000 + 1000 - turns[1].Clocks[1]
	// Its share: 60 s / 30 + 0.8 s = 2.8 s, and the search's own time.
	if spent < 0 || spent > 2800+1000 {
		t.Errorf("the bot spent %d ms of its clock on a turn; its share is 2800", spent)
	}
	fischer := &timeControl{kind: "fischer", base: time.Minute, inc: time.Second}
	delay := &timeControl{kind: "delay", base: time.Minute, delay: 5 * time.Second}
	days := &timeControl{kind: "correspondence", days: 2}
	for _, k := range []struct {
		tc                *timeControl
		left, delay, want time.Duration
	}{
		{fischer, 60 * time.Second, 0, 2800 * time.Millisecond},
		{fischer, 300 * time.Second, 0, 3 * time.Second},
		{fischer, time.Second, 0, 500 * time.Millisecond},
		{delay, 30 * time.Second, 5 * time.Second, 3 * time.Second},
		{delay, 2 * time.Second, 5 * time.Second, 3 * time.Second},
		{delay, 2 * time.Second, 0, 1 * time.Second},
		{days, 48 * time.Hour, 0, 3 * time.Second},
	} {
		if got := botShare(k.tc, k.left, k.delay, 3*time.Second); got != k.want {
			t.Errorf("%s with %v left and %v of delay: a share of %v, want %v", k.tc, k.left, k.delay, got, k.want)
		}
	}
}

// TestClockResume stops a server while a clocked game's clock runs, and starts another on
// the same store: the clocks are where they were stored, less the time since the last
// turn for the player to move; one whose time ran out meanwhile ends at Resume, without
// any request.
func TestClockResume(t *testing.T) {
	st := memstore.New()
	h := newHarness(t, st, Options{CreateRate: -1})
	long := h.create(clockGame(map[string]any{"kind": "fischer", "base": 60}))
	short := h.create(clockGame(map[string]any{"kind": "fischer", "base": 1}))
	for _, c := range []createJSON{long, short} {
		s0 := h.state(c.ID, c.Secret)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": s0.Legal[0].Index}, nil)
	}
	h.close()
	time.Sleep(1200 * time.Millisecond)
	ctx := context.Background()
	if rec, _, _ := st.Game(ctx, short.ID); rec.Result != "" {
		t.Fatalf("the short game ended while no server ran: %q", rec.Result)
	}
	h2 := newHarness(t, st, Options{CreateRate: -1})
	if _, err := h2.srv.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	if rec, _, _ := st.Game(ctx, short.ID); rec.Result != "White wins on time" {
		t.Errorf("the short game after Resume: %q, want White wins on time", rec.Result)
	}
	turns := h2.turns(long.ID)
	s := h2.state(long.ID, long.Secret)
	lost := time.Duration(60000-s.Clock.Left[1]) * time.Millisecond
	since := time.Since(turns[0].At)
	if s.Clock.Left[0] != 60000 || lost < 1200*time.Millisecond || lost > since+time.Millisecond {
		t.Errorf("the long game after the restart: %v left, Black lost %v; %v since the last turn", s.Clock.Left, lost, since)
	}
}

// TestClockBots plays two bots that would think a second a turn on a 2+1 clock: each
// stops at its share of its clock (what it has left over 30, plus four fifths of the
// increment), so neither flags.
func TestClockBots(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: -1, AllowBotGames: true, Bots: 2})
	c := h.create(map[string]any{"rules": "../games/chess.zrf", "clock": map[string]any{"kind": "fischer", "base": 2, "increment": 1},
		"seats": []map[string]string{{"kind": "bot", "bot": "search:1s"}, {"kind": "bot", "bot": "search:1s"}}})
	const plies = 10
	st := h.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Ply >= plies || s.Over })
	if st.Over && st.Ply < plies {
		t.Fatalf("the game ended at ply %d: %s", st.Ply, st.Outcome)
	}
	turns := h.turns(c.ID)
	for k := 1; k < plies; k++ {
		seat := k % 2
		before := time.Duration(turns[k-1].Clocks[seat]) * time.Millisecond
		share := botShare(&timeControl{kind: "fischer", base: 2 * time.Second, inc: time.Second}, before, 0, 10*time.Second)
		spent := turns[k].At.Sub(turns[k-1].At)
		if spent > share+time.Second {
			t.Errorf("turn %d: the bot took %v with %v left; its share was %v", k, spent, before, share)
		}
		if after := turns[k].Clocks[seat]; after <= 0 {
			t.Errorf("turn %d: the bot has %d ms left", k, after)
		}
		t.Logf("turn %d: %v left, a share of %v, took %v", k, before, share, spent)
	}
}

// TestClockTimeResult words the results of a flag in chess: a win, or a draw when the
// winner has a lone king; and with three players, a loss.
func TestClockTimeResult(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	gm := &game{g: g, m: m, rec: &store.Game{}}
	if r := gm.timeResult(1); r != "White wins on time" || !onTime(r) {
		t.Errorf("Black flagged: %q", r)
	}
	s := m.State()
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == 0 && g.Pieces[c.Kind()].Name != "King" {
			s.Cells[l] = engine.Empty
		}
	}
	if r := gm.timeResult(1); r != "Draw on time: Black's time ran out, but White could never win" || !onTime(r) {
		t.Errorf("Black flagged against a lone king: %q", r)
	}
	if r := gm.timeResult(0); r != "Black wins on time" {
		t.Errorf("White flagged with a lone king: %q", r)
	}
	three := &engine.Game{Players: []engine.PlayerInfo{{Name: "White"}, {Name: "Black"}, {Name: "Red"}}}
	if r := flagResult(three, s, 0); r != "White loses on time" || !onTime(r) {
		t.Errorf("White flagged among three: %q", r)
	}
	three.Players[2].Random = true
	if r := flagResult(three, s, 0); r != "Black wins on time" {
		t.Errorf("White flagged beside dice: %q", r)
	}
	for _, r := range []string{"White wins (checkmate)", "Black resigned", "draw agreed", ""} {
		if onTime(r) {
			t.Errorf("onTime(%q)", r)
		}
	}
}
