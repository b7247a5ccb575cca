package eval

// This file leaves out the quiet turns that a capture makes illegal without making them.
// The draughts of the dialect make capturing compulsory with a check,
//
//	(check (or (> (captures) 0) (= (max (captures)) 0)))      Russian
//	(check (>= (captures) (max (captures))))                   Brazilian
//
// which keeps a turn that captures nothing only when no turn captures. The general
// path completes every turn, the state after it included, and the check throws the
// quiet ones away: in perft about two turns in five. Here a part that can only make
// such a turn is not completed at once: it takes its place in the list of turns as a
// placeholder (a Turn without After), and once every other turn is made and merged
// (dedupe), the placeholders are either dropped, when some other turn captures, or
// completed in their places.
//
// What is proved, and where:
//
//   - When the game is loaded (proveDropQuiet): the first check reads only the facts
//     of the turn (turnCheck) and is false for every turn that captures nothing, for
//     any value of its accumulators, which must all be (max (captures)), of at least
//     1: evaluated over intervals (a quiet turn's captures 0, its parts 1, its mover
//     either kind). Nothing between the turns' completion and the checks may remove
//     the turn that captures: no maximal captures and no move priorities.
//   - For a position (deferQuiet): the side has no royal piece (their test removes
//     turns) and the workspace evaluates checks.
//   - For a part (quietPart): it is the whole turn (no continuation) and moves one
//     piece onto an empty square, perhaps changing its type there: it captures
//     nothing and sets no value.
//   - For a placeholder to be dropped (actsQuiet): its post-part and post-move
//     actions do nothing, by their quiet lists (dialect_fast.go) evaluated on the
//     board after the part, which differs from the start only on two squares, and
//     with the start's position values for the scans (dialect_end.go). The turn's
//     facts are then those of a turn that captures nothing, and the check is false
//     for it whenever another turn, kept by dedupe, captures.
//
// A placeholder whose actions are so proved quiet and that no capture drops is made
// in one pass (quietTurn, with engine.EndValues): the state after its part with the
// turn order advanced, and the facts of a turn that captures nothing, which is what
// complete makes of it. The others go through complete.
//
// Completing the rest later changes nothing: the turn of a single part depends only
// on the start and the part. dedupe merges only turns of several parts or partial
// ones, which placeholders are not, so it keeps the same turns either way.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// dialectWork is what a workspace keeps for the dialect alone (workspace.dial): the
// facts of its turns, pooled (stat), the parts of turns a post-part action changed, and
// what it knows of the position whose turns it completes, for the shortcuts of
// dialect_end.go and of this file; workspace.reset forgets all but the pool's storage.
type dialectWork struct {
	stats  []*turnStats  // the turns' facts, pooled (stat)
	nstats int           // those of stats in use
	parts  []engine.Move // parts of turns changed by a post-part action (complete)
	// noChecks leaves out the dialect's checks: a check that counts moves sees the
	// turns of the next position without checks, which keeps the evaluation finite.
	noChecks bool

	clean     uint8         // cleanUnknown, cleanYes or cleanNo
	cells     []engine.Cell // a copy of the start's board, for the boards after quiet parts
	haveCells bool
	// chunk holds the changes of the post-actions of the turns completed (carveTo).
	chunk []engine.Change
	// quiet[kind] is the facts of the quiet turns of the kind's pieces (quietTurn).
	quiet []*turnStats
}

// span is an interval of integers; unbounded ends are spanInf.
type span struct{ lo, hi int64 }

const spanInf = int64(1) << 40

// maxSpanAcc bounds the accumulators a check evaluated over intervals may have.
const maxSpanAcc = 8

// spanEnv is what is known of the facts of some turns, as intervals, for spanCond: the
// values of captures, (captures TYPE), first-capture, capture-order, parts and mover,
// and of the accumulators that acc says are known.
type spanEnv struct {
	caps, byKind, first, order, parts, mover span
	val                                      [maxSpanAcc]span
	acc                                      [maxSpanAcc]bool
}

// quietEnv is spanEnv for a turn that captures nothing, with none of the accumulators
// known yet.
var quietEnv = spanEnv{first: span{1000, 1000}, parts: span{1, 1}, mover: span{0, 1}}

// proveDropQuiet reports whether the first of the game's checks is false for every
// turn that captures nothing when some turn captures (see above); f.checks is made.
func (g *Game) proveDropQuiet(f *dialectFast) bool {
	d := g.code.Dialect
	if len(d.Checks) == 0 || !f.checks[0] || g.Options.MaximalCaptures != 0 || len(g.MovePriorities) != 0 {
		return false
	}
	ck := d.Checks[0]
	env := quietEnv
	for _, a := range ck.Acc {
		arg := a.Args[0]
		if a.Code != code.IntAccMax || arg.Code != code.IntCaptures || arg.A >= 0 || a.A < 0 || a.A >= maxSpanAcc {
			return false
		}
		env.val[a.A], env.acc[a.A] = span{1, spanInf}, true
	}
	v, known := spanCond(ck.Cond, &env)
	return known && !v
}

// spanCond evaluates c, a condition turnOnlyCond accepts, for turns whose facts env
// bounds; known is false when the value depends on what is not known.
func spanCond(c *code.Cond, env *spanEnv) (v, known bool) {
	switch c.Code {
	case code.CondTrue:
		return true, true
	case code.CondFalse:
		return false, true
	case code.CondNot:
		v, known = spanCond(c.Args[0], env)
		return !v, known
	case code.CondAnd, code.CondOr:
		// Three-valued: one false argument decides an and, one true an or.
		and := c.Code == code.CondAnd
		all := true
		for _, a := range c.Args {
			w, k := spanCond(a, env)
			if k && w != and {
				return !and, true
			}
			all = all && k
		}
		return and, all
	case code.CondCmp:
		a, ok1 := spanInt(c.Ints[0], env)
		b, ok2 := spanInt(c.Ints[1], env)
		if !ok1 || !ok2 {
			return false, false
		}
		var yes, no bool // the comparison surely holds, surely fails
		switch c.A {
		case code.CmpEq:
			yes, no = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo, a.hi < b.lo || b.hi < a.lo
		case code.CmpNe:
			yes, no = a.hi < b.lo || b.hi < a.lo, a.lo == a.hi && b.lo == b.hi && a.lo == b.lo
		case code.CmpLt:
			yes, no = a.hi < b.lo, a.lo >= b.hi
		case code.CmpLe:
			yes, no = a.hi <= b.lo, a.lo > b.hi
		case code.CmpGt:
			yes, no = a.lo > b.hi, a.hi <= b.lo
		default: // CmpGe
			yes, no = a.lo >= b.hi, a.hi < b.lo
		}
		return yes, yes || no
	}
	return false, false
}

// spanInt is spanCond for an integer: its interval, or ok false.
func spanInt(e *code.Expr, env *spanEnv) (span, bool) {
	switch e.Code {
	case code.IntConst:
		return span{int64(e.A), int64(e.A)}, true
	case code.IntCaptures:
		if e.A < 0 {
			return env.caps, true
		}
		return env.byKind, true
	case code.IntOrder:
		return env.order, true
	case code.IntFirst:
		return env.first, true
	case code.IntParts:
		return env.parts, true
	case code.IntMover:
		return env.mover, true
	case code.IntAccMax, code.IntAccMin:
		if e.A >= 0 && e.A < maxSpanAcc && env.acc[e.A] {
			return env.val[e.A], true
		}
	}
	return span{}, false
}

// completeDialect is completeTurns for a game of the dialect: where deferQuiet
// allows, a quiet part waits in its place as a placeholder, which resolveQuiet drops
// or completes once the other turns are made and merged.
func (g *Game) completeDialect(s *engine.State, w *workspace) ([]Turn, error) {
	deferQuiet := g.deferQuiet(w, s)
	for i := range w.moves {
		parts := w.moves[i : i+1 : i+1]
		var err error
		if deferQuiet && quietPart(s, &parts[0]) {
			err = g.addPlaceholder(w, parts)
		} else {
			err = g.complete(s, parts, w, nil, tally{})
		}
		if err != nil {
			return nil, err
		}
	}
	turns := g.merged(w)
	if deferQuiet {
		return g.resolveQuiet(s, w, turns)
	}
	return turns, nil
}

// deferQuiet reports whether the turns of s completed in w may leave quiet parts as
// placeholders.
func (g *Game) deferQuiet(w *workspace, s *engine.State) bool {
	if g.dfast == nil || !g.dfast.dropQuiet || !g.on(UseQuietDefer) || w.dial.noChecks {
		return false
	}
	side := g.Entry(s).Side
	return int(side) >= len(g.royal) || len(g.royal[side]) == 0
}

// quietPart reports whether the part m, made in s, is a whole turn that moves one piece
// onto an empty square and at most changes its type there.
func quietPart(s *engine.State, m *engine.Move) bool {
	ch := m.Changes
	if m.Cont != engine.NoMoveType || m.Pass || len(ch) == 0 || ch[0].Op != engine.OpMove {
		return false
	}
	from, to := ch[0].From, ch[0].To
	if from == to || s.Cells[from].IsEmpty() || !s.Cells[to].IsEmpty() {
		return false
	}
	for i := 1; i < len(ch); i++ {
		if ch[i].Op != engine.OpType || ch[i].To != to {
			return false
		}
	}
	return true
}

// addPlaceholder appends the placeholder of a turn of the single part parts[0].
func (g *Game) addPlaceholder(w *workspace, parts []engine.Move) error {
	if len(w.turns) >= MaxTurns {
		return g.addTurn(w, Turn{})
	}
	w.turns = append(w.turns, Turn{})
	w.turns[len(w.turns)-1].Parts = parts
	return nil
}

// resolveQuiet drops the placeholders of turns, the merged turns of s in w, when another
// turn captures and actsQuiet proves them quiet, and completes the others in their
// places; it returns the turns left.
func (g *Game) resolveQuiet(s *engine.State, w *workspace, turns []Turn) ([]Turn, error) {
	captures := false
	for i := range turns {
		if t := &turns[i]; t.After != nil && t.stats != nil && t.stats.caps > 0 {
			captures = true
			break
		}
	}
	w.turns = turns
	n, kept := len(turns), 0
	for j := 0; j < n; j++ {
		if w.turns[j].After == nil {
			parts := w.turns[j].Parts
			if g.actsQuiet(w, s, &parts[0]) {
				if !captures {
					g.quietTurn(w, s, &w.turns[j])
				}
			} else {
				end := len(w.turns)
				if err := g.complete(s, parts, w, nil, tally{}); err != nil {
					return nil, err
				}
				if len(w.turns) > end {
					w.turns[j] = w.turns[end]
				}
				w.turns = w.turns[:end]
			}
			if w.turns[j].After == nil {
				continue // dropped, or no turn
			}
		}
		if kept != j {
			w.turns[kept] = w.turns[j]
		}
		kept++
	}
	w.turns = w.turns[:kept]
	return w.turns, nil
}

// quietTurn makes the placeholder t, of a quiet part whose actions do nothing
// (actsQuiet), the turn complete would make of it: the state after the part with the
// turn order advanced, and the facts of a turn that captures nothing.
func (g *Game) quietTurn(w *workspace, s *engine.State, t *Turn) {
	m := &t.Parts[0]
	after := w.target(s)
	if !g.EndValues(after, s, m) {
		after.CopyFrom(s)
		g.Apply(after, m)
		g.Advance(after)
	}
	t.After = after
	if !g.noStats() {
		// The facts of the quiet turns of one piece type are the same: they share them
		// until w is reset (nothing writes the facts of a turn once it is made).
		e := w.dial
		k := s.Cells[m.Changes[0].From].Kind()
		if e.quiet == nil {
			e.quiet = make([]*turnStats, len(g.Pieces))
		}
		if e.quiet[k] == nil {
			st := w.stat(len(g.Pieces))
			st.mover, st.parts = k, 1
			e.quiet[k] = st
		}
		t.stats = e.quiet[k]
	}
}

// actsQuiet reports whether the post-part and post-move actions of the quiet part m
// (quietPart), made in s, do nothing.
func (g *Game) actsQuiet(w *workspace, s *engine.State, m *engine.Move) bool {
	d := g.code.Dialect
	ch := m.Changes
	from, to := ch[0].From, ch[0].To
	piece := s.Cells[from]
	for i := 1; i < len(ch); i++ {
		piece = piece.WithKind(ch[i].Kind)
	}
	if quiet, known := g.heldQuiet(w, s, piece, to); known {
		return quiet
	}
	e := w.dial
	if !e.haveCells {
		e.cells = append(e.cells[:0], s.Cells...)
		e.haveCells = true
	}
	cells := e.cells
	cells[from], cells[to] = engine.Empty, piece
	quiet := true
	for _, a := range [...]int{code.ActPostPart, code.ActPostMove} {
		if d.HasAct[a] && !g.quietAfter(w, s, a, cells, piece, to) {
			quiet = false
			break
		}
	}
	cells[from], cells[to] = s.Cells[from], s.Cells[to]
	return quiet
}

// heldQuiet is actsQuiet for piece arriving on l when the quiet lists of its actions
// answer from their tables (quietList.held), without the board after the part; known
// is false when one of them does not. The answer is heldOutcome's, from the table
// dialectFast.held when the game has one.
func (g *Game) heldQuiet(w *workspace, s *engine.State, piece engine.Cell, l engine.Loc) (quiet, known bool) {
	var o uint8
	if t := g.dfast.held; t != nil {
		o = t[piece.Kind()][int(piece.Player())*len(g.Board.Locs)+int(l)]
	} else {
		o = g.heldOutcome(g.dfast, piece.Kind(), piece.Player(), l)
	}
	if o&heldIfClean != 0 && !g.startClean(w, s) {
		return false, true
	}
	return o&heldIsQuiet != 0, o&heldIsKnown != 0
}

// What heldQuiet answers, as the bits of an outcome (heldOutcome): heldIsQuiet and
// heldIsKnown are its results, which hold when the position at the start of the turn
// is clean (startClean) if heldIfClean is set; otherwise the actions are known not to
// be quiet.
const (
	heldIsQuiet uint8 = 1 << iota
	heldIsKnown
	heldIfClean
)

// heldOutcome is heldQuiet for a piece of kind k and player p arriving on l, with the
// quiet lists of f: the post-part then the post-move actions, each quiet when its table
// says no condition holds and, if it has a scan, the start of the turn is clean.
func (g *Game) heldOutcome(f *dialectFast, k engine.Kind, p engine.Player, l engine.Loc) uint8 {
	var clean uint8
	for _, a := range [...]int{code.ActPostPart, code.ActPostMove} {
		if !g.code.Dialect.HasAct[a] {
			continue
		}
		q := &f.quiet[int(k)+1][a]
		switch {
		case !q.ok:
			return clean | heldIsKnown
		case q.held == nil:
			return clean
		case q.held[int(p)*len(g.Board.Locs)+int(l)]:
			return clean | heldIsKnown
		case q.scans:
			clean = heldIfClean
		}
	}
	return clean | heldIsKnown | heldIsQuiet
}

// heldTable returns heldOutcome for every kind, player and square, f.held, or nil when
// that table would be large (or the quiet lists are not one for each kind).
func (g *Game) heldTable(f *dialectFast) [][]uint8 {
	n := len(g.Players) * len(g.Board.Locs)
	if len(g.Pieces)*n > maxHeldTable || len(f.quiet) != len(g.Pieces)+1 {
		return nil
	}
	t := make([][]uint8, len(g.Pieces))
	for k := range t {
		t[k] = make([]uint8, n)
		for p := range g.Players {
			for l := range g.Board.Locs {
				t[k][p*len(g.Board.Locs)+l] = g.heldOutcome(f, engine.Kind(k), engine.Player(p), engine.Loc(l))
			}
		}
	}
	return t
}

// maxHeldTable bounds the entries of dialectFast.held.
const maxHeldTable = 1 << 16

// quietAfter reports whether the actions of kind a for piece, standing on l of the board
// cells, which has the position values of s, are proved to do nothing: quietAction's
// test, with the scans decided by what w knows of s.
func (g *Game) quietAfter(w *workspace, s *engine.State, a int, cells []engine.Cell, piece engine.Cell, l engine.Loc) bool {
	q := &g.dfast.quiet[int(piece.Kind())+1][a]
	if !q.ok {
		return false
	}
	if q.held != nil {
		if q.held[int(piece.Player())*len(g.Board.Locs)+int(l)] {
			return false
		}
		return !q.scans || g.startClean(w, s)
	}
	for _, o := range q.ops {
		if o.scan != nil {
			if !g.startClean(w, s) {
				return false
			}
		} else if o.cond.at(cells, piece.Player(), l) {
			return false
		}
	}
	return true
}
