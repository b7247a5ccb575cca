package server

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestCaptured checks the captured pieces of the game page against the material on the
// board: in checkers nothing is dropped or created, so what a player has lost is exactly
// the pieces captured from them, after every turn of random games.
func TestCaptured(t *testing.T) {
	g := evaltest.Load(t, "../games/checkers.zrf")
	onBoard := func(m *match.Match, p int) int {
		n := 0
		for _, c := range m.State().Cells {
			if !c.IsEmpty() && int(c.Player()) == p {
				n++
			}
		}
		return n
	}
	seen := 0
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 3))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := []int{onBoard(m, 0), onBoard(m, 1)}
		for ply := 0; ply < 150 && !m.Over(); ply++ {
			if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
				t.Fatal(err)
			}
			lost := []int{0, 0}
			for _, c := range captured(g, m.History()) {
				lost[c.Player] += c.N
			}
			for p := range 2 {
				if want := start[p] - onBoard(m, p); lost[p] != want {
					t.Fatalf("seed %d ply %d: %d pieces of player %d captured, want %d", seed, ply, lost[p], p, want)
				}
				seen += lost[p]
			}
		}
	}
	if seen == 0 {
		t.Fatal("no capture in any game: the test checked nothing")
	}
}
