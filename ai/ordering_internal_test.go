package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestOrderingKeepsValues: killers and history change only the order of the search, so
// the value of a position searched to a fixed depth, without a budget, is the same with
// them as with the order by gain alone, along random games of chess and checkers; and
// with them the search visits fewer nodes over all the positions. Both search without
// pruning (NoPrune), whose cuts depend on the order.
func TestOrderingKeepsValues(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/checkers.zrf", "../games/gardner.zrf"} {
		g := evaltest.Load(t, file)
		r := rand.New(rand.NewPCG(3, 9))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		compared := 0
		nodes := [2]int{}
		for pos := 0; pos < 6 && !m.Over(); pos++ {
			var vals [2]float64
			for k, gainOrder := range []bool{true, false} {
				s := &Search{Depth: 3, MaxNodes: math.MaxInt, GainOrder: gainOrder, NoPrune: true}
				w := s.newWorker(m, &table{})
				best := math.Inf(-1)
				order, _ := w.orderAt(m.State(), m.Legal(), m.Mover(), -1, 0)
				for _, i := range order {
					best = max(best, w.child(i, 2, best, math.Inf(1), 1))
				}
				if w.err != nil {
					t.Fatal(w.err)
				}
				vals[k] = best
				nodes[k] += w.nodes
			}
			if vals[0] != vals[1] {
				t.Errorf("%s, position %d: value %v ordered by gain, %v with killers and history", g.Title, pos, vals[0], vals[1])
			}
			compared++
			for k := 0; k < 7 && !m.Over(); k++ {
				if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
					t.Fatal(err)
				}
			}
		}
		if compared < 4 {
			t.Fatalf("%s: compared %d positions", g.Title, compared)
		}
		t.Logf("%s: %d positions, nodes by gain %d, with killers and history %d", g.Title, compared, nodes[0], nodes[1])
		if nodes[1] > nodes[0] {
			t.Errorf("%s: killers and history searched %d nodes, more than the %d ordered by gain", g.Title, nodes[1], nodes[0])
		}
	}
}
