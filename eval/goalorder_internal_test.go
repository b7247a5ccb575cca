package eval

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestGoalFacts compares what initGoals keeps of every variant of the games in games/
// with what it was made from: movers' list with the one listMovers makes, and the goal
// orders of its table with those goalOrder makes, for every mover and turn.
func TestGoalFacts(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	compared := 0
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := range f.Variants {
			g, err := f.Game(i)
			if err != nil {
				continue
			}
			if !slices.Equal(g.movers(), g.listMovers()) || len(g.movers()) == 0 {
				t.Errorf("%s: movers %v, listMovers %v", g.Title, g.movers(), g.listMovers())
			}
			n := len(g.TurnOrder.Entries)
			if g.goals.orders == nil && n > 0 && len(g.Players)*n*len(g.Players) <= maxGoalOrders {
				t.Errorf("%s: no table of goal orders", g.Title)
			}
			for p := range g.Players {
				for turn := 0; turn < 3*n+1; turn++ {
					want := g.goalOrder(engine.Player(p), turn, nil)
					got := g.goalOrderOf(engine.Player(p), &engine.State{Turn: turn}, nil)
					if !slices.Equal(want, got) {
						t.Fatalf("%s: mover %d, turn %d: table %v, goalOrder %v", g.Title, p, turn, got, want)
					}
					compared++
				}
			}
		}
	}
	if compared < 500 {
		t.Errorf("only %d orders compared", compared)
	}
	t.Logf("%d orders compared", compared)
}
