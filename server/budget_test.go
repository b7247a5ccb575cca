package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

// dropBoard writes rules of an n×n board on which each player may drop one of 100,000
// stones on any empty square: every legal turn of the start keeps a position of n×n
// cells, n⁴ cells in all.
func dropBoard(n int) string {
	names := func(prefix string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte('/')
			}
			fmt.Fprintf(&b, "%s%d", prefix, i)
		}
		return b.String()
	}
	return `(game (title "Drops") (players White Black) (turn-order White Black)
 (board (grid (start-rectangle 0 0 2 2)
   (dimensions ("` + names("a") + `" (2 0)) ("` + names("-") + `" (0 2)))
   (directions (n 0 -1) (e 1 0))))
 (board-setup (White (Stone off 100000)) (Black (Stone off 100000)))
 (piece (name Stone) (drops ((verify empty?) add)))
 (draw-condition (White Black) stalemated))
`
}

// hostileCatalogue is a folder holding drop boards of 300×300 (beyond the boards the
// server offers), 100×100 (whose first position's turns would keep 400 MB of states)
// and 30×30.
func hostileCatalogue(t *testing.T) (*Catalogue, string) {
	t.Helper()
	dir := t.TempDir()
	for name, n := range map[string]int{"huge.zrf": 300, "big.zrf": 100, "small.zrf": 30} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(dropBoard(n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return c, filepath.ToSlash(dir)
}

// TestHugeDropBoard offers drop boards whose first position would keep 32 GB and 400 MB
// of states: the first is not offered, a create on the second is refused with the
// rules' error and stores nothing, games of both stored by a server before the bounds
// are ended with an error when a server resumes them, and a resumed server goes on
// serving; a board of 30×30 plays.
func TestHugeDropBoard(t *testing.T) {
	testutil.LimitMemory(t, 1<<30)
	c, dir := hostileCatalogue(t)
	bots := []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}
	stores(t, func(t *testing.T, open func() store.Store) {
		st := open()
		h := newHarness(t, st, Options{Catalogue: c})
		var cat catalogueJSON
		h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, &cat)
		if len(cat.Errors) != 1 || cat.Errors[0].Rules != dir+"/huge.zrf" || !strings.Contains(cat.Errors[0].Error, "a board of 90000 positions") {
			t.Errorf("catalogue errors %+v, want huge.zrf's board", cat.Errors)
		}
		h.want(http.StatusNotFound, "POST", "/api/games", "", map[string]any{"rules": dir + "/huge.zrf", "seats": bots}, nil)
		code, body := h.do("POST", "/api/games", "", map[string]any{"rules": dir + "/big.zrf", "seats": bots})
		if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), `"code":"rules"`) ||
			!strings.Contains(string(body), "big.zrf:6:46: more than 1677 turns in one position") {
			t.Fatalf("create on the big board: %d %s, want 422 with the rules' error at the add", code, body)
		}
		if recs, err := st.ListGames(context.Background(), 10); err != nil || len(recs) != 0 {
			t.Fatalf("after a failed create the store holds %d games (%v), want none", len(recs), err)
		}
		var small createJSON
		h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"rules": dir + "/small.zrf",
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &small)
		var v stateJSON
		h.want(http.StatusOK, "GET", "/api/games/"+small.ID, small.Secret, nil, &v)
		if len(v.Legal) != 900 {
			t.Errorf("30×30 drop board: %d legal turns, want 900", len(v.Legal))
		}

		// Games stored as a server without the bounds stored them: rules and record, no
		// turn, bots to play.
		ctx := context.Background()
		want := map[string]string{"huge": "a board of 90000 positions", "big": "more than 1677 turns in one position"}
		for id := range want {
			e := c.byName[dir+"/"+id+".zrf"]
			src := []byte(dropBoard(map[string]int{"huge": 300, "big": 100}[id]))
			hash := hashBytes(src)
			if err := st.PutRules(ctx, hash, src); err != nil {
				t.Fatal(err)
			}
			if err := st.CreateGame(ctx, &store.Game{ID: id, RulesHash: hash, RulesName: e.name, Variant: "Drops",
				Seats: []store.Seat{{Kind: "bot", Bot: "random"}, {Kind: "bot", Bot: "random"}}}); err != nil {
				t.Fatal(err)
			}
		}
		for restart := range 2 {
			h2 := newHarness(t, open(), Options{Catalogue: c})
			n, err := h2.srv.Resume(ctx)
			if err != nil || n != 0 {
				t.Errorf("restart %d: resumed %d games (%v), want none (the small one has no bot)", restart, n, err)
			}
			for id, w := range want {
				rec, _, err := st.Game(ctx, id)
				if err != nil || !strings.HasPrefix(rec.Result, "error: ") || !strings.Contains(rec.Result, w) {
					t.Errorf("restart %d: game %s's result is %q (%v), want an error with %q", restart, id, rec.Result, err, w)
				}
				h2.want(http.StatusUnprocessableEntity, "GET", "/api/games/"+id, "", nil, nil)
			}
			h2.want(http.StatusOK, "GET", "/api/games/"+small.ID, small.Secret, nil, &v)
		}
	})
}

// TestSavedGameBounds continues saved games past the server's bounds: refused at once,
// with nothing stored.
func TestSavedGameBounds(t *testing.T) {
	testutil.LimitMemory(t, 1<<30)
	c, err := LoadCatalogue([]string{"../games/abalone.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	seats := []map[string]string{{"kind": "human"}, {"kind": "human"}}
	stores(t, func(t *testing.T, open func() store.Store) {
		st := open()
		h := newHarness(t, st, Options{Catalogue: c})
		huge := shuffle(175_000) // 4 MiB
		if len(huge) > maxZSGBody {
			huge = shuffle(maxZSGBody / 22)
		}
		h.want(http.StatusRequestEntityTooLarge, "POST", "/api/games", "", map[string]any{"zsg": huge, "seats": seats}, nil)
		// A saved game within the bounds whose last line is not legal.
		bad := shuffle(400) + "201. Marble a1 - i9\n"
		h.want(http.StatusUnprocessableEntity, "POST", "/api/games", "", map[string]any{"zsg": bad, "seats": seats}, nil)
		// A replay past its time.
		h.srv.replayTime = time.Nanosecond
		code, body := h.do("POST", "/api/games", "", map[string]any{"zsg": shuffle(400), "seats": seats})
		if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), "took too long") {
			t.Errorf("a replay past its time: %d %s, want 422", code, body)
		}
		h.srv.replayTime = maxReplayTime
		if recs, err := st.ListGames(context.Background(), 10); err != nil || len(recs) != 0 {
			t.Fatalf("after refused saved games the store holds %d games (%v), want none", len(recs), err)
		}
		var ok createJSON
		h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"zsg": shuffle(400), "seats": seats}, &ok)
		var v stateJSON
		h.want(http.StatusOK, "GET", "/api/games/"+ok.ID, ok.Secret, nil, &v)
		if v.Ply != 400 {
			t.Errorf("continued saved game at ply %d, want 900", v.Ply)
		}
	})
}

// shuffle writes a saved game of Abalone in which both sides move one marble back and
// forth, n lines long.
func shuffle(n int) string {
	var b strings.Builder
	b.WriteString("Zillions Save Game File Version 0.02 CC\nRulesFile=abalone.zrf\nVariantName=Abalone\n")
	moves := [4]string{"b1 - c2", "h4 - g3", "c2 - b1", "g3 - h4"}
	for i := range n {
		fmt.Fprintf(&b, "%d. Marble %s\n", i/2+1, moves[i%4])
	}
	return b.String()
}

// TestHostileCatalogue serves a folder with a file of 400,000 nested lists and one whose
// macros double 40 times beside a good one: both are listed as not loaded, with their
// errors, and the good one is served.
func TestHostileCatalogue(t *testing.T) {
	testutil.LimitMemory(t, 1<<30)
	dir := t.TempDir()
	var bomb strings.Builder
	bomb.WriteString("(define b0 (x y))\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&bomb, "(define b%d ((b%d) (b%d)))\n", i, i-1, i-1)
	}
	bomb.WriteString("(game (title \"Bomb\") (description (b39)))\n")
	for name, src := range map[string]string{
		"nested.zrf": strings.Repeat("(", 400_000) + strings.Repeat(")", 400_000),
		"bomb.zrf":   bomb.String(),
		"good.zrf":   dropBoard(3),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	d := filepath.ToSlash(dir)
	h := newHarness(t, memstore.New(), Options{Catalogue: c})
	var cat catalogueJSON
	h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, &cat)
	want := map[string]string{
		d + "/bomb.zrf":   "bomb.zrf:41:35: macro expansion creates more than 4000000 nodes",
		d + "/nested.zrf": "nested.zrf:1:1001: lists nested more than 1000 deep",
	}
	if len(cat.Errors) != len(want) {
		t.Errorf("catalogue errors %+v, want %d", cat.Errors, len(want))
	}
	for _, e := range cat.Errors {
		if w, ok := want[e.Rules]; !ok || !strings.HasPrefix(e.Error, w) {
			t.Errorf("catalogue error of %s: %q, want it to start with %q", e.Rules, e.Error, w)
		}
	}
	if len(cat.Games) != 1 || cat.Games[0].Rules != d+"/good.zrf" {
		t.Fatalf("catalogue games %+v, want good.zrf alone", cat.Games)
	}
	h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"rules": d + "/good.zrf",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, nil)
}

// codePage is a rules file in Windows-1252: its title, a player and its piece are not
// ASCII, and neither is its description.
const codePage = "(game (title \"W\xf6lfe\") (description \"Caf\xe9 \x96 jeu\")\n" +
	" (players Wei\xdf Schwarz) (turn-order Wei\xdf Schwarz)\n" +
	" (board (grid (start-rectangle 0 0 2 2) (dimensions (\"a/b/c\" (2 0)) (\"3/2/1\" (0 2)))))\n" +
	" (board-setup (Wei\xdf (Sch\xe4fer off 5)) (Schwarz (Sch\xe4fer off 5)))\n" +
	" (piece (name Sch\xe4fer) (drops ((verify empty?) add)))\n" +
	" (draw-condition (Wei\xdf Schwarz) stalemated))\n"

// TestCodePageTitle starts a game of rules written in a code page by the key the
// catalogue gives, plays a turn, and opens it again on another server of the same
// database: the texts are UTF-8 everywhere (PostgreSQL refuses anything else).
func TestCodePageTitle(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "wolfs.zrf"), []byte(codePage), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	stores(t, func(t *testing.T, open func() store.Store) {
		h := newHarness(t, open(), Options{Catalogue: c})
		var cat catalogueJSON
		h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, &cat)
		if len(cat.Games) != 1 {
			t.Fatalf("catalogue %+v, want one game", cat)
		}
		v := cat.Games[0]
		if v.Variant != "Wölfe" || v.Description != "Café – jeu" || v.Players[0] != "Weiß" {
			t.Errorf("catalogue entry %q %q %q, want the title, description and player decoded", v.Variant, v.Description, v.Players)
		}
		var cr createJSON
		h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"rules": v.Rules, "variant": v.Variant,
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &cr)
		var st stateJSON
		h.want(http.StatusOK, "GET", "/api/games/"+cr.ID, cr.Secret, nil, &st)
		if st.Title != "Wölfe" || len(st.Legal) != 9 || !strings.Contains(st.Legal[0].Named, "Schäfer") {
			t.Fatalf("game %q with %d legal turns (%+v), want Wölfe, 9 drops of a Schäfer", st.Title, len(st.Legal), st.Legal)
		}
		h.want(http.StatusOK, "POST", "/api/games/"+cr.ID+"/moves", cr.Secret, map[string]any{"ply": 0, "text": st.Legal[4].Named}, &st)
		h2 := newHarness(t, open(), Options{Catalogue: c})
		h2.want(http.StatusOK, "GET", "/api/games/"+cr.ID, cr.Secret, nil, &st)
		if st.Ply != 1 || len(st.Moves) != 1 || !strings.Contains(st.Moves[0].ZSG, "Schäfer") {
			t.Errorf("reopened at ply %d with moves %+v, want the Schäfer's drop", st.Ply, st.Moves)
		}
	})
}
