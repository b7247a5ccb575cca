package ai

// This file holds the ranking of the root turns of a search on a clock by their static
// scores, before the search proper (depth 0 of its iterative deepening).

import (
	"math"
	"sort"
	"sync"
)

// rank sorts order, the root turns of the explorer's position, by their static scores
// (rootScores), best first; equal scores keep their order. With helpers, each worker
// scores its share of the turns on its own explorer. The workers then keep, at a depth
// they did not finish, the best of the turns they searched (deepen) rather than mix
// searched scores with static ones.
//
// That matters where a clock stops the search inside its first depth. Thud's dwarfs
// have 400 to 650 turns, and each position after a troll's capture lists them all
// again, so at 20 ms a move the quiescence search of depth 1 reaches a few of them:
// before ranking, the rest were scored statically after the stop, and a turn that
// leaves a dwarf next to a troll scored as well as a safe one, so the search often
// chose one of those unsearched turns over every searched one.
func rank(workers []*worker, order []int) error {
	score := make([]float64, len(workers[0].x.Legal()))
	errs := make([]error, len(workers))
	var wg sync.WaitGroup
	for k, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := k; j < len(order) && errs[k] == nil; j += len(workers) {
				i := order[j]
				score[i], errs[k] = w.rootScore(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
	for _, w := range workers {
		w.ranked = true
	}
	return nil
}

// rootScore plays root turn i and scores the position it reaches without searching:
// material and the positional terms, less the most material the player to move there
// can take at once when that is an opponent (its turns are listed anyway: Gain reads
// their changes without playing them), so that a turn leaving a piece to be taken
// ranks below one that does not.
func (w *worker) rootScore(i int) (float64, error) {
	x := w.x
	if err := x.Play(i); err != nil {
		return 0, err
	}
	defer x.Undo()
	if !w.list() {
		return 0, w.err
	}
	if x.Over() {
		return w.terminal(x.Result(), 1), nil
	}
	if x.MustPass() {
		return w.evaluate(x.State(), 1, x.Mover(), -1), nil
	}
	turns := x.Legal()
	next := x.Mover()
	v := w.evaluate(x.State(), 1, next, len(turns))
	if next != w.me && !w.g.Players[next].Random {
		threat := 0.0
		for t := range turns {
			threat = max(threat, Gain(w.g, w.v, x.State(), &turns[t], next))
		}
		v -= threat
	}
	if math.IsNaN(v) {
		v = math.Inf(-1)
	}
	return v, nil
}
