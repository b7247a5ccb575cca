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
// A unit is a rewrite of the piece's blocks: its members become superinstructions (fRay,
// fSlideRun, fBlockRun) of the unit's form, which runUnit runs; consecutive rays are one
// fRay, and consecutive slides one fSlideRun, which runs them in order as their own
// would run one after the other. Each sets up
// each block it runs as runFastBlocks does (its block, the cursor and mark, no effects),
// runs it only when runFastBlocks would (the block's bit of the mask, its move type, its
// owner), and runs its tail with exec: the moves, their order and the answers of capture
// tests are those of the blocks run one by one. Units are made when the game is made
// (initFastUnits); TestFastUnitsChangeNothing compares both ways.

import "github.com/zoggo/zoggo/engine"

// fastUnit is a run of consecutive fast blocks, [first, end) of the piece type's
// blocks, each of them in one member.
type fastUnit struct {
	form    []fastOp // one superinstruction per member
	end     int
	owners  uint8 // bit o for every owner o (code.OwnFriend…) of its blocks
	typ     engine.MoveType
	oneType bool // all its blocks are of move type typ
}

// unitMember is a ray, a slide or another fast block of a unit.
type unitMember struct {
	slide bool
	// block: any other fast block, run whole by exec. When lastTo, its first op
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
	fbs    []*fastBlock // fast[blocks[k]]
	test   []fastOp
	tails  [][]fastOp
	// steps[k] is what ray reads of block k, in one place: fbs[k], blocks[k], test[k]'s
	// cc and neg, tails[k].
	steps []rayStep
	// lines, for the first of consecutive rays of a unit, are those rays in order
	// (pre, dir and steps of each), which its fRay runs one after another: the form
	// holds no fRay for the others.
	lines []rayLine
	// slides, for the first of consecutive slides of a unit, are those slides in order
	// (itself first), which its fSlideRun runs one after another: the form holds no
	// fSlideRun for the others.
	slides []*unitMember
}

// rayLine is one ray of an fRay (unitMember.lines).
type rayLine struct {
	pre   []int32
	dir   int32
	steps []rayStep
}

// rayStep is block k of a ray, as ray reads it (unitMember.steps).
type rayStep struct {
	fb    *fastBlock
	tail  []fastOp
	block int32
	cc    condKind
	neg   bool
}

// unitRun is what the superinstructions of a unit read of the run of a piece's blocks
// (runFastBlocks): which blocks run, as runsFor, and all when every block of the unit
// does.
type unitRun struct {
	typ  engine.MoveType
	mask uint64
	skip uint8
	all  bool
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
		u := &fastUnit{end: j, typ: fb[i].typ, oneType: true}
		for mi := range members {
			m := &members[mi]
			for _, b := range m.blocks {
				m.fbs = append(m.fbs, &fb[b])
			}
			for k := range m.test {
				m.steps = append(m.steps, rayStep{fb: m.fbs[k], tail: m.tails[k], block: m.blocks[k], cc: m.test[k].cc, neg: m.test[k].neg})
			}
			f := fastOp{code: fRay, unit: m, at: fb[m.blocks[0]].ops[0].at}
			switch {
			case m.slide:
				f.code = fSlideRun
			case m.block:
				f.code = fBlockRun
			}
			if f.code == fRay {
				line := rayLine{pre: m.pre, dir: m.dir, steps: m.steps}
				if n := len(u.form); n > 0 && u.form[n-1].code == fRay {
					// Runs after the ray before it, by that ray's fRay.
					first := u.form[n-1].unit
					first.lines = append(first.lines, line)
					continue
				}
				m.lines = []rayLine{line}
			}
			if f.code == fSlideRun {
				if n := len(u.form); n > 0 && u.form[n-1].code == fSlideRun {
					// Runs after the slide before it, by that slide's fSlideRun.
					first := u.form[n-1].unit
					first.slides = append(first.slides, m)
					continue
				}
				m.slides = []*unitMember{m}
			}
			u.form = append(u.form, f)
		}
		for k := i; k < j; k++ {
			b := &fb[k]
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
		return unitMember{slide: true, dir: ops[0].a, blocks: []int32{int32(i)}, tails: [][]fastOp{ops[2:]}}, 1
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

// runs reports whether runFastBlocks runs the fast block fb, block i of its piece.
func (r *unitRun) runs(fb *fastBlock, i int32) bool {
	return r.all || runsFor(int(i), fb.typ, fb.owner, r.typ, r.mask, r.skip)
}

// runUnit runs the blocks of u for the piece on x.start as runFastBlocks runs them one
// by one, and reports a capture test's hit as it does.
func (x *gen) runUnit(u *fastUnit, typ engine.MoveType, mask uint64, skip uint8) bool {
	// all: every block of u runs (runsFor need not be asked).
	all := (mask == ^uint64(0) || u.end <= 64 && mask|(^uint64(0)<<uint(u.end)) == ^uint64(0)) &&
		(typ == engine.NoMoveType || u.oneType && u.typ == typ) && u.owners&(1<<skip) == 0
	x.unit = unitRun{typ: typ, mask: mask, skip: skip, all: all}
	// The form holds only superinstructions, each a member: they run here, in order, as
	// exec would run them (without its trail, which no unit keeps), until one reports
	// a capture test's hit.
	for i := range u.form {
		f := &u.form[i]
		x.at = f.at
		var hit bool
		switch f.code {
		case fRay:
			hit = x.ray(f.unit)
		case fSlideRun:
			hit = x.slideRun(f.unit)
		case fBlockRun:
			hit = x.blockRun(f.unit)
		}
		if hit {
			break
		}
	}
	return x.attackMode && x.hit
}

// blockRun is the superinstruction fBlockRun: the fast block of m run whole from
// x.start. It reports a capture test's hit.
func (x *gen) blockRun(m *unitMember) bool {
	l := x.start
	if m.lastTo {
		// As ftest: a neighbour that does not exist fails the test.
		if t := x.nbr[int(l)*x.nd+int(m.dir)]; t == engine.NoLoc || t != x.s.LastTo {
			return false
		}
	}
	fb := m.fbs[0]
	if !x.unit.runs(fb, m.blocks[0]) {
		return false
	}
	x.blk = fb.blk
	x.cursor, x.mark = l, l
	x.effects = x.effects[:0]
	x.exec(fb.ops, 0, 0)
	return x.attackMode && x.hit
}

// ray is the superinstruction fRay: the rays of m.lines in order (consecutive members
// of the unit, run as their own fRays would run one after the other, each from
// x.start), and of each ray its blocks from x.start, each run when the squares before
// its last step are empty and that step's test holds. It reports a capture test's hit,
// at which it stops as the loop of the unit's form would.
func (x *gen) ray(m *unitMember) bool {
	l := x.start
	nbr, nd, cells, side := x.nbr, x.nd, x.cells, x.side
lines:
	for li := range m.lines {
		ln := &m.lines[li]
		t := l
		for _, d := range ln.pre {
			if t = nbr[int(t)*nd+int(d)]; t == engine.NoLoc {
				continue lines
			}
		}
		dir := int(ln.dir)
		for k := range ln.steps {
			if t = nbr[int(t)*nd+dir]; t == engine.NoLoc {
				break
			}
			c := cells[t]
			if st := &ln.steps[k]; cellTest(st.cc, c, side) != st.neg && x.unit.runs(st.fb, st.block) {
				x.blk = st.fb.blk
				x.cursor, x.mark = t, l
				x.effects = x.effects[:0]
				x.tail(st.tail)
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

// slideRun is the superinstruction fSlideRun: the slides of first.slides in order
// (consecutive members of the unit, run as their own fSlideRuns would run one after the
// other), each run as exec runs its block. It reports a capture test's hit, at which it
// stops as the loop of the unit's form would.
func (x *gen) slideRun(first *unitMember) bool {
	l := x.start
	for _, m := range first.slides {
		fb := m.fbs[0]
		if !x.unit.runs(fb, m.blocks[0]) {
			continue
		}
		x.blk = fb.blk
		x.mark = l
		x.effects = x.effects[:0]
		x.at = fb.ops[0].at
		t := x.nbr[int(l)*x.nd+int(m.dir)]
		if t == engine.NoLoc {
			continue
		}
		x.cursor = t
		f := &fb.ops[1]
		x.at = f.at
		if x.slide(f) {
			x.tail(m.tails[0])
		}
		if x.attackMode && x.hit {
			return true
		}
	}
	return false
}

// tail runs a member's tail on exec; the commonest tails make their moves without
// entering the loop, by exec's own cases: one add (a move to the square the member
// reached), one if of adds (a pawn's promotion), an attribute's change then an add (a
// piece that loses a right as it moves; fastAddAttr where no effect came before).
func (x *gen) tail(ops []fastOp) {
	switch {
	case len(ops) == 1 && ops[0].code == fAdd:
		x.at = ops[0].at
		x.fastAdd(&ops[0])
		return
	case len(ops) == 1 && ops[0].code == fIfAdd:
		x.at = ops[0].at
		if a := ops[0].ifAddPick(x.ftest(&ops[0])); a != nil {
			x.at = a.at
			x.fastAdd(a)
		}
		return
	case len(ops) == 2 && ops[0].code == fSetAttr && ops[1].code == fAdd:
		if len(x.effects) == 0 && !x.g.Semantics.KeepEffects {
			x.fastAddAttr(&ops[0], &ops[1])
			return
		}
		x.at = ops[0].at
		x.setAttr(&ops[0])
		x.at = ops[1].at
		x.fastAdd(&ops[1])
		return
	}
	x.exec(ops, 0, 0)
}
