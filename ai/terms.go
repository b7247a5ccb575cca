package ai

// This file holds the positional terms a search may add to material: mobility, and
// proximity to the goals the rules state as positions to reach or pieces to keep.

import (
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// The weights of the positional terms, in the units of Values (a piece is worth one
// plus its mean number of moves alone on the board, so one legal move is about one
// unit of a piece's worth).
const (
	// MobilityWeight is the worth of one legal turn more than the opponent has.
	MobilityWeight = 0.1
	// GoalWeight is the worth of one step nearer an absolute-config goal, for the
	// nearest piece that can meet it (a step: one link of the board, in any direction).
	GoalWeight = 0.5
	// RemainingWeight scales the pieces-remaining term: W/(1+count-N) while the count is
	// above N, against a player with a loss goal at N pieces (it grows as the count nears
	// N), for one with a win goal.
	RemainingWeight = 2.0
)

// Terms are the positional terms of a game, found in its rules once (GameTerms). A
// term the rules do not make cheap is left out: mobility needs two players who take
// turns about (it compares the numbers of turns of two consecutive positions, which
// the search has already generated), and goal proximity needs goals of the forms
// absolute-config (of the player's own pieces) and pieces-remaining, alone or under or.
type Terms struct {
	Mobility bool
	Reach    []Reach
	Remain   []Remain
	Squares  *Squares // square tables from the geometry (squares.go); nil: none
}

// Reach is an absolute-config goal of Player: one of its pieces of a kind in Kinds on
// a position at Dist 0. Dist[l] counts the links from l to the nearest such position
// (-1: none reachable). Sign is +1 for a win, -1 for a loss.
type Reach struct {
	Player engine.Player
	Kinds  []bool // by kind; all false: any kind
	Dist   []int
	Far    int // the largest distance in Dist
	Sign   float64
}

// Remain is a pieces-remaining goal: Player's pieces of Kinds (all kinds when empty)
// numbering N. Sign is +1 for a win, -1 for a loss.
type Remain struct {
	Player engine.Player
	Kinds  []bool
	N      int
	Sign   float64
}

// Off reports whether t adds nothing to material.
func (t *Terms) Off() bool {
	return !t.Mobility && len(t.Reach) == 0 && len(t.Remain) == 0 && t.Squares == nil
}

var termsCache sync.Map // *eval.Game -> *Terms

// GameTerms returns the positional terms of g, finding them once.
func GameTerms(g *eval.Game) *Terms { return perGame(&termsCache, g, findTerms) }

// maxTermGoals bounds the goal terms kept, so that scoring a position stays cheap
// whatever the rules say.
const maxTermGoals = 16

func findTerms(g *eval.Game) *Terms {
	t := &Terms{}
	real := 0
	for _, p := range g.Players {
		if !p.Random {
			real++
		}
	}
	t.Mobility = real == 2 && len(g.Players) == 2 && !g.Axiom()
	t.Squares = findSquares(g)
	for _, goal := range g.Goals {
		sign := 0.0
		switch goal.Kind {
		case engine.WinGoal:
			sign = 1
		case engine.LossGoal:
			sign = -1
		default:
			continue
		}
		for _, p := range goal.Players {
			t.addCond(g, goal.Cond, p, sign)
		}
	}
	return t
}

// addCond adds the terms of condition c of a goal for p; only conditions that hold
// alone (possibly under or) count: under and or not, a position or a count is no
// step towards the goal.
func (t *Terms) addCond(g *eval.Game, c *engine.Cond, p engine.Player, sign float64) {
	if c == nil || len(t.Reach)+len(t.Remain) >= maxTermGoals || int(p) >= len(g.Players) {
		return
	}
	switch c.Op {
	case engine.CondOr:
		for _, a := range c.Args {
			t.addCond(g, a, p, sign)
		}
	case engine.CondPiecesRemaining:
		t.Remain = append(t.Remain, Remain{Player: p, Kinds: kindSet(g, c.Kinds), N: c.N, Sign: sign})
	case engine.CondAbsoluteConfig:
		var kinds []engine.Kind
		for _, it := range c.Items {
			if it.Owner != engine.OwnSelf {
				return // another's pieces or an exception: not a place to walk to
			}
			kinds = append(kinds, it.Kind)
		}
		if len(kinds) == 0 {
			return
		}
		dist, far := goalDistances(g, c, p)
		if far > 0 {
			t.Reach = append(t.Reach, Reach{Player: p, Kinds: kindSet(g, kinds), Dist: dist, Far: far, Sign: sign})
		}
	}
}

func kindSet(g *eval.Game, kinds []engine.Kind) []bool {
	if len(kinds) == 0 {
		return nil
	}
	set := make([]bool, len(g.Pieces))
	for _, k := range kinds {
		if int(k) < len(set) {
			set[k] = true
		}
	}
	return set
}

// goalDistances counts, for every position, the links to the nearest position of c
// (its positions and p's part of its zones), by a search backwards along the board's
// links; it returns them with the largest.
func goalDistances(g *eval.Game, c *engine.Cond, p engine.Player) ([]int, int) {
	b := g.Board
	nl, nd := len(b.Locs), b.NDirs()
	dist := make([]int, nl)
	for i := range dist {
		dist[i] = -1
	}
	var queue []engine.Loc
	mark := func(l engine.Loc) {
		if l >= 0 && int(l) < nl && dist[l] < 0 {
			dist[l] = 0
			queue = append(queue, l)
		}
	}
	for _, l := range c.Locs {
		mark(l)
	}
	for _, z := range c.Zones {
		for l := 0; l < nl; l++ {
			if z >= 0 && z < len(b.Zones) && b.InZone(z, p, engine.Loc(l)) {
				mark(engine.Loc(l))
			}
		}
	}
	if len(queue) == 0 {
		return dist, 0
	}
	// Links backwards: into[l] lists the positions one step from which is l.
	into := make([][]engine.Loc, nl)
	for l := 0; l < nl; l++ {
		for d := 0; d < nd; d++ {
			if n := b.Next[l*nd+d]; n >= 0 && int(n) < nl && int(n) != l {
				into[n] = append(into[n], engine.Loc(l))
			}
		}
	}
	far := 0
	for i := 0; i < len(queue); i++ { // each position enters the queue once
		l := queue[i]
		for _, from := range into[l] {
			if dist[from] < 0 {
				dist[from] = dist[l] + 1
				far = max(far, dist[from])
				queue = append(queue, from)
			}
		}
	}
	return dist, far
}

// mobility is what a worker remembers of a position on its line: who chose there and
// among how many turns.
type mobility struct {
	mover engine.Player
	n     int
}

// record notes the turns of the position at ply.
func (w *worker) record(ply int, mover engine.Player, n int) {
	if w.terms == nil || !w.terms.Mobility || ply < 0 || ply > 4*maxLevel+64 {
		return
	}
	for len(w.mob) <= ply {
		w.mob = append(w.mob, mobility{})
	}
	w.mob[ply] = mobility{mover, n}
}

// evaluate scores st, the position at ply where next chooses among n turns (n < 0:
// not known), for w.me: material, plus the positional terms when the search has them.
func (w *worker) evaluate(st *engine.State, ply int, next engine.Player, n int) float64 {
	if w.terms == nil {
		return Evaluate(w.g, w.v, st, w.me)
	}
	v := Positional(w.g, w.v, w.terms, st, w.me)
	if n >= 0 && w.terms.Mobility && ply >= 1 && ply < len(w.mob) {
		if prev := w.mob[ply-1]; prev.mover != next {
			// Two players about: the turns of the mover here against those the other had
			// one turn before.
			diff := float64(n - prev.n)
			if next != w.me {
				diff = -diff
			}
			v += MobilityWeight * diff
		}
	}
	return v
}

// Positional scores s for p as Evaluate does, plus the square terms of t (squares.go)
// and its goal terms: for each goal
// of reach, GoalWeight times the steps its nearest piece has made from the farthest
// position; for each pieces-remaining goal, RemainingWeight/(1+count-N) while the count
// is above N. Goals of p count for p, the others' against it (the strongest other's
// with more than two players, as material).
func Positional(g *eval.Game, v *Values, t *Terms, s *engine.State, p engine.Player) float64 {
	base := Evaluate(g, v, s, p)
	if t.Squares != nil {
		base += t.Squares.score(g, v, s, p)
	}
	if len(t.Reach) == 0 && len(t.Remain) == 0 {
		return base
	}
	np := len(g.Players)
	var buf [16]float64
	per := buf[:min(np, len(buf))]
	var near [maxTermGoals]int
	var count [maxTermGoals]int
	for i := range t.Reach {
		near[i] = -1
	}
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		owner, k := c.Player(), c.Kind()
		for i := range t.Reach {
			r := &t.Reach[i]
			if r.Player == owner && (r.Kinds == nil || int(k) < len(r.Kinds) && r.Kinds[k]) {
				if d := r.Dist[l]; d >= 0 && (near[i] < 0 || d < near[i]) {
					near[i] = d
				}
			}
		}
		for i := range t.Remain {
			r := &t.Remain[i]
			if r.Player == owner && (r.Kinds == nil || int(k) < len(r.Kinds) && r.Kinds[k]) {
				count[i]++
			}
		}
	}
	for i := range t.Reach {
		r := &t.Reach[i]
		if near[i] >= 0 && int(r.Player) < len(per) {
			per[r.Player] += r.Sign * GoalWeight * float64(r.Far-near[i])
		}
	}
	for i := range t.Remain {
		r := &t.Remain[i]
		if left := count[i] - r.N; left > 0 && int(r.Player) < len(per) {
			per[r.Player] += r.Sign * RemainingWeight / float64(1+left)
		}
	}
	other, seen := 0.0, false
	for q := range per {
		if engine.Player(q) != p && !g.Players[q].Random && (!seen || per[q] > other) {
			other, seen = per[q], true
		}
	}
	if int(p) < len(per) {
		return base + per[p] - other
	}
	return base
}
