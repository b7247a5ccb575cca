package ai

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync/atomic"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Search is an alpha-beta searcher with iterative deepening, a transposition table keyed
// by the Zobrist hash, move ordering (the table's move, then captures by material gain)
// and a quiescence search over captures. With more than two players it is paranoid: the
// others play against the searching player. Random players' turns are averaged. With one
// thread it stops at its depth or its node budget, or on its clock when it has one; on
// depth and budget alone it is deterministic.
//
// With Threads above one it is a lazy SMP search (smp.go): helper goroutines search the
// same root on explorers of their own, in other orders and one depth ahead, sharing the
// transposition table, so that the main thread finds more of its tree already searched.
// That search depends on how the threads are scheduled, not only on the seed.
//
// It plays the tree on an explorer of the match: passes, repetitions along the line
// searched and the goals are those of the real game.
type Search struct {
	Depth    int
	MaxNodes int // budget: nodes plus the turns generated at them, per thread
	// Time is a clock: the search deepens until it runs out, then keeps the best turn of
	// the last depth it finished (0: no clock, only Depth and MaxNodes). A game played on
	// a clock depends on the machine's speed, not only on its seed.
	Time time.Duration
	// Threads is the number of goroutines searching (0 and 1: one, deterministic).
	Threads int
	// Terms adds the positional terms of terms.go (mobility, goal proximity) to
	// material where the rules make them cheap; false scores material only.
	Terms bool
	// Cap is the most CPU time of its thread a single-threaded search takes on a
	// turn (LevelTime for a level's search; 0: no cap): it stops there as on a clock,
	// keeping the best turn of the last depth finished. Unlike Time it counts only the
	// search's own work, not the time other programs hold the processor, and a search
	// that its depth or budget stops first is as deterministic as without it.
	Cap time.Duration
	// GainOrder orders the turns by the table's move and material gained alone,
	// without killers and history (ordering.go): the ordering before them, kept to
	// compare the two (search:...:order=gain).
	GainOrder bool
	// NoPrune searches every turn to the full depth, without null moves, late-move
	// reductions or check extensions (prune.go): the search before them, kept to
	// compare the two (search:...:prune=off).
	NoPrune bool
	// Yield, when set, is called by every thread of the search every 64 nodes, from
	// several goroutines at once: it may block (to share the processors with other
	// work), and its false answer stops the search as the clock would. The turn chosen
	// then is the best one found so far.
	Yield func() bool

	lastNodes, lastDepth int     // of the last Choose, for Last
	lastScore            float64 // the score of the turn chosen at lastDepth (tests)
	lastUnlisted         int     // positions never listed (tests)

	// eager lists the turns of every position the search reaches as it reaches it,
	// before reading the table: the search before the lazy explorer, kept for a test
	// that compares the two.
	eager bool

	// kept is the transposition table of the last turn searched, taken by the next
	// (nil while a search has it: a search of the same Search at once, in another game,
	// starts a table of its own).
	kept *keptTable
}

// keptTable holds the table a Search keeps between turns. A Search made without one (a
// literal) keeps none; a copy of a Search shares its parent's, as a copy made for one
// turn should, and a copy for other games gets its own (clone).
type keptTable struct{ p atomic.Pointer[table] }

func (k *keptTable) Swap(t *table) *table {
	if k == nil {
		return nil
	}
	return k.p.Swap(t)
}

func (k *keptTable) Store(t *table) {
	if k != nil {
		k.p.Store(t)
	}
}

func (k *keptTable) Load() *table {
	if k == nil {
		return nil
	}
	return k.p.Load()
}

// capped starts the CPU cap of a turn's search: it locks the calling goroutine to its
// thread and returns the thread's CPU time at which to stop and the function that
// unlocks it; a zero time and nothing to undo without a cap.
func capped(limit time.Duration) (time.Duration, func()) {
	if limit <= 0 {
		return 0, func() {}
	}
	runtime.LockOSThread()
	return threadCPU() + limit, runtime.UnlockOSThread
}

// TakeTable gives s the transposition table that from kept after its last turn (none
// while from is searching), for a search that goes on with the same game under other
// settings (an engine protocol makes a search per move), before s searches. from may be
// nil.
func (s *Search) TakeTable(from *Search) {
	if from != nil && from != s {
		if t := from.kept.Swap(nil); t != nil {
			if s.kept == nil {
				s.kept = &keptTable{}
			}
			s.kept.Store(t)
		}
	}
}

// Last returns what the last Choose searched: its nodes (every thread's) and the deepest
// depth a thread finished.
func (s *Search) Last() (nodes, depth int) { return s.lastNodes, s.lastDepth }

// worker is one thread of a search: its explorer, counters and stop flag. The
// transposition table and the halt flag are shared between the workers of a search.
type worker struct {
	s      *Search
	g      *eval.Game
	v      *Values
	terms  *Terms       // nil: material only
	x      *match.Match // the explorer
	me     engine.Player
	nodes  int
	tt     *table
	stop   bool
	err    error // the first error met; it stops the search
	qdepth int
	mob    []mobility // per ply: who chose there and among how many turns
	ranked bool       // the root turns are in the order of rank

	deadline time.Time
	capAt    time.Duration // the thread's CPU time at which to stop (0: none)
	capWall  time.Time     // capAt's wall-clock time, before which it cannot be reached
	capHit   bool          // the search reached capAt
	checked  int           // nodes at the last look at the clocks
	ticks    int
	halt     *atomic.Bool // set when the search is over (nil with one thread)
	salt     int          // 0 for main; a helper's rotation of equal turns

	killers killers // per ply (ordering.go)
	history []int32 // by turn key, nil until a cutoff (ordering.go)
	noQuiet bool    // order by gain alone, as before killers and history (for A/B)

	rules  *Rules // what the rules allow to prune (prune.go)
	nullAt int    // the ply of the position a null move reached (0: none on the line)
	root   int    // the depth of the iteration under way

	// shallow allows the pruning near the leaves (prune.go), by margins in units of
	// unit, the cheapest piece's value, and delta in quiescence.
	shallow     bool
	unit, delta float64

	score     float64 // the root's best score at the last depth deepen finished
	unlisted  int     // positions the table decided before their turns were listed
	standCuts int     // positions cut off by standBound before their turns were listed
}

type ttEntry struct {
	depth int
	score float64
	flag  int8 // 0 exact, 1 lower bound, 2 upper bound
	best  int
}

// decides reports whether the stored score settles a search in the window alpha, beta:
// it is exact, or a bound beyond the window.
func (e ttEntry) decides(alpha, beta float64) bool {
	return e.flag == 0 || e.flag == 1 && e.score >= beta || e.flag == 2 && e.score <= alpha
}

const mate = 1e6

// toTable and fromTable convert a score between the search's scale, where a mate counts
// the plies from the root, and the table's, where it counts them from the position
// stored: a table kept from one turn to the next, or reaching a position along another
// line, then gives the mate its right distance.
func toTable(v float64, ply int) float64 {
	switch {
	case v > mate/2:
		return v + float64(ply)
	case v < -mate/2:
		return v - float64(ply)
	}
	return v
}

func fromTable(v float64, ply int) float64 {
	switch {
	case v > mate/2:
		return v - float64(ply)
	case v < -mate/2:
		return v + float64(ply)
	}
	return v
}

// NewSearch returns a searcher for a level: depth = level, with a budget of generated
// turns growing with the level (so that a level costs about the same in a game with 30
// moves a position as in one with 600), and at most the level's time (LevelTime) of
// CPU.
func NewSearch(level int) *Search {
	return &Search{Depth: level, MaxNodes: 40000 * level * level, Cap: levelCap(level), kept: &keptTable{}}
}

// LevelTime is the time a level states: its bots (search and MCTS) think for at most
// that long a turn, in CPU time of their thread: 20 ms at level 1, growing with the
// square of the level (80 ms at 2, 720 ms at 6, 2.88 s at 12). Where the level's depth
// and budget take less, they stop it first.
func LevelTime(level int) time.Duration {
	return 20 * time.Millisecond * time.Duration(level*level)
}

// levelCap is the cap of a level's bots, on the CPU time of their own thread: three
// quarters of its time less 5 ms, and at least half of it. The rest is for work the
// thread's clock does not see: Go's collector marks on other threads beside the search
// (a quarter of the processors while it runs), and one collection that falls in a turn
// costs that turn 5 to 9 ms of the process's CPU whatever the level (it marks the whole
// heap: Epaminondas's turns at level 1 took 15.5 ms with none, 20 to 23 ms with one);
// and for the match playing the turn chosen (1 ms in Gess).
func levelCap(level int) time.Duration {
	t := LevelTime(level)
	return max(t*3/4-5*time.Millisecond, t/2)
}

// NewClockSearch returns a searcher that thinks for d on each turn, as deep as it gets.
func NewClockSearch(d time.Duration) *Search {
	return &Search{Depth: maxLevel, MaxNodes: math.MaxInt, Time: d, kept: &keptTable{}}
}

// maxLevel is the deepest a search goes.
const maxLevel = 12

// MaxThreads bounds Search.Threads.
const MaxThreads = 64

// Name returns "search:L", or "search:DURATION" for a search on a clock, followed by
// ":threads=N" with more than one thread and ":eval=full" with the positional terms.
func (s *Search) Name() string {
	n := "search:" + itoa(s.Depth)
	if s.Time > 0 {
		n = "search:" + s.Time.String()
	}
	if s.Threads > 1 {
		n += ":threads=" + itoa(s.Threads)
	}
	if s.Terms {
		n += ":eval=full"
	}
	if s.GainOrder {
		n += ":order=gain"
	}
	if s.NoPrune {
		n += ":prune=off"
	}
	return n
}

// Choose searches the position and returns the best turn found.
func (s *Search) Choose(m *match.Match, r *rand.Rand) (int, error) {
	// The cap is the CPU time of this goroutine's thread (one thread only), counted
	// from the start of the turn: listing the root's turns, cloning the explorer and
	// ordering the root take a few milliseconds in Gess, as much as the search itself.
	var capAt time.Duration
	var capWall time.Time
	if s.Threads <= 1 {
		var release func()
		capAt, release = capped(s.Cap)
		capWall = time.Now().Add(s.Cap)
		defer release()
	}
	turns := m.Legal()
	if len(turns) <= 1 {
		return 0, errOver(m)
	}
	tt := s.kept.Swap(nil)
	if tt == nil || tt.game != m.Game() || tt.me != m.Mover() {
		tt = newTable(s.tableSize(), m.Game(), m.Mover())
	} else {
		tt.age++
	}
	defer s.kept.Store(tt)
	w := s.newWorker(m, tt)
	w.capAt, w.capWall = capAt, capWall
	order := w.order(m.State(), turns, w.me, -1)
	// Shuffle, then order by gain again (stably): among equally good moves the first
	// found is kept, and that one depends on the seed.
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	gains := make([]float64, len(turns))
	for i := range turns {
		gains[i] = Gain(w.g, w.v, m.State(), &turns[i], w.me)
	}
	sort.SliceStable(order, func(a, b int) bool { return gains[order[a]] > gains[order[b]] })
	if s.Threads > 1 {
		return s.smp(m, w, order, gains)
	}
	if s.Time > 0 {
		if err := rank([]*worker{w}, order); err != nil {
			return 0, err
		}
	}
	best, done := w.deepen(order, 1)
	s.lastNodes, s.lastDepth, s.lastScore, s.lastUnlisted = w.nodes, done, w.score, w.unlisted
	return best, w.err
}

// newWorker returns a worker searching m with the table tt.
func (s *Search) newWorker(m *match.Match, tt *table) *worker {
	w := &worker{s: s, g: m.Game(), v: PieceValues(m.Game()), x: m.Explore(), me: m.Mover(), tt: tt, qdepth: 4, noQuiet: s.GainOrder, rules: GameRules(m.Game())}
	if s.Terms {
		w.terms = GameTerms(w.g)
		if w.terms.Squares != nil {
			w.v = w.terms.Squares.Values
		}
	}
	if s.Time > 0 {
		w.deadline = time.Now().Add(s.Time)
	}
	if !s.eager {
		w.x.SetLazy(true)
	}
	w.mob = append(w.mob[:0], mobility{m.Mover(), len(m.Legal())})
	w.shallow, w.unit = w.shallowRules()
	w.delta = deltaMargin * w.unit
	return w
}

// deepen searches the root turns in order, one depth after the other from depth from
// to the search's depth, and returns the best turn of the deepest depth it finished (or
// of depth 1 when it finished none) with that depth (0 for none).
func (w *worker) deepen(order []int, from int) (int, int) {
	best, done := order[0], 0
	for d := from; d <= w.s.Depth && !w.stop; d++ {
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
		w.root = d
		for n, i := range first {
			var v float64
			better := false // i is known to do better than the best so far
			if n > 0 && d > 1 && !w.s.NoPrune && !math.IsInf(alpha, 0) {
				// The turns after the best of the last depth are tested against it with
				// a null window, and searched again in full when they do better.
				if v = w.child(i, d-1, alpha, above(alpha), 1); v > alpha && !w.stop {
					bound := v
					if v = w.child(i, d-1, alpha, math.Inf(1), 1); w.stop && w.err == nil {
						// Stopped in the search again, the turn is still known to do
						// better than the best so far, by the null window's bound.
						v, better = bound, true
					}
				}
			} else {
				v = w.child(i, d-1, alpha, math.Inf(1), 1)
			}
			if w.err != nil {
				return 0, 0
			}
			if w.stop && !better && (d > 1 || w.salt > 0 || w.ranked || w.capHit) {
				// Without a clock main goes on at depth 1, scoring the turns left
				// without looking further, so as to have a turn; on a clock it keeps
				// the best of the turns it searched, the root being ranked (rank), and
				// at its level's time the best of those it searched, the root being
				// in the order of the material they gain (scoring the others would
				// play each, and in Pentago that alone takes 0.3 s). A helper's turn
				// is not needed.
				break
			}
			// Only a strictly better value counts: a child cut off by alpha returns a bound
			// equal to alpha, not its value. Equal moves vary between games through the
			// shuffled order instead.
			if v > bestScore {
				bestScore, cur = v, i
			}
			alpha = max(alpha, bestScore)
			if better {
				break
			}
		}
		// A depth stopped before its end still gives its best turn when that is not
		// the best of the last depth: the last best was searched first, to the end,
		// and the new one did better than it at this depth.
		if !w.stop || d == 1 || cur != best {
			best = cur
		}
		if !w.stop || d == 1 {
			w.score = bestScore
		}
		if !w.stop {
			done = d
		}
	}
	return best, done
}

// child plays turn i of the explorer, scores the position it reaches and takes the turn
// back.
func (w *worker) child(i, depth int, alpha, beta float64, ply int) float64 {
	if w.err != nil {
		return 0
	}
	if err := w.x.Play(i); err != nil {
		w.err, w.stop = err, true
		return 0
	}
	v := w.value(depth, alpha, beta, ply)
	w.x.Undo()
	return v
}

// value scores the explorer's position, reached by a turn, from w.me's point of view.
func (w *worker) value(depth int, alpha, beta float64, ply int) float64 {
	x := w.x
	w.nodes++
	if w.nodes > w.s.MaxNodes {
		w.stop = true
	}
	w.tick()
	// The explorer is lazy (newWorker): the goals that need no legal turn are checked
	// after each turn, and the turns are listed only here, after the table is read,
	// so that a position the table decides is never listed. (A position with no legal
	// turn, which the listing may end, is never stored: its score is returned first.)
	if x.Decided() {
		return w.terminal(x.Result(), ply)
	}
	next := x.Mover()
	// A side in check is searched a turn deeper (up to twice the iteration's depth
	// from the root), and never from quiescence, which would let it stand in check.
	checkKnown := !w.s.NoPrune && !w.stop && ply < 2*w.root
	check := checkKnown && w.inCheck(x.State(), next)
	if check {
		depth++
	}
	key := x.State().Hash
	var e ttEntry
	hit := false
	if depth > 0 && !w.stop && !w.g.Players[next].Random {
		if e, hit = w.tt.get(key); hit {
			e.score = fromTable(e.score, ply)
		}
		if hit && e.depth >= depth && e.decides(alpha, beta) {
			if x.Pending() {
				w.unlisted++
			}
			return e.score
		}
	}
	maximizing := next == w.me
	if depth <= shallowDepth && !w.stop && w.shallow && !(ply == 1 && w.halt != nil) &&
		!w.g.Players[next].Random && !check && (checkKnown || !w.inCheck(x.State(), next)) {
		// Not in check, the side to move cannot be mated here, and the score of the
		// position is bounded before its turns are listed (unlisted): a leaf whose
		// bound is already past the window, or a node within the margins' depth
		// past it by its margin, is cut off as quiescence or the margins would.
		if b, ok := w.standBound(x.State(), ply, next); ok {
			m := 0.0
			if depth > 0 {
				m = w.unit * float64(depth)
			}
			switch {
			case maximizing && beta < mate/2 && b-m >= beta:
				w.standCuts++
				return b - m
			case !maximizing && alpha > -mate/2 && b+m <= alpha:
				w.standCuts++
				return b + m
			}
		}
	}
	if !w.list() {
		return 0
	}
	if x.Over() {
		return w.terminal(x.Result(), ply)
	}
	turns := x.Legal()
	if !x.MustPass() {
		w.nodes += len(turns)
	}
	w.record(ply, next, len(turns))
	if depth <= 0 || w.stop {
		if ply == 1 && w.halt != nil {
			return w.sharedLeaf(turns, next, alpha, beta)
		}
		return w.quiesce(turns, next, alpha, beta, ply, w.qdepth)
	}
	if w.g.Players[next].Random {
		sum := 0.0
		for i := range turns {
			sum += w.child(i, depth-1, math.Inf(-1), math.Inf(1), ply+1)
		}
		return sum / float64(len(turns))
	}
	ttBest := -1
	if hit {
		ttBest = e.best
	}
	st := x.State()
	// Near the leaves, a position whose static score is beyond the bound by more than
	// the margin of its depth is cut off (prune.go).
	stand := math.NaN()
	if depth <= shallowDepth && !check && w.shallow {
		stand = w.evaluate(st, ply, next, len(turns))
		if v, ok := w.beyond(stand, depth, maximizing, alpha, beta); ok {
			return v
		}
	}
	// Null move: the other side moves twice; if even so it cannot get past the bound,
	// neither can it after any turn of ours (prune.go says where the rules allow it).
	if depth >= 3 && !check && w.nullAt != ply && !math.IsInf(bound(maximizing, alpha, beta), 0) &&
		w.mayNull(st, next) {
		r := 2
		if depth >= 6 {
			r = 3
		}
		if math.IsNaN(stand) {
			stand = w.evaluate(st, ply, next, len(turns))
		}
		if maximizing && stand >= beta {
			if v := w.nullChild(depth-1-r, below(beta), beta, ply+1); v >= beta && v < mate/2 && !w.stop {
				return v
			}
		} else if !maximizing && stand <= alpha {
			if v := w.nullChild(depth-1-r, alpha, above(alpha), ply+1); v <= alpha && v > -mate/2 && !w.stop {
				return v
			}
		}
		if w.err != nil {
			return 0
		}
	}
	a0, b0 := alpha, beta
	bestI := -1
	var best float64
	if maximizing {
		best = math.Inf(-1)
	} else {
		best = math.Inf(1)
	}
	order, late := w.orderAt(st, turns, next, ttBest, ply)
	for n, i := range order {
		var v float64
		if n == 0 || w.s.NoPrune || math.IsInf(alpha, 0) && maximizing || math.IsInf(beta, 0) && !maximizing {
			v = w.child(i, depth-1, alpha, beta, ply+1)
		} else {
			// Principal variation: a turn after the first is only tested against the
			// best so far, with a null window, and a late quiet one at a reduced depth
			// first; either is searched again when it does better.
			lo, hi := alpha, above(alpha)
			if !maximizing {
				lo, hi = below(beta), beta
			}
			better := func(v float64) bool { return maximizing && v > alpha || !maximizing && v < beta }
			red := 0
			if depth >= 3 && n >= 3 && late[i] && !check {
				red = lmr(depth, n)
			}
			v = w.child(i, depth-1-red, lo, hi, ply+1)
			if red > 0 && better(v) && !w.stop {
				v = w.child(i, depth-1, lo, hi, ply+1)
			}
			if better(v) && (maximizing && v < beta || !maximizing && v > alpha) && !w.stop {
				v = w.child(i, depth-1, alpha, beta, ply+1)
			}
		}
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
		if alpha >= beta && !w.stop && !w.noQuiet && Gain(w.g, w.v, st, &turns[i], next) <= 0 {
			w.cutoff(&turns[i], ply, depth)
		}
		if alpha >= beta || w.stop {
			break
		}
	}
	flag := int8(0)
	if best <= a0 {
		flag = 2
	} else if best >= b0 {
		flag = 1
	}
	if !w.stop {
		w.tt.put(key, ttEntry{depth: depth, score: toTable(best, ply), flag: flag, best: bestI})
	}
	return best
}

// lmr is the reduction of the late quiet turn n (from 0) of a node at depth: growing
// with the logarithms of both, at least one, and leaving at least one turn to search.
func lmr(depth, n int) int {
	r := int(0.5 + math.Log(float64(depth))*math.Log(float64(n+1))/2)
	return max(1, min(r, depth-2))
}

// quiesce extends the search along turns that win material, so that the evaluation is
// not taken in the middle of an exchange. turns are the legal turns of the explorer's
// position, where next chooses.
func (w *worker) quiesce(turns []eval.Turn, next engine.Player, alpha, beta float64, ply, left int) float64 {
	x := w.x
	st := x.State()
	// The clock is read here too: in a wide game a single exchange can take longer than
	// the whole time of a move (Thud: every position after a troll's capture lists the
	// dwarfs' 400 to 650 turns).
	w.tick()
	if w.nodes > w.s.MaxNodes {
		w.stop = true
	}
	stand := w.evaluate(st, ply, next, len(turns))
	if left <= 0 || w.stop {
		return stand
	}
	maximizing := next == w.me
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
	caps, gains := w.captures(st, turns, next)
	for j, i := range caps {
		if w.shallow && (maximizing && stand+gains[j]+w.delta <= alpha || !maximizing && stand-gains[j]-w.delta >= beta) {
			// Delta pruning: even with the piece taken and a margin this capture does
			// not reach the window.
			continue
		}
		if w.shallow && w.losing(st, &turns[i], next, gains[j]) {
			continue
		}
		w.nodes++
		if err := x.Play(i); err != nil {
			w.err, w.stop = err, true
			return 0
		}
		var v float64
		switch {
		case !w.list():
			x.Undo()
			return 0
		case x.Over():
			v = w.terminal(x.Result(), ply+1)
		case x.MustPass():
			v = w.evaluate(x.State(), ply+1, x.Mover(), -1)
		default:
			next := x.Legal()
			w.nodes += len(next)
			w.record(ply+1, x.Mover(), len(next))
			v = w.quiesce(next, x.Mover(), alpha, beta, ply+1, left-1)
		}
		x.Undo()
		if w.err != nil {
			return 0
		}
		if maximizing {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta || w.stop {
			// Stopped, the captures left are not tried: each plays a turn and lists
			// the turns after it (288 in Pentago), which made a stopped search go on
			// for another 10 ms.
			break
		}
	}
	return best
}

// list lists the turns of the explorer's position if they are not yet (the explorer is
// lazy), and reports whether that went well: an error of the rules' move code stops the
// search with it, where Legal and Over would end the game with it as a draw.
func (w *worker) list() bool {
	if w.x.Pending() {
		if err := w.x.List(); err != nil {
			w.err, w.stop = err, true
			return false
		}
	}
	return true
}

// tick counts a node and, every 64 or every 256 turns generated, whichever comes
// first, stops the search when its clock or its level's time has run out, another
// thread has halted it or Yield says so. (In Pentago a node lists 288 turns: 64 nodes
// are 60 ms.) The thread's CPU time, a system call, is read only once the wall-clock
// time of the cap has passed: the thread cannot have used more CPU time than that.
func (w *worker) tick() {
	if w.capAt > 0 && !w.capHit {
		if now := time.Now(); now.After(w.capWall) {
			if cpu := threadCPU(); cpu > w.capAt {
				w.capHit, w.stop = true, true
			} else {
				w.capWall = now.Add(w.capAt - cpu)
			}
		}
	}
	if w.ticks++; w.ticks&63 == 0 || w.nodes-w.checked >= 256 {
		w.checked = w.nodes
		if w.s.Time > 0 && time.Now().After(w.deadline) || w.halt != nil && w.halt.Load() ||
			w.s.Yield != nil && !w.s.Yield() {
			w.stop = true
		}
	}
}

func (w *worker) terminal(res eval.Result, ply int) float64 {
	switch {
	case res.Draw:
		return 0
	case contains(res.Winners, w.me):
		return mate - float64(ply)
	case contains(res.Losers, w.me):
		return -mate + float64(ply)
	}
	return 0
}

// orderAt sorts the turn indices of a node at ply: the table's move, then the turns
// that gain material by their gain, then the quiet ones (no gain) with the ply's
// killers first and the others by history, then those that lose material; equal turns
// in the order generated, or for a helper rotated by its salt.
func (w *worker) orderAt(before *engine.State, turns []eval.Turn, mover engine.Player, first, ply int) (idx []int, late []bool) {
	late = make([]bool, len(turns))
	if w.noQuiet {
		return w.order(before, turns, mover, first), late
	}
	n := len(w.g.Board.Locs)
	idx = make([]int, len(turns))
	gain := make([]float64, len(turns))
	kill := make([]int8, len(turns))
	hist := make([]int32, len(turns))
	for i := range turns {
		idx[i] = i
		gain[i] = Gain(w.g, w.v, before, &turns[i], mover)
		if gain[i] == 0 {
			k, h := w.quietRank(turnKey(&turns[i], n), ply)
			kill[i], hist[i] = int8(k), h
			late[i] = k == 0 && i != first
		} else if gain[i] > 0 && i != first && w.shallow && !w.s.GainOrder && w.losing(before, &turns[i], mover, gain[i]) {
			// A capture that likely loses the capturing piece (prune.go's losing) comes
			// after the quiet turns: the more it takes, the sooner.
			gain[i] = -1 / (1024 * gain[i])
		}
	}
	if w.salt > 0 && len(idx) > 1 {
		r := w.salt % len(idx)
		idx = append(idx[r:], idx[:r]...)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if i == first || j == first {
			return i == first && j != first
		}
		if gain[i] != gain[j] {
			return gain[i] > gain[j]
		}
		if kill[i] != kill[j] {
			return kill[i] > kill[j]
		}
		return hist[i] > hist[j]
	})
	return idx, late
}

// order sorts turn indices: the table's move, then by material gained for the mover;
// among equal gains in the order generated, or for a helper rotated by its salt.
func (w *worker) order(before *engine.State, turns []eval.Turn, mover engine.Player, first int) []int {
	idx := make([]int, len(turns))
	gain := make([]float64, len(turns))
	for i := range turns {
		idx[i] = i
		gain[i] = Gain(w.g, w.v, before, &turns[i], mover)
	}
	if w.salt > 0 && len(idx) > 1 {
		// A helper of a lazy SMP search tries equal turns in another order than main.
		r := w.salt % len(idx)
		idx = append(idx[r:], idx[:r]...)
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

// captures returns the indices of the turns that gain material for mover, the most
// valuable victim first and among equal gains the least valuable piece taking it (the
// first the order generated unless NoPrune, as before).
func (w *worker) captures(before *engine.State, turns []eval.Turn, mover engine.Player) ([]int, []float64) {
	var idx []int
	var gain, cost []float64
	for i := range turns {
		g := Gain(w.g, w.v, before, &turns[i], mover)
		if g <= 0 {
			continue // not a capture
		}
		idx = append(idx, i)
		gain = append(gain, g)
		cost = append(cost, w.moverWorth(before, &turns[i]))
	}
	if len(idx) < 2 || w.s.NoPrune {
		return idx, gain
	}
	pos := make([]int, len(idx))
	for j := range pos {
		pos[j] = j
	}
	sort.SliceStable(pos, func(a, b int) bool {
		i, j := pos[a], pos[b]
		if gain[i] != gain[j] {
			return gain[i] > gain[j]
		}
		return cost[i] < cost[j]
	})
	out := make([]int, len(idx))
	outGain := make([]float64, len(idx))
	for j, p := range pos {
		out[j], outGain[j] = idx[p], gain[p]
	}
	return out, outGain
}

// moverWorth returns the value of the piece a turn moves first (0 for none).
func (w *worker) moverWorth(before *engine.State, t *eval.Turn) float64 {
	for pi := range t.Parts {
		for _, c := range t.Parts[pi].Changes {
			if c.Op == engine.OpMove || c.Op == engine.OpCopy {
				if int(c.From) < len(before.Cells) {
					if cell := before.Cells[c.From]; !cell.IsEmpty() {
						return w.v.Kind[cell.Kind()]
					}
				}
				return 0
			}
		}
	}
	return 0
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
