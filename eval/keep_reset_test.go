package eval_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// keepGame plays a random game of at most plies turns from g's setup, keeping every legal
// turn of every position in k while ws is used again for the next position. It returns
// the copies and what the turns held when they were kept.
func keepGame(t *testing.T, g *eval.Game, ws *eval.Workspace, k *eval.Keeper, seed uint64, plies int) ([]eval.Turn, []keptTurn) {
	t.Helper()
	var kept []eval.Turn
	var want []keptTurn
	rng := rand.New(rand.NewPCG(seed, 3))
	s := g.NewState()
	for ply := 0; ply < plies; ply++ {
		turns, err := ws.Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) == 0 {
			break
		}
		for i := range turns {
			kept = append(kept, k.Keep(&turns[i]))
			want = append(want, turnValue(&turns[i]))
		}
		s = kept[len(kept)-len(turns)+rng.IntN(len(turns))].After
	}
	return kept, want
}

// TestKeeperReset keeps the turns of several random games in one Keeper, reset between
// them, and checks that each game's copies hold what its turns held once the game is
// over (chunks of earlier games carved again, of other sizes when the games differ in
// length), and that keeping a game no longer than the longest before makes no new
// buffer.
func TestKeeperReset(t *testing.T) {
	for _, file := range []string{"games/chess.zrf", "games/russian.zrf"} {
		t.Run(file, func(t *testing.T) {
			g := loadRow(t, file, "")
			ws := g.NewWorkspace()
			var k eval.Keeper
			for _, game := range []struct {
				seed  uint64
				plies int
			}{{3, 60}, {4, 8}, {5, 30}, {6, 90}, {7, 40}} {
				k.Reset()
				kept, want := keepGame(t, g, ws, &k, game.seed, game.plies)
				if len(kept) < 20 {
					t.Fatalf("seed %d: only %d turns kept", game.seed, len(kept))
				}
				for i := range kept {
					got := turnValue(&kept[i])
					if reflect.DeepEqual(want[i], got) {
						continue // cmp is slow on thousands of states: it only explains
					}
					if d := cmp.Diff(want[i], got, cmpopts.EquateEmpty(), cmp.AllowUnexported(engine.State{})); d != "" {
						t.Fatalf("seed %d: kept turn %d changed (-when kept +now):\n%s", game.seed, i, d)
					}
				}
			}
			if file != "games/chess.zrf" {
				return // only a plain game's states all come from the chunks
			}
			// The same game again: every copy comes from the chunks of before.
			s := g.NewState()
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			allocs := testing.AllocsPerRun(20, func() {
				k.Reset()
				for i := 0; i < 500; i++ {
					k.Keep(&turns[i%len(turns)])
				}
			})
			if allocs != 0 {
				t.Errorf("keeping 500 turns after a reset made %v allocations, want 0", allocs)
			}
		})
	}
}
