package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// hostileCatalogue is a folder holding the 300×300 drop board and a 30×30 one.
func hostileCatalogue(t *testing.T) (*Catalogue, string) {
	t.Helper()
	dir := t.TempDir()
	for name, n := range map[string]int{"huge.zrf": 300, "small.zrf": 30} {
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

// TestHugeDropBoard creates a game whose first position would keep 32 GB of states: the
// create is refused with the rules' error and stores nothing, a game of it stored by a
// server before the bound is ended with that error when a server resumes it, and a
// resumed server goes on serving; a board of 30×30 plays.
func TestHugeDropBoard(t *testing.T) {
	testutil.LimitMemory(t, 1<<30)
	c, dir := hostileCatalogue(t)
	bots := []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}
	stores(t, func(t *testing.T, open func() store.Store) {
		st := open()
		h := newHarness(t, st, Options{Catalogue: c})
		code, body := h.do("POST", "/api/games", "", map[string]any{"rules": dir + "/huge.zrf", "seats": bots})
		if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), `"code":"rules"`) ||
			!strings.Contains(string(body), "huge.zrf:6:46: more than 186 turns in one position") {
			t.Fatalf("create on the huge board: %d %s, want 422 with the rules' error at the add", code, body)
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

		// A game stored as a server without the bound stored it: rules and record, no turn.
		e := c.byName[dir+"/huge.zrf"]
		ctx := context.Background()
		if err := st.PutRules(ctx, e.hash, e.src); err != nil {
			t.Fatal(err)
		}
		if err := st.CreateGame(ctx, &store.Game{ID: "old", RulesHash: e.hash, RulesName: e.name, Variant: "Drops",
			Seats: []store.Seat{{Kind: "bot", Bot: "random"}, {Kind: "bot", Bot: "random"}}}); err != nil {
			t.Fatal(err)
		}
		for restart := range 2 {
			h2 := newHarness(t, open(), Options{Catalogue: c})
			n, err := h2.srv.Resume(ctx)
			if err != nil || n != 0 {
				t.Errorf("restart %d: resumed %d games (%v), want none (the small one has no bot)", restart, n, err)
			}
			rec, _, err := st.Game(ctx, "old")
			if err != nil || !strings.HasPrefix(rec.Result, "error: ") || !strings.Contains(rec.Result, "more than 186 turns") {
				t.Errorf("restart %d: the old game's result is %q (%v), want the rules' error", restart, rec.Result, err)
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

var _ = memstore.New
