package eval_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// keptTurn is a turn by value: its parts' changes, its post-move changes and the
// position after it.
type keptTurn struct {
	Parts [][]engine.Change
	End   []engine.Change
	After engine.State
}

func turnValue(t *eval.Turn) keptTurn {
	k := keptTurn{End: append([]engine.Change(nil), t.End...), After: *t.After.Clone()}
	for _, p := range t.Parts {
		k.Parts = append(k.Parts, append([]engine.Change(nil), p.Changes...))
	}
	return k
}

// TestKeeper keeps every legal turn of the positions of random games, with the
// workspace that made them used again for the next position, and checks that the copies
// still hold what the turns held: plain moves (chess), multi-part captures with the
// changes of the post-move action that removes the men taken (Russian draughts),
// sowing (Bao).
func TestKeeper(t *testing.T) {
	for _, file := range []string{"games/chess.zrf", "games/russian.zrf", "games/bao.zrf"} {
		t.Run(file, func(t *testing.T) {
			g := loadRow(t, file, "")
			ws := g.NewWorkspace()
			var k eval.Keeper
			kept, want := keepGame(t, g, ws, &k, 3, 200)
			if len(kept) < 200 {
				t.Fatalf("only %d turns kept", len(kept))
			}
			ends, multi := 0, 0
			for i := range want {
				if len(want[i].End) > 0 {
					ends++
				}
				if len(want[i].Parts) > 1 {
					multi++
				}
			}
			t.Logf("%d turns kept, %d with post-move changes, %d of several parts", len(kept), ends, multi)
			for i := range kept {
				if d := cmp.Diff(want[i], turnValue(&kept[i]), cmpopts.EquateEmpty(), cmp.AllowUnexported(engine.State{})); d != "" {
					t.Fatalf("kept turn %d changed (-when kept +now):\n%s", i, d)
				}
			}
		})
	}
}
