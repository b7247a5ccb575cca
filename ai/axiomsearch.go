package ai

// This file holds Axiom's built-in search engines as zoggo plays them, for the players of
// Axiom games that name no engine of their own ($NegamaxMove, the default) or name {UCT}
// ($UCTMove).
//
// $NegamaxMove is iterative-deepening negamax with alpha-beta over the game's OnEvaluate,
// which scores a position for the player to move there (the Forth's current-player).
// Like any negamax it negates the value at every turn, whoever moves next: a game whose
// turn order holds a random player (Ur's ?Dice throws the dice between two players'
// moves) is searched as if that player chose too, and its positions are scored by
// OnEvaluate with it as the current player. That is how Axiom played them: in the save
// of Ur's simple-evaluation player (glukkazan-zog/Axiom/Ur/simple.zsg) White's moves
// are those of a search whose leaf is the dice's turn, which Ur's OnEvaluate scores for
// White, negated: White keeps the lower of its scores, Black the higher of its own. A
// search of two turns, whose leaf is the dice's second turn, keeps White's higher score
// and chose 38 of the save's 217 engine moves as recorded, against 116 for one turn or
// three (the dice's throws do not change Ur's score); negating only where the side
// changes chose the same as negating at every turn there. TestNegamaxUrSave measures
// the search against the save.
//
// The DLL's code for the engine was not read, so its depth, clock and "variety" are not
// known: zoggo searches AxiomDepth turns, within AxiomNodes positions a move, and draws
// among the root turns of equal value with the bot's random generator, as the save's
// choices among equal moves vary.
//
// $UCTMove is Monte Carlo tree search with the UCT rule and random playouts: zoggo's own
// MCTS at level AxiomUCTLevel. No game of the corpus uses it.

import (
	"math/rand/v2"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

const (
	// AxiomDepth is the depth, in turns, of the built-in negamax.
	AxiomDepth = 3
	// AxiomNodes is the built-in negamax's budget of positions a move: a deeper turn
	// that would need more is not searched, the last depth finished chooses.
	AxiomNodes = 20000
	// AxiomUCTLevel is the level of the MCTS that plays for $UCTMove.
	AxiomUCTLevel = 2
)

// axiomWin is the value of a won position, less the turns it takes to reach it.
const axiomWin = int64(1) << 40

// builtin returns the text of the turn that the built-in engine name ($NegamaxMove or
// $UCTMove) chooses in s, the position of fg that the turns of m lead to.
func (a *Axiom) builtin(name string, m *match.Match, fg *eval.Game, s *engine.State, r *rand.Rand) (string, error) {
	sm := m
	if fg != m.Game() {
		var err error
		if sm, err = match.New(fg, s); err != nil {
			return "", err
		}
	}
	legal := sm.Legal()
	if len(legal) == 1 {
		return turnText(&legal[0]), nil
	}
	var k int
	var err error
	switch name {
	case "$UCTMove":
		mc := NewMCTS(AxiomUCTLevel)
		mc.Yield = a.Yield
		k, err = mc.Choose(sm, r)
	default:
		depth, nodes := a.Depth, a.MaxNodes
		if depth <= 0 {
			depth = AxiomDepth
		}
		if nodes <= 0 {
			nodes = AxiomNodes
		}
		k, err = negamaxChoose(sm, depth, nodes, a.Yield, r)
	}
	if err != nil {
		return "", err
	}
	return turnText(&legal[k]), nil
}

// negamax is one search of the built-in engine on an explorer of the match.
type negamax struct {
	g     *eval.Game
	x     *match.Match
	nodes int
	max   int // the node budget
	yield func() bool
	stop  bool
}

// negamaxChoose returns the index in m.Legal() of a best turn of negamaxBest, drawn by r
// among the turns of equal value.
func negamaxChoose(m *match.Match, depth, budget int, yield func() bool, r *rand.Rand) (int, error) {
	ties, err := negamaxBest(m, depth, budget, yield)
	if err != nil {
		return 0, err
	}
	return ties[r.IntN(len(ties))], nil
}

// negamaxBest searches m's position one turn deeper at a time up to depth turns, or
// until the budget of positions runs out, and returns the indices in m.Legal() of the
// best turns of the last depth finished, all of equal value. Every 64 positions it asks
// yield, when set, whether to go on.
func negamaxBest(m *match.Match, depth, budget int, yield func() bool) ([]int, error) {
	n := &negamax{g: m.Game(), x: m.Explore(), max: budget, yield: yield}
	legal := m.Legal()
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	var ties []int
	vals := make([]int64, len(legal))
	for d := 1; d <= depth; d++ {
		best := -2 * axiomWin
		for _, i := range order {
			if err := n.x.Play(i); err != nil {
				return nil, err
			}
			// The window starts one below the best so far, so that a turn as good as
			// the best is known exactly.
			v, err := n.value(d-1, -2*axiomWin, -(best - 1))
			n.x.Undo()
			if err != nil {
				return nil, err
			}
			vals[i] = -v
			best = max(best, -v)
			if n.stop && d > 1 {
				break
			}
		}
		if n.stop && d > 1 {
			break // the depth before chose
		}
		ties = ties[:0]
		for _, i := range order {
			if vals[i] == best {
				ties = append(ties, i)
			}
		}
		// The first best turn is searched first at the next depth.
		for k, i := range order {
			if i == ties[0] {
				copy(order[1:k+1], order[:k])
				order[0] = i
				break
			}
		}
		if n.stop {
			break
		}
	}
	return ties, nil
}

// value returns the value of the explorer's position for its player to move, searched
// depth turns further, within the window alpha, beta. Once the budget is spent it
// scores every position it meets by OnEvaluate.
func (n *negamax) value(depth int, alpha, beta int64) (int64, error) {
	n.nodes++
	if n.nodes >= n.max || n.nodes%64 == 0 && n.yield != nil && !n.yield() {
		n.stop = true
	}
	x := n.x
	me := x.Mover()
	if x.Over() {
		res := x.Result()
		for _, p := range res.Winners {
			if p == me {
				return axiomWin - int64(len(x.History())), nil
			}
		}
		for _, p := range res.Losers {
			if p == me {
				return -axiomWin + int64(len(x.History())), nil
			}
		}
		return 0, nil
	}
	if depth <= 0 || n.stop {
		v, err := n.g.ForthEvaluate(x.State(), me)
		return int64(v), err
	}
	best := -2 * axiomWin
	for i := range x.Legal() {
		if err := x.Play(i); err != nil {
			return 0, err
		}
		v, err := n.value(depth-1, -beta, -alpha)
		x.Undo()
		if err != nil {
			return 0, err
		}
		best = max(best, -v)
		alpha = max(alpha, -v)
		if alpha >= beta {
			break
		}
	}
	return best, nil
}
