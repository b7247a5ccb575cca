package ai

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// MCTS is Monte Carlo tree search with the UCT rule and random playouts. A random
// player's turn is a chance node: a child is drawn uniformly on every visit instead of
// being chosen by UCT, so dice games are searched without assuming lucky throws.
type MCTS struct {
	Iterations int
	MaxPlayout int
	// Yield, when set, is called before every iteration but the first: it may block (to
	// share the processors with other work), and its false answer stops the search,
	// which then chooses by the iterations made.
	Yield func() bool
	// Cap is the most CPU time of its thread a turn takes (LevelTime for a level; 0:
	// no cap): the search stops there and chooses by the playouts made. Where the
	// playouts are cheap enough, Iterations stops it first and it stays deterministic.
	Cap time.Duration
	// Time is a clock (wall-clock time, as Search.Time): the playouts go on until it
	// runs out (0: no clock, only Iterations).
	Time time.Duration
	// RAVE chooses whether the tree also keeps, per turn, the results of the playouts
	// in which its mover made the same turn later (all moves as first, rave.go): 0
	// where the rules only drop pieces (Go-like games, where a point is good whenever
	// it is played), 1 always, -1 never.
	RAVE int8
	// Board chooses whether playouts run on eval's GroupBoard where the rules are of its
	// form (groupplay.go): 0 yes, -1 never (through the match, to compare with).
	Board int8
	// Replies chooses whether the playouts on a group board try the last good replies
	// (reply.go) before their random drops: 1 yes, 0 no (they lost 6-14 in 20 games of
	// 9x9 Go against the playouts without them, README).
	Replies int8
	level   int
	// kept is the tree of the last search on a clock, for the next turn of the same game
	// (reuse.go); nil for a level's search, which stays as deterministic as before.
	kept *keptTree
}

// NewClockMCTS returns an MCTS that makes playouts for d on each turn.
func NewClockMCTS(d time.Duration) *MCTS {
	return &MCTS{Iterations: math.MaxInt, MaxPlayout: 200, Time: d, kept: &keptTree{}}
}

// NewMCTS returns a searcher for a level: 150 playouts per level, within the level's
// time (LevelTime).
func NewMCTS(level int) *MCTS {
	return &MCTS{Iterations: 150 * level, MaxPlayout: 200, Cap: levelCap(level), level: level}
}

// Name returns "mcts:L", or "mcts:DURATION" on a clock.
func (m *MCTS) Name() string {
	n := "mcts:" + itoa(m.level)
	if m.Time > 0 {
		n = "mcts:" + m.Time.String()
	}
	switch m.RAVE {
	case 1:
		n += ":rave=on"
	case -1:
		n += ":rave=off"
	}
	if m.Time > 0 && m.kept == nil {
		n += ":reuse=off"
	}
	if m.Board < 0 {
		n += ":board=off"
	}
	if m.Replies > 0 {
		n += ":replies=on"
	}
	return n
}

// node is a position of the tree: the turns of its parent's position lead to it.
type node struct {
	turns    int // the number of legal turns
	children []*node
	visits   int
	wins     []float64 // per player: sum of results (1 win, 0.5 draw)
	over     bool
	result   eval.Result
	hash     uint64 // the hash of its position, to find it again (reuse.go)
	expanded bool
	amaf     *amaf // with RAVE, at a node where a player chooses
	// locs are the node's turns where the tree is searched on a group board
	// (chooseOnBoard): the drop's position, NoLoc for the pass; nil elsewhere.
	locs []engine.Loc
}

// Choose runs the playouts and returns the most visited turn. The tree and the playouts
// are played on an explorer of the match, so they follow the real game's rules: passes,
// repetitions along the line and goals.
func (m *MCTS) Choose(mt *match.Match, r *rand.Rand) (_ int, err error) {
	// The cap counts from the start of the turn: the explorer's clone and the root's
	// turns are part of it.
	capAt, release := capped(m.Cap)
	defer release()
	if len(mt.Legal()) <= 1 {
		return 0, errOver(mt)
	}
	g := mt.Game()
	np := len(g.Players)
	me := mt.Mover()
	x := mt.Explore()
	x.SetLazy(true) // playouts list no turns they do not need (policy.go)
	pol := newPolicy(g)
	var gp *groupPlayout
	if m.Board >= 0 {
		gp = newGroupPlayout(g)
		if gp != nil && m.Replies > 0 {
			gp.rp = newReplies(len(g.Board.Locs))
		}
	}
	rave := m.RAVE > 0 || m.RAVE == 0 && dropsOnly(g)
	if gp != nil {
		if best, ok, err := m.chooseOnBoard(mt, x, gp, pol, rave, r, capAt); ok || err != nil {
			return best, err
		}
	}
	var seq []amafTurn // with RAVE, the turns of an iteration
	root, base := m.kept.take(mt, rave)
	if root == nil {
		root = &node{turns: len(mt.Legal()), wins: make([]float64, np), hash: mt.State().Hash}
	}
	if !root.expanded {
		root.expanded = true
		root.children = make([]*node, root.turns)
		if rave {
			root.amaf = newAMAF(g, x.Mover(), x.Legal())
			pol.prior(root.amaf, x.State(), x.Legal())
		}
	}
	it := 0
	defer func() {
		if err == nil { // a failed iteration may leave a node without a visit
			m.kept.put(mt, root, base+it)
		}
	}()
	var deadline time.Time
	if m.Time > 0 {
		deadline = time.Now().Add(m.Time)
	}
	for ; it < m.Iterations; it++ {
		if it > 0 && m.Time > 0 && time.Now().After(deadline) {
			break
		}
		if it > 0 && m.Yield != nil && !m.Yield() {
			break
		}
		if it > 0 && capAt > 0 && threadCPU() > capAt {
			break
		}
		path := []*node{root}
		n := root
		seq = seq[:0]
		// Selection and expansion.
		for !n.over && n.expanded && n.turns > 0 {
			i := m.pick(g, n, x.Mover(), r)
			if rave {
				// One turn per edge of the path, so that seq[j:] follow path[j].
				t := amafTurn{x.Mover(), 0}
				if n.amaf != nil {
					t.key = n.amaf.keys[i]
				}
				seq = append(seq, t)
			}
			if err := x.Play(i); err != nil {
				return 0, err
			}
			if err := x.List(); err != nil { // lazy: the next position's turns
				return 0, err
			}
			c := n.children[i]
			if c == nil {
				c = &node{turns: len(x.Legal()), over: x.Over(), result: x.Result(), wins: make([]float64, np), hash: x.State().Hash}
				n.children[i] = c
				path = append(path, c)
				n = c
				break
			}
			n = c
			path = append(path, n)
		}
		if !n.expanded && !n.over {
			n.expanded = true
			n.children = make([]*node, n.turns)
			if rave && !g.Players[x.Mover()].Random && !x.MustPass() {
				n.amaf = newAMAF(g, x.Mover(), x.Legal())
				pol.prior(n.amaf, x.State(), x.Legal())
			}
		}
		// Playout.
		res := n.result
		if !n.over {
			var err error
			var rec *[]amafTurn
			if rave {
				rec = &seq
			}
			ok := false
			if gp != nil {
				// To the end of the game: the board's turns are cheap.
				if res, ok, err = gp.playout(x, r, rec, max(m.MaxPlayout, 4*len(g.Board.Locs))); err != nil {
					return 0, err
				}
			}
			if !ok {
				if res, err = m.playout(g, x, r, rec, pol); err != nil {
					return 0, err
				}
			}
		}
		for range len(path) - 1 {
			x.Undo()
		}
		backUp(path, seq, res, np, base+it+1)
	}
	return mostVisited(root, me), nil
}

// backUp counts an iteration's result in the nodes of its path, and in their AMAF
// statistics the turns played from each on (seq, with RAVE), at iteration it.
func backUp(path []*node, seq []amafTurn, res eval.Result, np, it int) {
	for j, v := range path {
		v.visits++
		score(v.wins, res, np)
		if v.amaf != nil && j < len(seq) {
			v.amaf.update(seq[j:], res, it)
		}
	}
}

// mostVisited returns the child of root visited most, the one with more wins for me
// among those visited as often.
func mostVisited(root *node, me engine.Player) int {
	best, bestVisits := 0, -1
	for i, c := range root.children {
		if c != nil && (c.visits > bestVisits || c.visits == bestVisits && c.wins[me] > root.children[best].wins[me]) {
			best, bestVisits = i, c.visits
		}
	}
	return best
}

// pick chooses the child to follow: uniformly for a random player, else by UCT for
// mover, the player who chooses at n.
func (m *MCTS) pick(g *eval.Game, n *node, mover engine.Player, r *rand.Rand) int {
	if g.Players[mover].Random {
		return r.IntN(n.turns)
	}
	if n.amaf != nil {
		return n.amaf.pick(n, mover)
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

// playout plays turns drawn by the policy pol (policy.go) on the explorer x to the end
// or to MaxPlayout turns, and takes them back; an unfinished playout is scored by
// material. With rec, each turn a player chooses is added to it.
func (m *MCTS) playout(g *eval.Game, x *match.Match, r *rand.Rand, rec *[]amafTurn, pol *policy) (eval.Result, error) {
	played := 0
	defer func() {
		for ; played > 0; played-- {
			x.Undo()
		}
	}()
	n := len(g.Board.Locs)
	for ply := 0; ply < m.MaxPlayout; ply++ {
		if x.Decided() {
			return x.Result(), nil
		}
		mover := x.Mover()
		ok, err := pol.playCandidate(x, r)
		if err != nil {
			return eval.Result{}, err
		}
		if !ok {
			if err := x.List(); err != nil {
				return eval.Result{}, err
			}
			if x.Over() {
				return x.Result(), nil
			}
			forced := x.MustPass()
			if err := x.Play(pol.pick(x, r)); err != nil {
				return eval.Result{}, err
			}
			ok = !forced
		}
		played++
		if ok && rec != nil {
			h := x.History()
			*rec = append(*rec, amafTurn{mover, turnKey(&h[len(h)-1].Turn, n)})
		}
	}
	if x.Over() {
		return x.Result(), nil
	}
	return materialResult(g, x.State()), nil
}

// materialResult scores an unfinished playout in s: the materially stronger player
// counts as the winner.
func materialResult(g *eval.Game, s *engine.State) eval.Result {
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
