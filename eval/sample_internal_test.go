package eval

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestNoPartial holds sampleFacts.noPartial, which lets sampleOfType take every part
// for one that ends its turn, to the parts the games of games/ generate: in random
// games, a game for which it holds must make no part that goes on (Cont set) and no
// turn of more than one part, and some game for which it does not must make one.
func TestNoPartial(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil {
		t.Fatal(err)
	}
	holds, goesOn, parts := 0, 0, 0
	for _, file := range files {
		g := loadLeafGame(t, filepath.Join("games", filepath.Base(file)), "")
		if g.ax != nil || g.code == nil {
			continue
		}
		if g.sample.noPartial {
			holds++
		}
		ws := g.NewWorkspace()
		r := rand.New(rand.NewPCG(3, 7))
		for range 3 {
			s := g.NewState()
			for ply := 0; ply < 60; ply++ {
				turns, err := ws.Turns(s)
				if err != nil || len(turns) == 0 {
					break
				}
				for i := range turns {
					for j := range turns[i].Parts {
						parts++
						if p := &turns[i].Parts[j]; p.Cont != engine.NoMoveType || len(turns[i].Parts) > 1 {
							if g.sample.noPartial {
								t.Fatalf("%s: noPartial, but a turn of %d parts, part %d going on with type %d", file, len(turns[i].Parts), j, p.Cont)
							}
							goesOn++
						}
					}
				}
				s = turns[r.IntN(len(turns))].After.Clone()
			}
		}
	}
	if holds < 10 || goesOn == 0 || parts < 10000 {
		t.Fatalf("noPartial held for %d games; %d of %d parts went on: want 10 games, some parts going on, 10000 parts", holds, goesOn, parts)
	}
}
