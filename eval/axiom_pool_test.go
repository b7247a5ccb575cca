package eval_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/internal/testutil"
)

// TestAxiomPool: the states of an Axiom game may be used by any goroutine, each taking an
// engine of the game's pool, whatever engine made them. The turns of the positions of a
// random game of Ur, listed by four goroutines at once (so by up to four engines), are
// those listed by one goroutine alone.
func TestAxiomPool(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	g := evaltest.Load(t, filepath.Join(corpus, "dagazproject-zrf/Ur/Axiomatic.Ur.zrf"))
	rng := rand.New(rand.NewPCG(3, 4))
	var states []*engine.State
	var want [][]string
	s := g.NewState()
	ws := g.NewWorkspace()
	for range 120 {
		turns, err := ws.Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) == 0 {
			break
		}
		states = append(states, s)
		want = append(want, texts(turns))
		s = turns[rng.IntN(len(turns))].After
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws := g.NewWorkspace()
			for i := len(states) - 1 - w; i >= 0; i-- {
				turns, err := ws.Turns(states[i])
				if err != nil {
					t.Error(err)
					return
				}
				if got := texts(turns); !slices.Equal(got, want[i]) {
					t.Errorf("goroutine %d, position %d: %q, alone %q", w, i, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d positions listed by 4 goroutines at once", len(states))
}

func texts(turns []eval.Turn) []string {
	out := make([]string, len(turns))
	for i := range turns {
		out[i] = turns[i].Parts[0].Text
	}
	return out
}
