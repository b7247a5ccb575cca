package eval

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestGoalOrders holds goalOrder's lists made when the game is made (initGoalOrders) to
// those orderFrom writes for the same mover and turn, for every game of games/, every
// mover and turns over three rounds of the turn order.
func TestGoalOrders(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil {
		t.Fatal(err)
	}
	compared, games := 0, 0
	for _, file := range files {
		g := loadLeafGame(t, filepath.Join("games", filepath.Base(file)), "")
		n, np := len(g.TurnOrder.Entries), len(g.Players)
		if g.orders == nil {
			if n > 0 && n*np <= maxGoalOrders {
				t.Errorf("%s: no lists made for %d entries and %d players", file, n, np)
			}
			continue
		}
		games++
		s := g.NewState()
		var buf []engine.Player
		for turn := range 3 * n {
			s.Turn = turn
			for p := range np {
				want := g.orderFrom(engine.Player(p), turn, nil)
				if got := g.goalOrder(engine.Player(p), s, &buf); !slices.Equal(got, want) {
					t.Errorf("%s: turn %d, mover %d: goalOrder %v, orderFrom %v", file, turn, p, got, want)
				}
				compared++
			}
		}
	}
	if games < 10 || compared < 100 {
		t.Fatalf("compared %d lists of %d games, want at least 100 of 10", compared, games)
	}
}
