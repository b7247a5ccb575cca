package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestSMPSharedRoot: a search of two threads to depth 1, where the helper takes the
// root turns from the other end and the threads share the scores of the root's
// children through the table (sharedLeaf), chooses a turn of the best score a search of
// one thread gives each turn, on wide Thud positions and in chess;
// again and again, since the threads do not always meet at the same turn.
func TestSMPSharedRoot(t *testing.T) {
	for _, tt := range []struct {
		file      string
		positions int
	}{{"../games/thud.zrf", 2}, {"../games/chess.zrf", 3}} {
		g := evaltest.Load(t, tt.file)
		r := rand.New(rand.NewPCG(7, 7))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for pos := 0; pos < tt.positions && !m.Over(); pos++ {
			for _, terms := range []bool{false, true} {
				exact := &Search{Depth: 1, MaxNodes: math.MaxInt, Terms: terms}
				w := exact.newWorker(m, &table{})
				// The best score, as the root of a search finds it: a turn that scores
				// no more than the best so far is cut off with a bound.
				best := math.Inf(-1)
				for i := range m.Legal() {
					best = max(best, w.child(i, 0, best, math.Inf(1), 1))
				}
				if w.err != nil {
					t.Fatal(w.err)
				}
				for rep := uint64(0); rep < 2; rep++ {
					s := &Search{Depth: 1, MaxNodes: math.MaxInt, Threads: 2, Terms: terms}
					i, err := s.Choose(m, rand.New(rand.NewPCG(rep, 1)))
					if err != nil {
						t.Fatal(err)
					}
					if v := exact.newWorker(m, &table{}).child(i, 0, math.Inf(-1), math.Inf(1), 1); v != best {
						t.Errorf("%s, position %d, terms %v, run %d: chose turn %d scored %v, the best score is %v",
							g.Title, pos, terms, rep, i, v, best)
					}
					if _, depth := s.Last(); depth != 1 {
						t.Errorf("%s, position %d: finished depth %d, want 1", g.Title, pos, depth)
					}
				}
			}
			// Walk on a few turns at random, to positions with captures.
			for k := 0; k < 9 && !m.Over(); k++ {
				if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestRank: the root turns ranked by one thread and by three come out in the same
// order, a permutation of the turns sorted by rootScore, best first; in Thud, where
// the trolls take dwarfs by stepping next to them, a dwarf's turn that lets a troll take
// it scores below the same position's material, and none above it.
func TestRank(t *testing.T) {
	g := evaltest.Load(t, "../games/thud.zrf")
	r := rand.New(rand.NewPCG(3, 3))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 24 && !m.Over(); k++ {
		if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
			t.Fatal(err)
		}
	}
	if m.Over() {
		t.Fatal("the game ended in the random walk")
	}
	s := &Search{Depth: 1, MaxNodes: math.MaxInt}
	var orders [][]int
	for _, n := range []int{1, 3} {
		var ws []*worker
		for range n {
			ws = append(ws, s.newWorker(m, &table{}))
		}
		order := ws[0].order(m.State(), m.Legal(), ws[0].me, -1)
		if err := rank(ws, order); err != nil {
			t.Fatal(err)
		}
		orders = append(orders, order)
	}
	w := s.newWorker(m, &table{})
	seen := make([]bool, len(m.Legal()))
	prev := math.Inf(1)
	threatened := 0
	base := Evaluate(w.g, w.v, m.State(), w.me)
	for j, i := range orders[0] {
		if orders[1][j] != i {
			t.Fatalf("place %d: turn %d ranked by one thread, %d by three", j, i, orders[1][j])
		}
		if seen[i] {
			t.Fatalf("turn %d ranked twice", i)
		}
		seen[i] = true
		v, err := w.rootScore(i)
		if err != nil {
			t.Fatal(err)
		}
		if v > prev {
			t.Errorf("place %d: turn %d scores %v, more than the turn before (%v)", j, i, v, prev)
		}
		prev = v
		if Gain(w.g, w.v, m.State(), &m.Legal()[i], w.me) == 0 {
			if v > base+1e-9 {
				t.Errorf("turn %d takes nothing and scores %v, more than the material %v", i, v, base)
			}
			if v < base-1e-9 {
				threatened++
			}
		}
	}
	if threatened == 0 {
		t.Errorf("no turn of the %d leaves a piece to be taken: the test wants some", len(seen))
	}
}
