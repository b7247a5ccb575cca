package eval

// This file runs runs of consecutive fast blocks of a piece type as one unit, walking
// each line of the board once instead of starting one block after another. The members
// of a unit:
//
//   - a ray: leading plain steps, then n blocks along one direction d where block k
//     (counted from 1) is the same leading steps, k-1 steps along d that each test that
//     the square is empty, one more step along d with a test of its own, and a tail of
//     any fast ops. Chess's rook-1 … rook-7 are one ray of n 7, a king step or a
//     knight's leap a ray of n 1. Block k runs its tail exactly when the first k squares
//     along d exist, the first k-1 are empty and the k-th passes its test, so one walk
//     along d decides every block of the ray, in their order.
//   - a slide: a step, then a slide loop (fSlide), then any fast ops.
//   - any other fast block that shares no first ops with the block before it, run
//     whole; one that first verifies that a neighbour is the last part's destination
//     (en passant) is not set up unless it is.
//
// A unit sets up each block it runs as runFastBlocks does (its block, the cursor and mark,
// no effects), runs it only when runFastBlocks would (the block's bit of the mask, its
// move type, its owner), and runs its tail with exec: the moves, their order and the
// answers of capture tests are those of the blocks run one by one. Units are made when
// the game is made (initFastUnits); TestFastUnitsChangeNothing compares both ways.

import "github.com/zoggo/zoggo/engine"

// fastUnit is a run of consecutive fast blocks, [first, end) of the piece type's
// blocks, each of them in one member.
type fastUnit struct {
	members []unitMember
	end     int
	owners  uint8 // bit o for every owner o (code.OwnFriend…) of its blocks
	typ     engine.MoveType
	oneType bool // all its blocks are of move type typ
}

// unitMember is a ray, a slide or another fast block of a unit.
type unitMember struct {
	slide bool
	// block: any other fast block, run whole on exec. When lastTo, its first op
	// verifies that the neighbour along dir is the last part's destination (en
	// passant): that is tested first, without setting up the block.
	block  bool
	lastTo bool
	pre    []int32 // a ray's leading plain steps
	dir    int32   // a ray's direction; a slide's first step; the neighbour lastTo tests
	// A ray's block k (from 0) is blocks[k]; the test of its last step is test[k] (cc
	// and neg), and its ops after that step are tails[k]. A slide is blocks[0], and its
	// tail the ops after its loop.
	blocks []int32
	test   []fastOp
	tails  [][]fastOp
	kinds  []unitTail // the shape of each tail
}

// unitTail names the tails a unit runs without exec.
type unitTail uint8

const (
	utOps     unitTail = iota // any fast ops: exec runs them
	utAdd                     // one fAdd
	utAttrAdd                 // an fSetAttr whose condition is constant (ccTrue), then an fAdd
	utIfAdd                   // one fIfAdd
	utTestAdd                 // an fVerify of the cursor's cell (ccEmpty, ccFriend, ccEnemy), then an fAdd
	utPath                    // fSteps, fStepTests and fVerifys, then an fAdd (a pawn's double step)
)

// unitTailOf returns the shape of tail.
func unitTailOf(tail []fastOp) unitTail {
	switch {
	case len(tail) == 1 && tail[0].code == fAdd:
		return utAdd
	case len(tail) == 1 && tail[0].code == fIfAdd:
		return utIfAdd
	case len(tail) == 2 && tail[1].code == fAdd && tail[0].code == fSetAttr && tail[0].cc == ccTrue:
		return utAttrAdd
	case len(tail) == 2 && tail[1].code == fAdd && tail[0].code == fVerify && tail[0].cc >= ccEmpty && tail[0].cc <= ccEnemy && tail[0].dir < 0:
		return utTestAdd
	}
	if n := len(tail); n >= 2 && tail[n-1].code == fAdd {
		for i := range tail[:n-1] {
			if c := tail[i].code; c != fStep && c != fStepTest && c != fVerify {
				return utOps
			}
		}
		return utPath
	}
	return utOps
}

// runUnitTail runs tail, of shape k, from the cursor as exec(tail, 0, 0) does.
func (x *gen) runUnitTail(tail []fastOp, k unitTail) {
	switch k {
	case utAdd:
		x.at = tail[0].at
		x.fastAdd(&tail[0])
	case utAttrAdd:
		f := &tail[0]
		x.at = f.at
		x.effects = append(x.effects, engine.Change{Op: engine.OpAttr, To: x.cursor, Attr: uint8(f.a), Val: !f.neg})
		x.at = tail[1].at
		x.fastAdd(&tail[1])
	case utIfAdd:
		f := &tail[0]
		x.at = f.at
		a := &f.els[0]
		if x.ftest(f) {
			a = &f.body[0]
		}
		x.at = a.at
		x.fastAdd(a)
	case utTestAdd:
		f := &tail[0]
		x.at = f.at
		if cellTest(f.cc, x.cells[x.cursor], x.side) != f.neg {
			x.at = tail[1].at
			x.fastAdd(&tail[1])
		}
	case utPath:
		n := len(tail) - 1
		for i := range tail[:n] {
			f := &tail[i]
			x.at = f.at
			switch f.code {
			case fStep, fStepTest:
				t := x.nbr[int(x.cursor)*x.nd+int(f.a)]
				if t == engine.NoLoc {
					return
				}
				x.cursor = t
				if f.code == fStepTest && cellTest(f.cc, x.cells[t], x.side) == f.neg {
					return
				}
			case fVerify:
				if !x.ftest(f) {
					return
				}
			}
		}
		x.at = tail[n].at
		x.fastAdd(&tail[n])
	default:
		x.exec(tail, 0, 0)
	}
}

// initFastUnits makes the units of the fast blocks fb of one piece type.
func initFastUnits(fb []fastBlock) {
	for i := 0; i < len(fb); {
		var members []unitMember
		j := i
		for j < len(fb) {
			m, n := unitAt(fb, j)
			if n == 0 {
				break
			}
			members = append(members, m)
			j += n
		}
		if len(members) == 0 {
			i++
			continue
		}
		u := &fastUnit{members: members, end: j, typ: fb[i].typ, oneType: true}
		for _, b := range fb[i:j] {
			u.owners |= 1 << b.owner
			u.oneType = u.oneType && b.typ == u.typ
		}
		fb[i].unit = u
		i = j
	}
}

// unitAt returns the member that begins with block i of fb and how many blocks it
// holds, or 0 when block i begins none.
func unitAt(fb []fastBlock, i int) (unitMember, int) {
	if !fb[i].ok {
		return unitMember{}, 0
	}
	ops := fb[i].ops
	if len(ops) >= 2 && ops[0].code == fStep && ops[1].code == fSlide {
		return unitMember{slide: true, dir: ops[0].a, blocks: []int32{int32(i)}, tails: [][]fastOp{ops[2:]}, kinds: []unitTail{unitTailOf(ops[2:])}}, 1
	}
	p := 0
	for p < len(ops) && ops[p].code == fStep {
		p++
	}
	if p == len(ops) || ops[p].code != fStepTest || ops[p].dir >= 0 {
		if fb[i].share > 0 {
			// runFastBlocks may start it where the block before stopped: leave it
			// that way.
			return unitMember{}, 0
		}
		m := unitMember{block: true, blocks: []int32{int32(i)}}
		if len(ops) > 0 && ops[0].code == fVerify && ops[0].cc == ccLastTo && !ops[0].neg && ops[0].dir >= 0 {
			m.lastTo, m.dir = true, ops[0].dir
		}
		return m, 1
	}
	m := unitMember{dir: ops[p].a}
	for _, o := range ops[:p] {
		m.pre = append(m.pre, o.a)
	}
	m.blocks = append(m.blocks, int32(i))
	m.test = append(m.test, ops[p])
	m.tails = append(m.tails, ops[p+1:])
	m.kinds = append(m.kinds, unitTailOf(ops[p+1:]))
	// Block i+k extends the ray when it is the same leading steps, k steps along the
	// direction that each test for an empty square, and one more step along it with a
	// test of its own.
	for k := 1; i+k < len(fb) && fb[i+k].ok; k++ {
		o := fb[i+k].ops
		if len(o) < p+k+1 || !sameSteps(o[:p], ops[:p]) {
			break
		}
		ext := true
		for e := p; e < p+k; e++ {
			if f := &o[e]; f.code != fStepTest || f.a != m.dir || f.cc != ccEmpty || f.neg || f.dir >= 0 {
				ext = false
				break
			}
		}
		if f := &o[p+k]; !ext || f.code != fStepTest || f.a != m.dir || f.dir >= 0 {
			break
		}
		m.blocks = append(m.blocks, int32(i+k))
		m.test = append(m.test, o[p+k])
		m.tails = append(m.tails, o[p+k+1:])
		m.kinds = append(m.kinds, unitTailOf(o[p+k+1:]))
	}
	return m, len(m.blocks)
}

// sameSteps reports whether a and b are the same plain steps.
func sameSteps(a, b []fastOp) bool {
	for i := range a {
		if a[i].code != fStep || b[i].code != fStep || a[i].a != b[i].a {
			return false
		}
	}
	return true
}

// runsBlock reports whether runFastBlocks runs fast block i (mask, typ and skip as
// there).
func runsBlock(fast []fastBlock, i int32, typ engine.MoveType, mask uint64, skip uint8) bool {
	fb := &fast[i]
	return runsFor(int(i), fb.typ, fb.owner, typ, mask, skip)
}

// runUnit runs the blocks of u for the piece on l as runFastBlocks runs them one by one,
// and reports a capture test's hit as it does.
func (x *gen) runUnit(u *fastUnit, fast []fastBlock, l engine.Loc, typ engine.MoveType, mask uint64, skip uint8) bool {
	nbr, nd, cells, side := x.nbr, x.nd, x.cells, x.side
	// all: every block of u runs (runsBlock need not be asked).
	all := (mask == ^uint64(0) || u.end <= 64 && mask|(^uint64(0)<<uint(u.end)) == ^uint64(0)) &&
		(typ == engine.NoMoveType || u.oneType && u.typ == typ) && u.owners&(1<<skip) == 0
	for mi := range u.members {
		m := &u.members[mi]
		if m.slide {
			if x.runSlideMember(m, fast, l, all, typ, mask, skip) {
				return true
			}
			continue
		}
		if m.block {
			if m.lastTo {
				// As ftest: a neighbour that does not exist fails the test.
				if t := nbr[int(l)*nd+int(m.dir)]; t == engine.NoLoc || t != x.s.LastTo {
					continue
				}
			}
			bi := m.blocks[0]
			if !all && !runsBlock(fast, bi, typ, mask, skip) {
				continue
			}
			fb := &fast[bi]
			x.blk = fb.blk
			x.cursor, x.mark = l, l
			x.effects = x.effects[:0]
			x.exec(fb.ops, 0, 0)
			if x.attackMode && x.hit {
				return true
			}
			continue
		}
		t := l
		for _, d := range m.pre {
			if t = nbr[int(t)*nd+int(d)]; t == engine.NoLoc {
				break
			}
		}
		if t == engine.NoLoc {
			continue
		}
		for k, bi := range m.blocks {
			if t = nbr[int(t)*nd+int(m.dir)]; t == engine.NoLoc {
				break
			}
			c := cells[t]
			if f := &m.test[k]; cellTest(f.cc, c, side) != f.neg && (all || runsBlock(fast, bi, typ, mask, skip)) {
				x.blk = fast[bi].blk
				x.cursor, x.mark = t, l
				x.effects = x.effects[:0]
				x.runUnitTail(m.tails[k], m.kinds[k])
				if x.attackMode && x.hit {
					return true
				}
			}
			if !c.IsEmpty() {
				// The later blocks need this square empty.
				break
			}
		}
	}
	return false
}

// runSlideMember runs the slide m as exec runs its block; all says that every
// block of its unit runs (runUnit).
func (x *gen) runSlideMember(m *unitMember, fast []fastBlock, l engine.Loc, all bool, typ engine.MoveType, mask uint64, skip uint8) bool {
	bi := m.blocks[0]
	if !all && !runsBlock(fast, bi, typ, mask, skip) {
		return false
	}
	fb := &fast[bi]
	x.blk = fb.blk
	x.mark = l
	x.effects = x.effects[:0]
	x.at = fb.ops[0].at
	t := x.nbr[int(l)*x.nd+int(m.dir)]
	if t == engine.NoLoc {
		return false
	}
	x.cursor = t
	f := &fb.ops[1]
	x.at = f.at
	if !x.slide(f) {
		return x.attackMode && x.hit
	}
	x.runUnitTail(m.tails[0], m.kinds[0])
	return x.attackMode && x.hit
}
