package server

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestAxiomGame serves an Axiom game named on the command line, whose Forth lies beside
// it: the catalogue marks it, and a game of the Forth's own player against a bot, with
// the server rolling the dice, goes on with the Forth's move strings as its moves.
func TestAxiomGame(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	rules := filepath.Join(corpus, "dagazproject-zrf/Ur/Axiomatic.Ur.zrf")
	cat, err := LoadCatalogue([]string{rules})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat, AllowBotGames: true})
	var c catalogueJSON
	h.want(http.StatusOK, "GET", "/api/catalogue", "", nil, &c)
	if len(c.Games) == 0 || !c.Games[0].Axiom {
		t.Fatalf("catalogue %+v: want the Ur variants marked axiom", c.Games)
	}
	g := h.create(map[string]any{"rules": filepath.ToSlash(rules), "variant": "Ur",
		"seats": []map[string]string{{"kind": "bot", "bot": "axiom"}, {"kind": "bot", "bot": "random"}, {"kind": "random"}}})
	st := h.waitFor(g.ID, g.View, func(s stateJSON) bool { return s.Ply >= 30 || s.Over })
	if len(st.Moves) == 0 {
		t.Fatal("no moves")
	}
	for _, m := range st.Moves {
		if m.ZSG == "" || strings.Contains(m.ZSG, "@") {
			t.Fatalf("move %+v: want the Forth's move string", m)
		}
	}
	t.Logf("%d plies; first %q", st.Ply, st.Moves[0].ZSG)
}
