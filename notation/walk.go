package notation

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// walker follows a game part by part, keeping the legal complete turns of the turn in
// progress that agree with the parts made so far. Both saved-game replay and named
// notation read moves through it, so a part is legal exactly when some legal turn
// continues with it.
type walker struct {
	g     *eval.Game
	s     *engine.State // the position now (Cont set in the middle of a turn)
	start *engine.State // the position at the start of the turn in progress
	turns []eval.Turn
	cand  []int // turns still consistent with the parts made
	made  int   // parts made in the turn in progress
	err   error // an error of settle, returned by the next begin
}

func newWalker(g *eval.Game, s *engine.State) *walker {
	return &walker{g: g, s: s}
}

// begin computes the legal turns when a turn starts.
func (w *walker) begin() error {
	if w.err != nil {
		return w.err
	}
	if w.made > 0 {
		return nil
	}
	turns, err := w.g.NewWorkspace().AllTurns(w.s)
	if err != nil {
		return err
	}
	w.start, w.turns, w.cand = w.s, turns, w.cand[:0]
	for j := range turns {
		w.cand = append(w.cand, j)
	}
	return nil
}

// parts returns the distinct next parts of the consistent turns.
func (w *walker) parts() []*engine.Move {
	var out []*engine.Move
	for _, j := range w.cand {
		if len(w.turns[j].Parts) > w.made {
			p := &w.turns[j].Parts[w.made]
			if !slices.ContainsFunc(out, func(q *engine.Move) bool { return p.Equal(q) }) {
				out = append(out, p)
			}
		}
	}
	return out
}

// pass returns the pass turn offered at the start of a turn, or -1.
func (w *walker) passTurn() int {
	if w.made > 0 {
		return -1
	}
	for _, j := range w.cand {
		if w.turns[j].Parts[0].Pass {
			return j
		}
	}
	return -1
}

// play makes part m, one of parts(), keeping the turns that continue with it.
func (w *walker) play(m *engine.Move) {
	var kept []int
	for _, j := range w.cand {
		if len(w.turns[j].Parts) > w.made && w.turns[j].Parts[w.made].Equal(m) {
			kept = append(kept, j)
		}
	}
	w.cand = kept
	w.made++
	next := w.s.Clone()
	w.g.Apply(next, m)
	w.g.SetCont(next, next.LastTo, m.Cont)
	w.s = next
}

// canEnd returns a consistent turn that ends after the parts made, or -1; canGo reports
// whether a consistent turn goes on.
func (w *walker) canEnd() int {
	for _, j := range w.cand {
		if len(w.turns[j].Parts) == w.made {
			return j
		}
	}
	return -1
}

func (w *walker) canGo() bool {
	for _, j := range w.cand {
		if len(w.turns[j].Parts) > w.made {
			return true
		}
	}
	return false
}

// end finishes the turn as turn j.
func (w *walker) end(j int) {
	_, mover := w.g.Side(w.start)
	w.s = w.turns[j].After.Clone()
	w.made = 0
	w.cand = w.cand[:0]
	w.settle(mover)
}

// passNoMove makes a pass where the rules offer none but the player cannot move (or is a
// random player): the pass of a match, after which the turn order goes on.
func (w *walker) passNoMove() error {
	t, err := match.PassTurn(w.g, w.s)
	if err != nil {
		return err
	}
	_, mover := w.g.Side(w.s)
	w.s = t.After
	w.made = 0
	w.cand = w.cand[:0]
	w.settle(mover)
	return nil
}
