package eval_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// TestSingleTurns plays random games of every game of games/ that eval.Game.Singles
// serves and checks, in every position whose candidates all end the turn, that the
// candidates Single calls legal are Turns' list in the same order (parts and state
// after), less the rules' pass, which Turns lists last. Go and Pentago must be among
// the games compared (Pentago's turns go on after the drop, so its positions are only
// asked whether they can be).
func TestSingleTurns(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	compared := map[string]int{}
	for _, f := range files {
		name := filepath.Base(f)
		g := loadGame(t, name)
		if !g.Singles() {
			continue
		}
		ws, wc := g.NewWorkspace(), g.NewWorkspace()
		r := rand.New(rand.NewPCG(7, uint64(len(name))))
		for game := 0; game < 3; game++ {
			s := g.NewState()
			for ply := 0; ply < 150; ply++ {
				turns, err := ws.Turns(s)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if len(turns) == 0 {
					break
				}
				parts, ok, err := wc.Candidates(s)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if ok {
					var got []eval.Turn
					var keep eval.Keeper
					for i := range parts {
						tu, legal, err := wc.Single(s, i)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						if legal {
							got = append(got, keep.Keep(&tu))
						}
					}
					want := turns
					if n := len(want); n > 0 && want[n-1].Parts[0].Pass {
						want = want[:n-1]
					}
					if len(got) != len(want) {
						t.Fatalf("%s ply %d: Single made %d legal turns, Turns %d", name, ply, len(got), len(want))
					}
					for i := range want {
						if !samePart(&got[i].Parts[0], &want[i].Parts[0]) || len(got[i].Parts) != len(want[i].Parts) ||
							got[i].After.Hash != want[i].After.Hash || !slices.Equal(got[i].After.Cells, want[i].After.Cells) {
							t.Fatalf("%s ply %d: turn %d differs: %v, Turns %v", name, ply, i, got[i].Parts, want[i].Parts)
						}
					}
					compared[name]++
				} else if compared[name] == 0 {
					compared[name] = 0 // asked, never comparable
				}
				s = turns[r.IntN(len(turns))].After.Clone()
			}
		}
	}
	t.Logf("positions compared: %v", compared)
	if compared["go.zrf"] < 200 {
		t.Errorf("Go: %d positions compared, want at least 200", compared["go.zrf"])
	}
}

func samePart(a, b *engine.Move) bool {
	return a.Source() == b.Source() && a.Dest() == b.Dest() && a.Pass == b.Pass && slices.Equal(a.Changes, b.Changes)
}
