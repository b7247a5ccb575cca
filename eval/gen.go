package eval

// This file runs compiled blocks against a state: the generator of one part. It touches
// no strings and no maps. The board does not change while a part is generated; effects
// are recorded and become moves at each add.

import (
	"fmt"
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// MaxWhileSteps bounds the iterations of one while loop; a loop that runs longer is an
// error naming its position in the rules.
const MaxWhileSteps = 100_000

// MaxMoves bounds the moves generated for one part.
const MaxMoves = 200_000

// MaxStateCells bounds the memory of the states a workspace keeps for the turns of one
// position: their cells, stock counts, values and stacks together (4 bytes each, so 64
// MiB). Every turn keeps the state after it, so a board of n positions lists at most
// MaxStateCells/n turns; a position with more is an error at the rules position the
// generator ran last. A 60x60 board with a drop on every square fits; a 300x300 one
// does not (it would keep 32 GB).
const MaxStateCells = 1 << 24

// GenError is an error found while running a rules file's move code.
type GenError struct {
	Err *zrf.Error
}

func (e *GenError) Error() string { return e.Err.Error() }

// Detail returns the error with its source line and expansion notes.
func (e *GenError) Detail() string { return e.Err.Detail() }

// genBail carries a GenError out of deep recursion; the entry points of the run-time
// recover it (catch).
type genBail struct{ err *GenError }

// catch is deferred by every entry point of the run-time, with the error it returns. It
// turns a panic into that error: a bail-out of the move code becomes its *GenError, and
// any other panic a *GenError saying "internal error" at the rules position x was
// running (the game's form when x is nil or ran nothing yet), so that a bad rules file
// or a bug of ours ends one call, never the program.
func (g *Game) catch(x *gen, err *error) {
	r := recover()
	if r == nil {
		return
	}
	if b, ok := r.(genBail); ok {
		*err = b.err
		return
	}
	pos, site := g.Pos, (*zrf.Site)(nil)
	if x != nil && x.at >= 0 && int(x.at) < len(g.code.At) {
		pos, site = g.code.At[x.at].Pos, g.code.At[x.at].Site
	}
	*err = &GenError{g.Fset.NewError(pos, site, "internal error: %v", r)}
}

// movement is a piece moving within a part.
type movement struct {
	from  engine.Loc // NoLoc for a drop
	to    engine.Loc
	piece engine.Cell
	copy  bool
}

// gen is the generator state of one block run.
type gen struct {
	g    *Game
	b    *engine.Board
	s    *engine.State
	side engine.Player
	nbr  []engine.Loc
	nd   int

	at           int32 // the op being run: where an internal error is reported
	cursor, mark engine.Loc
	start        engine.Loc
	open         bool // an open movement exists (it may have no piece yet)
	openFrom     engine.Loc
	openPiece    engine.Cell
	openTo       engine.Loc
	openDrop     bool
	moved        []movement
	effects      []engine.Change
	flags        uint64
	posFlags     []uint64 // [flag*words + loc/64]
	posDirty     bool
	words        int

	// ov is s's values with effects[:ovN] applied, for (immediate-values) reads; it
	// belongs to the state ovState and to the current run (reset clears ovState).
	ov      []int32
	ovN     int
	ovState *engine.State
	valSet  bool // a value was set since reset

	// what the run produces
	blk *code.Block
	out []engine.Move
	// outBase is the length of out before this part, less the moves counted into
	// leaf without being made: full counts them as room taken.
	outBase    int
	arena      []engine.Change
	seen       seenTable
	attackAt   engine.Loc // capture-test mode: only report whether a move captures here
	hit        bool
	attackMode bool          // inside attacked?: nested attacked? tests are false
	walkSkip   bool          // capture tests skip board walks (walk.go)
	scratch    []engine.Cell // a copy of the board with a pretend piece
	// attCache remembers attacked? (index 0) and defended? (index 1) of each position
	// without a move type during one part: 0 unknown, 1 no, 2 yes.
	attCache [2][]uint8
	sub      *gen // runs the other side's moves for attacked?

	cells []engine.Cell // the board being read (usually s.Cells)
	trail []engine.Loc  // the cursor after each shared op of a fast block (fast.go)
	// lazy: duplicate hashes the moves of the part lazily (set by seenReset).
	lazy bool
	unit unitRun // which blocks of a unit run (fastray.go)

	// The dialect's state of a run (dialect_gen.go).
	mover   engine.Player // the player making the turn (side is the moving piece's owner)
	foreign bool          // the moving piece is not the mover's: only (owner any|enemy) blocks run
	sel     []selected    // the group moved by shift
	turn    *turnStats    // the turn a check is evaluated for
	acc     []int64       // accumulator values of the check being evaluated
	accBuf  []int64       // where acc lives, kept from one check to the next
	work    int           // positions scanned by all-positions and count in this block run
	// Flood fills of groups and regions (groups.go): marks[l] == stamp when l was reached
	// in the fill under way, so that no fill clears the array.
	marks []uint32
	stamp uint32
	fill  []engine.Loc
	// The dialect's permute: perm[l] is where the contents of l go when the part is
	// made (the identity unless perms is not empty), perms the permutations run, in
	// order (dialect_gen.go).
	perm  []engine.Loc
	perms []int32
	// The dialect's capture-side: the owners whose pieces the part removes (side.go).
	sides []engine.Player
	// chunk is where action carves the changes it returns (dialect_gen.go).
	chunk []engine.Change

	// The buffers of the bit scan and of the prefixes' jumps come last: the fields
	// above are read on every block run.
	// sq is where the pieces stand on the board of sqFor, nil when on none; bitParts
	// sorts the squares again unless sqKeep is set (only while turns runs); cls holds
	// the words of each content (cellIndex) for the side, srcs the squares from which
	// each first check passed (bitscan.go).
	sq     squares
	sqFor  *engine.State
	sqKeep bool
	cls    [64]uint64
	// bitOwn and bitOther are the squares of the side's pieces and of the others' for
	// the checks, and scanned the state whose words bitSetup made last (nil: none
	// known, as Sample sets it).
	bitOwn, bitOther uint64
	scanned          *engine.State
	srcs             []uint64
	// srcsOnly asks bitParts to stop once the first checks are made, leaving their
	// squares in srcs and the union of them in union, and to clear it: still set,
	// it says that bitParts did not run (Sample's steps, sample.go).
	srcsOnly bool
	union    uint64
	// royal, set by Sample, asks firstParts to fill it as scanRoyal would for the
	// royal pieces royalKinds, in the scan that finds the side's pieces; firstParts
	// clears it when it did (scanPartsRoyal).
	royal      *royalScan
	royalKinds []bool
	// leaf, set only while perft's last level generates, is where made counts the
	// steps it makes instead of keeping them (counted, leafcount.go).
	leaf *leafWork
}

func newGen(g *Game) *gen {
	x := &gen{g: g, b: g.Board, nd: len(g.Board.Dirs), attackAt: engine.NoLoc, at: -1}
	x.walkSkip = g.walks != nil
	x.trail = make([]engine.Loc, g.fastKeep)
	x.seen.initBuckets(len(g.Board.Locs))
	x.words = (len(g.Board.Locs) + 63) / 64
	if g.code != nil {
		x.posFlags = make([]uint64, len(g.code.PosFlags)*x.words)
	}
	return x
}

// attacker returns the generator that x uses to run the other side's moves.
func (x *gen) attacker() *gen {
	if x.sub == nil {
		x.sub = newGen(x.g)
	}
	return x.sub
}

// seenReset forgets the moves remembered for duplicate detection.
func (x *gen) seenReset() {
	x.seen.reset()
	x.lazy = x.g.code.Dialect == nil || x.g.fast != nil || x.g.lazyDup()
}

// seenTable is an open-addressing set of emitted moves, keyed by a hash of their changes;
// entries from earlier parts are told apart by an epoch instead of being cleared.
//
// In plain ZRF games most moves are unlike every other by the squares of their first
// change alone, so moves are first sorted into buckets by those squares, and a move is
// hashed only when its bucket already holds a move: the first move of a bucket waits in
// first until a second one comes (lazy).
type seenTable struct {
	keys  []uint64
	idx   []int32
	epoch []uint32
	cur   uint32
	n     int
	// The buckets: bEpoch[b] == cur when bucket b holds a move of this part, and
	// bFirst[b] is then the index of its first move if that is not hashed yet, else -1.
	bEpoch []uint32
	bFirst []int32
	bShift uint
}

func (t *seenTable) reset() {
	t.cur++
	t.n = 0
	if t.cur == 0 {
		clear(t.epoch)
		clear(t.bEpoch)
		t.cur = 1
	}
}

// initBuckets makes the buckets for a board of n positions.
func (t *seenTable) initBuckets(n int) {
	size := 64
	for size < 4*n && size < 1<<16 {
		size *= 2
	}
	t.bEpoch, t.bFirst = make([]uint32, size), make([]int32, size)
	t.bShift = 64
	for ; size > 1; size /= 2 {
		t.bShift--
	}
}

// bucket returns the bucket of a move whose first change goes from from to to.
func (t *seenTable) bucket(from, to engine.Loc) int {
	k := uint64(uint32(from))<<32 | uint64(uint32(to))
	return int((k * 0x9e3779b97f4a7c15) >> t.bShift)
}

// firstOf is duplicate's commonest case, made where made calls it without a call: when
// the moves are hashed lazily and the bucket of changes' first change holds no move of
// this part yet, move i becomes its first, and firstOf reports true (no duplicate);
// otherwise it reports false and duplicate decides.
func (t *seenTable) firstOf(lazy bool, changes []engine.Change, i int32) bool {
	return lazy && len(changes) > 0 && t.claim(t.bucket(changes[0].From, changes[0].To), i)
}

// claim makes move i the first of bucket b and reports true when b holds no move of
// this part yet; otherwise it reports false.
func (t *seenTable) claim(b int, i int32) bool {
	if t.bEpoch[b] == t.cur {
		return false
	}
	t.bEpoch[b], t.bFirst[b] = t.cur, i
	return true
}

// lazyBucket is the bucket of a move of changes when moves are hashed lazily: that of
// its first change, since equal moves have equal first changes.
func (t *seenTable) lazyBucket(changes []engine.Change) int {
	if len(changes) == 0 {
		return t.bucket(engine.NoLoc, engine.NoLoc)
	}
	return t.bucket(changes[0].From, changes[0].To)
}

// insert stores i under h; i must not be stored yet.
func (t *seenTable) insert(h uint64, i int32) {
	t.lookup(h, i, func(int32) bool { return false })
}

// lookup calls same for every remembered move with hash h; if none matches it stores i
// under h and returns false.
func (t *seenTable) lookup(h uint64, i int32, same func(int32) bool) bool {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := uint64(len(t.keys) - 1)
	for j := h & mask; ; j = (j + 1) & mask {
		if t.epoch[j] != t.cur {
			t.keys[j], t.idx[j], t.epoch[j] = h, i, t.cur
			t.n++
			return false
		}
		if t.keys[j] == h && same(t.idx[j]) {
			return true
		}
	}
}

func (t *seenTable) grow() {
	oldK, oldI, oldE := t.keys, t.idx, t.epoch
	n := 2 * len(oldK)
	if n < 64 {
		n = 64
	}
	t.keys, t.idx, t.epoch = make([]uint64, n), make([]int32, n), make([]uint32, n)
	mask := uint64(n - 1)
	for j := range oldK {
		if oldE[j] != t.cur {
			continue
		}
		k := oldK[j] & mask
		for t.epoch[k] == t.cur {
			k = (k + 1) & mask
		}
		t.keys[k], t.idx[k], t.epoch[k] = oldK[j], oldI[j], t.cur
	}
}

func (x *gen) bail(o *code.Op, format string, args ...any) {
	at := x.g.code.At[o.At]
	panic(genBail{&GenError{x.g.Fset.NewError(at.Pos, at.Site, format, args...)}})
}

// reset prepares a run of blk from position l.
func (x *gen) reset(l engine.Loc, drop bool, piece engine.Cell) {
	x.cursor, x.mark, x.start = l, l, l
	x.open = true
	x.openDrop = drop
	x.openPiece = piece
	x.openTo = engine.NoLoc
	if drop {
		x.openFrom = engine.NoLoc
	} else {
		x.openFrom = l
	}
	x.moved = x.moved[:0]
	x.effects = x.effects[:0]
	x.ovState, x.valSet = nil, false
	x.sel = x.sel[:0]
	x.sides = x.sides[:0]
	if len(x.perms) > 0 {
		x.permReset()
	}
	x.work = 0
	x.flags = 0
	if x.posDirty {
		clear(x.posFlags)
		x.posDirty = false
	}
}

// resolve finds a location argument; ok is false when a direction has no link.
func (x *gen) resolve(a code.LocArg) (engine.Loc, bool) {
	switch a.Kind {
	case code.LocCursor:
		return x.cursor, true
	case code.LocDir:
		t := x.nbr[int(x.cursor)*x.nd+int(a.V)]
		return t, t != engine.NoLoc
	case code.LocPos:
		return engine.Loc(a.V), true
	case code.LocOpposite:
		d := x.b.Opposite[x.sym(engine.Dir(a.V))]
		if d == engine.NoDir {
			return engine.NoLoc, false
		}
		t := x.b.Next[int(x.cursor)*x.nd+int(d)]
		return t, t != engine.NoLoc
	}
	return engine.NoLoc, false
}

func (x *gen) sym(d engine.Dir) engine.Dir { return x.b.Sym[x.side][d] }

// exec is the one loop of the run-time: it runs the executable form of a block (or of
// a part of one, rewrite.go) from ops[from] and returns the index of the op that stopped
// it, or len(ops). The cursor after each of the first keep ops goes to x.trail (the
// ops a fast block shares with the next one, fast.go). The superinstructions are
// rewrites of the compiled ops, each with its proof beside it in rewrite.go; fOp runs a
// compiled op as written.
func (x *gen) exec(ops []fastOp, from, keep int) int {
	for i := from; i < len(ops); i++ {
		f := &ops[i]
		x.at = f.at
		switch f.code {
		case fStep:
			t := x.nbr[int(x.cursor)*x.nd+int(f.a)]
			if t == engine.NoLoc {
				return i
			}
			x.cursor = t
		case fStepTest:
			t := x.nbr[int(x.cursor)*x.nd+int(f.a)]
			if t == engine.NoLoc {
				return i
			}
			x.cursor = t
			if cellTest(f.cc, x.cells[t], x.side) == f.neg {
				return i
			}
		case fVerify:
			if !x.ftest(f) {
				return i
			}
		case fIf:
			if x.ftest(f) {
				if x.exec(f.body, 0, 0) < len(f.body) {
					return i
				}
			} else if f.els != nil {
				if x.exec(f.els, 0, 0) < len(f.els) {
					return i
				}
			}
		case fIfAdd:
			if a := f.ifAddPick(x.ftest(f)); a != nil {
				x.at = a.at
				x.fastAdd(a)
			}
		case fSlide:
			if !x.slide(f) {
				return i
			}
		case fScan:
			if !x.attackMode {
				x.runScan(f.op, f.aux.scan)
				break
			}
			// A capture test runs the loop as written.
			fallthrough
		case fWhile:
			if f.op.Walk && x.attackMode && x.walkSkip && x.g.on(UseWalkSkip) {
				// A capture test ignores what a board walk records (code.MarkWalks):
				// only its cursor moves, and its bound holds as before.
				x.walk(f.op)
				continue
			}
			n := 0
			for x.ftest(f) {
				if n++; n > MaxWhileSteps {
					x.bail(f.op, "while loop ran more than %d times: does its body move the cursor?", MaxWhileSteps)
				}
				if x.exec(f.body, 0, 0) < len(f.body) {
					return i
				}
			}
		case fAdd:
			x.fastAdd(f)
		case fMark:
			x.mark = x.cursor
		case fBack:
			x.cursor = x.mark
		case fCapture:
			if l, ok := x.resolve(f.op.Loc); ok {
				x.effects = append(x.effects, engine.Change{Op: engine.OpCapture, To: l})
			}
		case fSetAttr:
			x.setAttr(f)
		case fGoLastFrom:
			if x.s.LastFrom == engine.NoLoc {
				return i
			}
			x.cursor = x.s.LastFrom
		case fGoLastTo:
			if x.s.LastTo == engine.NoLoc {
				return i
			}
			x.cursor = x.s.LastTo
		case fJump:
			x.cursor = engine.Loc(f.a)
		case fOpposite:
			t, ok := x.resolve(code.LocArg{Kind: code.LocOpposite, V: f.a})
			if !ok {
				return i
			}
			x.cursor = t
		case fGoFrom:
			if x.openFrom != engine.NoLoc {
				x.cursor = x.openFrom
			} else {
				x.cursor = x.start
			}
		case fGoTo:
			if x.openTo == engine.NoLoc {
				return i
			}
			x.cursor = x.openTo
		case fFrom:
			x.closeOpen()
			c := x.cells[x.cursor]
			if c.IsEmpty() {
				return i
			}
			x.open, x.openFrom, x.openPiece, x.openTo, x.openDrop = true, x.cursor, c, engine.NoLoc, false
		case fTo:
			if !x.open {
				x.open, x.openFrom, x.openPiece = true, engine.NoLoc, engine.Empty
			}
			x.openTo = x.cursor
		case fCascade:
			if x.open && !x.openPiece.IsEmpty() {
				to := x.openTo
				if to == engine.NoLoc {
					to = x.cursor
				}
				x.moved = append(x.moved, movement{from: x.openFrom, to: to, piece: x.openPiece})
			}
			c := x.cells[x.cursor]
			x.open, x.openFrom, x.openPiece, x.openTo, x.openDrop = true, x.cursor, c, engine.NoLoc, false
		case fOp:
			if !x.op(f.op) {
				return i
			}
		case fAll:
			x.scanAll(f)
		case fGuard:
			c := x.cursor
			stop := x.exec(f.body, 0, 0) < len(f.body)
			x.cursor = c
			if stop {
				return i
			}
		case fRest:
			x.rest(f.aux.pre)
		}
		if i < keep {
			x.trail[i] = x.cursor
		}
	}
	return len(ops)
}

// ifAddPick is the add an fIfAdd f makes when its condition is v: its body's, or its
// els' (nil when it has none).
func (f *fastOp) ifAddPick(v bool) *fastOp {
	if v {
		return &f.body[0]
	}
	if len(f.els) == 0 {
		return nil
	}
	return &f.els[0]
}

// setAttr is fSetAttr: the attribute's change on the cursor's square, recorded. Its
// value is commonly a constant (ccTrue, negated for false), read as ftest reads it
// without calling it (attrValue).
func (x *gen) setAttr(f *fastOp) {
	x.effects = append(x.effects, x.attrChange(f))
}

// attrChange is the change setAttr records for f.
func (x *gen) attrChange(f *fastOp) engine.Change {
	return engine.Change{Op: engine.OpAttr, To: x.cursor, Attr: uint8(f.a), Val: x.attrValue(f)}
}

// attrValue is the value of setAttr's change: ftest's answer, read without calling it
// for a constant.
func (x *gen) attrValue(f *fastOp) bool {
	if f.cc == ccTrue {
		return !f.neg
	}
	return x.ftest(f)
}

// op runs a compiled op that has no superinstruction (fOp); it returns false when the
// block stops.
func (x *gen) op(o *code.Op) bool {
	switch o.Code {
	case code.OpCreate:
		l, ok := x.resolve(o.Loc)
		if !ok {
			return false
		}
		p := x.side
		if o.A >= 0 {
			p = engine.Player(o.A)
		}
		k := engine.Kind(o.B)
		if o.B < 0 {
			if x.openPiece.IsEmpty() {
				return false
			}
			k = x.openPiece.Kind()
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpCreate, To: l, Player: p, Kind: k})
	case code.OpChangeType:
		l, ok := x.resolve(o.Loc)
		if !ok {
			return false
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpType, To: l, Kind: engine.Kind(o.B)})
	case code.OpChangeOwner:
		l, ok := x.resolve(o.Loc)
		if !ok {
			return false
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpOwner, To: l, Player: x.side})
	case code.OpFlip:
		l, ok := x.resolve(o.Loc)
		if !ok {
			return false
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpFlip, To: l})
	case code.OpSetFlag:
		if x.test(o.Cond) {
			x.flags |= 1 << uint(o.A&63)
		} else {
			x.flags &^= 1 << uint(o.A&63)
		}
	case code.OpSetPosFlag:
		l, ok := x.resolve(o.Loc)
		if !ok {
			// Like capture, ignored when the location does not exist (Bolotoudou and
			// GufuuShogi mark neighbours without checking the board's edge).
			return true
		}
		v := x.test(o.Cond)
		i := int(o.A)*x.words + int(l>>6)
		if v {
			x.posFlags[i] |= 1 << (uint(l) & 63)
			x.posDirty = true
		} else {
			x.posFlags[i] &^= 1 << (uint(l) & 63)
		}
	case code.OpSetVal, code.OpTake, code.OpSelect, code.OpShift, code.OpGoto, code.OpCaptureGroup, code.OpPermute, code.OpCaptureSide:
		return x.runExt(o)
	case code.OpAdd:
		x.add(o)
		// Unless the game keeps them (engine.Semantics), effects recorded before an
		// add belong to that move only; the movements stay.
		if !x.g.Semantics.KeepEffects {
			x.effects = x.effects[:0]
			x.ovState = nil
		}
	}
	return true
}

// closeOpen commits the open movement if it has a destination, and drops it otherwise.
func (x *gen) closeOpen() {
	if x.open && x.openTo != engine.NoLoc && (!x.openPiece.IsEmpty() || x.openDrop) {
		x.moved = append(x.moved, movement{from: x.openFrom, to: x.openTo, piece: x.openPiece})
	}
	x.open = false
}

// add emits the move(s) of the current snapshot: it writes the changes of the part so
// far into the arena (the movements, or the group's, then the effects, the captures of
// capture-side, the takes' destinations and the permutations) and hands them to made.
func (x *gen) add(o *code.Op) {
	start := len(x.arena)
	last := engine.NoLoc
	if len(x.sel) > 0 {
		// A group (the dialect's select and shift) replaces the movements.
		last = x.addSelection()
	} else {
		for _, m := range x.moved {
			x.arena = append(x.arena, x.movementChange(m))
			last = m.to
		}
		if x.open && (!x.openPiece.IsEmpty() || x.openDrop) {
			to := x.openTo
			if to == engine.NoLoc {
				to = x.cursor
			}
			x.arena = append(x.arena, x.movementChange(movement{from: x.openFrom, to: to, piece: x.openPiece, copy: o.B == 1}))
			last = to
		} else if o.B == 1 && len(x.moved) > 0 {
			x.arena[len(x.arena)-1].Op = engine.OpCopy
		}
	}
	x.addEffects()
	if len(x.sides) > 0 {
		x.addSides(start)
	}
	if x.g.Ext != nil && x.g.Ext.StackCap > 0 {
		x.fixTakes(x.arena[start:], last)
	}
	if len(x.perms) > 0 {
		last = x.addPermutation(o, start, last)
	}
	x.made(o, x.blk.Type, x.blk.Rule, start, last)
}

// made is where an add becomes a move, whichever path ran the block: the add o, of a
// block of move type typ and rule rule, has written its changes (movements, then
// effects) to x.arena[start:], and last is where its piece ends (engine.NoLoc when it
// has none).
//
//   - In a capture test (attackAt) the add only reports whether one of its changes
//     moves, copies or captures onto attackAt, and leaves nothing.
//   - Otherwise each move the add makes of its changes (kindMove: one, or one for each
//     of its kinds) joins the part's moves (push), unless it repeats one (duplicate;
//     not searched when the game repeats no move, noDup), and never past MaxMoves.
//   - Perft's last level (x.leaf set, leafcount.go) counts such a move instead of
//     keeping it when it is a step that ends the turn (stepOf, countLeaf).
//
// made takes the commonest case itself, with the fewest tests: an add without kinds in
// a game that repeats no move, outside a capture test and perft's last level, with
// room, makes the one move that madeAll's loop, run once, would push. Every other case
// is madeAll's.
func (x *gen) made(o *code.Op, typ engine.MoveType, rule int32, start int, last engine.Loc) {
	if x.attackAt == engine.NoLoc && len(o.Kinds) == 0 && x.leaf == nil && x.g.noDup && x.g.on(UseNoDup) && !x.full() {
		x.at = o.At
		x.push(x.arena[start:len(x.arena):len(x.arena)], typ, engine.MoveType(o.A), rule)
		return
	}
	x.madeAll(o, typ, rule, start, last)
}

// madeAll is made in every case.
func (x *gen) madeAll(o *code.Op, typ engine.MoveType, rule int32, start int, last engine.Loc) {
	x.at = o.At
	if x.attackAt != engine.NoLoc {
		x.hits(start)
		return
	}
	cont := engine.MoveType(o.A)
	end, kept := len(x.arena), false
	if len(o.Kinds) == 0 && x.leaf == nil && x.g.noDup && x.g.on(UseNoDup) {
		// The loop below, run once: an add without kinds makes one move of its changes
		// (kindMove), which no duplicate can be (noDup) and perft does not count.
		if x.full() {
			x.tooMany(o)
		}
		x.push(x.arena[start:end:end], typ, cont, rule)
		return
	}
	for i, more := 0, true; more; i++ {
		var s int
		x.arena, s, more = kindMove(x.arena, o, i, start, end, last)
		changes := x.arena[s:len(x.arena):len(x.arena)]
		if !(x.g.noDup && x.g.on(UseNoDup)) && !x.seen.firstOf(x.lazy, changes, int32(len(x.out))) && x.duplicate(changes, cont) {
			x.arena = x.arena[:s]
			continue
		}
		if x.full() {
			x.tooMany(o)
		}
		if x.leaf != nil {
			// Perft's last level counts a step that ends the turn (leafcount.go).
			if k, ok := stepOf(changes, cont); ok {
				x.countLeaf(k, changes[0].From, changes[0].To)
				continue
			}
		}
		x.push(changes, typ, cont, rule)
		kept = true
	}
	if !kept {
		x.arena = x.arena[:start] // nothing made reads the add's changes
	}
}

// kindMove is the one meaning of an add's kinds (promotion), for made and for what is
// derived from made (leaf counting's steps, bitSteps): the add o, whose changes are
// arena[start:end] and whose piece ends on last (engine.NoLoc: none), makes one move of
// those changes when it lists no kind, and otherwise one for each kind it lists, the
// piece on last becoming that kind by a change of type after the others. kindMove
// returns arena with the changes of move i, which must exist, at arena[s:], and
// whether move i+1 exists. The changes of the add stay where they are.
func kindMove(arena []engine.Change, o *code.Op, i, start, end int, last engine.Loc) (_ []engine.Change, s int, more bool) {
	if len(o.Kinds) == 0 {
		return arena, start, false
	}
	s = len(arena)
	arena = append(arena, arena[start:end]...)
	if last != engine.NoLoc {
		arena = append(arena, engine.Change{Op: engine.OpType, To: last, Kind: o.Kinds[i]})
	}
	return arena, s, i+1 < len(o.Kinds)
}

// hits is made in a capture test: it notes whether one of the changes arena[start:]
// moves, copies or captures onto attackAt, and drops them.
func (x *gen) hits(start int) {
	for _, c := range x.arena[start:] {
		if (c.Op == engine.OpMove || c.Op == engine.OpCopy || c.Op == engine.OpCapture) && c.To == x.attackAt {
			x.hit = true
		}
	}
	x.arena = x.arena[:start]
}

// push appends the move of changes, made by a block of move type typ and rule rule and
// continued by cont, to the part's moves: the one place a move is kept (made calls it
// once full has said there is room). The move is appended empty
// and filled in place: a struct built whole and copied in is written in narrower
// stores than it is read with.
func (x *gen) push(changes []engine.Change, typ, cont engine.MoveType, rule int32) {
	x.out = append(x.out, engine.Move{})
	m := &x.out[len(x.out)-1]
	m.Changes, m.Type, m.Cont, m.Rule = changes, typ, cont, rule
}

// full reports whether the part has MaxMoves moves, those perft counted without keeping
// them included (leafcount.go lowers outBase for each).
func (x *gen) full() bool { return len(x.out)-x.outBase >= MaxMoves }

// room bails out of the add o when the part is full: the one guard on the number of
// moves of a part, whichever path makes them (made, and leaf counting's countLeaf).
func (x *gen) room(o *code.Op) {
	if x.full() {
		x.tooMany(o)
	}
}

// tooMany bails out of the add o of a part that has MaxMoves moves.
func (x *gen) tooMany(o *code.Op) {
	x.at = o.At
	x.bail(o, "more than %d moves in one position: is the rules file generating moves without end?", MaxMoves)
}

func (x *gen) movementChange(m movement) engine.Change {
	if m.from == engine.NoLoc {
		return engine.Change{Op: engine.OpDrop, To: m.to, Player: m.piece.Player(), Kind: m.piece.Kind()}
	}
	op := engine.OpMove
	if m.copy {
		op = engine.OpCopy
	}
	return engine.Change{Op: op, From: m.from, To: m.to, Player: m.piece.Player(), Kind: m.piece.Kind()}
}

// duplicate reports whether an identical move (same changes, same continuation) was
// already emitted in this part, and remembers the move of changes and cont otherwise.
// made asks seen.firstOf first, which decides when the move is the first of its bucket.
func (x *gen) duplicate(changes []engine.Change, cont engine.MoveType) bool {
	t := &x.seen
	i := int32(len(x.out))
	if x.lazy {
		// The dialect may rewrite the moves of a part after they are made (pieceParts), so
		// only plain games hash lazily; equal moves have equal first changes, and thus
		// share a bucket. A dialect game with fast blocks has no acts (fastDialectOK),
		// and its moves are not rewritten; nor are those of a game without pre-actions
		// (lazyDup, dialect_fast.go). The first move of a bucket is hashed only when
		// another comes.
		b := t.lazyBucket(changes)
		if t.claim(b, i) {
			return false // a move without changes (firstOf claims the others)
		}
		if j := t.bFirst[b]; j >= 0 {
			t.insert(moveHash(x.out[j].Changes, x.out[j].Cont), j)
			t.bFirst[b] = -1
		}
	}
	// Equal, for a move of changes and cont that is no pass and has no text.
	return t.lookup(moveHash(changes, cont), i, func(i int32) bool {
		o := &x.out[i]
		return !o.Pass && o.Cont == cont && o.Text == "" && slices.Equal(o.Changes, changes)
	})
}

// moveHash hashes the changes and the continuation of a move.
func moveHash(changes []engine.Change, cont engine.MoveType) uint64 {
	h := uint64(cont) * 0x9e3779b97f4a7c15
	for _, c := range changes {
		h = (h ^ uint64(c.Op) ^ uint64(c.To)<<8 ^ uint64(uint32(c.From))<<24 ^ uint64(c.Kind)<<40 ^ uint64(c.Player)<<52 ^ uint64(c.Attr)<<56) * 0x100000001b3
		if c.Val {
			h ^= 1 << 63
		}
	}
	return h
}

// test evaluates a condition on the board as it was at the start of the part.
func (x *gen) test(c *code.Cond) bool {
	switch c.Code {
	case code.CondTrue:
		return true
	case code.CondFalse:
		return false
	case code.CondAnd:
		for _, a := range c.Args {
			if !x.test(a) {
				return false
			}
		}
		return true
	case code.CondOr:
		for _, a := range c.Args {
			if x.test(a) {
				return true
			}
		}
		return false
	case code.CondNot:
		return !x.test(c.Args[0])
	case code.CondCmp:
		return x.compare(c)
	case code.CondConnected:
		return x.connected()
	case code.CondToMove:
		// In a goal's formula the mover is the goal's player: the goal holds only at the
		// start of that player's turn. In move code it is always true; in a check, which
		// reads the state after the turn, true only when the mover moves again.
		return x.g.Entry(x.s).Mover == x.mover
	}
	// A predicate, negated by Neg; a location that does not exist makes the positive
	// predicate false.
	var v bool
	switch c.Code {
	case code.CondPosition:
		v = x.cursor == engine.Loc(c.A)
	case code.CondFlag:
		v = x.flags&(1<<uint(c.A&63)) != 0
	default:
		if l, ok := x.resolve(c.Loc); ok {
			v = x.holds(c.Code, c.A, l)
		}
	}
	return v != c.Neg
}

// holds is the meaning of each predicate on a square, with its argument a: whether the
// positive predicate k holds on l, which exists. Every path that tests a predicate on a
// square it has found itself (fast.go's ftest, and through cellHolds the tests of
// fused steps and rays) asks it.
func (x *gen) holds(k code.CondCode, a int32, l engine.Loc) bool {
	switch k {
	case code.CondEmpty, code.CondFriend, code.CondEnemy:
		return cellHolds(k, x.cells[l], x.side)
	case code.CondNeutral:
		return false
	case code.CondPiece:
		return x.cells[l].Kind() == engine.Kind(a)
	case code.CondOnBoard:
		return true
	case code.CondInZone:
		return x.b.InZone(int(a), x.side, l)
	case code.CondMarked:
		return l == x.mark
	case code.CondLastFrom:
		return l == x.s.LastFrom
	case code.CondLastTo:
		return l == x.s.LastTo
	case code.CondPosFlag:
		return x.posFlags[int(a)*x.words+int(l>>6)]&(1<<(uint(l)&63)) != 0
	case code.CondAttr:
		cl := x.cells[l]
		return !cl.IsEmpty() && cl.Attr(int(a))
	case code.CondOwn:
		cl := x.cells[l]
		return !cl.IsEmpty() && cl.Player() == x.mover
	case code.CondSelected:
		for _, e := range x.sel {
			if e.cur == l && !e.gone {
				return true
			}
		}
		return false
	case code.CondAdjEnemy:
		for d := 0; d < x.nd; d++ {
			t := x.nbr[int(l)*x.nd+d]
			if t != engine.NoLoc && cellHolds(code.CondEnemy, x.cells[t], x.side) {
				return true
			}
		}
		return false
	case code.CondAttacked, code.CondDefended:
		if x.attackMode {
			return false
		}
		def := 0
		if k == code.CondDefended {
			def = 1
		}
		if a >= 0 {
			return x.g.attackedWith(x.attacker(), x.s, x.side, l, engine.MoveType(a), def == 1)
		}
		cache := x.attCache[def]
		if cache == nil {
			cache = make([]uint8, len(x.cells))
			x.attCache[def] = cache
		}
		if v := cache[l]; v != 0 {
			return v == 2
		}
		v := x.g.attackedWith(x.attacker(), x.s, x.side, l, engine.NoMoveType, def == 1)
		cache[l] = 1
		if v {
			cache[l] = 2
		}
		return v
	}
	panic(fmt.Sprintf("unknown condition code %d", k))
}

// cellHolds is the meaning of empty?, friend? and enemy? (k) on a square holding c, for
// pieces of side.
func cellHolds(k code.CondCode, c engine.Cell, side engine.Player) bool {
	switch k {
	case code.CondEmpty:
		return c.IsEmpty()
	case code.CondFriend:
		return !c.IsEmpty() && c.Player() == side
	}
	return !c.IsEmpty() && c.Player() != side
}
