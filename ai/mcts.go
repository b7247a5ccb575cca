package ai

import (
	"math"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// MCTS is Monte Carlo tree search with the UCT rule and random playouts. A random
// player's turn is a chance node: a child is drawn uniformly on every visit instead of
// being chosen by UCT, so dice games are searched without assuming lucky throws.
type MCTS struct {
	Iterations int
	MaxPlayout int
	level      int
}

// NewMCTS returns a searcher for a level: 150 playouts per level.
func NewMCTS(level int) *MCTS { return &MCTS{Iterations: 150 * level, MaxPlayout: 200, level: level} }

// Name returns "mcts:L".
func (m *MCTS) Name() string { return "mcts:" + itoa(m.level) }

type node struct {
	state    *engine.State
	mover    engine.Player // who made the turn leading here
	turns    []eval.Turn
	children []*node
	visits   int
	wins     []float64 // per player: sum of results (1 win, 0.5 draw)
	over     bool
	result   eval.Result
	expanded bool
}

// Choose runs the playouts and returns the most visited turn.
func (m *MCTS) Choose(p *Position) int {
	if len(p.Turns) == 1 {
		return 0
	}
	g := p.Game
	np := len(g.Players)
	_, me := g.Side(p.State)
	root := &node{state: p.State, turns: p.Turns, expanded: true, wins: make([]float64, np)}
	root.children = make([]*node, len(p.Turns))
	for it := 0; it < m.Iterations; it++ {
		path := []*node{root}
		n := root
		// Selection and expansion.
		for !n.over && n.expanded && len(n.turns) > 0 {
			i := m.pick(g, n, p)
			if n.children[i] == nil {
				t := &n.turns[i]
				_, mover := g.Side(n.state)
				c := &node{state: t.After, mover: mover, wins: make([]float64, np)}
				res, turns, err := g.NewWorkspace().Outcome(t.After, mover, p.History[t.After.Hash]+1)
				if err != nil || res.Over {
					c.over, c.result = true, res
				} else {
					c.turns = turns
				}
				n.children[i] = c
				path = append(path, c)
				n = c
				break
			}
			n = n.children[i]
			path = append(path, n)
		}
		if !n.expanded && !n.over {
			n.expanded = true
			n.children = make([]*node, len(n.turns))
		}
		// Playout.
		res := n.result
		if !n.over {
			res = m.playout(g, n, p)
		}
		for _, v := range path {
			v.visits++
			score(v.wins, res, np)
		}
	}
	best, bestVisits := 0, -1
	for i, c := range root.children {
		if c != nil && (c.visits > bestVisits || c.visits == bestVisits && c.wins[me] > root.children[best].wins[me]) {
			best, bestVisits = i, c.visits
		}
	}
	return best
}

// pick chooses the child to follow: uniformly for a random player, else by UCT for the
// player who chooses at n.
func (m *MCTS) pick(g *eval.Game, n *node, p *Position) int {
	_, mover := g.Side(n.state)
	if g.Players[mover].Random {
		return p.Rand.IntN(len(n.turns))
	}
	for i, c := range n.children {
		if c == nil {
			return i
		}
	}
	best, bestV := 0, math.Inf(-1)
	lnN := math.Log(float64(n.visits + 1))
	for i, c := range n.children {
		v := c.wins[mover]/float64(c.visits) + 1.4*math.Sqrt(lnN/float64(c.visits))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// playout plays random turns from n to the end or to MaxPlayout plies; an unfinished
// playout is scored by material.
func (m *MCTS) playout(g *eval.Game, n *node, p *Position) eval.Result {
	s, turns := n.state, n.turns
	for ply := 0; ply < m.MaxPlayout; ply++ {
		_, mover := g.Side(s)
		var next *engine.State
		if len(turns) == 0 {
			next = s.Clone()
			g.Advance(next)
		} else {
			next = turns[p.Rand.IntN(len(turns))].After
		}
		res, nt, err := g.NewWorkspace().Outcome(next, mover, 1)
		if err != nil {
			return eval.Result{Over: true, Draw: true}
		}
		if res.Over {
			return res
		}
		s, turns = next, nt
	}
	// Unfinished: the materially stronger player counts as the winner.
	v := PieceValues(g)
	best, bestScore := engine.NoPlayer, math.Inf(-1)
	for q := range g.Players {
		if g.Players[q].Random {
			continue
		}
		if sc := Evaluate(g, v, s, engine.Player(q)); sc > bestScore {
			best, bestScore = engine.Player(q), sc
		}
	}
	if bestScore <= 0 {
		return eval.Result{Over: true, Draw: true}
	}
	return eval.Result{Over: true, Winners: []engine.Player{best}}
}

func score(w []float64, r eval.Result, np int) {
	if r.Draw || len(r.Winners) == 0 {
		for i := range w {
			w[i] += 0.5
		}
		return
	}
	for _, p := range r.Winners {
		w[p] += 1
	}
}
