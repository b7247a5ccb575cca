package eval

// This file makes the first checks of all the side's pieces at once, on words of bits,
// for boards of at most 64 positions. In draughts most of a position's work is a step
// from every piece and a test of the square reached ($d (verify empty?) ...,
// $d (verify enemy?) capture ...), and most of those tests fail: a position with no
// capture tests every man twice to find none. When a direction links every square to
// the square a fixed number of places further on (or to nothing), the squares from
// which a step that way lands on a square of some contents are a shift of the squares
// of those contents. One pass over the board sorts the squares by their contents for
// the side (cellIndex), and each block's first check becomes a few word operations
// for all the pieces of its kind; only the pieces with a check that passed are visited,
// in the order of their squares, and their blocks are then run as runPre runs them.
//
// This gives the moves runMoves gives, in the same order, when every block of every
// kind of the move type has a first check whose table fits in a word (preEntry.check)
// and whose direction is such a shift for the side, and no kind runs fast.go's blocks:
// a block whose check fails adds nothing and records nothing in runPre either, and the
// squares are visited in increasing order as firstParts scans them. A piece's blocks
// are run as runPre runs them, from after their first check (prefix.checked), or after
// their guards too when those were made on words (prefix.pass); a block that is its
// first check and an add makes its move with fastAdd, as its form would.

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// bitScan is what the game knows to make first checks on words of bits.
type bitScan struct {
	dirs [][]bitDir // [player][dir]
	ok   [][]bool   // [player][type+1]: firstParts may use bitParts
	// off[type+1][kind] is where the kind's entries of that type start in tests and in
	// gen.srcs, whose length is at least n.
	off   [][]int
	n     int
	tests [][]bitTest // [type+1][off+i]: the check of entry i as words to combine
	// others: some check tells other players' pieces apart by type, so bitParts sorts
	// them by type too.
	others bool
	// guards[type+1][off+i] are the guards of entry i (prefix.guards) as words, when
	// its leading run is its first check and all its guards can be made on words
	// (guarded); nil otherwise.
	guards [][][]bitGuard
	// kinds[type+1][kind] is what bitParts reads of a kind's entries of a type.
	kinds [][]bitKind
}

// bitKind is what bitParts reads for the blocks of one kind and move type: their
// entries (kindPrefixes.ents), their tests and guards as words, and where their
// squares go in gen.srcs.
type bitKind struct {
	ents   []preEntry
	tests  []bitTest
	guards [][]bitGuard
	off    int
	// steps[p][i] is entry i's add when it is a step (prefix.step), for player p.
	steps [][]bitStep
	// shots[p][i] is entry i's first check for player p, as bitParts reads it.
	shots [][]bitShot
}

// bitShot is an entry's first check for a player, made of words without a branch:
// its test (bitTest) as masks of the relations it takes whole (all ones where rel has
// the bit, else zero) and the kinds it takes of the others, and its direction
// (bitDir) as a shift right by shr then left by shl (one of them zero: by delta when
// it is positive, by -delta when it is negative) onto the squares valid.
type bitShot struct {
	empty, own, other uint64
	kinds             uint64
	valid             uint64
	shr, shl          uint8
	step              bool // the entry is a step (prefix.step)
	delta             int
	guards            []bitGuard // the entry's guards made on words (bitKind.guards)
}

// squares is bitTest.squares for the test of sh.
func (sh *bitShot) squares(own, other uint64, cls []uint64) uint64 {
	m := cls[0]&sh.empty | own&sh.own | other&sh.other
	for k := sh.kinds; k != 0; k &= k - 1 {
		m |= cls[bits.TrailingZeros64(k)]
	}
	return m
}

// shotOf returns the bitShot of the entry e whose test is bt, in the direction bd,
// with its guards gs.
func shotOf(e *preEntry, bt bitTest, bd bitDir, gs []bitGuard) bitShot {
	all := func(bit uint8) uint64 {
		if bt.rel&bit != 0 {
			return ^uint64(0)
		}
		return 0
	}
	sh := bitShot{empty: all(1), own: all(2), other: all(4), kinds: bt.kinds, valid: bd.valid,
		step: e.p.step, delta: bd.delta, guards: gs}
	if bd.delta >= 0 {
		sh.shr = uint8(bd.delta)
	} else {
		sh.shl = uint8(-bd.delta)
	}
	return sh
}

// bitStep is a step's add (prefix.add, or els when cond is set and the square reached
// is not in it) with its condition as the squares where it holds for a player, so that
// countSteps reads neither the prefix nor its table.
type bitStep struct {
	add, els *code.Op
	hasCond  bool
	// count: every move of add and of els (when set) is a step countSteps counts,
	// addSteps and elsSteps what they make of the piece (stepsOf).
	count              bool
	addSteps, elsSteps []stepKind
	cond               uint64
}

// bitSteps returns the steps of the entries ents, for the players of g's board of at
// most 64 positions.
func (g *Game) bitSteps(ents []preEntry) [][]bitStep {
	out := make([][]bitStep, len(g.Players))
	for pl := range out {
		out[pl] = make([]bitStep, len(ents))
	}
	for i, e := range ents {
		p := e.p
		if !p.step {
			continue
		}
		var at [][]bool
		if p.cond != nil {
			at = g.locTable(p.cond)
		}
		for pl := range out {
			st := bitStep{add: p.add, els: p.els, hasCond: p.cond != nil}
			var okAdd, okEls bool
			st.addSteps, okAdd = stepsOf(p.add)
			st.elsSteps, okEls = stepsOf(p.els)
			st.count = okAdd && (p.els == nil || okEls)
			if st.hasCond {
				for l, yes := range at[pl] {
					if yes {
						st.cond |= 1 << uint(l)
					}
				}
			}
			out[pl][i] = st
		}
	}
	return out
}

// bitGuard is a guard of a block: the squares from which the steps path (the block's
// first step, then the guard's path) stay on the board and end on a square of bt.
type bitGuard struct {
	path []int32
	bt   bitTest
}

// bitTest is a first check's table (prefix.mask) as the squares it accepts: rel's
// bit 0 the empty squares, bit 1 all the side's pieces, bit 2 all the others', and
// kinds the contents (cellIndex) it accepts of a part of those it does not take whole.
type bitTest struct {
	rel   uint8
	kinds uint64
}

// squares returns the squares whose cells bt accepts, for the side whose pieces are
// own, the others' other and the words of cellIndex cls.
func (bt *bitTest) squares(own, other uint64, cls []uint64) uint64 {
	var m uint64
	if bt.rel&1 != 0 {
		m = cls[0]
	}
	if bt.rel&2 != 0 {
		m |= own
	}
	if bt.rel&4 != 0 {
		m |= other
	}
	for k := bt.kinds; k != 0; k &= k - 1 {
		m |= cls[bits.TrailingZeros64(k)]
	}
	return m
}

// bitTestOf splits a cell table of a word into a bitTest, for nk kinds.
func bitTestOf(mask uint64, nk int) (bt bitTest, others bool) {
	all := uint64(1)<<uint(nk) - 1 // the kinds of one relation, from bit 1 of its block
	if mask&1 != 0 {
		bt.rel |= 1
	}
	for r := 1; r <= 2; r++ {
		at := uint(r*(nk+1) + 1)
		switch m := mask >> at & all; m {
		case 0:
		case all:
			bt.rel |= 1 << uint(r)
		default:
			bt.kinds |= m << at
			others = others || r == 2
		}
	}
	return bt, others
}

// bitDir is a direction of a player's board as a shift: the square after l that way is
// l+delta for every square of valid, and there is none from the others. ok is false
// when the direction is no such shift.
type bitDir struct {
	delta int
	valid uint64
	ok    bool
}

// initBitScan sets g.bits when the board and the prefixes allow it for some player and
// move type.
func (g *Game) initBitScan() {
	nk := len(g.Pieces)
	if g.pre == nil || len(g.Board.Locs) > 64 || 3*(nk+1) > 64 || len(g.pre) != nk {
		return
	}
	for k := range g.pre {
		if g.pre[k].fastFirst {
			return
		}
	}
	nd, nt := len(g.Board.Dirs), len(g.MoveTypes)+1
	bs := &bitScan{dirs: make([][]bitDir, len(g.Board.Neighbor)), ok: make([][]bool, len(g.Board.Neighbor)), off: make([][]int, nt)}
	bs.tests = make([][]bitTest, nt)
	bs.guards = make([][][]bitGuard, nt)
	for t := 0; t < nt; t++ {
		bs.off[t] = make([]int, nk)
		n := 0
		for k := range g.pre {
			bs.off[t][k] = n
			n += len(g.pre[k].ents[t])
			for _, e := range g.pre[k].ents[t] {
				bt, others := bitTestOf(e.mask, nk)
				bs.tests[t] = append(bs.tests[t], bt)
				bs.others = bs.others || others
				gs, others := g.bitGuards(e.p, nk)
				bs.others = bs.others || others
				bs.guards[t] = append(bs.guards[t], gs)
				e.p.bitGuarded = gs != nil
			}
		}
		bs.n = max(bs.n, n)
	}
	bs.kinds = make([][]bitKind, nt)
	for t := range bs.kinds {
		bs.kinds[t] = make([]bitKind, nk)
		for k := range bs.kinds[t] {
			ents := g.pre[k].ents[t]
			off, n := bs.off[t][k], len(ents)
			bs.kinds[t][k] = bitKind{ents: ents,
				tests: bs.tests[t][off : off+n], guards: bs.guards[t][off : off+n], off: off,
				steps: g.bitSteps(ents)}
		}
	}
	any := false
	for p, nbr := range g.Board.Neighbor {
		bs.dirs[p] = make([]bitDir, nd)
		for d := 0; d < nd; d++ {
			bd, seen := bitDir{ok: true}, false
			for l := range g.Board.Locs {
				to := nbr[l*nd+d]
				if to == engine.NoLoc {
					continue
				}
				if delta := int(to) - l; !seen {
					bd.delta, seen = delta, true
				} else if delta != bd.delta {
					bd.ok = false
					break
				}
				bd.valid |= 1 << uint(l)
			}
			bs.dirs[p][d] = bd
		}
		bs.ok[p] = make([]bool, nt)
		for t := 0; t < nt; t++ {
			ok := true
			for k := range g.pre {
				for _, e := range g.pre[k].ents[t] {
					if !e.check || !bs.dirs[p][e.dir].ok {
						ok = false
					}
				}
			}
			bs.ok[p][t] = ok
			any = any || ok
		}
	}
	for t := range bs.kinds {
		for k := range bs.kinds[t] {
			bk := &bs.kinds[t][k]
			bk.shots = make([][]bitShot, len(bs.dirs))
			for p := range bs.dirs {
				bk.shots[p] = make([]bitShot, len(bk.ents))
				for i, e := range bk.ents {
					bk.shots[p][i] = shotOf(&e, bk.tests[i], bs.dirs[p][e.dir], bk.guards[i])
				}
			}
		}
	}
	if any {
		g.bits = bs
	}
}

// bitGuards returns the guards of p as words, when its leading run is its first check
// and every guard's table fits in a word and every direction of its path is a shift on
// every player's board; nil otherwise. others says whether a guard tells other
// players' pieces apart by type (bitScan.others).
func (g *Game) bitGuards(p *prefix, nk int) (out []bitGuard, others bool) {
	if !p.check || p.lead != 2 || len(p.guards) == 0 {
		return nil, false
	}
	for _, gd := range p.guards {
		mask, ok := cellBits(gd.cell)
		if gd.cell == nil || !ok {
			return nil, false
		}
		bg := bitGuard{path: append([]int32{p.dir}, gd.path...)}
		var o bool
		bg.bt, o = bitTestOf(mask, nk)
		for _, d := range bg.path {
			if !g.shiftEverywhere(d) {
				return nil, false
			}
		}
		out, others = append(out, bg), others || o
	}
	return out, others
}

// shiftEverywhere reports whether direction d is a shift on every player's board
// (bitDir).
func (g *Game) shiftEverywhere(d int32) bool {
	nd := len(g.Board.Dirs)
	for _, nbr := range g.Board.Neighbor {
		delta, seen := 0, false
		for l := range g.Board.Locs {
			to := nbr[l*nd+int(d)]
			if to == engine.NoLoc {
				continue
			}
			if !seen {
				delta, seen = int(to)-l, true
			} else if int(to)-l != delta {
				return false
			}
		}
	}
	return true
}

// bitParts is firstParts's scan of the side's pieces when g.bits allows it for the side
// and type typ; it reports false, having done nothing, when it does not.
func (x *gen) bitParts(s *engine.State, side engine.Player, typ engine.MoveType) bool {
	if !x.bitSetup(s, side, typ) {
		return false
	}
	x.bitScan(s, side, typ)
	return true
}

// bitSetup is the first half of bitParts: it reports false when the scan does not
// serve s, side and typ, and otherwise makes the words the checks read for the side's
// pieces of s (cls, bitOwn and bitOther) and sets scanned to s. bitScan, the second
// half, reads them: for s and side, it may follow with another move type for which
// bitParts would scan (bitTypeOK), without bitSetup again.
func (x *gen) bitSetup(s *engine.State, side engine.Player, typ engine.MoveType) bool {
	bs := x.g.bits
	if !x.bitTypeOK(s, side, typ) {
		return false
	}
	np, nk := len(x.g.Players), len(x.g.Pieces)
	if !x.sqKeep || x.sqFor != s {
		x.sqFor = nil
		if !x.sq.sort(s.Cells, np, nk) {
			return false
		}
		x.sqFor = s
	} else if x.g.checkSquares {
		x.sq.check(s.Cells, np, nk)
	}
	// The words of cellIndex that the checks read, for side.
	q := &x.sq
	var full uint64
	for _, o := range q.occ {
		full |= o
	}
	own, other := q.occ[side], full&^q.occ[side]
	cls := x.cls[:3*(nk+1)]
	cls[0] = q.board &^ full
	// Word by word: copy's call to memmove cost more than the few words it moves.
	for k, w := range q.kinds[int(side)*nk : int(side+1)*nk] {
		cls[nk+2+k] = w
	}
	if bs.others {
		others := cls[2*nk+3 : 3*nk+3]
		clear(others)
		for p := 0; p < np; p++ {
			if p != int(side) {
				for k := range others {
					others[k] |= q.kinds[p*nk+k]
				}
			}
		}
	}
	if len(x.srcs) < bs.n {
		x.srcs = make([]uint64, bs.n)
	}
	x.bitOwn, x.bitOther, x.scanned = own, other, s
	return true
}

// bitTypeOK reports whether bitParts scans the pieces of side in s for the move type
// typ.
func (x *gen) bitTypeOK(s *engine.State, side engine.Player, typ engine.MoveType) bool {
	bs := x.g.bits
	t := int(typ) + 1
	return bs != nil && x.g.on(UseBitScan) && int(side) < len(bs.ok) && t < len(bs.ok[side]) && bs.ok[side][t] && len(s.Cells) <= 64
}

// bitScan is the second half of bitParts, once bitSetup made the words of s for side.
func (x *gen) bitScan(s *engine.State, side engine.Player, typ engine.MoveType) {
	bs := x.g.bits
	t := int(typ) + 1
	nk := len(x.g.Pieces)
	own, other, cls := x.bitOwn, x.bitOther, x.cls[:3*(nk+1)]
	dirs := bs.dirs[side]
	kinds := bs.kinds[t]
	counting := x.leaf != nil && x.attackAt == engine.NoLoc
	var union uint64
	for k := range kinds {
		mine := cls[nk+1+k+1]
		if mine == 0 {
			continue
		}
		bk := &kinds[k]
		// The entries as bitShots alone: what the scan reads of each is in one place.
		shots := bk.shots[side]
		srcs := x.srcs[bk.off : bk.off+len(shots)]
		for i := range shots {
			// The entry's test, then the shift of its direction (bitShot).
			sh := &shots[i]
			src := mine & sh.valid & (sh.squares(own, other, cls) >> sh.shr << sh.shl)
			if src != 0 && sh.guards != nil {
				// By index, through a pointer: a range copy of each guard went through
				// the stack in overlapping stores and loads, which stalled.
				gs := sh.guards
				for j := range gs {
					src &= bitGuardSquares(&gs[j], own, other, cls, dirs)
				}
			}
			if counting && src != 0 && sh.step {
				if st := &bk.steps[side][i]; st.count {
					// perft's last level counts these steps here, as fastAdd would one
					// at a time, for all the pieces at once (leafcount.go); runBits
					// has nothing left to do for them.
					x.countSteps(st, src, sh.delta)
					src = 0
				}
			}
			srcs[i] = src
			union |= src
		}
	}
	if x.srcsOnly {
		x.union, x.srcsOnly = union, false // Sample draws among them (sample.go)
		return
	}
	for ; union != 0; union &= union - 1 {
		l := engine.Loc(bits.TrailingZeros64(union))
		c := s.Cells[l]
		x.runBits(&kinds[c.Kind()], l, c)
	}
}

// bitGuardSquares returns the squares from which the steps of gd's path stay on the
// board and end on a square that gd's test accepts, for the side whose pieces are own,
// the others' other and the words of cellIndex cls.
func bitGuardSquares(gd *bitGuard, own, other uint64, cls []uint64, dirs []bitDir) uint64 {
	m := gd.bt.squares(own, other, cls)
	path := gd.path
	for j := len(path) - 1; j >= 0; j-- {
		bd := &dirs[path[j]]
		if bd.delta >= 0 {
			m >>= uint(bd.delta)
		} else {
			m <<= uint(-bd.delta)
		}
		m &= bd.valid
	}
	return m
}

// squares is where the pieces of a board of at most 64 positions stand, as words of
// bits: occ[p] the squares of player p's pieces, kinds[p*nk+k] those of its pieces of
// type k (both carved from words); board has a bit for every position.
type squares struct {
	board uint64
	occ   []uint64
	kinds []uint64
	words []uint64
}

// size makes q's words for a board of n positions, np players and nk kinds, and clears
// them.
func (q *squares) size(n, np, nk int) {
	if len(q.occ) != np || len(q.kinds) != np*nk {
		q.words = make([]uint64, np+np*nk)
		q.occ, q.kinds = q.words[:np:np], q.words[np:]
	}
	clear(q.words)
	q.board = ^uint64(0)
	if n < 64 {
		q.board = 1<<uint(n) - 1
	}
}

// sort sets q from the board cells, for np players and nk kinds; it reports false when a
// cell holds a player or kind out of range.
func (q *squares) sort(cells []engine.Cell, np, nk int) bool {
	q.size(len(cells), np, nk)
	var full uint64
	for l := len(cells) - 1; l >= 0; l-- {
		// Without a branch (the compiler sets the bit by a comparison), and the word
		// shifts by one, which costs less than a shift by l: the board meets empty
		// squares and pieces in no order a branch predicts.
		var f uint64
		if uint32(cells[l])&kindField != 0 {
			f = 1
		}
		full = full<<1 | f
	}
	for m := full; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		c := cells[l]
		p, k := int(c.Player()), int(c.Kind())
		if p >= np || k >= nk {
			return false
		}
		q.occ[p] |= 1 << uint(l)
		q.kinds[p*nk+k] |= 1 << uint(l)
	}
	return true
}

// check panics unless q holds the squares of cells (checkSquares).
func (q *squares) check(cells []engine.Cell, np, nk int) {
	var r squares
	if !r.sort(cells, np, nk) || r.board != q.board || !slices.Equal(r.occ, q.occ) || !slices.Equal(r.kinds, q.kinds) {
		panic(fmt.Sprintf("squares %v %v do not describe the board (%v %v)", q.occ, q.kinds, r.occ, r.kinds))
	}
}

// after sets q to the squares of the board after the part m, made on the board cells
// whose squares are from, and reports whether it could: m must be a part that
// engine.Game.PlainPart accepts, which changes the board as engine's plainChanges
// does. The piece on the first change's source moves to its destination, then the
// captured squares empty, then the pieces left on squares of type changes change type;
// attributes are not in the squares.
func (q *squares) after(from *squares, cells []engine.Cell, m *engine.Move, nk int) bool {
	np := len(from.occ)
	if len(q.occ) != np || len(q.kinds) != np*nk {
		q.size(64, np, nk)
	}
	q.board = from.board
	ch := m.Changes
	mv := &ch[0]
	// The squares left empty: the source, the destination (what stood there is taken
	// or replaced), and the captured ones.
	var captured uint64
	for i := 1; i < len(ch); i++ {
		if e := &ch[i]; e.Op == engine.OpCapture {
			captured |= 1 << uint(e.To)
		}
	}
	gone := uint64(1)<<uint(mv.From) | uint64(1)<<uint(mv.To) | captured
	// Through a slice of from's length: one bounds check rather than one a word.
	words := q.words[:len(from.words)]
	for i, w := range from.words {
		words[i] = w &^ gone
	}
	if c := cells[mv.From]; !c.IsEmpty() && captured&(1<<uint(mv.To)) == 0 {
		p, k := int(c.Player()), int(c.Kind())
		if p >= np || k >= nk {
			return false
		}
		q.occ[p] |= 1 << uint(mv.To)
		q.kinds[p*nk+k] |= 1 << uint(mv.To)
	}
	for i := 1; i < len(ch); i++ {
		e := &ch[i]
		if e.Op != engine.OpType {
			continue
		}
		bit := uint64(1) << uint(e.To)
		for p, o := range q.occ {
			if o&bit == 0 {
				continue
			}
			if int(e.Kind) < 0 || int(e.Kind) >= nk {
				return false
			}
			for k := 0; k < nk; k++ {
				q.kinds[p*nk+k] &^= bit
			}
			q.kinds[p*nk+int(e.Kind)] |= bit
		}
	}
	return true
}

// hintSquares gives the workspace next, before it computes the turns of t.After, the
// squares of that board, made from those of s in w (when w's generator sorted them for
// s) and t's part, when t is a turn of one plain part. Perft calls it: most positions
// of a tree differ from the one before by one part.
func (g *Game) hintSquares(w, next *workspace, s *engine.State, t *Turn) {
	next.hinted = nil
	if g.bits == nil || w.x.sqFor != s || len(t.Parts) != 1 || t.End != nil || !g.PlainPart(&t.Parts[0]) {
		return
	}
	x := next.x
	x.sqFor = nil
	if x.sq.after(&w.x.sq, s.Cells, &t.Parts[0], len(g.Pieces)) {
		x.sqFor, next.hinted = t.After, t.After
	}
}

// The layout of engine.Cell that sortSquares reads: engine.MakeCell puts the type plus
// one in the low kindFieldBits bits and the owner in the playerFieldBits bits above
// (TestSortSquares holds it to cellIndex).
const (
	kindFieldBits   = 9
	kindField       = 1<<kindFieldBits - 1
	playerFieldBits = 4
	playerField     = 1<<playerFieldBits - 1
)

// runBits is runPre for a piece on l of the kind of bk whose first checks were made by
// bitParts: bit l of its squares in x.srcs says whether the check of entry i passed,
// and its guards too when they were made on words (prefix.bitGuarded); each block that
// passed runs its form from there. (A loop of its own: a test of srcs in runPre's
// loop cost the prefixes' games without the bit scan 4% of their instructions.)
func (x *gen) runBits(bk *bitKind, l engine.Loc, piece engine.Cell) {
	ents := bk.ents
	srcs := x.srcs[bk.off : bk.off+len(ents)]
	at := int(l) * x.nd
	x.start, x.openPiece = l, piece
	for i := range ents {
		if srcs[i]>>uint(l)&1 == 0 {
			continue
		}
		e := &ents[i]
		x.block(e.p, x.nbr[at+int(e.dir)], e.p.bitFrom())
	}
}

// bitFrom is where a block runs from once the bit scan made its first check, and its
// guards when it makes them on words (bitGuarded).
func (p *prefix) bitFrom() int {
	if p.bitGuarded {
		return p.pass
	}
	return p.checked
}

// runStep is runBits for entry i of bk alone: its block, from after its first check
// (and its guards when made on words), for the piece on l.
func (x *gen) runStep(bk *bitKind, i int, l engine.Loc, piece engine.Cell) {
	x.start, x.openPiece = l, piece
	e := &bk.ents[i]
	x.block(e.p, x.nbr[int(l)*x.nd+int(e.dir)], e.p.bitFrom())
}
