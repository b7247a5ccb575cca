package eval

// This file rewrites the move blocks of a piece of a plain ZRF game into the form exec
// runs so that a block is turned down before its run is set up (rewrite.go lists the
// rule). Most blocks of draughts-like games begin with a step and a test of the square
// reached ($d (verify empty?) ..., $d (verify enemy?) capture ...), and most of them
// fail right there.
//
// runPre runs the blocks of a piece of a kind and move type in their order, as
// runBlocks runs them, each on exec from its own form (prefix.form, made at its first
// run), from the piece's square, with no run set up:
//
//   - The leading run: the block's first steps, opposite steps, marks, backs and
//     verifies of pure conditions (with which Thud looks behind a piece). They only move
//     the cursor and the mark and read the board, the side and the cursor, which are
//     what they would be in a run, so where they stop, the run would have stopped,
//     having recorded nothing. The first check (a step and the verify of a cell table
//     after it) is made by runPre itself, from a packed list of the blocks (preEntry),
//     once for all the blocks of the piece that begin with it (firsts).
//   - The guards (guardsOf): tests further on that every add of the block comes after,
//     each an fGuard that walks its path from the cursor, tests, and comes back. Where
//     one fails, the run would stop at that verify or earlier, having added nothing
//     and raised no error (the proof is at guardsOf).
//   - The tail, the ops after the leading run. When fastOps takes them and each of
//     their conditions is pure, and no scan is among them, they are fast ops run as
//     they are (a man's step that may crown, a man's jump): they record captures and
//     attribute changes as effects, cleared when the block starts, move the cursor and
//     add moves of the piece from its square to the cursor, which fastAdd builds from
//     the piece and its square alone (the fast blocks' proof, rewrite.go); no op of
//     theirs reads what reset sets up. Any other tail is fRest: the run is set up
//     (reset, keeping the cursor and the mark) and the general form of the rest runs,
//     with its scans as fScan.
//
// A piece runs either these forms or fast.go's blocks (runMoves): the fast blocks when
// it has them and no partial moves (chess), the prefixes otherwise (the draughts'
// capture chains). TestFastPathsChangeNothing compares the prefixes with the general
// path, TestGuardsKeepErrors the guards with the errors of the runs they skip.

import (
	"sync/atomic"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// prefix is a move block as the prefixes rewrite it.
type prefix struct {
	blk *code.Block
	// form is the block as runPre runs it: its leading run, its guards and its tail,
	// made the first time it runs (formOf) and only read after.
	form atomic.Pointer[[]fastOp]
	// lead is how many of the block's ops its leading run is; checked is the index in
	// form after its first check, pass the index after its leading run and guards.
	lead, checked, pass int
	guards              []guard
	// bitGuarded: the bit scan makes the guards on words (bitGuards).
	bitGuarded bool
	// The block's first check, when its first ops are a step and a verify of a cell
	// table that fits in a word: a step in direction dir to a square whose cellIndex
	// bit is set in mask. first is the index of the check among its kind's firsts when
	// another block of the kind begins with it too (runPre keeps its result for
	// them), or -1.
	check bool
	dir   int32
	mask  uint64
	first int8
	// step: the block is its first check and an add, or an if between adds add and els
	// (els may be nil) on cond, a condition of where the piece lands (locOnly). Perft's
	// last level counts its moves on words (countSteps).
	step     bool
	cond     *code.Cond
	add, els *code.Op
	// rest is the general form of the ops from restAt on for fRest, made the first
	// time they run, each scan (scanOf, found at load) being the superinstruction fScan.
	restAt int
	rest   formSlot
	scans  []slotScan
}

// guard is a test of the verify op (cell its condition's table, or nil) on the square
// that the steps path lead to.
type guard struct {
	path []int32
	op   *code.Op
	cell []bool
}

// prefixes holds the prefixes of the move blocks of each kind, or is nil when the game
// does not use them (the dialect, the extensions, Axiom games).
type prefixes []kindPrefixes

// kindPrefixes is the prefixes of the move blocks of one kind.
type kindPrefixes struct {
	pre []prefix // [block]
	// ents[type+1] lists the blocks of each move type as runPre runs them, ents[0]
	// every block. Blocks that move only other players' pieces (the dialect's) are left
	// out.
	ents [][]preEntry
	// firsts are the distinct first checks of the blocks: blocks that begin alike (a
	// man's two captures in one direction in international draughts) make the check
	// once for a piece.
	firsts []firstCheck
	// fastFirst: the piece's moves run as fast.go's blocks, not through the prefixes.
	fastFirst bool
}

// preEntry is a block as runPre tries it, with its first check packed beside it
// (prefix's check, dir, mask and first).
type preEntry struct {
	mask  uint64
	dir   int32
	first int8
	check bool
	p     *prefix
}

// firstCheck is a step in direction dir and a test of the square reached by a cell
// table as bits.
type firstCheck struct {
	dir  int32
	mask uint64
}

// maxFirsts bounds the distinct first checks of a kind that runPre keeps.
const maxFirsts = 16

// initPrefixes makes the prefixes of the move blocks of g's program.
func (g *Game) initPrefixes() {
	if g.code == nil || g.code.Dialect != nil || g.Ext != nil {
		return
	}
	g.pre = make(prefixes, len(g.code.Moves))
	for k, blocks := range g.code.Moves {
		kp := &g.pre[k]
		// A piece with fast blocks (fast.go) and no partial moves runs them instead:
		// measured, they beat the prefixes in chess and lose in the draughts, whose
		// capture chains the prefixes serve best.
		kp.fastFirst = k < len(g.fast) && g.fast[k] != nil && !hasPartial(blocks)
		kp.pre = make([]prefix, len(blocks))
		kp.ents = make([][]preEntry, len(g.MoveTypes)+1)
		uses := make([]int, maxFirsts)
		for i := range blocks {
			p := &kp.pre[i]
			g.makePrefix(p, &blocks[i])
			if p.check {
				if p.first = kp.firstIndex(firstCheck{p.dir, p.mask}); p.first >= 0 {
					uses[p.first]++
				}
			}
		}
		for i := range blocks {
			p := &kp.pre[i]
			if p.first >= 0 && uses[p.first] < 2 {
				p.first = -1
			}
			if blocks[i].Owner == code.OwnEnemy {
				continue
			}
			e := preEntry{mask: p.mask, dir: p.dir, first: p.first, check: p.check, p: p}
			kp.ents[0] = append(kp.ents[0], e)
			if t := int(blocks[i].Type) + 1; t > 0 && t < len(kp.ents) {
				kp.ents[t] = append(kp.ents[t], e)
			}
		}
	}
}

// cellBits returns a cell table as the bits of a word, when it fits in one.
func cellBits(cell []bool) (uint64, bool) {
	if len(cell) > 64 {
		return 0, false
	}
	var m uint64
	for i, v := range cell {
		if v {
			m |= 1 << uint(i)
		}
	}
	return m, true
}

// firstIndex returns the index of f among kp's first checks, adding it if it is new,
// or -1 when there are too many.
func (kp *kindPrefixes) firstIndex(f firstCheck) int8 {
	for i, e := range kp.firsts {
		if e == f {
			return int8(i)
		}
	}
	if len(kp.firsts) == maxFirsts {
		return -1
	}
	kp.firsts = append(kp.firsts, f)
	return int8(len(kp.firsts) - 1)
}

// makePrefix makes p, the prefix of block b. Its form is made the first time it runs
// (formOf): most blocks of most variants never do.
func (g *Game) makePrefix(p *prefix, b *code.Block) {
	ops := b.Ops
	p.blk = b
	i := 0
	for i < len(ops) && leadOp(&ops[i]) {
		i++
	}
	p.lead, p.restAt = i, i
	if i >= 2 && ops[0].Code == code.OpStep && ops[1].Code == code.OpVerify {
		if cell := g.cellTable(ops[1].Cond); cell != nil {
			p.mask, p.check = cellBits(cell)
			p.dir, p.checked = ops[0].A, 2
		}
	}
	p.first = -1
	rest := ops[i:]
	p.guards = g.guardsOf(rest)
	p.pass = i + len(p.guards)
	for j := range rest {
		if sc := g.scanOf(&rest[j], rest[:j]); sc != nil {
			p.scans = append(p.scans, slotScan{j, sc})
		}
	}
	if !p.check || i != 2 || len(p.guards) > 0 || len(rest) != 1 || len(p.scans) > 0 {
		return
	}
	t, ok := g.fastTail(rest)
	if !ok {
		return
	}
	switch f := &t[0]; {
	case f.code == fAdd:
		p.step, p.add = true, f.op
	case f.code == fIfAdd && locOnly(f.cond):
		p.step, p.cond, p.add = true, f.cond, f.body[0].op
		if len(f.els) > 0 {
			p.els = f.els[0].op
		}
	}
}

// leadOp reports whether o may be in a block's leading run.
func leadOp(o *code.Op) bool {
	switch o.Code {
	case code.OpStep, code.OpOpposite, code.OpMark, code.OpBack:
		return true
	case code.OpVerify:
		return pureCond(o.Cond)
	}
	return false
}

// formOf returns the form of p, made now if it is the first time. The workspaces of a
// game run at once: two that make it at once keep the one stored first, and either is
// the same form.
func (p *prefix) formOf(g *Game) []fastOp {
	if f := p.form.Load(); f != nil {
		return *f
	}
	f := g.prefixForm(p)
	p.form.CompareAndSwap(nil, &f)
	return *p.form.Load()
}

// prefixForm makes the form of p: its leading run, one fGuard per guard, and its tail
// (this file's header).
func (g *Game) prefixForm(p *prefix) []fastOp {
	ops := p.blk.Ops
	rest := ops[p.lead:]
	tail, ok := g.fastTail(rest)
	if !ok || len(p.scans) > 0 {
		tail = []fastOp{{code: fRest, aux: &fastAux{pre: p}, at: -1}}
		if len(rest) > 0 {
			tail[0].op, tail[0].at = &rest[0], rest[0].At
		}
	}
	form := make([]fastOp, 0, p.pass+len(tail))
	for i := range ops[:p.lead] {
		o := &ops[i]
		f := fastOp{op: o, a: o.A, at: o.At}
		switch o.Code {
		case code.OpStep, code.OpOpposite, code.OpMark, code.OpBack:
			f.code = opCode(o.Code)
		case code.OpVerify:
			f.code = fVerify
			g.setCellCond(&f, o.Cond)
		}
		form = append(form, f)
	}
	for _, gd := range p.guards {
		f := fastOp{code: fGuard, op: gd.op, at: gd.op.At, body: make([]fastOp, 0, len(gd.path)+1)}
		for _, d := range gd.path {
			f.body = append(f.body, fastOp{code: fStep, op: gd.op, a: d, at: gd.op.At})
		}
		v := fastOp{code: fVerify, op: gd.op, at: gd.op.At}
		g.setCellCond(&v, gd.op.Cond)
		f.body = append(f.body, v)
		form = append(form, f)
	}
	return append(form, tail...)
}

// fastTail returns the ops of a block's tail as fast ops that run without a run set
// up, or false when they cannot (prefix.go's header): fastOps must take them and every
// condition among them must be pure.
func (g *Game) fastTail(ops []code.Op) ([]fastOp, bool) {
	t, ok := fastOps(ops)
	if !ok || !g.pureOps(t) {
		return nil, false
	}
	return t, true
}

// pureOps reports whether every condition of the fast ops fs, and of those within
// them, is pure; it tests each on a cell table (setCellCond) where it can.
func (g *Game) pureOps(fs []fastOp) bool {
	for i := range fs {
		f := &fs[i]
		if f.cond != nil {
			if !pureCond(f.cond) {
				return false
			}
			if f.code == fVerify || f.code == fIf || f.code == fWhile || f.code == fIfAdd {
				g.setCellCond(f, f.cond)
			}
		}
		if !g.pureOps(f.body) || !g.pureOps(f.els) {
			return false
		}
	}
	return true
}

// setCellCond is setCond, but a condition that reads only where the cursor is (a zone,
// a position: locOnly) is tested on its table (ccLoc), and one that setCond leaves to
// test and that reads only the cursor's cell on its table (ccCell) when that fits in a
// word: test gave each of their entries (locTable, cellTable).
func (g *Game) setCellCond(f *fastOp, c *code.Cond) {
	f.setCond(c)
	switch {
	case f.cc == ccTrue:
	case locOnly(c):
		words := (len(g.Board.Locs) + 63) / 64
		a := &fastAux{tab: condTab{words: words, locs: make([]uint64, len(g.Players)*words)}}
		t := &a.tab
		for p, row := range g.locTable(c) {
			for l, v := range row {
				if v {
					t.locs[p*words+l/64] |= 1 << uint(l%64)
				}
			}
		}
		f.cc, f.neg, f.aux = ccLoc, false, a
	case f.cc == ccAny:
		if cell := g.cellTable(c); cell != nil {
			if mask, ok := cellBits(cell); ok {
				f.cc, f.aux = ccCell, &fastAux{tab: condTab{cell: mask}}
			}
		}
	}
}

// guardsOf finds the guards of the ops after a block's leading run. It follows the ops
// in order while it knows where the cursor is, relative to where they start: a step
// adds to the path, mark and back save and restore it; a jump or a loop makes it
// unknown until a back to a known mark. Every verify on a pure condition met while the
// cursor is known is a guard. It stops at the first op that may add a move, raise an
// error or change what the guards read: the ops it passes only record effects (which
// change nothing on the board before the move is made), move the cursor, or test pure
// conditions, and the loops among them end, within their bound, on every board
// (boundedLoop). So when a guard fails, the run of the block would stop at that verify,
// or earlier, having added nothing and raised no error.
func (g *Game) guardsOf(ops []code.Op) []guard {
	var out []guard
	// The mark starts on the block's first square, which is not on the path.
	var path, markPath []int32
	known, markKnown := true, false
	for i := range ops {
		o := &ops[i]
		switch o.Code {
		case code.OpStep:
			if !known {
				return out
			}
			path = append(path[:len(path):len(path)], o.A)
		case code.OpVerify:
			if !pureCond(o.Cond) {
				return out
			}
			if known {
				out = append(out, guard{path: path, op: o, cell: g.cellTable(o.Cond)})
			}
		case code.OpCapture, code.OpChangeType, code.OpChangeOwner, code.OpFlip, code.OpSetAttr:
			if o.Cond != nil && !pureCond(o.Cond) {
				return out
			}
		case code.OpMark:
			markPath, markKnown = path, known
		case code.OpBack:
			path, known = markPath, markKnown
		case code.OpJump:
			known = false
		case code.OpIf:
			if !pureCond(o.Cond) || !effectsOnly(o.Body) || !effectsOnly(o.Else) {
				return out
			}
		case code.OpWhile:
			if !g.boundedLoop(o) {
				return out
			}
			known = false
		default:
			return out
		}
	}
	return out
}

// effectsOnly reports whether ops only record effects and test pure conditions: they
// neither move the cursor nor add a move nor can fail.
func effectsOnly(ops []code.Op) bool {
	for i := range ops {
		o := &ops[i]
		switch o.Code {
		case code.OpCapture:
		case code.OpIf:
			if !pureCond(o.Cond) || !effectsOnly(o.Body) || !effectsOnly(o.Else) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// boundedLoop reports whether the while loop o ends within its bound on every board:
// its condition is pure, its body steps once in one direction at its top level and
// otherwise only records captures, and no line of the board in that direction, for any
// player, loops or is longer than the bound. Each turn of the loop then moves the
// cursor one square further along a line that ends.
func (g *Game) boundedLoop(o *code.Op) bool {
	if !pureCond(o.Cond) || len(g.Board.Locs) > MaxWhileSteps {
		return false
	}
	dir := int32(-1)
	for i := range o.Body {
		b := &o.Body[i]
		switch {
		case b.Code == code.OpStep && dir < 0:
			dir = b.A
		case effectsOnly(o.Body[i : i+1]):
		default:
			return false
		}
	}
	if dir < 0 {
		return false
	}
	return g.linesEnd(dir)
}

// linesEnd reports whether every line of the board in direction dir, for every player,
// ends. The answer is kept per direction while the game is analysed (newGame).
func (g *Game) linesEnd(dir int32) bool {
	nd := len(g.Board.Dirs)
	if g.lineEnds == nil {
		g.lineEnds = make([]int8, nd)
	}
	if v := g.lineEnds[dir]; v != 0 {
		return v == 1
	}
	g.lineEnds[dir] = 2
	n := len(g.Board.Locs)
	for _, nbr := range g.Board.Neighbor {
		for l := 0; l < n; l++ {
			c, steps := engine.Loc(l), 0
			for c != engine.NoLoc {
				if steps++; steps > n {
					return false
				}
				c = nbr[int(c)*nd+int(dir)]
			}
		}
	}
	g.lineEnds[dir] = 1
	return true
}

// cellTable returns the value of c for every content of the cursor's square, indexed
// by cellIndex, when c reads nothing else; nil otherwise. x.test gives each value, on a
// board of one square holding that content with the cursor on it: a cond of cellOnly
// reads nothing but that square and whether it is the side's.
func (g *Game) cellTable(c *code.Cond) []bool {
	if !cellOnly(c) {
		return nil
	}
	nk := len(g.Pieces)
	t := make([]bool, 3*(nk+1))
	cell := make([]engine.Cell, 1)
	x := &gen{g: g, b: g.Board, nd: len(g.Board.Dirs), attackAt: engine.NoLoc, at: -1, cells: cell}
	for rel := 0; rel < 3; rel++ {
		for k := -1; k < nk; k++ {
			if (rel == 0) != (k < 0) {
				continue
			}
			cell[0] = 0
			if rel > 0 {
				// The side is player 0; another player's piece is player 1's.
				cell[0] = engine.MakeCell(engine.Player(rel-1), engine.Kind(k), 0)
			}
			t[rel*(nk+1)+k+1] = x.test(c)
		}
	}
	return t
}

// locTable returns the value of c, a cond of locOnly, for each player and square, as
// x.test gives it with the cursor there.
func (g *Game) locTable(c *code.Cond) [][]bool {
	// A generator without buffers: a cond of locOnly reads the cursor, the side and the
	// board's zones.
	x := &gen{g: g, b: g.Board, nd: len(g.Board.Dirs), attackAt: engine.NoLoc, at: -1}
	t := make([][]bool, len(g.Players))
	for p := range t {
		x.side, x.nbr = engine.Player(p), g.Board.Neighbor[p]
		t[p] = make([]bool, len(g.Board.Locs))
		for l := range t[p] {
			x.cursor = engine.Loc(l)
			t[p][l] = x.test(c)
		}
	}
	return t
}

// cellIndex is the index into a cell table of the contents c of a square for side.
func cellIndex(c engine.Cell, side engine.Player, nk int) int {
	rel := 0
	if !c.IsEmpty() {
		rel = 2
		if c.Player() == side {
			rel = 1
		}
	}
	return rel*(nk+1) + int(c.Kind()) + 1
}

// runMoves is runBlocks for the move blocks of kind k of a piece on l (of kind k), using
// the prefixes of the blocks when the game has them.
func (x *gen) runMoves(k engine.Kind, l engine.Loc, piece engine.Cell, typ engine.MoveType) bool {
	blocks := x.g.code.Moves[k]
	if x.g.pre == nil || int(k) >= len(x.g.pre) || x.g.pre[k].fastFirst {
		// fast.go's blocks run this piece's moves: runBlocks hands over to them, the
		// kind's (g.fast[k], made of these blocks: fastBlocks), where UseFast is on and
		// there are some, so they are run here directly.
		if x.g.pre != nil && int(k) < len(x.g.pre) && x.g.on(UseFast) && len(x.g.fast[k]) > 0 {
			return x.runFastBlocks(x.g.fast[k], l, piece, typ, ^uint64(0), 0)
		}
		return x.runBlocks(blocks, l, false, piece, typ, ^uint64(0))
	}
	if !x.g.on(UsePrefixes) || x.foreign || int(typ)+1 >= len(x.g.pre[k].ents) {
		return x.runBlocks(blocks, l, false, piece, typ, ^uint64(0))
	}
	return x.runPre(x.g.pre[k].ents[typ+1], l, piece)
}

// runPre runs the blocks of ents for a piece on l: each block whose first check passes
// runs its form from after it (a block without one from its start). It reports a
// capture test's hit. (runBits is runPre for first checks made on words.)
func (x *gen) runPre(ents []preEntry, l engine.Loc, piece engine.Cell) bool {
	// firsts[f] is 0 while first check f was not made from l, 1 when it passed with
	// its square in reached[f], 2 when it failed.
	var firsts [maxFirsts]uint8
	var reached [maxFirsts]engine.Loc
	nk := len(x.g.Pieces)
	nbr, cells, side, at := x.nbr, x.cells, x.side, int(l)*x.nd
	x.start, x.openPiece = l, piece
	for ei := range ents {
		e := &ents[ei]
		cur, from := l, 0
		if e.check {
			if f := e.first; f >= 0 {
				if firsts[f] == 0 {
					firsts[f] = 2
					if t := nbr[at+int(e.dir)]; t != engine.NoLoc && e.mask>>uint(cellIndex(cells[t], side, nk))&1 != 0 {
						firsts[f], reached[f] = 1, t
					}
				}
				if firsts[f] == 2 {
					continue
				}
				cur = reached[f]
			} else {
				t := nbr[at+int(e.dir)]
				if t == engine.NoLoc || e.mask>>uint(cellIndex(cells[t], side, nk))&1 == 0 {
					continue
				}
				cur = t
			}
			from = e.p.checked
		}
		if x.block(e.p, cur, from) {
			return true
		}
	}
	return false
}

// block runs the form of p for the piece on x.start from its op from on, with the
// cursor on cur and the mark on x.start. It reports a capture test's hit.
func (x *gen) block(p *prefix, cur engine.Loc, from int) bool {
	x.blk = p.blk
	x.cursor, x.mark = cur, x.start
	x.effects = x.effects[:0]
	x.exec(p.formOf(x.g), from, 0)
	return x.attackMode && x.hit
}

// rest is the superinstruction fRest: the run of p's block is set up for the piece on
// x.start (x.openPiece), the cursor and the mark kept, and its rest runs.
func (x *gen) rest(p *prefix) {
	l, piece, cur, mark := x.start, x.openPiece, x.cursor, x.mark
	x.reset(l, false, piece)
	x.cursor, x.mark = cur, mark
	x.exec(p.rest.get(x.g, p.blk.Ops, p.restAt, p.scans), 0, 0)
	// The blocks after it start from the same piece: a from or a cascade of the rest
	// opened another movement.
	x.openPiece = piece
}

// scan is a while loop that walks a line and captures the pieces of some contents on it:
// (while (on-board? d) d (if COND capture)), COND reading only the square (cell is its
// table). International draughts removes its taken pieces this way at the end of every
// capture.
type scan struct {
	dir  int32
	cell []bool
	cap  *code.Op
	// When the ops before the loop put the cursor on start (a jump to a position, then
	// nothing that moves it), lines[player] lists the squares of the line from start,
	// so that the loop reads them without following the links one by one.
	start engine.Loc
	lines [][]engine.Loc
}

// scanOf returns the scan that the op o is, or nil; before are the ops of its list
// before it.
func (g *Game) scanOf(o *code.Op, before []code.Op) *scan {
	if o.Code != code.OpWhile || o.Cond.Code != code.CondOnBoard || o.Cond.Neg || o.Cond.Loc.Kind != code.LocDir || len(o.Body) != 2 {
		return nil
	}
	st, f := &o.Body[0], &o.Body[1]
	if st.Code != code.OpStep || st.A != o.Cond.Loc.V || f.Code != code.OpIf || len(f.Else) != 0 ||
		len(f.Body) != 1 || f.Body[0].Code != code.OpCapture {
		return nil
	}
	cell := g.cellTable(f.Cond)
	if cell == nil {
		return nil
	}
	sc := &scan{dir: st.A, cell: cell, cap: &f.Body[0], start: engine.NoLoc}
	for i := len(before) - 1; i >= 0; i-- {
		b := &before[i]
		if b.Code == code.OpJump {
			sc.start = engine.Loc(b.A)
			break
		}
		if !effectsOnly(before[i : i+1]) {
			return sc
		}
	}
	if sc.start == engine.NoLoc {
		return sc
	}
	nd, n := len(g.Board.Dirs), len(g.Board.Locs)
	for _, nbr := range g.Board.Neighbor {
		var line []engine.Loc
		for c := nbr[int(sc.start)*nd+int(sc.dir)]; c != engine.NoLoc; c = nbr[int(c)*nd+int(sc.dir)] {
			if len(line) >= n || len(line) >= MaxWhileSteps {
				// The line comes back on itself: the loop runs to its bound.
				return sc
			}
			line = append(line, c)
		}
		sc.lines = append(sc.lines, line)
	}
	return sc
}

// runScan runs the while loop o, a scan (the superinstruction fScan, outside capture
// tests): what the interpreter does, step by step. The condition (a square that way
// exists) makes the step of the body always succeed.
func (x *gen) runScan(o *code.Op, sc *scan) {
	x.at = o.At
	nk := len(x.g.Pieces)
	if x.cursor == sc.start && sc.lines != nil {
		for _, t := range sc.lines[x.side] {
			x.cursor = t
			if sc.cell[cellIndex(x.cells[t], x.side, nk)] {
				if l, ok := x.resolve(sc.cap.Loc); ok {
					x.effects = append(x.effects, engine.Change{Op: engine.OpCapture, To: l})
				}
			}
		}
		return
	}
	n := 0
	for {
		t := x.nbr[int(x.cursor)*x.nd+int(sc.dir)]
		if t == engine.NoLoc {
			return
		}
		if n++; n > MaxWhileSteps {
			x.bail(o, "while loop ran more than %d times: does its body move the cursor?", MaxWhileSteps)
		}
		x.cursor = t
		if sc.cell[cellIndex(x.cells[t], x.side, nk)] {
			if l, ok := x.resolve(sc.cap.Loc); ok {
				x.effects = append(x.effects, engine.Change{Op: engine.OpCapture, To: l})
			}
		}
	}
}

// hasPartial reports whether any of blocks adds a partial move.
func hasPartial(blocks []code.Block) bool {
	var ops func([]code.Op) bool
	ops = func(os []code.Op) bool {
		for i := range os {
			o := &os[i]
			if o.Code == code.OpAdd && o.A >= 0 || ops(o.Body) || ops(o.Else) {
				return true
			}
		}
		return false
	}
	for i := range blocks {
		if ops(blocks[i].Ops) {
			return true
		}
	}
	return false
}
