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
// squares are visited in increasing order as firstParts scans them.

import (
	"math/bits"

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
}

// bitTest is a first check's table (preEntry.mask) as the squares it accepts: rel's
// bit 0 the empty squares, bit 1 all the side's pieces, bit 2 all the others', and
// kinds the contents (cellIndex) it accepts of a part of those it does not take whole.
type bitTest struct {
	rel   uint8
	kinds uint64
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
			}
		}
		bs.n = max(bs.n, n)
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
	if any {
		g.bits = bs
	}
}

// bitParts is firstParts's scan of the side's pieces when g.bits allows it for the side
// and type typ; it reports false, having done nothing, when it does not.
func (x *gen) bitParts(s *engine.State, side engine.Player, typ engine.MoveType) bool {
	bs := x.g.bits
	t := int(typ) + 1
	if bs == nil || !useShortcuts || int(side) >= len(bs.ok) || t >= len(bs.ok[side]) || !bs.ok[side][t] {
		return false
	}
	nk := len(x.g.Pieces)
	cls := x.cls[:3*(nk+1)]
	if !x.clsKeep || x.clsFor != s {
		x.sortSquares(s.Cells, side, nk, bs.others)
		x.clsFor = s
	}
	if len(x.srcs) < bs.n {
		x.srcs = make([]uint64, bs.n)
	}
	dirs := bs.dirs[side]
	var union uint64
	for k := range x.g.pre {
		own := cls[nk+1+k+1]
		if own == 0 {
			continue
		}
		ents := x.g.pre[k].ents[t]
		srcs := x.srcs[bs.off[t][k]:]
		tests := bs.tests[t][bs.off[t][k]:]
		for i := range ents {
			e, bt := &ents[i], &tests[i]
			var target uint64
			if bt.rel&1 != 0 {
				target = cls[0]
			}
			if bt.rel&2 != 0 {
				target |= x.own
			}
			if bt.rel&4 != 0 {
				target |= x.other
			}
			for m := bt.kinds; m != 0; m &= m - 1 {
				target |= cls[bits.TrailingZeros64(m)]
			}
			bd := &dirs[e.dir]
			if bd.delta >= 0 {
				target >>= uint(bd.delta)
			} else {
				target <<= uint(-bd.delta)
			}
			src := own & bd.valid & target
			srcs[i] = src
			union |= src
		}
	}
	for ; union != 0; union &= union - 1 {
		l := engine.Loc(bits.TrailingZeros64(union))
		c := s.Cells[l]
		k := c.Kind()
		x.runBits(&x.g.pre[k], x.g.code.Moves[k], l, c, x.g.pre[k].ents[t], x.srcs[bs.off[t][k]:])
	}
	return true
}

// sortSquares sorts the squares of cells by their contents for side into x.cls
// (indexed by cellIndex; the others' pieces by type only when others is set) and
// x.own and x.other (all the side's pieces, all the others').
func (x *gen) sortSquares(cells []engine.Cell, side engine.Player, nk int, others bool) {
	var full, own uint64
	for l := len(cells) - 1; l >= 0; l-- {
		// Without branches (the compiler sets the bits by comparisons): the board
		// meets empty squares, the side's pieces and the others' in no order a branch
		// predicts. The words shift by one, which costs less than a shift by l.
		c := cells[l]
		var f, o uint64
		if uint32(c)&kindField != 0 {
			f = 1
		}
		if c.Owns(side) {
			o = 1
		}
		full = full<<1 | f
		own = own<<1 | o
	}
	var board uint64 = 1<<uint(len(cells)) - 1
	if len(cells) == 64 {
		board = ^uint64(0)
	}
	empty, other := board&^full, full&^own
	cls := x.cls[:3*(nk+1)]
	clear(cls)
	cls[0], x.own, x.other = empty, own, other
	for m := own; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		cls[nk+1+int(uint32(cells[l])&kindField)] |= 1 << uint(l)
	}
	if others {
		for m := other; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			cls[2*(nk+1)+int(uint32(cells[l])&kindField)] |= 1 << uint(l)
		}
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

// runBits is runPre for a piece on l whose first checks were made by bitParts: bit l
// of srcs[i] says whether the check of ents[i] passed.
func (x *gen) runBits(kp *kindPrefixes, blocks []code.Block, l engine.Loc, piece engine.Cell, ents []preEntry, srcs []uint64) {
	at := int(l) * x.nd
	for i := range ents {
		if srcs[i]>>uint(l)&1 == 0 {
			continue
		}
		x.runEntry(kp, blocks, &ents[i], l, x.nbr[at+int(ents[i].dir)], 2, piece)
	}
}
