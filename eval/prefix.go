package eval

// This file lets the generator turn down a block before it sets up a run of it. Most
// blocks of draughts-like games begin with a step and a test of the square reached
// ($d (verify empty?) ..., $d (verify enemy?) capture ...), and most of them fail right
// there. Such a leading run of steps and verifies (and marks, backs and opposite steps,
// with which Thud looks behind a piece) only moves the cursor and the mark and reads the
// board, so it can be tried on its own from the piece's square: when it fails, the
// block would have stopped there without recording anything, and the generator skips
// it; when it passes, the generator sets up the run and goes on from the first op after
// it, with the cursor where the steps left it. A block whose rest is only an add, or an
// if on a pure condition between two adds (a man's step that may crown), is finished
// here without entering the interpreter.

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// preOp is one op of a block's leading run: a move of the cursor or the mark (cond
// nil), or a verify of cond on the board as it is.
type preOp struct {
	// move is how a cursor op moves it: preStep (dir), preOpposite (the opposite of
	// dir), preMark (it stays, and the mark is set there) or preBack (to the mark).
	move uint8
	dir  int32
	cond *code.Cond
	// cell, when not nil, is cond's value for each content of the cursor's square
	// (cellIndex): a cond that reads only that square needs no x.test.
	cell []bool
}

const (
	preStep uint8 = iota
	preOpposite
	preMark
	preBack
)

// prefix is what the generator knows of a block before running it.
type prefix struct {
	ops  []preOp
	rest int // index of the first op after the leading run
	// tail says how the block ends after the leading run: tailRun runs ops[rest:] in
	// the interpreter; tailAdd is a single add (add); tailIfAdd is an if on a pure cond
	// (cond) whose body is one add (add) and whose else is one add (els) or nothing.
	tail uint8
	cond *code.Cond
	add  *code.Op
	els  *code.Op
	at   int32 // the if's source, for tailIfAdd
	// guards are tests further on in the block that every add of it comes after, each
	// on the square a path of steps leads to from where the leading run ends (see
	// guardsOf); when one fails the block adds nothing.
	guards []guard
	// form is the executable form of the ops after the leading run (rewrite.go), made
	// the first time they run, where each scan (scanOf, found at load: scans) is the
	// superinstruction fScan.
	form  formSlot
	scans []slotScan
	// first is the index of the block's first two ops among its kind's first checks,
	// or -1 when they are not one.
	first int8
	// only: the leading run is that first check and nothing else, and there are no
	// guards, so the check passing is the leading run passing (tryPrefix need not run).
	only bool
	// line is the ops of a tailLine block before its add.
	line []lineOp
	// condAt, for tailIfAdd and tailLine, is cond's value for each player and square when cond
	// reads only where the cursor is (locOnly); nil otherwise.
	condAt [][]bool
}

// guard is a test of cond (cell as in preOp) on the square that the steps path lead to.
type guard struct {
	path []int32
	cond *code.Cond
	cell []bool
}

const (
	tailRun uint8 = iota
	tailAdd
	tailIfAdd
	// tailLine: the ops after the leading run are steps, verifies of what stands on
	// the cursor's square and captures (line), then an add or an if as in tailIfAdd
	// (cond nil for a plain add). A man's jump is one.
	tailLine
)

// lineOp is an op of a tailLine block: a step in direction dir (cell and loc unused),
// a verify of cell's table on the cursor's square, or a capture of loc.
type lineOp struct {
	code code.Opcode
	dir  int32
	cell []bool
	loc  code.LocArg
}

// prefixes holds what the generator knows of the move blocks of each kind, or is nil
// when the game does not use it (the dialect, the extensions, Axiom games).
type prefixes []kindPrefixes

// kindPrefixes is the prefixes of the move blocks of one kind.
type kindPrefixes struct {
	pre []prefix // [block]
	// byType lists the blocks of each move type, [type+1], index 0 every block; blocks
	// that move only other players' pieces (the dialect's) are left out.
	byType [][]int32
	// firsts are the distinct first checks of the blocks (firstCheck): blocks that begin
	// alike (a man's two captures in one direction in international draughts) make
	// the check once for a piece.
	firsts []firstCheck
	// fastFirst: the piece's moves run as fast.go's blocks, not through the prefixes.
	fastFirst bool
	// ents is byType with what runPre reads of each block packed together.
	ents [][]preEntry
}

// preEntry is a block as runPre tries it: its first check, when it has one whose
// table fits in a word (cellBits), and whether other blocks of the kind share it.
type preEntry struct {
	mask  uint64 // the first check's table, bit i for cellIndex i
	dir   int32
	block int32
	// first is the index of the check among the kind's firsts when another block of
	// the kind begins with it too (its result is then kept for them), or -1.
	first int8
	check bool // the block begins with the check (dir, mask)
	// step: the block is the check and an add, or an if between adds on a condition
	// of where the piece lands (condAt), and capture tests do not run it (runBits).
	step bool
}

// firstCheck is a step in direction dir and a test of the square reached by its table.
type firstCheck struct {
	dir  int32
	cell []bool
}

// maxFirsts bounds the distinct first checks of a kind.
const maxFirsts = 16

// initPrefixes analyses the move blocks of g's program.
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
		kp.byType = make([][]int32, len(g.MoveTypes)+1)
		for i := range blocks {
			b := &blocks[i]
			p := &kp.pre[i]
			g.makePrefix(p, b.Ops)
			p.first = -1
			if len(p.ops) >= 2 && p.ops[0].cond == nil && p.ops[0].move == preStep && p.ops[1].cond != nil && p.ops[1].cell != nil {
				p.first = kp.firstIndex(firstCheck{dir: p.ops[0].dir, cell: p.ops[1].cell})
			}
			p.only = p.first >= 0 && len(p.ops) == 2 && len(p.guards) == 0
			if (p.tail == tailIfAdd || p.tail == tailLine) && p.cond != nil && locOnly(p.cond) {
				p.condAt = g.locTable(p.cond)
			}
			if b.Owner == code.OwnEnemy {
				continue
			}
			kp.byType[0] = append(kp.byType[0], int32(i))
			if t := int(b.Type) + 1; t > 0 && t < len(kp.byType) {
				kp.byType[t] = append(kp.byType[t], int32(i))
			}
		}
		kp.initEntries()
	}
}

// initEntries makes kp.ents from kp.byType and the prefixes.
func (kp *kindPrefixes) initEntries() {
	uses := make([]int, len(kp.firsts))
	for i := range kp.pre {
		if f := kp.pre[i].first; f >= 0 {
			uses[f]++
		}
	}
	kp.ents = make([][]preEntry, len(kp.byType))
	for t, list := range kp.byType {
		for _, i := range list {
			e := preEntry{block: i, first: -1}
			if f := kp.pre[i].first; f >= 0 {
				fc := &kp.firsts[f]
				if mask, ok := cellBits(fc.cell); ok {
					e.check, e.dir, e.mask = true, fc.dir, mask
					if uses[f] > 1 {
						e.first = f
					}
					p := &kp.pre[i]
					e.step = p.only && (p.tail == tailAdd || p.tail == tailIfAdd && p.condAt != nil)
				}
			}
			kp.ents[t] = append(kp.ents[t], e)
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
		if e.dir == f.dir && slices.Equal(e.cell, f.cell) {
			return int8(i)
		}
	}
	if len(kp.firsts) == maxFirsts {
		return -1
	}
	kp.firsts = append(kp.firsts, f)
	return int8(len(kp.firsts) - 1)
}

// makePrefix fills p, the prefix of the block of ops.
func (g *Game) makePrefix(p *prefix, ops []code.Op) {
	i := 0
	for ; i < len(ops); i++ {
		o := &ops[i]
		switch o.Code {
		case code.OpStep:
			p.ops = append(p.ops, preOp{dir: o.A})
			continue
		case code.OpOpposite:
			p.ops = append(p.ops, preOp{move: preOpposite, dir: o.A})
			continue
		case code.OpMark:
			p.ops = append(p.ops, preOp{move: preMark})
			continue
		case code.OpBack:
			p.ops = append(p.ops, preOp{move: preBack})
			continue
		}
		if o.Code == code.OpVerify && pureCond(o.Cond) {
			p.ops = append(p.ops, preOp{cond: o.Cond, cell: g.cellTable(o.Cond)})
			continue
		}
		break
	}
	p.rest = i
	rest := ops[i:]
	p.guards = g.guardsOf(rest)
	for j := range rest {
		if sc := g.scanOf(&rest[j], rest[:j]); sc != nil {
			p.scans = append(p.scans, slotScan{j, sc})
		}
	}
	switch {
	case len(rest) == 1 && rest[0].Code == code.OpAdd:
		p.tail, p.add = tailAdd, &rest[0]
	case len(rest) == 1 && rest[0].Code == code.OpIf && pureCond(rest[0].Cond) &&
		len(rest[0].Body) == 1 && rest[0].Body[0].Code == code.OpAdd &&
		(len(rest[0].Else) == 0 || len(rest[0].Else) == 1 && rest[0].Else[0].Code == code.OpAdd):
		p.tail, p.cond, p.add, p.at = tailIfAdd, rest[0].Cond, &rest[0].Body[0], rest[0].At
		if len(rest[0].Else) == 1 {
			p.els = &rest[0].Else[0]
		}
	default:
		g.makeLine(p, rest)
	}
}

// makeLine makes p a tailLine block when the ops rest after its leading run are one.
func (g *Game) makeLine(p *prefix, rest []code.Op) {
	if len(rest) < 2 {
		return
	}
	var line []lineOp
	for i := range rest[:len(rest)-1] {
		o := &rest[i]
		switch o.Code {
		case code.OpStep:
			line = append(line, lineOp{code: o.Code, dir: o.A})
		case code.OpVerify:
			cell := g.cellTable(o.Cond)
			if !pureCond(o.Cond) || cell == nil {
				return
			}
			line = append(line, lineOp{code: o.Code, cell: cell})
		case code.OpCapture:
			if o.Loc.Kind != code.LocCursor && o.Loc.Kind != code.LocDir {
				return
			}
			line = append(line, lineOp{code: o.Code, loc: o.Loc})
		default:
			return
		}
	}
	last := &rest[len(rest)-1]
	switch {
	case last.Code == code.OpAdd:
		p.add, p.at = last, last.At
	case last.Code == code.OpIf && pureCond(last.Cond) &&
		len(last.Body) == 1 && last.Body[0].Code == code.OpAdd &&
		(len(last.Else) == 0 || len(last.Else) == 1 && last.Else[0].Code == code.OpAdd):
		p.cond, p.add, p.at = last.Cond, &last.Body[0], last.At
		if len(last.Else) == 1 {
			p.els = &last.Else[0]
		}
	default:
		return
	}
	p.tail, p.line = tailLine, line
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
				out = append(out, guard{path: path, cond: o.Cond, cell: g.cellTable(o.Cond)})
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

// tryPrefix runs the leading ops of p, for a block started on l, from the op from on
// with the cursor on cur (and the mark on l, where a run starts it), and reports whether
// they pass, and then whether its guards pass; x.cursor and x.mark are left where the
// leading ops leave them.
func (x *gen) tryPrefix(p *prefix, l, cur engine.Loc, from int) bool {
	nbr, nd, cells := x.nbr, x.nd, x.cells
	nk := len(x.g.Pieces)
	mark := l
	for i := from; i < len(p.ops); i++ {
		po := &p.ops[i]
		if po.cond == nil {
			switch po.move {
			case preStep:
				t := nbr[int(cur)*nd+int(po.dir)]
				if t == engine.NoLoc {
					return false
				}
				cur = t
			case preOpposite:
				x.cursor = cur
				t, ok := x.resolve(code.LocArg{Kind: code.LocOpposite, V: po.dir})
				if !ok {
					return false
				}
				cur = t
			case preMark:
				mark = cur
			case preBack:
				cur = mark
			}
			continue
		}
		if po.cell != nil {
			if !po.cell[cellIndex(cells[cur], x.side, nk)] {
				return false
			}
			continue
		}
		x.cursor = cur
		if !x.test(po.cond) {
			return false
		}
	}
	x.cursor, x.mark = cur, mark
	if len(p.guards) > 0 {
		return x.tryGuards(p.guards)
	}
	return true
}

// tryGuards tests the guards of a block from the cursor, which it leaves there.
func (x *gen) tryGuards(gs []guard) bool {
	base := x.cursor
	defer func() { x.cursor = base }()
	for i := range gs {
		gd := &gs[i]
		c := base
		for _, d := range gd.path {
			if c = x.nbr[int(c)*x.nd+int(d)]; c == engine.NoLoc {
				return false
			}
		}
		if !x.testAt(c, gd.cell, gd.cond) {
			return false
		}
	}
	return true
}

// testAt tests cond on the square l, with cell its table (preOp).
func (x *gen) testAt(l engine.Loc, cell []bool, cond *code.Cond) bool {
	if cell != nil {
		return cell[cellIndex(x.cells[l], x.side, len(x.g.Pieces))]
	}
	x.cursor = l
	return x.test(cond)
}

// runMoves is runBlocks for the move blocks of kind k of a piece on l, using the
// prefixes of the blocks when the game has them.
func (x *gen) runMoves(k engine.Kind, l engine.Loc, piece engine.Cell, typ engine.MoveType) bool {
	blocks := x.g.code.Moves[k]
	if x.g.pre == nil || int(k) >= len(x.g.pre) || x.g.pre[k].fastFirst {
		// fast.go's blocks run this piece's moves (runBlocks hands over to them).
		return x.runBlocks(blocks, l, false, piece, typ, ^uint64(0))
	}
	if !x.g.on(UsePrefixes) || x.foreign || int(typ)+1 >= len(x.g.pre[k].byType) {
		return x.runBlocks(blocks, l, false, piece, typ, ^uint64(0))
	}
	return x.runPre(&x.g.pre[k], blocks, l, piece, x.g.pre[k].ents[typ+1])
}

// runPre runs the blocks of ents, of a kind whose prefixes are kp and blocks blocks,
// for a piece on l: each block's prefix is tried, and the block is run, or its move
// emitted, when it passes.
func (x *gen) runPre(kp *kindPrefixes, blocks []code.Block, l engine.Loc, piece engine.Cell, ents []preEntry) bool {
	// firsts[f] is 0 while first check f was not made from l, 1 when it passed with its
	// square in reached[f], 2 when it failed.
	var firsts [maxFirsts]uint8
	var reached [maxFirsts]engine.Loc
	nk := len(x.g.Pieces)
	nbr, cells, side, at := x.nbr, x.cells, x.side, int(l)*x.nd
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
			from = 2
		}
		if x.runEntry(kp, blocks, e, l, cur, from, piece, false) {
			return true
		}
	}
	return false
}

// runEntry runs the block of e for a piece on l from its op from on, with the cursor
// on cur (from is 2 when its first check passed, landing there; passed says that its
// whole leading run and its guards did), and reports whether a capture test hit.
func (x *gen) runEntry(kp *kindPrefixes, blocks []code.Block, e *preEntry, l, cur engine.Loc, from int, piece engine.Cell, passed bool) bool {
	b := &blocks[e.block]
	p := &kp.pre[e.block]
	if passed || p.only && from == 2 {
		// What tryPrefix does when the ops after the first check are none.
		x.cursor, x.mark = cur, l
	} else if !x.tryPrefix(p, l, cur, from) {
		return false
	}
	tail := p.tail
	if tail == tailLine && x.attackMode {
		// A capture test counts captures as hits (add); emit does not.
		tail = tailRun
	}
	switch tail {
	case tailAdd:
		x.emit(b, p.add, l, piece, nil)
	case tailIfAdd:
		x.at = p.at
		var yes bool
		if p.condAt != nil {
			yes = p.condAt[x.side][x.cursor]
		} else {
			yes = x.test(p.cond)
		}
		if yes {
			x.emit(b, p.add, l, piece, nil)
		} else if p.els != nil {
			x.emit(b, p.els, l, piece, nil)
		}
	case tailLine:
		x.runLine(b, p, l, piece)
	default:
		cur, mark := x.cursor, x.mark
		x.blk = b
		x.reset(l, false, piece)
		x.cursor, x.mark = cur, mark
		x.exec(p.form.get(x.g, b.Ops, p.rest, p.scans), 0, 0)
	}
	return x.attackMode && x.hit
}

// runLine runs the ops of p, a tailLine block b, for a piece on l from the cursor,
// as the interpreter would: a step off the board or a verify that fails stops the
// block, captures are recorded, and the add (or the branch of the if that holds)
// emits the move. Nothing else was recorded since the block started: the leading
// run records no effect.
func (x *gen) runLine(b *code.Block, p *prefix, l engine.Loc, piece engine.Cell) {
	x.at = p.at
	nbr, nd, cells, side, nk := x.nbr, x.nd, x.cells, x.side, len(x.g.Pieces)
	cur := x.cursor
	caps := x.caps[:0]
	for i := range p.line {
		lo := &p.line[i]
		switch lo.code {
		case code.OpStep:
			t := nbr[int(cur)*nd+int(lo.dir)]
			if t == engine.NoLoc {
				return
			}
			cur = t
		case code.OpVerify:
			if !lo.cell[cellIndex(cells[cur], side, nk)] {
				return
			}
		case code.OpCapture:
			x.cursor = cur
			if c, ok := x.resolve(lo.loc); ok {
				caps = append(caps, c)
			}
		}
	}
	x.cursor, x.caps = cur, caps
	add := p.add
	if p.cond != nil {
		var yes bool
		if p.condAt != nil {
			yes = p.condAt[side][cur]
		} else {
			yes = x.test(p.cond)
		}
		if !yes {
			if add = p.els; add == nil {
				return
			}
		}
	}
	x.emit(b, add, l, piece, caps)
}

// emit is what add does for the move of block b's add o when the run has recorded
// nothing but the captures of caps: the piece on l moves (or is copied) to the cursor,
// and the pieces on caps are captured (made does the rest). No run was set up for it: a
// plain ZRF game keeps no selection, stack or permutation, and the leading run records
// no effect.
func (x *gen) emit(b *code.Block, o *code.Op, l engine.Loc, piece engine.Cell, caps []engine.Loc) {
	to := x.cursor
	op := engine.OpMove
	if o.B == 1 {
		op = engine.OpCopy
	}
	// Changes are appended empty and filled in place: a struct built whole and copied
	// in is written in narrower stores than it is read with.
	start := len(x.arena)
	x.arena = append(x.arena, engine.Change{})
	c := &x.arena[start]
	c.Op, c.From, c.To, c.Player, c.Kind = op, l, to, piece.Player(), piece.Kind()
	for _, t := range caps {
		x.arena = append(x.arena, engine.Change{})
		c := &x.arena[len(x.arena)-1]
		c.Op, c.To = engine.OpCapture, t
	}
	x.made(o, b.Type, b.Rule, start, to)
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
