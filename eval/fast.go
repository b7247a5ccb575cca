package eval

// This file runs the common move blocks of plain ZRF games, and of the dialect games
// that fastDialectOK admits, on a shorter path. When a game is made, every move block
// whose ops are all of a small set (steps, mark and back, go last-from and last-to,
// verify, if and while, captures and attribute changes recorded as effects, and adds
// that move the block's own piece) is copied into fast ops: the tests of the cursor's
// position or of a neighbour (empty?, friend?, enemy?, in-zone?, piece?, attributes,
// last-from?, last-to?) become their own codes, a step and the test of where it lands
// one op, a slide's loop (while empty? add, then a step along one direction) one op,
// and an if whose branches are one add each one op. Such a block never opens a second
// movement, so each of its adds makes one move of the piece from where the block
// started to the cursor, then the effects recorded so far, then the promotion: the fast
// add builds exactly the changes the general add builds. Blocks of a piece that begin
// with the same steps and tests run them once (runFastBlocks). Any other block runs its
// general form; the compiled program is only read. The rules that make the fast ops,
// with their proofs, are in rewrite.go; exec (gen.go) runs them.
// TestFastBlocksChangeNothing compares both paths on random positions of many games.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"math/bits"
	"slices"
)

// fastCode says what a fastOp does.
type fastCode uint8

const (
	fStep       fastCode = iota // a: direction
	fVerify                     // the condition
	fIf                         // the condition, body, els
	fWhile                      // the condition, body; a board walk when op.Walk
	fSlide                      // while empty? (add; step a): add holds the add
	fAdd                        // kinds, cont
	fMark                       // mark
	fBack                       // back
	fCapture                    // op.Loc
	fSetAttr                    // a: attribute, the condition
	fGoLastFrom                 // go last-from
	fGoLastTo                   // go last-to
	fStepTest                   // a step, then a test of the new cursor's cell (cc is ccEmpty, ccFriend or ccEnemy)
	fIfAdd                      // an if whose branches are one add each, or one add and none (a pawn's promotion)
	fJump                       // the general form's own ops, a as in the op
	fOpposite
	fGoFrom
	fGoTo
	fFrom
	fTo
	fCascade
	fOp       // any other op, run as compiled (gen.op)
	fRay      // a unit's ray: unit (fastray.go)
	fSlideRun // a unit's slide: unit
	fBlockRun // a unit's other fast block: unit
	fScan     // a while that walks a line capturing (prefix.go's scan): scan; as fWhile in a capture test
	fAll      // all-positions: body on every position, or on those a sparse scan may act on (dialect_fast.go)
	fGuard    // a guard of a prefix (prefix.go): body run from the cursor, which goes back after
	fRest     // the rest of a prefix's block on a run set up (prefix.go): pre
)

// condKind says how a fastOp's condition is tested: ccAny by x.test, ccTrue as a
// constant (with neg: false), and any other kind is the code of a predicate on one
// square (the cursor's, or its neighbour's in direction dir), which x.holds gives its
// meaning. setCond chooses it when the blocks are made.
type condKind = code.CondCode

const (
	ccAny      condKind = 255 // x.test(cond)
	ccTrue              = code.CondTrue
	ccEmpty             = code.CondEmpty // the cursor's cell is empty
	ccFriend            = code.CondFriend
	ccEnemy             = code.CondEnemy    // ccEmpty, ccFriend and ccEnemy are consecutive
	ccZone              = code.CondInZone   // zone za holds the position
	ccPiece             = code.CondPiece    // the position holds a piece of kind za
	ccLastTo            = code.CondLastTo   // the position is the last part's destination
	ccLastFrom          = code.CondLastFrom // the position is the last part's source
	ccAttr              = code.CondAttr     // the position holds a piece with attribute za
	ccCell     condKind = 254               // tab.cell holds the cursor's cell (cellTable)
	ccLoc      condKind = 253               // tab.locs holds the cursor's square for the side (locTable)
)

// condTab is a condition as a table that test filled when the game was made, for every
// value of what it reads (reads.go): for ccCell, bit cellIndex of cell is its value on
// a square of those contents; for ccLoc, bit l%64 of locs[p*words+l/64] its value with
// the cursor on l for player p.
type condTab struct {
	cell  uint64
	locs  []uint64
	words int
}

// fastOp is one op of the executable form (rewrite.go): of a fast block, or of any
// block in its general form.
type fastOp struct {
	code fastCode
	cc   condKind
	neg  bool
	a    int32
	za   int32
	dir  int32 // the condition's position: -1 for the cursor, else a direction from it
	at   int32 // op.At
	cond *code.Cond
	body []fastOp
	els  []fastOp
	add  *fastOp     // fSlide: the add of its loop
	op   *code.Op    // the op it was made from: its position for errors
	unit *unitMember // fRay, fSlideRun, fBlockRun: the member of a unit
	aux  *fastAux    // fScan, fRest, ccCell, ccLoc
}

// fastAux is what the rarer fastOps need beside the common fields (kept apart so that
// a fastOp stays small).
type fastAux struct {
	scan *scan   // fScan
	pre  *prefix // fRest
	tab  condTab // ccCell, ccLoc: the condition's table
}

// fastBlock is a block's fast ops; ok is false when the block runs on the general path.
// Its first share ops are the first ops of the block before it, which is fast too, and
// they only move the cursor; keep is the share of the block after it.
type fastBlock struct {
	ok    bool
	owner uint8 // blk.Owner
	// firstDir is the direction of first's step, when first is set.
	firstDir    int32
	typ         engine.MoveType
	blk         *code.Block
	ops         []fastOp
	share, keep int
	unit        *fastUnit // the unit that begins here, if any (fastray.go)
	// guard is, for a block on the general path, the fast ops of its leading steps and
	// simple tests (guardOps in a plain ZRF game, headOps in the dialect's): when they
	// stop, so would the block, having recorded nothing, and it is not set up at all.
	// The shortcut guardOn turns it off. When the guard passes, the block runs on from
	// its op rest with the cursor where the guard left it (rest 0: from its start).
	guard   []fastOp
	guardOn Shortcut
	// first is the block's first op (of ops or of guard) when it is a step and a test
	// of where it lands (fStepTest), tried before anything else, for all of a piece's
	// blocks at once (gen.firstFails), and not run again: only the dialect's blocks
	// set it (dialect_blocks.go), the first 64 of a kind, whose guards are on whenever
	// they run.
	first *fastOp
	// firsts, set on the first block of a kind's only, is the first checks of the
	// kind's blocks by direction (firstDirs), which gen.firstFails makes for a piece.
	firsts []firstDir
	rest   int
	// form is the general form of a block on the general path from its op rest
	// (rewrite.go), made the first time it runs.
	form formSlot
}

// initFast makes the fast blocks of g's moves, in plain ZRF games and in dialect games
// that fastDialectOK admits.
func (g *Game) initFast() {
	if g.code == nil || g.code.Dialect == nil && g.Ext != nil || g.code.Dialect != nil && !g.fastDialectOK() {
		return
	}
	g.fast = make([][]fastBlock, len(g.code.Moves))
	for k, blocks := range g.code.Moves {
		g.fast[k] = g.fastBlocksOf(blocks, true, func(b *fastBlock) {
			b.ops, b.ok = fastOps(b.blk.Ops)
			if !b.ok && g.code.Dialect == nil {
				b.guard, b.guardOn = guardOps(b.blk.Ops), UseUnits
			}
		})
		if g.code.Dialect == nil {
			for i := range g.fast[k] {
				if fb := &g.fast[k][i]; fb.ok {
					g.tableConds(fb.ops)
				}
			}
		}
	}
}

// tableConds tests the pure conditions of the fast ops fs, and of those within them,
// that read only where the cursor is, or only its cell, on their tables (setCellCond, as
// the prefixes' tails do): a pure condition reads nothing a block changes, so its table,
// made by test, answers as test would. It runs once the blocks' shared openings and
// units are made, which compare and copy the ops as they were (sharedOps compares the
// conditions, not their tables).
func (g *Game) tableConds(fs []fastOp) {
	for i := range fs {
		f := &fs[i]
		if f.cond != nil && pureCond(f.cond) && (f.code == fVerify || f.code == fIf || f.code == fWhile || f.code == fIfAdd) {
			g.setCellCond(f, f.cond)
		}
		g.tableConds(f.body)
		g.tableConds(f.els)
	}
}

// fastBlocksOf makes the fast blocks of one piece type's blocks, each rewritten by
// rewrite (its fast ops, or its guard), then their shared openings and, with units,
// their units.
func (g *Game) fastBlocksOf(blocks []code.Block, units bool, rewrite func(*fastBlock)) []fastBlock {
	fb := make([]fastBlock, len(blocks))
	for i := range blocks {
		fb[i].blk, fb[i].owner, fb[i].typ = &blocks[i], blocks[i].Owner, blocks[i].Type
		rewrite(&fb[i])
		if i > 0 && fb[i].ok && fb[i-1].ok {
			fb[i].share = sharedOps(fb[i-1].ops, fb[i].ops)
			fb[i-1].keep = fb[i].share
			g.fastKeep = max(g.fastKeep, fb[i].share)
		}
	}
	if units {
		initFastUnits(fb)
	}
	return fb
}

// fastDialectOK reports whether the fast blocks may run a dialect game's moves. They
// make the same moves as the general path when the dialect adds nothing the blocks can
// see:
//
//   - no acts: no pre-action changes the board a block reads, and no action adds to or
//     rewrites the moves of a part;
//   - no checks and no formulas: these read turns and positions, not blocks, but they
//     are left out until a test covers them;
//   - no piece type moves pieces of any owner: a block then always moves a piece of
//     the side to move;
//   - no values (variables, integer piece and position attributes, so no immediate
//     values either) and no stacks: the ops that set values are not fast, and a
//     condition that reads them or an add that fixes a stack's takes needs what reset
//     sets up and fastReset does not. A pass limit and a repetition rule act on whole
//     turns and are allowed.
//
// The dialect's semantics (engine.Semantics) need nothing more. KeepEffects keeps the
// effects recorded before an add for the adds after it in the block: fastAdd drops them
// only when the game does not keep them, as add does. MergeChains and DropNullTurns
// act on the parts and turns once they are made, so they see the same moves either
// way. Without acts no move of a part is rewritten after it is made (pieceParts adds
// pre-actions, postAction post-actions), so duplicate hashes such a game's moves
// lazily as in plain ZRF, and fastAdd's first-of-its-bucket shortcut holds too.
func (g *Game) fastDialectOK() bool {
	d := g.code.Dialect
	if e := g.Ext; e != nil && (len(e.Vars) > 0 || len(e.PieceInts) > 0 || len(e.PosInts) > 0 || e.StackCap > 0) {
		return false
	}
	if g.Semantics.ImmediateValues {
		return false
	}
	for _, acts := range d.Acts {
		for _, ops := range acts {
			if len(ops) > 0 {
				return false
			}
		}
	}
	for _, has := range d.HasAct {
		if has {
			return false
		}
	}
	if len(d.Checks) > 0 || len(d.Formulas) > 0 {
		return false
	}
	for _, any := range d.AnyOwner {
		if any {
			return false
		}
	}
	return true
}

// setCond chooses how f tests c: a predicate on the cursor's square or a neighbour's
// that fast ops test themselves keeps its code, with its argument in za.
func (f *fastOp) setCond(c *code.Cond) {
	f.cond, f.cc, f.neg, f.dir = c, ccAny, false, -1
	switch c.Code {
	case code.CondTrue:
		f.cc = ccTrue
		return
	case code.CondFalse:
		f.cc, f.neg = ccTrue, true
		return
	case code.CondEmpty, code.CondFriend, code.CondEnemy, code.CondInZone, code.CondPiece,
		code.CondLastTo, code.CondLastFrom, code.CondAttr:
	default:
		return
	}
	switch c.Loc.Kind {
	case code.LocCursor:
	case code.LocDir:
		f.dir = c.Loc.V
	default:
		return
	}
	f.cc, f.neg, f.za = c.Code, c.Neg, c.A
}

// cellTest is a test of kind cc (ccEmpty, ccFriend or ccEnemy) of cell c for side,
// without its negation: cellHolds.
func cellTest(cc condKind, c engine.Cell, side engine.Player) bool {
	return cellHolds(cc, c, side)
}

// cellClass is what a cell test (cellTest) tells of c for side: 0 when it is empty, 1
// when it holds a piece of side, 2 when it holds another's.
func cellClass(c engine.Cell, side engine.Player) uint {
	if c.IsEmpty() {
		return 0
	}
	if c.Player() == side {
		return 1
	}
	return 2
}

// classPass returns the classes (cellClass) of the cells on which the test f, a cell
// test (ccEmpty, ccFriend or ccEnemy), passes, a bit for each: cellTest on an empty
// cell, a piece of the side (player 0) and another's (player 1's).
func classPass(f *fastOp) uint8 {
	var pass uint8
	for cls, c := range [...]engine.Cell{engine.Empty, engine.MakeCell(0, 0, 0), engine.MakeCell(1, 0, 0)} {
		if cellTest(f.cc, c, 0) != f.neg {
			pass |= 1 << cls
		}
	}
	return pass
}

// ftest evaluates f's condition as test does: a predicate through holds, on the
// square it names.
func (x *gen) ftest(f *fastOp) bool {
	switch f.cc {
	case ccAny:
		return x.test(f.cond)
	case ccTrue:
		return !f.neg
	case ccCell:
		return f.aux.tab.cell>>uint(cellIndex(x.cells[x.cursor], x.side, len(x.g.Pieces)))&1 != 0
	case ccLoc:
		t, l := &f.aux.tab, x.cursor
		return t.locs[int(x.side)*t.words+int(l>>6)]>>(uint(l)&63)&1 != 0
	}
	l := x.cursor
	if f.dir >= 0 {
		// As test: a position that does not exist makes the predicate false.
		if l = x.nbr[int(l)*x.nd+int(f.dir)]; l == engine.NoLoc {
			return f.neg
		}
	}
	if f.cc >= ccEmpty && f.cc <= ccEnemy {
		// What holds does for them, without the call.
		return cellHolds(f.cc, x.cells[l], x.side) != f.neg
	}
	return x.holds(f.cc, f.za, l) != f.neg
}

// fastBlocks returns the fast blocks of blocks when they are the moves of piece's type.
func (x *gen) fastBlocks(blocks []code.Block, drop bool, piece engine.Cell) []fastBlock {
	f := x.g.fast
	k := piece.Kind()
	if f == nil || drop || !x.g.on(UseFast) || len(blocks) == 0 || k < 0 || int(k) >= len(f) {
		return nil
	}
	// The kind's fast blocks were made of its moves, each pointing at its block
	// (fastBlocksOf): blocks are those moves when they start at the same block.
	if fk := f[k]; len(fk) == len(blocks) && fk[0].blk == &blocks[0] {
		return fk
	}
	return nil
}

// runFastBlocks is runBlocks for the moves of piece's type, some of them fast. A fast
// block whose first ops (steps and tests of the cursor's cell, which only move the
// cursor) are those of the fast block run just before it starts where that one was after
// them, and does not run at all when that one stopped among them: the same ops from the
// same square stop it at the same op.
//
// Only the blocks of mask run (bit b for block b; blocks past the 64th always run).
// fails holds the blocks whose first check fails (gen.firstFails), which stop there: they
// do not run, as those left out of mask.
func (x *gen) runFastBlocks(fast []fastBlock, l engine.Loc, piece engine.Cell, typ engine.MoveType, mask, fails uint64) bool {
	skip := x.skipOwner()
	x.fastReset(l, piece)
	stop := -1 // where the previous fast block stopped (len(ops) if it did not), or -1
	i := 0
	if fails&1 != 0 {
		// The first blocks stop at their first op (fails, below): start past them.
		i = bits.TrailingZeros64(^fails)
	}
	for ; i < len(fast); i++ {
		fb := &fast[i]
		if u := fb.unit; u != nil && x.g.on(UseUnits) {
			// The blocks of the unit, each run from its start: the block after it
			// starts from its own start too.
			if x.runUnit(u, typ, mask, skip) {
				return true
			}
			i, stop = u.end-1, -1
			continue
		}
		if stop >= 0 && stop < fb.share {
			// The block begins with ops of the one before, which stopped among them at
			// stop: so would it, run or not, and the next one may be skipped alike.
			continue
		}
		// ran is how many of the block's first ops (of its guard if it has one) the
		// first check ran, with the cursor then on at.
		if !runsFor(i, fb.typ, fb.owner, typ, mask&^fails, skip) {
			stop = -1
			if fails != 0 && i < 63 {
				// The blocks after it whose first op, a step and a test of where it
				// lands, stops them here (fails) are left out alike: jump past them.
				// The next one begins with no op of the one before it, which failed
				// (fastBlock.first), so it runs from its start whatever stop is.
				i = min(i+bits.TrailingZeros64(^fails>>uint(i+1)), 63)
			}
			continue
		}
		ran, at := 0, l
		if fb.first != nil {
			// Its first op passed (gen.firstFails).
			ran, at = 1, x.nbr[int(l)*x.nd+int(fb.firstDir)]
		}
		x.blk = fb.blk
		if !fb.ok {
			guarded := fb.guard != nil && x.g.on(fb.guardOn)
			if guarded {
				x.cursor, x.mark = at, l
				if x.exec(fb.guard, ran, 0) < len(fb.guard) {
					stop = -1
					continue
				}
				at = x.cursor
			}
			x.reset(l, false, piece)
			if guarded || fb.rest == 0 {
				// The guard only moved the cursor: the block goes on from there.
				if fb.rest > 0 {
					x.cursor = at
				}
				x.exec(fb.form.get(x.g, fb.blk.Ops, fb.rest, nil), 0, 0)
			} else {
				x.run(fb.blk.Ops)
			}
			x.fastReset(l, piece)
			stop = -1
		} else {
			from := 0
			if stop >= 0 {
				from = fb.share
			}
			// What reset does that fast ops may have changed: the rest stays as
			// fastReset left it.
			x.cursor, x.mark = l, l
			if from > 0 {
				x.cursor = x.trail[from-1]
			} else if ran > 0 {
				from, x.cursor = ran, at
				if fb.keep > 0 {
					x.trail[0] = at
				}
			}
			x.effects = x.effects[:0]
			if from == len(fb.ops)-1 && from >= fb.keep && fb.ops[from].code == fAdd {
				// What is left is one add (a man's step once its first check
				// passed): it makes its move without entering the loop, as tail does.
				x.at = fb.ops[from].at
				x.fastAdd(&fb.ops[from])
				stop = len(fb.ops)
			} else {
				stop = x.exec(fb.ops, from, fb.keep)
			}
		}
		if x.attackMode && x.hit {
			return true
		}
	}
	return false
}

// firstDir is the first checks (fastBlock.first) of a kind's blocks that step in
// direction dir: fail[c] holds the blocks (bit i for block i, of the first 64) whose
// test fails on a square of class c (cellClass; 3: no square).
type firstDir struct {
	dir  int32
	fail [4]uint64
}

// firstDirs sorts the first checks of the blocks of fast (the first 64) by direction.
func firstDirs(fast []fastBlock) []firstDir {
	var out []firstDir
	for i := range fast[:min(len(fast), 64)] {
		b := &fast[i]
		if b.first == nil {
			continue
		}
		j := slices.IndexFunc(out, func(f firstDir) bool { return f.dir == b.first.a })
		if j < 0 {
			j, out = len(out), append(out, firstDir{dir: b.first.a})
		}
		pass := classPass(b.first)
		for c := range out[j].fail {
			if pass>>uint(c)&1 == 0 {
				out[j].fail[c] |= 1 << uint(i)
			}
		}
	}
	return out
}

// firstFails makes the first checks firsts of a kind's blocks for a piece on l: bit i
// is set when block i has a first check and it fails, so that the block stops at its
// first op. The contents of each neighbour of l are found once for all the blocks that
// step there. Not inlined: a loop of its own keeps what it reads in registers (inlined
// in its caller, it did not).
//
//go:noinline
func (x *gen) firstFails(firsts []firstDir, l engine.Loc) uint64 {
	nbr, cells, side := x.nbr[int(l)*x.nd:], x.cells, x.side // from l: f.dir < x.nd
	var fails uint64
	for i := range firsts {
		f := &firsts[i]
		c := uint(3)
		if t := nbr[f.dir]; t != engine.NoLoc {
			c = cellClass(cells[t], side)
		}
		fails |= f.fail[c&3]
	}
	return fails
}

// fastReset is reset for the fast blocks of a piece on l.
func (x *gen) fastReset(l engine.Loc, piece engine.Cell) {
	x.start = l
	x.open, x.openDrop, x.openPiece, x.openFrom, x.openTo = true, false, piece, l, engine.NoLoc
	x.moved = x.moved[:0]
	x.flags = 0
	if x.posDirty {
		clear(x.posFlags)
		x.posDirty = false
	}
}

// slide runs the slide f from the cursor: an add on each empty square, stepping f.a,
// until a square is not empty (true, with the cursor there) or the line ends (false).
func (x *gen) slide(f *fastOp) bool {
	for n := 1; x.cells[x.cursor].IsEmpty(); n++ {
		if n > MaxWhileSteps {
			x.bail(f.op, "while loop ran more than %d times: does its body move the cursor?", MaxWhileSteps)
		}
		x.at = f.add.at
		x.fastAdd(f.add)
		t := x.nbr[int(x.cursor)*x.nd+int(f.a)]
		if t == engine.NoLoc {
			return false
		}
		x.cursor = t
	}
	return true
}

// fastAdd is add for a block whose only movement is its piece's, from where it started
// to the cursor: that movement, then the effects recorded so far (made does the rest).
func (x *gen) fastAdd(f *fastOp) {
	start, to := x.moveChange()
	switch len(x.effects) {
	case 0: // none to copy, none to forget
		x.made(f.op, x.blk.Type, x.blk.Rule, start, to)
		return
	case 1: // the commonest (an attribute's change): no call to copy it
		x.arena = append(x.arena, x.effects[0])
	default:
		x.arena = append(x.arena, x.effects...)
	}
	x.made(f.op, x.blk.Type, x.blk.Rule, start, to)
	if !x.g.Semantics.KeepEffects {
		x.effects = x.effects[:0]
	}
}

// moveChange appends to the arena fastAdd's movement: the piece from where it started
// to the cursor. It returns where the changes of the move start, and the cursor.
func (x *gen) moveChange() (start int, to engine.Loc) {
	to, start = x.cursor, len(x.arena)
	x.arena = append(x.arena, engine.Change{})
	c := &x.arena[start]
	c.Op, c.From, c.To, c.Player, c.Kind = engine.OpMove, x.start, to, x.openPiece.Player(), x.openPiece.Kind()
	return start, to
}

// fastAddAttr is setAttr of a, then fastAdd of f, where no effect was recorded before a
// and effects are not kept (KeepEffects off): the move's changes are its movement, then
// a's change, which goes to the arena without passing through x.effects, left empty as
// fastAdd would leave it.
func (x *gen) fastAddAttr(a, f *fastOp) {
	x.at = a.at
	e := x.attrChange(a)
	x.at = f.at
	start, to := x.moveChange()
	x.arena = append(x.arena, e)
	x.made(f.op, x.blk.Type, x.blk.Rule, start, to)
}
