package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/pgtest"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

var (
	catOnce sync.Once
	cat     *Catalogue
	catErr  error
)

// testCatalogue is the catalogue of the tests: the race and broken files of testdata and
// the bundled chess.
func testCatalogue(t testing.TB) *Catalogue {
	catOnce.Do(func() { cat, catErr = LoadCatalogue([]string{"testdata", "../games/chess.zrf"}) })
	if catErr != nil {
		t.Fatal(catErr)
	}
	return cat
}

// harness is a server under test and its store.
type harness struct {
	t   testing.TB
	st  store.Store
	srv *Server
	ts  *httptest.Server

	logMu sync.Mutex
	logs  strings.Builder // what the server logged
}

func newHarness(t testing.TB, st store.Store, o Options) *harness {
	o.Store = st
	if o.Catalogue == nil {
		o.Catalogue = testCatalogue(t)
	}
	if o.Rate == 0 {
		o.Rate = -1
	}
	h := &harness{t: t, st: st}
	o.Logf = func(format string, args ...any) {
		t.Logf(format, args...)
		h.logMu.Lock()
		fmt.Fprintf(&h.logs, format+"\n", args...)
		h.logMu.Unlock()
	}
	h.srv = New(o)
	h.ts = httptest.NewServer(h.srv)
	t.Cleanup(h.close)
	return h
}

// logged returns what the server has logged.
func (h *harness) logged() string {
	h.logMu.Lock()
	defer h.logMu.Unlock()
	return h.logs.String()
}

func (h *harness) close() {
	h.ts.CloseClientConnections()
	h.ts.Close()
	h.srv.Close()
}

// do makes a request and returns its status and body.
func (h *harness) do(method, path, secret string, body any) (int, []byte) {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, h.ts.URL+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.StatusCode, out
}

// want makes a request that must answer status, and decodes its body into v.
func (h *harness) want(status int, method, path, secret string, body, v any) {
	h.t.Helper()
	code, out := h.do(method, path, secret, body)
	if code != status {
		h.t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, status, out)
	}
	if status >= 400 {
		var e struct{ Error, Code string }
		if err := json.Unmarshal(out, &e); err != nil || e.Error == "" || e.Code == "" {
			h.t.Fatalf("%s %s: error body %q is not {error, code}", method, path, out)
		}
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			h.t.Fatalf("%s %s: %v in %s", method, path, err, out)
		}
	}
}

func (h *harness) create(req any) createJSON {
	h.t.Helper()
	var c createJSON
	h.want(http.StatusCreated, "POST", "/api/games", "", req, &c)
	return c
}

func (h *harness) state(id, secret string) stateJSON {
	h.t.Helper()
	var st stateJSON
	h.want(http.StatusOK, "GET", "/api/games/"+id, secret, nil, &st)
	return st
}

// turns returns the turns stored for game id.
func (h *harness) turns(id string) []store.Turn {
	h.t.Helper()
	_, turns, err := h.st.Game(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return turns
}

// waitFor polls game id until ok holds, at most a generous while: bots think on the
// server, and the test waits for them.
func (h *harness) waitFor(id, secret string, ok func(stateJSON) bool) stateJSON {
	h.t.Helper()
	for range 6000 {
		st := h.state(id, secret)
		if ok(st) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("game %s never got there", id)
	return stateJSON{}
}

var chessHotSeat = map[string]any{"rules": "../games/chess.zrf", "variant": "",
	"seats": []map[string]string{{"kind": "human"}, {"kind": "invite"}}}

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// stores runs a test against every store: in memory, SQLite and PostgreSQL (skipped when
// PostgreSQL is not installed, unless CI=true). open opens the test's database, a new
// connection to the same one each time; the test ends by closing them.
func stores(t *testing.T, test func(t *testing.T, open func() store.Store)) {
	t.Run("memstore", func(t *testing.T) {
		st := memstore.New()
		test(t, func() store.Store { return st })
	})
	opener := func(t *testing.T, dsn string) func() store.Store {
		return func() store.Store {
			st, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		test(t, opener(t, filepath.Join(t.TempDir(), "games.db")))
	})
	t.Run("postgres", func(t *testing.T) {
		test(t, opener(t, pgtest.Start(t)))
	})
}

func TestCatalogue(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	var c catalogueJSON
	h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, &c)
	var names []string
	for _, g := range c.Games {
		names = append(names, g.Rules+":"+g.Variant)
	}
	for _, want := range []string{"testdata/race.zrf:Race", "../games/chess.zrf:Chess"} {
		if !slices.Contains(names, want) {
			t.Errorf("catalogue lacks %s: %v", want, names)
		}
	}
	// badmoves.zrf reads and sets up, but its move code does not compile: it is no game.
	if len(c.Errors) != 2 || c.Errors[0].Rules != "testdata/badmoves.zrf" || !strings.HasPrefix(c.Errors[0].Error, "badmoves.zrf:5:29: unknown instruction") ||
		c.Errors[0].Title != "Bad moves" || c.Errors[1].Rules != "testdata/broken.zrf" || !strings.Contains(c.Errors[1].Error, "frobnicate") {
		t.Errorf("errors = %+v, want badmoves.zrf's move code and broken.zrf's unknown form", c.Errors)
	}
	code, svg := h.do("GET", "/api/thumbnail?rules=testdata/race.zrf&variant=Race", "", nil)
	if code != http.StatusOK || !bytes.HasPrefix(svg, []byte("<svg")) {
		t.Errorf("thumbnail: %d %.60q", code, svg)
	}
	h.want(http.StatusNotFound, "GET", "/api/thumbnail?rules=../../etc/passwd", "", nil, nil)
}

func TestPlay(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		st := open()
		h := newHarness(t, st, Options{})
		c := h.create(chessHotSeat)
		if len(c.Secret) != 22 || len(c.View) != 22 || len(c.Invites) != 1 || c.Invites[0].Seat != 1 || !slices.Equal(c.Seats, []int{0}) {
			t.Fatalf("create answered %+v", c)
		}
		s0 := h.state(c.ID, c.Secret)
		if s0.Ply != 0 || s0.ToMove != 0 || len(s0.Legal) != 20 || s0.Title != "Chess" || s0.Over {
			t.Fatalf("start: ply %d toMove %d %d legal turns", s0.Ply, s0.ToMove, len(s0.Legal))
		}
		if len(s0.Board.Positions) != 64 || !strings.HasPrefix(s0.Board.SVG, "<svg") || s0.Board.ViewBox[2] <= 0 {
			t.Fatalf("board: %d positions, viewBox %v", len(s0.Board.Positions), s0.Board.ViewBox)
		}
		// The rectangles lie inside the picture.
		vb := s0.Board.ViewBox
		for _, p := range s0.Board.Positions {
			if float64(p.Rect[0]) < vb[0] || float64(p.Rect[2]) > vb[0]+vb[2] || p.Rect[0] >= p.Rect[2] || p.Rect[1] >= p.Rect[3] {
				t.Fatalf("position %s rect %v outside viewBox %v", p.Name, p.Rect, vb)
			}
		}
		var e4 legalJSON
		for _, l := range s0.Legal {
			if len(l.Parts) == 1 && len(l.Parts[0].Moves) == 1 && l.Parts[0].Moves[0] == (movementJSON{From: "e2", To: "e4", Player: 0}) {
				e4 = l
			}
		}
		if e4.ZSG == "" || !slices.Equal(e4.Parts[0].Path, []string{"e2", "e4"}) {
			t.Fatalf("no e2-e4 among %+v", s0.Legal[:3])
		}
		// The black seat may not move now, and the view may not see legal turns.
		if v := h.state(c.ID, c.View); len(v.Legal) != 0 || len(v.You) != 0 {
			t.Errorf("view sees legal %d, you %v", len(v.Legal), v.You)
		}
		var s1 stateJSON
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": e4.Index}, &s1)
		if s1.Ply != 1 || s1.ToMove != 1 || len(s1.Legal) != 0 || len(s1.Moves) != 1 || s1.Moves[0].ZSG != e4.ZSG || s1.Moves[0].Named != e4.Named {
			t.Fatalf("after e4: ply %d toMove %d legal %d moves %+v", s1.Ply, s1.ToMove, len(s1.Legal), s1.Moves)
		}
		if !slices.Equal(s1.Last, []string{"e2", "e4"}) {
			t.Errorf("last = %v", s1.Last)
		}
		black := c.Invites[0].Secret
		b := h.state(c.ID, black)
		if len(b.Legal) != 20 || !slices.Equal(b.You, []int{1}) {
			t.Fatalf("black sees %d legal turns, you %v", len(b.Legal), b.You)
		}
		// A move by its named text, then one by its ZSG text, with odd spacing.
		var named, zsg string
		for _, l := range b.Legal {
			if l.Parts[0].Moves[0] == (movementJSON{From: "e7", To: "e5", Player: 1}) {
				named = l.Named
			}
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", black, map[string]any{"ply": 1, "text": named}, &s1)
		for _, l := range h.state(c.ID, c.Secret).Legal {
			if l.Parts[0].Moves[0] == (movementJSON{From: "g1", To: "f3", Player: 0}) {
				zsg = l.ZSG
			}
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 2, "text": "  " + strings.ReplaceAll(zsg, " ", "   ")}, &s1)
		if s1.Ply != 3 || len(h.turns(c.ID)) != 3 {
			t.Fatalf("ply %d, %d turns stored", s1.Ply, len(h.turns(c.ID)))
		}

		// Refused moves change nothing.
		for _, tt := range []struct {
			name, secret string
			body         any
			status       int
		}{
			{"stale ply", black, map[string]any{"ply": 2, "index": 0}, http.StatusConflict},
			{"future ply", black, map[string]any{"ply": 4, "index": 0}, http.StatusConflict},
			{"other seat", c.Secret, map[string]any{"ply": 3, "index": 0}, http.StatusForbidden},
			{"view", c.View, map[string]any{"ply": 3, "index": 0}, http.StatusForbidden},
			{"no secret", "", map[string]any{"ply": 3, "index": 0}, http.StatusForbidden},
			{"wrong secret", "AAAAAAAAAAAAAAAAAAAAAA", map[string]any{"ply": 3, "index": 0}, http.StatusForbidden},
			{"index out of range", black, map[string]any{"ply": 3, "index": 99}, http.StatusUnprocessableEntity},
			{"negative index", black, map[string]any{"ply": 3, "index": -1}, http.StatusUnprocessableEntity},
			{"no such move", black, map[string]any{"ply": 3, "text": "e2 - e5"}, http.StatusUnprocessableEntity},
			{"both", black, map[string]any{"ply": 3, "text": "e2 - e5", "index": 0}, http.StatusBadRequest},
			{"no ply", black, map[string]any{"index": 0}, http.StatusBadRequest},
			{"malformed", black, `{"ply": 3, "index": `, http.StatusBadRequest},
			{"unknown field", black, `{"ply": 3, "index": 0, "x": 1}`, http.StatusBadRequest},
			{"two values", black, `{"ply": 3, "index": 0} {}`, http.StatusBadRequest},
			{"10 MB", black, `{"ply": 3, "text": "` + strings.Repeat("x", 10<<20) + `"}`, http.StatusRequestEntityTooLarge},
		} {
			h.want(tt.status, "POST", "/api/games/"+c.ID+"/moves", tt.secret, tt.body, nil)
			if n := len(h.turns(c.ID)); n != 3 {
				t.Fatalf("%s: %d turns stored, want 3", tt.name, n)
			}
		}
		if s := h.state(c.ID, black); s.Ply != 3 || len(s.Legal) == 0 {
			t.Fatalf("after refused moves: ply %d", s.Ply)
		}
		h.want(http.StatusForbidden, "GET", "/api/games/"+c.ID, "", nil, nil)
		h.want(http.StatusNotFound, "GET", "/api/games/nosuchgame", c.Secret, nil, nil)
		h.want(http.StatusNotFound, "POST", "/api/games/nosuchgame/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)

		// A new server on the same store continues the game where it was.
		before := h.state(c.ID, black)
		h.close()
		h2 := newHarness(t, open(), Options{})
		after := h2.state(c.ID, black)
		if after.Ply != before.Ply || after.Board.SVG != before.Board.SVG || len(after.Legal) != len(before.Legal) {
			t.Fatalf("after restart: ply %d (was %d), same board %v", after.Ply, before.Ply, after.Board.SVG == before.Board.SVG)
		}
		bm, _ := json.Marshal(before.Moves)
		am, _ := json.Marshal(after.Moves)
		if !bytes.Equal(bm, am) {
			t.Errorf("moves after restart:\n%s\nwere\n%s", am, bm)
		}
		h2.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", black, map[string]any{"ply": 3, "index": 0}, nil)

		// The saved game names every turn.
		code, zsgText := h2.do("GET", "/api/games/"+c.ID+"/zsg", c.View, nil)
		if code != http.StatusOK || !bytes.Contains(zsgText, []byte("e2 - e4")) {
			t.Errorf("zsg: %d %s", code, zsgText)
		}
		// A saved game continues as a new game in the same position.
		var c2 createJSON
		h2.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"zsg": string(zsgText),
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c2)
		orig, cont := h2.state(c.ID, c.Secret), h2.state(c2.ID, c2.Secret)
		if cont.Ply != 4 || cont.Board.SVG != orig.Board.SVG || cont.Rules != "../games/chess.zrf" || len(cont.Legal) != len(orig.Legal) {
			t.Errorf("continued game: ply %d, rules %q, same board %v", cont.Ply, cont.Rules, cont.Board.SVG == orig.Board.SVG)
		}
		h2.want(http.StatusUnprocessableEntity, "POST", "/api/games", "", map[string]any{"zsg": strings.Replace(string(zsgText), "e2 - e4", "e2 - e5", 1),
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, nil)
		h2.want(http.StatusBadRequest, "POST", "/api/games", "", map[string]any{"zsg": "not a saved game",
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, nil)
	})
}

func TestMovedElsewhere(t *testing.T) {
	// Two servers share a store: each sees the other's turns.
	st := memstore.New()
	h1 := newHarness(t, st, Options{})
	h2 := newHarness(t, st, Options{})
	c := h1.create(chessHotSeat)
	h1.state(c.ID, c.Secret)
	h2.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 3}, nil)
	if s := h1.state(c.ID, c.Secret); s.Ply != 1 || len(s.Moves) != 1 {
		t.Fatalf("the first server sees ply %d", s.Ply)
	}
	h1.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/moves", c.Invites[0].Secret, map[string]any{"ply": 0, "index": 3}, nil)
	h1.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Invites[0].Secret, map[string]any{"ply": 1, "index": 3}, nil)
	if s := h2.state(c.ID, c.Secret); s.Ply != 2 {
		t.Fatalf("the second server sees ply %d", s.Ply)
	}
}

func TestBadCreate(t *testing.T) {
	stores(t, testBadCreate)
}

func testBadCreate(t *testing.T, open func() store.Store) {
	st := open()
	h := newHarness(t, st, Options{})
	seats := []map[string]string{{"kind": "human"}, {"kind": "human"}}
	for _, tt := range []struct {
		name   string
		body   any
		status int
	}{
		{"dot dot", map[string]any{"rules": "testdata/../testdata/race.zrf", "seats": seats}, http.StatusNotFound},
		{"absolute", map[string]any{"rules": "/etc/passwd", "seats": seats}, http.StatusNotFound},
		{"broken", map[string]any{"rules": "testdata/broken.zrf", "seats": seats}, http.StatusNotFound},
		{"no variant", map[string]any{"rules": "testdata/race.zrf", "variant": "Nope", "seats": seats}, http.StatusNotFound},
		{"no rules", map[string]any{"seats": seats}, http.StatusBadRequest},
		{"seat count", map[string]any{"rules": "testdata/race.zrf", "seats": seats[:1]}, http.StatusBadRequest},
		{"seat kind", map[string]any{"rules": "testdata/race.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "alien"}}}, http.StatusBadRequest},
		{"bad bot", map[string]any{"rules": "testdata/race.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "genius"}}}, http.StatusBadRequest},
		{"random seat for a person", map[string]any{"rules": "testdata/race.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "random"}}}, http.StatusBadRequest},
		{"malformed", `{"rules": `, http.StatusBadRequest},
		{"unknown field", `{"rules": "testdata/race.zrf", "seats": [], "colour": "red"}`, http.StatusBadRequest},
		{"2 MB", `{"rules": "testdata/race.zrf", "variant": "` + strings.Repeat("x", 2<<20) + `", "seats": []}`, http.StatusRequestEntityTooLarge},
		{"10 MB", `{"rules": "testdata/race.zrf", "variant": "` + strings.Repeat("x", 10<<20) + `", "seats": []}`, http.StatusRequestEntityTooLarge},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h.want(tt.status, "POST", "/api/games", "", tt.body, nil)
			games, err := st.ListGames(context.Background(), 10)
			if err != nil || len(games) != 0 {
				t.Errorf("%d games stored (%v)", len(games), err)
			}
			for _, e := range testCatalogue(t).entries {
				if _, err := st.Rules(context.Background(), e.hash); e.hash != "" && !errors.Is(err, store.ErrNotFound) {
					t.Errorf("the rules %s were stored (%v)", e.name, err)
				}
			}
		})
	}
}

func TestBots(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{Bots: 2, AllowBotGames: true})
		// Bots against each other, to the end.
		c := h.create(map[string]any{"rules": "testdata/race.zrf", "seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "search:1"}}})
		if c.Secret != "" || len(c.Seats) != 0 {
			t.Errorf("a game of bots gave a secret: %+v", c)
		}
		end := h.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Over })
		if end.Result == "" || end.Thinking || len(h.turns(c.ID)) != end.Ply || end.Ply < 3 {
			t.Fatalf("bots' game ended %q at ply %d, thinking %v, %d turns stored", end.Result, end.Ply, end.Thinking, len(h.turns(c.ID)))
		}
		// The server plays the dice.
		c = h.create(map[string]any{"rules": "testdata/dicerace.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "random"}}})
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
		if s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == 2 }); s.Players[1].Kind != "random" || s.Moves[1].Player != 1 {
			t.Fatalf("the dice's turn: players %+v, moves %+v", s.Players, s.Moves)
		}
		// A person against a bot: the bot answers every turn.
		c = h.create(map[string]any{"rules": "../games/chess.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "search:1"}}})
		for ply := 0; ply < 6; ply += 2 {
			h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": ply, "index": 0}, nil)
			s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == ply+2 && !s.Thinking })
			if len(s.Legal) == 0 || s.Players[1].Kind != "bot" || s.Players[1].Bot != "search:1" {
				t.Fatalf("after the bot's turn: %d legal turns, players %+v", len(s.Legal), s.Players)
			}
		}
		// Undo takes back the person's turn and the bot's.
		var u stateJSON
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/undo", c.Secret, map[string]any{"ply": 6}, &u)
		if u.Ply != 4 || len(h.turns(c.ID)) != 4 || u.ToMove != 0 {
			t.Fatalf("after undo: ply %d, %d turns stored", u.Ply, len(h.turns(c.ID)))
		}
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/undo", c.Secret, map[string]any{"ply": 6}, nil)
		// Resigning ends the game; nothing more may be played.
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/resign", c.Secret, map[string]any{}, &u)
		if !u.Over || u.Result != "White resigned" {
			t.Fatalf("after resigning: over %v, result %q", u.Over, u.Result)
		}
		h.want(http.StatusConflict, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 4, "index": 0}, nil)
		if g, _, _ := h.st.Game(context.Background(), c.ID); g.Result != "White resigned" {
			t.Errorf("stored result %q", g.Result)
		}
	})
}

func TestDraw(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	black := c.Invites[0].Secret
	var s stateJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "offer"}, &s)
	if s.DrawOffer != 0 {
		t.Fatalf("drawOffer %d after White's offer", s.DrawOffer)
	}
	h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "accept"}, nil)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", black, map[string]any{"action": "decline"}, &s)
	if s.DrawOffer != -1 {
		t.Fatalf("drawOffer %d after declining", s.DrawOffer)
	}
	h.want(http.StatusBadRequest, "POST", "/api/games/"+c.ID+"/draw", black, map[string]any{"action": "maybe"}, nil)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", black, map[string]any{"action": "offer"}, nil)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "accept"}, &s)
	if !s.Over || s.Result != "draw agreed" {
		t.Fatalf("after accepting: over %v result %q", s.Over, s.Result)
	}
}

func TestEvents(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	h.want(http.StatusForbidden, "GET", "/api/games/"+c.ID+"/events", "", nil, nil)
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+c.ID+"/events?t="+c.View, nil)
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	rd := bufio.NewReader(resp.Body)
	next := func() eventJSON {
		t.Helper()
		var ev eventJSON
		for range 100 {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				if err := json.Unmarshal([]byte(data), &ev); err != nil {
					t.Fatal(err)
				}
				return ev
			}
		}
		t.Fatal("no event")
		return ev
	}
	if ev := next(); ev.Ply != 0 || ev.Over {
		t.Fatalf("first event %+v", ev)
	}
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
	if ev := next(); ev.Ply != 1 {
		t.Fatalf("event after a move %+v", ev)
	}
	resp.Body.Close()
	gm := h.srv.live[c.ID]
	for range 1000 {
		if gm.hub.listeners() == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Errorf("the stream's listener stayed after it closed")
}

func TestRateLimit(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{Rate: 0.001, Burst: 3})
	for range 3 {
		h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, nil)
	}
	h.want(http.StatusTooManyRequests, "GET", "/api/catalogue", "", nil, nil)
}

func TestPages(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	for _, p := range []string{"/", "/g/abc"} {
		code, body := h.do("GET", p, "", nil)
		if code != http.StatusOK || !bytes.Contains(body, []byte("<html")) {
			t.Errorf("%s: %d %.40q", p, code, body)
		}
	}
	h.want(http.StatusNotFound, "GET", "/api/nothing", "", nil, nil)
}

// TestStoredRules checks that a game goes on from the rules stored with it when the
// server's catalogue no longer offers them, and that a stored turn that is not what the
// rules make is a clear error.
func TestStoredRules(t *testing.T) {
	st := memstore.New()
	h := newHarness(t, st, Options{})
	c := h.create(chessHotSeat)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
	before := h.state(c.ID, c.Secret)

	raceOnly, err := LoadCatalogue([]string{"testdata/race.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	h2 := newHarness(t, st, Options{Catalogue: raceOnly})
	after := h2.state(c.ID, c.Secret)
	if after.Ply != 1 || after.Moves[0].ZSG != before.Moves[0].ZSG || len(after.Legal) != len(before.Legal) {
		t.Fatalf("from the stored rules: ply %d, moves %+v", after.Ply, after.Moves)
	}
	h2.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Invites[0].Secret, map[string]any{"ply": 1, "index": 0}, nil)

	// A turn stored with text the rules do not make.
	if err := st.AppendTurn(context.Background(), c.ID, store.Turn{Ply: 2, Index: 0, Text: "z9 - z10"}); err != nil {
		t.Fatal(err)
	}
	code, body := h.do("GET", "/api/games/"+c.ID, c.Secret, nil)
	if code != http.StatusInternalServerError || !strings.Contains(h.logged(), `stored turn 2 is "z9 - z10"`) {
		t.Fatalf("a stored turn that does not replay: %d %s; logged:\n%s", code, body, h.logged())
	}
}

// TestRulesError checks that a turn the rules fail on ends the game with the error as
// its result, and that nothing of it is stored.
func TestRulesError(t *testing.T) {
	for _, bot := range []string{"random", "search:1"} {
		t.Run(bot, func(t *testing.T) { testRulesError(t, bot) })
	}
}

func testRulesError(t *testing.T, bot string) {
	st := memstore.New()
	h := newHarness(t, st, Options{})
	c := h.create(map[string]any{"rules": "testdata/pitfall.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": bot}}})
	for _, step := range []struct {
		ply int
		to  string
	}{{0, "b1"}, {2, "c1"}, {4, "c2"}} {
		s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == step.ply && !s.Thinking })
		i := slices.IndexFunc(s.Legal, func(l legalJSON) bool { return l.Parts[0].Moves[0].To == step.to })
		if i < 0 {
			t.Fatalf("ply %d: no move to %s in %+v", step.ply, step.to, s.Legal)
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": step.ply, "index": i}, nil)
	}
	end := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Over })
	if end.Ply != 5 || !strings.HasPrefix(end.Result, "error: ") || len(h.turns(c.ID)) != 5 {
		t.Fatalf("ended at ply %d with %q, %d turns stored", end.Ply, end.Result, len(h.turns(c.ID)))
	}
	// A new server shows the same end.
	h2 := newHarness(t, st, Options{})
	if again := h2.state(c.ID, c.Secret); again.Ply != 5 || again.Result != end.Result {
		t.Fatalf("after a restart: ply %d, %q", again.Ply, again.Result)
	}
}

// bmp24 returns a w×h 24-bit BMP file of one colour.
func bmp24(w, h int, r, g, b byte) []byte {
	row := (w*3 + 3) &^ 3
	size := 54 + row*h
	out := make([]byte, size)
	le := func(off, n int, v uint32) {
		for i := range n {
			out[off+i] = byte(v >> (8 * i))
		}
	}
	out[0], out[1] = 'B', 'M'
	le(2, 4, uint32(size))
	le(10, 4, 54)
	le(14, 4, 40)
	le(18, 4, uint32(w))
	le(22, 4, uint32(h))
	le(26, 2, 1)
	le(28, 2, 24)
	for y := range h {
		for x := range w {
			o := 54 + y*row + x*3
			out[o], out[o+1], out[o+2] = b, g, r
		}
	}
	return out
}

// dropsFolder writes a folder with a small drop game whose stones have pictures (Black's
// from images/BLACK, which may be missing) and a board bitmap, and returns its path.
func dropsFolder(t *testing.T, black string) string {
	t.Helper()
	dir := t.TempDir()
	rules := `(game (title "Drops") (players White Black) (turn-order White Black)
   (board (image "board.bmp")
      (grid (start-rectangle 0 0 40 40) (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))))
   (piece (name Stone) (image White "images\Stone.BMP" Black "images\` + black + `")
      (drops ((verify empty?) add)))
   (board-setup (White (Stone off 2)) (Black (Stone off 2)))
   (draw-condition (White Black) stalemated))`
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"drops.zrf": []byte(rules), "images/stone.bmp": bmp24(4, 4, 200, 10, 10), "board.bmp": bmp24(120, 120, 250, 250, 250)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestStock checks the pieces off the board, with their pictures from the bitmaps beside
// the rules.
func TestStock(t *testing.T) {
	dir := dropsFolder(t, "nothere.bmp")
	cat, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.entries) != 1 || cat.entries[0].f == nil {
		t.Fatalf("catalogue of %s: %+v", dir, cat.json())
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	c := h.create(map[string]any{"rules": filepath.ToSlash(filepath.Join(dir, "drops.zrf")),
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	s := h.state(c.ID, c.Secret)
	if len(s.Stock) != 2 || s.Stock[0].N != 2 || s.Stock[0].Piece != "Stone" || !strings.HasPrefix(s.Stock[0].Image, "/api/bitmap/") || !strings.HasPrefix(s.Stock[1].Image, "data:image/svg+xml;base64,") {
		t.Fatalf("stock %+v", s.Stock)
	}
	// A piece without a bitmap comes as the board draws it.
	if pic, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s.Stock[1].Image, "data:image/svg+xml;base64,")); err != nil || !bytes.Contains(pic, []byte(`<g class="piece p1"`)) {
		t.Errorf("picture of %+v: %v\n%s", s.Stock[1], err, pic)
	}
	if len(s.Legal) != 9 || s.Legal[0].Parts[0].Drop != "Stone" || s.Legal[0].Parts[0].Moves[0].From != "" {
		t.Fatalf("legal drops %+v", s.Legal)
	}
	if !strings.Contains(s.Board.SVG, `xlink:href="/api/bitmap/`) {
		t.Errorf("the board has no picture")
	}
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 4}, nil)
	if s = h.state(c.ID, c.Secret); s.Stock[0].N != 1 || len(s.Legal) != 8 {
		t.Fatalf("after a drop: stock %+v, %d legal", s.Stock, len(s.Legal))
	}
}

// TestResume checks that a server started on a store sets the bots of unfinished games
// playing again, without anybody opening them.
func TestResume(t *testing.T) {
	st := memstore.New()
	a := newHarness(t, st, Options{Bots: 1, AllowBotGames: true})
	c := a.create(map[string]any{"rules": "../games/chess.zrf", "seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}})
	a.close()
	before := len(a.turns(c.ID))
	b := newHarness(t, st, Options{Bots: 1, AllowBotGames: true})
	n, err := b.srv.Resume(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v; want 1 game resumed", n, err)
	}
	for range 6000 {
		if len(b.turns(c.ID)) > before+2 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the bots did not play on: %d turns stored, %d before the restart", len(b.turns(c.ID)), before)
}

// TestDrawOfferSurvives checks that a draw offer is stored: it stands after a restart
// while only the offering side moves, and the other side's move declines it, restart or
// not.
func TestDrawOfferSurvives(t *testing.T) {
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{})
		c := h.create(chessHotSeat)
		black := c.Invites[0].Secret
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "offer"}, nil)
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 0}, nil)
		h.close()
		h = newHarness(t, open(), Options{})
		if s := h.state(c.ID, black); s.DrawOffer != 0 {
			t.Fatalf("after a restart: drawOffer %d, want White's offer (0) to stand", s.DrawOffer)
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", black, map[string]any{"ply": 1, "index": 0}, nil)
		if s := h.state(c.ID, black); s.DrawOffer != -1 {
			t.Fatalf("after Black's move: drawOffer %d, want none", s.DrawOffer)
		}
		h.close()
		h = newHarness(t, open(), Options{})
		if s := h.state(c.ID, c.Secret); s.DrawOffer != -1 {
			t.Fatalf("after Black's move and a restart: drawOffer %d, want none", s.DrawOffer)
		}
		// An offer made, the server restarted, then accepted.
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", black, map[string]any{"action": "offer"}, nil)
		h.close()
		h = newHarness(t, open(), Options{})
		var s stateJSON
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "accept"}, &s)
		if !s.Over || s.Result != "draw agreed" {
			t.Fatalf("accepting after a restart: over %v, result %q", s.Over, s.Result)
		}
	})
}
