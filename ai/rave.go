package ai

// This file holds RAVE, the rapid action value estimate of MCTS: at a node where a
// player chooses, besides each turn's own results, the results of every playout of the
// node in which that player made the same turn (by its key, ordering.go) at any later
// point, the "all moves as first" statistics. In games where a turn is much the same
// move whenever it is made (a stone on a point) they tell good turns apart after a few
// playouts; the node trusts them less as its own visits grow.

import (
	"math"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// raveK is the number of visits at which a turn's own results and its RAVE results
// count about equally.
const raveK = 300

// amafTurn is a turn made in an iteration: who chose it and its key.
type amafTurn struct {
	p   engine.Player
	key uint32
}

// amaf is the RAVE statistics of a node: per turn, its key, the playouts in which its
// mover made it later and the mover's results in them.
type amaf struct {
	mover engine.Player
	keys  []uint32
	index map[uint32]int32 // the index of a turn by its key, or
	dense []int32          // by its key less lo, -1 where none (newAMAFKeys)
	lo    uint32
	n     []float64
	wins  []float64
	stamp []int32 // the iteration that counted the turn last: once per playout
}

// newAMAF returns the statistics of a node whose mover chooses among turns.
func newAMAF(g *eval.Game, mover engine.Player, turns []eval.Turn) *amaf {
	n := len(g.Board.Locs)
	keys := make([]uint32, len(turns))
	for i := range turns {
		keys[i] = turnKey(&turns[i], n)
	}
	return newAMAFKeys(mover, keys)
}

// newAMAFKeys returns the statistics of a node whose mover chooses among turns of the
// keys given (turnKey's), which it keeps.
func newAMAFKeys(mover engine.Player, keys []uint32) *amaf {
	a := &amaf{mover: mover, keys: keys, n: make([]float64, len(keys)), wins: make([]float64, len(keys)),
		stamp: make([]int32, len(keys))}
	// The keys of drops on a board of n positions lie within n of each other (turnKey):
	// there a slice finds a turn's index, cheaper to make and to read than a map.
	lo, hi := uint32(math.MaxUint32), uint32(0)
	for _, k := range keys {
		if k != 0 {
			lo, hi = min(lo, k), max(hi, k)
		}
	}
	if lo <= hi && int(hi-lo) < 4*len(keys)+64 {
		a.lo, a.dense = lo, make([]int32, hi-lo+1)
		for i := range a.dense {
			a.dense[i] = -1
		}
		for i, k := range keys {
			if k != 0 && a.dense[k-lo] < 0 {
				a.dense[k-lo] = int32(i)
			}
		}
		return a
	}
	a.index = make(map[uint32]int32, len(keys))
	for i, k := range keys {
		if _, dup := a.index[k]; !dup && k != 0 {
			a.index[k] = int32(i)
		}
	}
	return a
}

// find returns the index of the turn of key k, if the node has one.
func (a *amaf) find(k uint32) (int32, bool) {
	if a.dense != nil {
		if k < a.lo || k-a.lo >= uint32(len(a.dense)) || a.dense[k-a.lo] < 0 {
			return 0, false
		}
		return a.dense[k-a.lo], true
	}
	i, ok := a.index[k]
	return i, ok
}

// update counts the result of iteration it, whose turns from the node on are seq.
func (a *amaf) update(seq []amafTurn, res eval.Result, it int) {
	v := 0.0
	switch {
	case res.Draw || len(res.Winners) == 0:
		v = 0.5
	case contains(res.Winners, a.mover):
		v = 1
	}
	for _, t := range seq {
		if t.p != a.mover {
			continue
		}
		i, ok := a.find(t.key)
		if !ok || a.stamp[i] == int32(it) {
			continue
		}
		a.stamp[i] = int32(it)
		a.n[i]++
		a.wins[i] += v
	}
}

// pick chooses the child of n to follow: the best blend of the turn's own mean result and
// its RAVE mean, the RAVE's weight falling as the turn's visits grow, plus a small
// exploration term; a turn not tried yet counts by its RAVE mean alone (its priors
// included), so that the tree does not try each of a node's turns before it tries one
// twice (with some tens of turns a node, a tree of a few thousand playouts would stay
// two turns deep).
func (a *amaf) pick(n *node, mover engine.Player) int {
	best, bestV := 0, math.Inf(-1)
	lnN := math.Log(float64(n.visits + 1))
	for i, c := range n.children {
		aq := 0.5
		if a.n[i] > 0 {
			aq = a.wins[i] / a.n[i]
		}
		var v float64
		if c == nil || c.visits == 0 {
			v = aq
		} else {
			q := c.wins[mover] / float64(c.visits)
			beta := math.Sqrt(raveK / (3*float64(c.visits) + raveK))
			if a.n[i] == 0 {
				beta = 0
			}
			v = (1-beta)*q + beta*aq + raveExplore*math.Sqrt(lnN/float64(c.visits))
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// raveExplore weighs the exploration term of a RAVE node's choice.
const raveExplore = 0.1

// dropsOnly reports whether every piece of g only drops (no piece moves): Go and its
// like, where RAVE serves.
func dropsOnly(g *eval.Game) bool {
	drops := false
	for _, p := range g.Pieces {
		if p.HasMoves {
			return false
		}
		drops = drops || p.HasDrops
	}
	return drops
}
