package eval

// This file holds the dialect's fast paths: shortcuts that the compiled code of a game
// allows, each proved when the game is loaded from its ops and the game's start values,
// and each leaving the general path in charge wherever the proof does not hold. The
// test TestDialectShortcutsChangeNothing compares both paths on random games.
//
// Sparse all-positions. The draughts of the dialect end every turn with
//
//	(post-move (all-positions (if (= taken 1) capture (set taken 0))))
//
// which runs its body on every square although only the squares of the pieces jumped
// in the turn hold a taken other than 0. When the body of an all-positions is a list
// of ifs without else whose conditions read only constants and position attributes at
// the cursor, and every condition is false where those attributes hold their starting
// value (the INIT of position-attributes), the body does nothing on such a square: the
// scan may visit only the squares where one of the attributes differs from its INIT.
// Conditions read the values of the state the block started from (without
// immediate-values), so the squares to visit are known before the scan begins.
//
// Quiet actions. An action made only of such scans and of ifs without else on the
// cursor's square (conditions of squareReads, reads.go: empty?, friend?, enemy?, piece
// types, in-zone?, read from squareTable's table of gen.test's values) does nothing
// when no scan has a square to visit and no if holds: action answers so without taking
// a generator (the crowning post-part of a man that did not reach the far row, the
// post-move of a turn that jumped nothing).
//
// Move blocks. The blocks of a piece are rewritten into fast blocks and guards
// (dialect_blocks.go).
//
// Lazy duplicates. Only pre-actions rewrite the moves of a part once they are made
// (pieceParts prepends their changes), so in a game without them gen.duplicate hashes
// a move only when an earlier move of the part has the same first-change squares, as
// in plain ZRF.
//
// Checks on the facts of the turn. A check whose condition and accumulators read only
// the turn's captures, parts and the like (turnReads, reads.go) is tested by gen.test
// with the turn's facts alone, with no board to set up for every turn; in a game without checks nothing reads the facts of
// a turn, and they are not counted.

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// sparseScan is an all-positions whose body acts only on squares where one of attrs
// (position attributes) differs from its starting value.
type sparseScan struct {
	op    *code.Op
	attrs []int32
}

// dialectFast holds the fast paths proved for one game.
type dialectFast struct {
	scans []sparseScan
	// quiet[kind+1][act] is the actions of the kind's pieces (the piece type's then
	// the global ones, as action runs them) as tests that say, without a generator,
	// that they do nothing; quiet[0][act] the global actions alone.
	quiet [][code.NumActs]quietList
	// held[kind][side*n+l] is heldOutcome for a piece of the kind and side arriving on
	// square l of the n squares; nil when the table would be large (heldTable).
	held [][]uint8
	// checks[i] is true when check i reads only the facts of the turn (turnReads).
	checks []bool
	// noStats is true when the game has no check: nothing reads the facts of a turn
	// (turnStats), which need not be counted.
	noStats bool
	// dropQuiet is true when the first check removes every turn that captures
	// nothing once some turn captures (dialect_defer.go).
	dropQuiet bool
	// direct is true when the game has no pre-actions and no piece type moved by any
	// owner: the first parts of a turn are the side's pieces' blocks alone
	// (firstPartsExt).
	direct bool
	// lazyDup is true when no pre-action rewrites the moves of a part after they are
	// made (pieceParts): duplicate may then hash them lazily, as in plain ZRF.
	lazyDup bool
	// blocks[kind] is the kind's move blocks rewritten into fast blocks and guards
	// (dialect_blocks.go); nil when none is.
	blocks [][]fastBlock
}

// quietList is an action whose every op is an if without else whose condition
// squareTable takes, or a sparse all-positions: when every condition is false and
// no scan has a square to visit, the action does nothing. ok is false for an action of
// any other form.
type quietList struct {
	ok  bool
	ops []quietOp
	// When every condition of the ifs reads only where the square is (locOnly), held[side*n+l] says
	// whether one of them holds for pieces of side on square l of the n squares, and
	// scans whether the list has a scan: then quietHere decides without the board.
	held  []bool
	scans bool
}

// quietOp is one op of a quietList: an if (cond) or a sparse scan.
type quietOp struct {
	cond squareCond
	scan *sparseScan
}

// initDialectFast proves the dialect's fast paths of g's code.
func (g *Game) initDialectFast() {
	p := g.code
	if p == nil || p.Dialect == nil {
		return
	}
	f := &dialectFast{}
	// Sparse scans read position values of the state the block started from.
	sparse := g.Ext != nil && len(g.Ext.PosInts) > 0 && !g.Semantics.ImmediateValues
	var visit func(ops []code.Op)
	visit = func(ops []code.Op) {
		for i := range ops {
			o := &ops[i]
			if o.Code == code.OpAll && sparse {
				if attrs, ok := g.sparseBody(o.Body); ok {
					f.scans = append(f.scans, sparseScan{op: o, attrs: attrs})
				}
			}
			visit(o.Body)
			visit(o.Else)
		}
	}
	for _, blocks := range [][][]code.Block{p.Moves, p.Drops} {
		for _, bl := range blocks {
			for i := range bl {
				visit(bl[i].Ops)
			}
		}
	}
	for _, acts := range p.Dialect.Acts {
		for _, ops := range acts {
			visit(ops)
		}
	}
	f.quiet = make([][code.NumActs]quietList, len(p.Dialect.Acts))
	quiet := false
	for a := range code.NumActs {
		global, ok := g.quietOps(f, p.Dialect.Acts[0][a])
		if !ok {
			continue
		}
		quiet = true
		f.quiet[0][a] = g.quietListOf(global, p.Dialect.Acts[0][a])
		for k := 1; k < len(p.Dialect.Acts); k++ {
			if own, ok := g.quietOps(f, p.Dialect.Acts[k][a]); ok {
				f.quiet[k][a] = g.quietListOf(append(own, global...), p.Dialect.Acts[k][a], p.Dialect.Acts[0][a])
			}
		}
	}
	f.held = g.heldTable(f)
	quiet = g.initDialectBlocks(f) || quiet
	f.lazyDup = !p.Dialect.HasAct[code.ActPreMove] && !p.Dialect.HasAct[code.ActPrePart]
	quiet = quiet || f.lazyDup
	f.direct = f.lazyDup && !slices.Contains(p.Dialect.AnyOwner, true)
	// Only checks read the facts of a turn (gen.turn is set in applyChecks alone).
	f.noStats = len(p.Dialect.Checks) == 0
	quiet = quiet || f.noStats
	f.checks = make([]bool, len(p.Dialect.Checks))
	for i, ck := range p.Dialect.Checks {
		ok := turnOnlyCond(ck.Cond)
		for _, a := range ck.Acc {
			ok = ok && exprReads(a, nil)&^turnReads == 0
		}
		f.checks[i] = ok
		quiet = quiet || ok
	}
	f.dropQuiet = g.proveDropQuiet(f)
	if len(f.scans) > 0 || quiet {
		g.dfast = f
	}
}

// sparseBody reports whether body does nothing on a square whose position attributes
// hold their starting values, and returns the attributes its conditions read: body is
// ifs without else on conditions that read only the position values of the square
// (posValReads), each false, as gen.test gives it, on a state whose position values
// are all their starting values.
func (g *Game) sparseBody(body []code.Op) (attrs []int32, ok bool) {
	if len(body) == 0 {
		return nil, false
	}
	for i := range body {
		o := &body[i]
		if o.Code != code.OpIf || o.Else != nil || condReads(o.Cond, &attrs)&^posValReads != 0 {
			return nil, false
		}
	}
	e := g.Ext
	for _, a := range attrs {
		if a < 0 || int(a) >= len(e.PosInts) {
			return nil, false
		}
	}
	nl := len(g.Board.Locs)
	clean := &engine.State{Cells: make([]engine.Cell, nl), Vals: make([]int32, len(e.Vars)+nl*(len(e.PieceInts)+len(e.PosInts)))}
	for l := 0; l < nl; l++ {
		for i, v := range e.PosInts {
			clean.Vals[g.Slot(engine.ValPos, i, engine.Loc(l))] = v.Init
		}
	}
	x := &gen{g: g, b: g.Board, nd: len(g.Board.Dirs), attackAt: engine.NoLoc, at: -1, s: clean, cells: clean.Cells}
	for i := range body {
		if x.test(body[i].Cond) {
			return nil, false
		}
	}
	return attrs, len(attrs) > 0
}

// sparse returns the proof for the all-positions o, or nil.
func (g *Game) sparse(o *code.Op) *sparseScan {
	if g.dfast == nil || !g.on(UseSparseScans) {
		return nil
	}
	for i := range g.dfast.scans {
		if g.dfast.scans[i].op == o {
			return &g.dfast.scans[i]
		}
	}
	return nil
}

// dirty reports whether one of attrs of square l differs from its starting value in s.
func (g *Game) dirty(s *engine.State, attrs []int32, l engine.Loc) bool {
	e := g.Ext
	base := len(e.Vars) + len(g.Board.Locs)*len(e.PieceInts) + int(l)*len(e.PosInts)
	for _, a := range attrs {
		if s.Vals[base+int(a)] != e.PosInts[a].Init {
			return true
		}
	}
	return false
}

// scanAll runs the all-positions f (exec's fAll): its body on every position but the
// dummies, in the order of the board, the cursor on it; or, where the game proved the
// scan sparse (UseSparseScans), only on the positions where the body may act.
func (x *gen) scanAll(f *fastOp) {
	x.spend(f.op.At)
	if sc := x.g.sparse(f.op); sc != nil && len(x.s.Vals) > 0 {
		x.runSparse(f.body, sc)
		return
	}
	save := x.cursor
	for l := range x.b.Locs {
		if x.b.Locs[l].Dummy {
			continue
		}
		x.cursor = engine.Loc(l)
		x.exec(f.body, 0, 0)
	}
	x.cursor = save
}

// runSparse runs body, the body of an all-positions proved sparse by sc, on the squares
// where it may act, in the order of the board like the general scan.
func (x *gen) runSparse(body []fastOp, sc *sparseScan) {
	g := x.g
	e := g.Ext
	nl := len(x.b.Locs)
	save := x.cursor
	if len(sc.attrs) == 1 && len(e.PosInts) == 1 {
		// One attribute per square: its values are one run of the state's values.
		base := len(e.Vars) + nl*len(e.PieceInts)
		init := e.PosInts[0].Init
		vals := x.s.Vals[base : base+nl]
		for l := nextDirty(vals, init, 0); l < len(vals); l = nextDirty(vals, init, l+1) {
			if !x.b.Locs[l].Dummy {
				x.cursor = engine.Loc(l)
				x.exec(body, 0, 0)
			}
		}
	} else {
		for l := range x.b.Locs {
			if x.b.Locs[l].Dummy || !g.dirty(x.s, sc.attrs, engine.Loc(l)) {
				continue
			}
			x.cursor = engine.Loc(l)
			x.exec(body, 0, 0)
		}
	}
	x.cursor = save
}

// anyDirty reports whether one of attrs differs from its starting value on some square
// that is not a dummy.
func (g *Game) anyDirty(s *engine.State, attrs []int32) bool {
	e := g.Ext
	nl := len(g.Board.Locs)
	if len(attrs) == 1 && len(e.PosInts) == 1 {
		base := len(e.Vars) + nl*len(e.PieceInts)
		init := e.PosInts[0].Init
		vals := s.Vals[base : base+nl]
		for l := nextDirty(vals, init, 0); l < len(vals); l = nextDirty(vals, init, l+1) {
			if !g.Board.Locs[l].Dummy {
				return true
			}
		}
		return false
	}
	for l := range g.Board.Locs {
		if !g.Board.Locs[l].Dummy && g.dirty(s, attrs, engine.Loc(l)) {
			return true
		}
	}
	return false
}

// nextDirty returns the first square from l on whose value in vals differs from init,
// len(vals) when there is none. Usually every value is the starting one: it looks at
// four squares at a time with one branch, and at the squares one by one only where one
// of four differs.
func nextDirty(vals []int32, init int32, l int) int {
	for ; l+4 <= len(vals); l += 4 {
		v := vals[l : l+4 : l+4]
		if (v[0]^init)|(v[1]^init)|(v[2]^init)|(v[3]^init) != 0 {
			break
		}
	}
	for ; l < len(vals); l++ {
		if vals[l] != init {
			return l
		}
	}
	return len(vals)
}

// scanOf returns the sparse scan made for the op o (an all-positions), or nil.
func (f *dialectFast) scanOf(o *code.Op) *sparseScan {
	var sc *sparseScan
	for j := range f.scans {
		if f.scans[j].op == o {
			sc = &f.scans[j]
		}
	}
	return sc
}

// quietOps proves that ops have the form of a quietList.
func (g *Game) quietOps(f *dialectFast, ops []code.Op) ([]quietOp, bool) {
	var q []quietOp
	for i := range ops {
		o := &ops[i]
		switch {
		case o.Code == code.OpIf && o.Else == nil:
			sc, ok := g.squareTable(o.Cond)
			if !ok {
				return nil, false
			}
			q = append(q, quietOp{cond: sc})
		case o.Code == code.OpAll && len(g.Board.Locs) <= MaxScanWork/len(ops):
			sc := f.scanOf(o)
			if sc == nil {
				return nil, false
			}
			q = append(q, quietOp{scan: sc})
		default:
			return nil, false
		}
	}
	return q, true
}

// quietListOf makes the quietList of ops, compiled from the actions lists, with its
// table of held conditions when they read only zones.
func (g *Game) quietListOf(ops []quietOp, lists ...[]code.Op) quietList {
	q := quietList{ok: true, ops: ops}
	for _, o := range ops {
		q.scans = q.scans || o.scan != nil
	}
	for _, list := range lists {
		for i := range list {
			if o := &list[i]; o.Code == code.OpIf && !locOnly(o.Cond) {
				return q
			}
		}
	}
	n := len(g.Board.Locs)
	q.held = make([]bool, len(g.Players)*n)
	for p := range g.Players {
		for l := 0; l < n; l++ {
			for _, o := range ops {
				if o.scan == nil && o.cond.atEmpty(engine.Player(p), engine.Loc(l)) {
					q.held[p*n+l] = true
				}
			}
		}
	}
	return q
}

// quietAction reports whether the actions of kind a for the piece on l (as action runs
// them) are proved to do nothing in s: no if of theirs holds and no scan of theirs has
// a square to visit.
func (g *Game) quietAction(s *engine.State, a int, l engine.Loc, mover engine.Player) bool {
	if g.dfast == nil || g.dfast.quiet == nil || !g.on(UseQuietActions) {
		return false
	}
	side, k := mover, -1
	if l != engine.NoLoc && !s.Cells[l].IsEmpty() {
		side, k = s.Cells[l].Player(), int(s.Cells[l].Kind())
	}
	if l == engine.NoLoc {
		l = 0
	}
	return g.quietList(&g.dfast.quiet[k+1][a], s, side, l)
}

func (g *Game) quietList(q *quietList, s *engine.State, side engine.Player, l engine.Loc) bool {
	if !q.ok {
		return false
	}
	for _, o := range q.ops {
		if o.scan != nil {
			if len(s.Vals) == 0 || g.anyDirty(s, o.scan.attrs) {
				return false
			}
		} else if o.cond.at(s.Cells, side, l) {
			return false
		}
	}
	return true
}

// turnCheck reports whether check i of the game is proved to read only the facts of
// the turn and the accumulators (turnReads): applyChecks then evaluates it with gen.test
// without a board set up for each turn.
func (g *Game) turnCheck(i int) bool {
	return g.dfast != nil && g.on(UseTurnChecks) && g.dfast.checks[i]
}

// lazyDup reports whether gen.duplicate may hash the moves of a part lazily: equal
// moves have equal first changes, and no move is rewritten after it is made.
func (g *Game) lazyDup() bool {
	return g.dfast != nil && g.on(UseDialectLazyDup) && g.dfast.lazyDup
}

// noStats reports whether the facts of the turns need not be counted.
func (g *Game) noStats() bool {
	return g.dfast != nil && g.on(UseDialectNoStats) && g.dfast.noStats
}
