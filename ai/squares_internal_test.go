package ai

import (
	"math"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestSquares: the square tables of chess, read from its geometry: a knight is worth
// more in the centre than in a corner, a pawn more the nearer it is to promoting, and a
// king more in a corner than in the centre while the other side has its pieces, less
// once they are gone.
func TestSquares(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	sq := GameTerms(g).Squares
	if sq == nil {
		t.Fatal("chess has no square tables")
	}
	loc := func(name string) int {
		l := g.Board.LocIndex(name)
		if l == engine.NoLoc {
			t.Fatalf("no position %s", name)
		}
		return int(l)
	}
	nk := len(g.Pieces)
	knight, pawn, king := int(g.KindIndex("Knight")), int(g.KindIndex("Pawn")), int(g.KindIndex("King"))
	if w := sq.Worth[knight]; w[loc("d4")] <= w[loc("a1")] {
		t.Errorf("knight: d4 %v, a1 %v", w[loc("d4")], w[loc("a1")])
	}
	for p, ranks := range [][]string{{"e3", "e5", "e6", "e7"}, {"e6", "e4", "e3", "e2"}} {
		w := sq.Worth[p*nk+pawn]
		for i := 1; i < len(ranks); i++ {
			if w[loc(ranks[i])] <= w[loc(ranks[i-1])] {
				t.Errorf("player %d's pawn: %s %v, %s %v", p, ranks[i], w[loc(ranks[i])], ranks[i-1], w[loc(ranks[i-1])])
			}
		}
	}
	v := PieceValues(g)
	white := engine.Player(0)
	kings := func(others bool, at string) float64 {
		s := g.NewState().Clone()
		for l, c := range s.Cells {
			if c.IsEmpty() {
				continue
			}
			if int(c.Kind()) == king || !others && c.Player() != white {
				s.Cells[l] = engine.Cell(0)
				if int(c.Kind()) == king && c.Player() != white {
					s.Cells[l] = c
				}
			}
		}
		s.Cells[loc(at)] = engine.MakeCell(white, engine.Kind(king), g.DefaultAttrs(engine.Kind(king)))
		return sq.score(g, v, s, white)
	}
	if corner, centre := kings(true, "h1"), kings(true, "e4"); corner <= centre {
		t.Errorf("king with the other side's pieces on: h1 %v, e4 %v", corner, centre)
	}
	if corner, centre := kings(false, "h1"), kings(false, "e4"); corner >= centre {
		t.Errorf("king with the other side's pieces gone: h1 %v, e4 %v", corner, centre)
	}
}

// TestShelter: in the start position of chess the white king has five pieces beside it
// (d1, f1 and three pawns), and the square terms of both sides are equal.
func TestShelter(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	sq := GameTerms(g).Squares
	s := g.NewState()
	if n := sq.shelter(g, s, 0, int(g.Board.LocIndex("e1"))); n != 5 {
		t.Errorf("white king on e1: %d pieces beside it, want 5", n)
	}
	if v := sq.score(g, PieceValues(g), s, 0); math.Abs(v) > 1e-9 {
		t.Errorf("start: square terms %v for White, want 0", v)
	}
}

// TestCrowdedValues: measured on a crowded board, a chess bishop is worth nearer a
// knight than on an empty board, and the order knight, bishop, rook, queen stays.
func TestCrowdedValues(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	empty, crowded := PieceValues(g), GameTerms(g).Squares.Values
	n, b, r, q := g.KindIndex("Knight"), g.KindIndex("Bishop"), g.KindIndex("Rook"), g.KindIndex("Queen")
	if ce, cc := empty.Kind[b]/empty.Kind[n], crowded.Kind[b]/crowded.Kind[n]; cc >= ce || cc < 1 {
		t.Errorf("bishop/knight: %v on an empty board, %v crowded", ce, cc)
	}
	if !(crowded.Kind[n] <= crowded.Kind[b] && crowded.Kind[b] < crowded.Kind[r] && crowded.Kind[r] < crowded.Kind[q]) {
		t.Errorf("crowded values out of order: %v", crowded.Kind)
	}
}
