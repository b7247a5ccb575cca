package ai

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// TestNegamaxUrSave searches, at each engine move of the first lines of the save of Ur's
// simple-evaluation player (the whole save under -tags long), as Axiom's built-in engine
// played it, and counts the moves where the recorded turn is one of the best turns the
// search finds (the engine drew among equals; which one it drew is not known), which
// must be more than the one-turn look at OnEvaluate zoggo played before (the turns
// whose position scores best for the mover): 25 and 22 of the first 28, 189 and 159 of
// all 217.
func TestNegamaxUrSave(t *testing.T) {
	lines, want, least := 150, 28, 25
	if longRun {
		lines, want, least = 0, 217, 185
	}
	corpus := testutil.CorpusDir(t)
	sg, g, _, err := notation.LoadSavedGame(filepath.Join(corpus, "glukkazan-zog/Axiom/Ur/simple.zsg"),
		filepath.Join(corpus, "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := notation.Replay(g, sg, "simple.zsg")
	if err != nil {
		t.Fatal(err)
	}
	compared, among, greedy := 0, 0, 0
	for i, p := range r.Plies {
		if lines > 0 && i >= lines {
			break
		}
		m, err := match.New(g, p.Before)
		if err != nil {
			t.Fatal(err)
		}
		mover := m.Mover()
		if g.Players[mover].Random || len(m.Legal()) < 2 {
			continue
		}
		best, err := negamaxBest(m, AxiomDepth, AxiomNodes, nil)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		rec := slices.IndexFunc(m.Legal(), func(tu eval.Turn) bool { return tu.Parts[0].Text == p.Move.Text })
		if rec < 0 {
			t.Fatalf("line %d: the recorded %q is not legal", i+1, p.Move.Text)
		}
		compared++
		if slices.Contains(best, rec) {
			among++
		} else {
			t.Logf("line %d: %s played %q, not one of the search's best", i+1, g.Players[mover].Name, p.Move.Text)
		}
		// The one-turn look: the turns whose position OnEvaluate scores best for the mover.
		var top int32
		var tops []int
		for k, tu := range m.Legal() {
			v, err := g.ForthEvaluate(tu.After, mover)
			if err != nil {
				t.Fatal(err)
			}
			if k == 0 || v > top {
				top, tops = v, tops[:0]
			}
			if v == top {
				tops = append(tops, k)
			}
		}
		if slices.Contains(tops, rec) {
			greedy++
		}
	}
	t.Logf("%d engine moves: the recorded turn is one of the search's best in %d, of the one-turn look's in %d", compared, among, greedy)
	if compared != want {
		t.Errorf("compared %d engine moves, want %d", compared, want)
	}
	if among <= greedy {
		t.Errorf("the search holds the recorded turn among its best in %d engine moves, the one-turn look in %d: want more", among, greedy)
	}
	if among < least {
		t.Errorf("the recorded turn is one of the search's best in %d of %d engine moves, want %d at least", among, compared, least)
	}
}

// TestNegamaxYield checks the built-in negamax's Yield hook in Ur's first position: a
// Yield that lets it go on changes nothing and is asked (every 64 positions), and one that
// says stop is asked once and leaves the choice to the first depth, which always
// finishes.
func TestNegamaxYield(t *testing.T) {
	f, err := eval.LoadFile(filepath.Join(testutil.CorpusDir(t), "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find("Ur [simple evaluation]")
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Legal()) < 2 {
		t.Fatalf("%d turns in Ur's first position, want a choice", len(m.Legal()))
	}
	want, err := negamaxBest(m, AxiomDepth, AxiomNodes, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, err := negamaxBest(m, 1, AxiomNodes, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, goOn := range []bool{true, false} {
		calls := 0
		got, err := negamaxBest(m, AxiomDepth, AxiomNodes, func() bool { calls++; return goOn })
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case goOn && (!slices.Equal(got, want) || calls == 0):
			t.Errorf("a Yield that goes on, called %d times: best %v, want %v", calls, got, want)
		case !goOn && (!slices.Equal(got, first) || calls != 1):
			t.Errorf("a Yield that stops, called %d times (want once): best %v, want the first depth's %v", calls, got, first)
		}
	}
}
