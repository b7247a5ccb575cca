package eval_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestAttackedAgreesWithChecked: asked of the squares of the royal pieces, Attacked says
// what Checked says, along random games of chess and Los Alamos chess; and a piece
// nothing can reach (a corner rook behind its own pawns at the start) is not attacked.
func TestAttackedAgreesWithChecked(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/losalamos.zrf"} {
		g := evaltest.Load(t, file)
		r := rand.New(rand.NewPCG(5, 5))
		compared, attacked := 0, 0
		for game := 0; game < 6; game++ {
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 80 && !m.Over(); ply++ {
				s := m.State()
				checked, err := g.Checked(s)
				if err != nil {
					t.Fatal(err)
				}
				for l, c := range s.Cells {
					if c.IsEmpty() || !g.Royal(c.Player(), c.Kind()) {
						continue
					}
					hit, err := g.Attacked(s, c.Player(), engine.Loc(l))
					if err != nil {
						t.Fatal(err)
					}
					if want := slices.Contains(checked, engine.Loc(l)); hit != want {
						t.Fatalf("%s, game %d, ply %d: Attacked of the royal piece on %d is %v, Checked says %v", g.Title, game, ply, l, hit, want)
					}
					compared++
					if hit {
						attacked++
					}
				}
				if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
					t.Fatal(err)
				}
			}
		}
		if compared < 200 || attacked == 0 {
			t.Fatalf("%s: compared %d royal pieces, %d attacked: too few", g.Title, compared, attacked)
		}
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := m.State()
		for l, c := range s.Cells {
			if !c.IsEmpty() && g.Pieces[c.Kind()].Name == "Rook" {
				if hit, _ := g.Attacked(s, c.Player(), engine.Loc(l)); hit {
					t.Errorf("%s: the rook on %d is attacked at the start", g.Title, l)
				}
			}
		}
		if hit, _ := g.Attacked(s, 0, engine.Loc(len(s.Cells))); hit {
			t.Errorf("%s: a position off the board is attacked", g.Title)
		}
	}
}
