package ai_test

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestYield checks the Yield hook of the searchers: one that lets them go on changes
// nothing of what a search by depth or MCTS chooses, and one that says stop ends a
// search on a long clock at once, on one thread or several.
func TestYield(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"search:2", "mcts:1"} {
		var calls atomic.Int64
		plain, err := ai.Parse(name, g)
		if err != nil {
			t.Fatal(err)
		}
		hooked, _ := ai.Parse(name, g)
		switch a := hooked.(type) {
		case *ai.Search:
			a.Yield = func() bool { calls.Add(1); return true }
		case *ai.MCTS:
			// Few playouts: chess's are long.
			a.Iterations, plain.(*ai.MCTS).Iterations = 10, 10
			a.Yield = func() bool { calls.Add(1); return true }
		}
		want, err := plain.Choose(m, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := hooked.Choose(m, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if got != want || calls.Load() == 0 {
			t.Errorf("%s: turn %d with a Yield called %d times, %d without", name, got, calls.Load(), want)
		}
	}
	for _, threads := range []int{1, 2} {
		s := ai.NewClockSearch(time.Minute)
		s.Threads = threads
		var calls atomic.Int64
		s.Yield = func() bool { return calls.Add(1) < 20 }
		done := make(chan int, 1)
		go func() {
			i, err := s.Choose(m, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Error(err)
			}
			done <- i
		}()
		select {
		case i := <-done:
			if i < 0 || i >= len(m.Legal()) {
				t.Errorf("%d threads: turn %d of %d", threads, i, len(m.Legal()))
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%d threads: a search on a 1 m clock whose Yield says stop goes on", threads)
		}
	}
}
