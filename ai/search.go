package ai

import (
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Search is an alpha-beta searcher with iterative deepening, a transposition table keyed
// by the Zobrist hash, move ordering (the table's move, then captures by material gain)
// and a quiescence search over captures. With more than two players it is paranoid: the
// others play against the searching player. Random players' turns are averaged. It
// stops at its depth or its node budget, never on the clock, so it is deterministic.
//
// It plays the tree on an explorer of the match: passes, repetitions along the line
// searched and the goals are those of the real game.
type Search struct {
	Depth    int
	MaxNodes int // budget: nodes plus the turns generated at them
	// Time is a clock: the search deepens until it runs out, then keeps the best turn of
	// the last depth it finished (0: no clock, only Depth and MaxNodes). A game played on
	// a clock depends on the machine's speed, not only on its seed.
	Time time.Duration

	g      *eval.Game
	v      *Values
	x      *match.Match // the explorer
	me     engine.Player
	nodes  int
	tt     map[uint64]ttEntry
	stop   bool
	err    error // the first error met; it stops the search
	qdepth int

	deadline time.Time
	ticks    int
}

type ttEntry struct {
	depth int
	score float64
	flag  int8 // 0 exact, 1 lower bound, 2 upper bound
	best  int
}

const mate = 1e6

// NewSearch returns a searcher for a level: depth = level, with a budget of generated
// turns growing with the level (so that a level costs about the same in a game with 30
// moves a position as in one with 600).
func NewSearch(level int) *Search {
	return &Search{Depth: level, MaxNodes: 40000 * level * level}
}

// NewClockSearch returns a searcher that thinks for d on each turn, as deep as it gets.
func NewClockSearch(d time.Duration) *Search {
	return &Search{Depth: maxLevel, MaxNodes: math.MaxInt, Time: d}
}

// maxLevel is the deepest a search goes.
const maxLevel = 12

// Name returns "search:L", or "search:DURATION" for a search on a clock.
func (s *Search) Name() string {
	if s.Time > 0 {
		return "search:" + s.Time.String()
	}
	return "search:" + itoa(s.Depth)
}

// Choose searches the position and returns the best turn found.
func (s *Search) Choose(m *match.Match, r *rand.Rand) (int, error) {
	turns := m.Legal()
	if len(turns) <= 1 {
		return 0, errOver(m)
	}
	s.g, s.v = m.Game(), PieceValues(m.Game())
	s.x = m.Explore()
	s.me = m.Mover()
	s.tt = map[uint64]ttEntry{}
	s.nodes, s.stop, s.err, s.qdepth = 0, false, nil, 4
	if s.Time > 0 {
		s.deadline, s.ticks = time.Now().Add(s.Time), 0
	}
	defer func() { s.x = nil }()
	order := s.order(m.State(), turns, s.me, -1)
	// Shuffle, then order by gain again (stably): among equally good moves the first
	// found is kept, and that one depends on the seed.
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	gains := make([]float64, len(turns))
	for i := range turns {
		gains[i] = Gain(s.g, s.v, m.State(), &turns[i], s.me)
	}
	sort.SliceStable(order, func(a, b int) bool { return gains[order[a]] > gains[order[b]] })
	best := order[0]
	for d := 1; d <= s.Depth && !s.stop; d++ {
		bestScore := math.Inf(-1)
		cur := best
		alpha := math.Inf(-1)
		// Search the previous best first.
		first := []int{best}
		for _, i := range order {
			if i != best {
				first = append(first, i)
			}
		}
		for _, i := range first {
			v := s.child(i, d-1, alpha, math.Inf(1), 1)
			if s.err != nil {
				return 0, s.err
			}
			if s.stop && d > 1 {
				break
			}
			// Only a strictly better value counts: a child cut off by alpha returns a bound
			// equal to alpha, not its value. Equal moves vary between games through the
			// shuffled order instead.
			if v > bestScore {
				bestScore, cur = v, i
			}
			alpha = max(alpha, bestScore)
		}
		if !s.stop || d == 1 {
			best = cur
		}
	}
	return best, nil
}

// child plays turn i of the explorer, scores the position it reaches and takes the turn
// back.
func (s *Search) child(i, depth int, alpha, beta float64, ply int) float64 {
	if s.err != nil {
		return 0
	}
	if err := s.x.Play(i); err != nil {
		s.err, s.stop = err, true
		return 0
	}
	v := s.value(depth, alpha, beta, ply)
	s.x.Undo()
	return v
}

// value scores the explorer's position, reached by a turn, from s.me's point of view.
func (s *Search) value(depth int, alpha, beta float64, ply int) float64 {
	x := s.x
	s.nodes++
	if s.nodes > s.MaxNodes {
		s.stop = true
	}
	if s.Time > 0 {
		if s.ticks++; s.ticks&63 == 0 && time.Now().After(s.deadline) {
			s.stop = true
		}
	}
	if x.Over() {
		return s.terminal(x.Result(), ply)
	}
	turns := x.Legal()
	if !x.MustPass() {
		s.nodes += len(turns)
	}
	next := x.Mover()
	if depth <= 0 || s.stop {
		return s.quiesce(turns, next, alpha, beta, ply, s.qdepth)
	}
	if s.g.Players[next].Random {
		sum := 0.0
		for i := range turns {
			sum += s.child(i, depth-1, math.Inf(-1), math.Inf(1), ply+1)
		}
		return sum / float64(len(turns))
	}
	key := x.State().Hash
	e, hit := s.tt[key]
	if hit && e.depth >= depth {
		switch {
		case e.flag == 0:
			return e.score
		case e.flag == 1 && e.score >= beta:
			return e.score
		case e.flag == 2 && e.score <= alpha:
			return e.score
		}
	}
	ttBest := -1
	if hit {
		ttBest = e.best
	}
	maximizing := next == s.me
	a0, b0 := alpha, beta
	bestI := -1
	var best float64
	if maximizing {
		best = math.Inf(-1)
	} else {
		best = math.Inf(1)
	}
	for _, i := range s.order(x.State(), turns, next, ttBest) {
		v := s.child(i, depth-1, alpha, beta, ply+1)
		if maximizing {
			if v > best {
				best, bestI = v, i
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestI = v, i
			}
			beta = min(beta, v)
		}
		if alpha >= beta || s.stop {
			break
		}
	}
	flag := int8(0)
	if best <= a0 {
		flag = 2
	} else if best >= b0 {
		flag = 1
	}
	if !s.stop {
		s.tt[key] = ttEntry{depth: depth, score: best, flag: flag, best: bestI}
	}
	return best
}

// quiesce extends the search along turns that win material, so that the evaluation is
// not taken in the middle of an exchange. turns are the legal turns of the explorer's
// position, where next chooses.
func (s *Search) quiesce(turns []eval.Turn, next engine.Player, alpha, beta float64, ply, left int) float64 {
	x := s.x
	st := x.State()
	stand := Evaluate(s.g, s.v, st, s.me)
	if left <= 0 || s.stop {
		return stand
	}
	maximizing := next == s.me
	if maximizing {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
	} else {
		if stand <= alpha {
			return stand
		}
		beta = min(beta, stand)
	}
	best := stand
	for i := range turns {
		if Gain(s.g, s.v, st, &turns[i], next) <= 0 {
			continue // not a capture
		}
		s.nodes++
		if err := x.Play(i); err != nil {
			s.err, s.stop = err, true
			return 0
		}
		var v float64
		switch {
		case x.Over():
			v = s.terminal(x.Result(), ply+1)
		case x.MustPass():
			v = Evaluate(s.g, s.v, x.State(), s.me)
		default:
			v = s.quiesce(x.Legal(), x.Mover(), alpha, beta, ply+1, left-1)
		}
		x.Undo()
		if s.err != nil {
			return 0
		}
		if maximizing {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

func (s *Search) terminal(res eval.Result, ply int) float64 {
	switch {
	case res.Draw:
		return 0
	case contains(res.Winners, s.me):
		return mate - float64(ply)
	case contains(res.Losers, s.me):
		return -mate + float64(ply)
	}
	return 0
}

// order sorts turn indices: the table's move, then by material gained for the mover.
func (s *Search) order(before *engine.State, turns []eval.Turn, mover engine.Player, first int) []int {
	idx := make([]int, len(turns))
	gain := make([]float64, len(turns))
	for i := range turns {
		idx[i] = i
		gain[i] = Gain(s.g, s.v, before, &turns[i], mover)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if idx[a] == first {
			return true
		}
		if idx[b] == first {
			return false
		}
		return gain[idx[a]] > gain[idx[b]]
	})
	return idx
}

func contains(ps []engine.Player, p engine.Player) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
