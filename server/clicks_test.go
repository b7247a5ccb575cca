package server

import (
	"net/http"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/store/memstore"
)

// TestPartsForClicks checks what the parts of the legal turns tell a page that makes
// turns by clicks: whose piece each movement moves, where a permuted part put its piece
// and which positions the permutation turns, and an unlimited stock.
func TestPartsForClicks(t *testing.T) {
	cat, err := LoadCatalogue([]string{"../games/pentago.zrf", "../games/go.zrf", "../games/chess.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	two := []map[string]string{{"kind": "human"}, {"kind": "human"}}

	// Go: the stones are drawn from a stock without end.
	c := h.create(map[string]any{"rules": "../games/go.zrf", "variant": "Go 9x9", "seats": two})
	s := h.state(c.ID, c.Secret)
	if len(s.Stock) != 2 || s.Stock[0].Piece != "Stone" || s.Stock[0].N != -1 || s.Stock[1].N != -1 {
		t.Errorf("Go's stock is %+v, want a Stone for each player, n -1", s.Stock)
	}
	if m := s.Legal[0].Parts[0].Moves[0]; m.From != "" || m.Player != 0 || m.Put != "" {
		t.Errorf("Go's first drop is %+v, want no from, Black's (0), no put", m)
	}

	// Chess: no drops, no stock shown; Black's pieces are player 1.
	c = h.create(map[string]any{"rules": "../games/chess.zrf", "seats": two})
	if s = h.state(c.ID, c.Secret); len(s.Stock) != 0 {
		t.Errorf("chess shows a stock: %+v", s.Stock)
	}
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "e2e4"}, nil)
	if s = h.state(c.ID, c.Secret); s.Legal[0].Parts[0].Moves[0].Player != 1 {
		t.Errorf("Black's move %+v is not marked as Black's", s.Legal[0].Parts[0].Moves[0])
	}

	// Pentago: a marble put on a6, then the north-west quarter turned clockwise, ends on
	// c6; the permutation turns the eight outer positions of the quarter.
	c = h.create(map[string]any{"rules": "../games/pentago.zrf", "seats": two})
	s = h.state(c.ID, c.Secret)
	var turn *legalJSON
	for i := range s.Legal {
		if s.Legal[i].Named == "c6 twist nw cw White Marble" {
			turn = &s.Legal[i]
		}
	}
	if turn == nil {
		t.Fatal("no turn c6 twist nw cw White Marble at the start of Pentago")
	}
	p := turn.Parts[0]
	if len(p.Moves) != 1 || p.Moves[0] != (movementJSON{To: "c6", Put: "a6", Player: 0}) {
		t.Errorf("the marble's movement is %+v, want put on a6, ending on c6", p.Moves)
	}
	if len(p.Permutes) != 1 || len(p.Permutes[0]) != 8 {
		t.Fatalf("the permutations are %+v, want one of 8 positions", p.Permutes)
	}
	var cells []string
	for _, m := range p.Permutes[0] {
		cells = append(cells, m.From)
		if m.Player != 0 || m.Put != "" {
			t.Errorf("a permutation's movement %+v says more than from and to", m)
		}
	}
	slices.Sort(cells)
	if want := []string{"a4", "a5", "a6", "b4", "b6", "c4", "c5", "c6"}; !slices.Equal(cells, want) {
		t.Errorf("the permutation turns %v, want %v", cells, want)
	}
	// After it, a marble on the turned quarter is carried: it is in the permutation,
	// not among the part's movements.
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": turn.Index}, nil)
	s = h.state(c.ID, c.Secret)
	carried := 0
	for _, l := range s.Legal {
		pt := l.Parts[0]
		if len(pt.Permutes) == 1 && slices.ContainsFunc(pt.Permutes[0], func(m movementJSON) bool { return m.From == "c6" }) {
			carried++
			if len(pt.Moves) != 1 || pt.Moves[0].From != "" {
				t.Errorf("%s moves %+v, want the dropped marble alone", l.Named, pt.Moves)
			}
		}
	}
	if carried == 0 {
		t.Errorf("no turn of Black turns the quarter of White's marble")
	}
}
