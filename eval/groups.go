package eval

// This file holds the dialect's flood fills over the board: the group of a piece (the
// pieces of its owner connected to it through the board's directions), its liberties
// (the empty positions next to the group) and a player's area (its pieces and the empty
// regions that border only its pieces), which Go's capture and scoring rules read.
// Every fill visits each position at most once and counts its visits against
// MaxScanWork, as all-positions and count do.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// newFill starts a flood fill: a fresh stamp for x.marks and an empty x.fill.
func (x *gen) newFill() {
	if len(x.marks) != len(x.cells) {
		x.marks = make([]uint32, len(x.cells))
		x.stamp = 0
	}
	x.stamp++
	if x.stamp == 0 {
		clear(x.marks)
		x.stamp = 1
	}
	x.fill = x.fill[:0]
}

// reached reports whether l was marked in the fill under way, and marks it.
func (x *gen) reached(l engine.Loc) bool {
	if x.marks[l] == x.stamp {
		return true
	}
	x.marks[l] = x.stamp
	return false
}

// next returns the neighbour of l in direction d, or NoLoc for none or a dummy position.
func (x *gen) next(l engine.Loc, d int) engine.Loc {
	t := x.b.Next[int(l)*x.nd+d]
	if t == engine.NoLoc || x.b.Locs[t].Dummy {
		return engine.NoLoc
	}
	return t
}

// spendFill counts n positions visited by a fill against MaxScanWork.
func (x *gen) spendFill(n int, at int32) {
	x.work += n
	if x.work > MaxScanWork {
		a := x.g.code.At[at]
		panic(genBail{&GenError{x.g.Fset.NewError(a.Pos, a.Site,
			"group and area fills visited more than %d positions in one block: are they inside all-positions or count too deep?", MaxScanWork)}})
	}
}

// group returns the positions of the group of the piece on l (not empty): l and every
// piece of the same owner reached from it through neighbouring pieces of that owner. The
// slice is x.fill, valid until the next fill.
func (x *gen) group(l engine.Loc, at int32) []engine.Loc {
	x.newFill()
	p := x.cells[l].Player()
	x.reached(l)
	x.fill = append(x.fill, l)
	for i := 0; i < len(x.fill); i++ {
		for d := 0; d < x.nd; d++ {
			t := x.next(x.fill[i], d)
			if t == engine.NoLoc {
				continue
			}
			if c := x.cells[t]; !c.IsEmpty() && c.Player() == p && !x.reached(t) {
				x.fill = append(x.fill, t)
			}
		}
	}
	x.spendFill(len(x.fill), at)
	return x.fill
}

// liberties counts the empty positions next to the group g (as group returned it). It
// marks them in the same fill, so each counts once.
func (x *gen) liberties(g []engine.Loc, at int32) int {
	n := 0
	for _, l := range g {
		for d := 0; d < x.nd; d++ {
			t := x.next(l, d)
			if t != engine.NoLoc && x.cells[t].IsEmpty() && !x.reached(t) {
				n++
			}
		}
	}
	x.spendFill(n, at)
	return n
}

// area counts p's pieces and the empty positions whose empty region (connected through
// the board's directions) borders pieces of p and of no other player: the area of Go's
// area scoring as the Tromp-Taylor rules define it. A region that borders no piece counts
// for nobody.
func (x *gen) area(p engine.Player, at int32) int {
	n := 0
	for l, c := range x.cells {
		if !c.IsEmpty() && c.Player() == p && !x.b.Locs[l].Dummy {
			n++
		}
	}
	x.newFill()
	for l, c := range x.cells {
		if !c.IsEmpty() || x.b.Locs[l].Dummy || x.marks[l] == x.stamp {
			continue
		}
		// One empty region: its size, and whether it borders p and anyone else.
		start := len(x.fill)
		x.reached(engine.Loc(l))
		x.fill = append(x.fill, engine.Loc(l))
		mine, other := false, false
		for i := start; i < len(x.fill); i++ {
			for d := 0; d < x.nd; d++ {
				t := x.next(x.fill[i], d)
				if t == engine.NoLoc {
					continue
				}
				switch c := x.cells[t]; {
				case c.IsEmpty():
					if !x.reached(t) {
						x.fill = append(x.fill, t)
					}
				case c.Player() == p:
					mine = true
				default:
					other = true
				}
			}
		}
		if mine && !other {
			n += len(x.fill) - start
		}
	}
	x.spendFill(len(x.cells), at)
	return n
}

// capturing reports whether the effects recorded so far capture l already.
func (x *gen) capturing(l engine.Loc) bool {
	for i := range x.effects {
		if c := &x.effects[i]; c.Op == engine.OpCapture && c.To == l {
			return true
		}
	}
	return false
}

// CapturesGroups reports whether the rules capture whole groups ((capture-group LOC) in
// any move, drop or action of the dialect): the games, such as Go, where a group lives
// by the empty positions next to it. Players' heuristics read it (ai/policy.go).
func (g *Game) CapturesGroups() bool {
	if g.code == nil {
		return false
	}
	var in func(ops []code.Op) bool
	in = func(ops []code.Op) bool {
		for i := range ops {
			if ops[i].Code == code.OpCaptureGroup || in(ops[i].Body) || in(ops[i].Else) {
				return true
			}
		}
		return false
	}
	for _, blocks := range [][][]code.Block{g.code.Moves, g.code.Drops} {
		for _, bs := range blocks {
			for i := range bs {
				if in(bs[i].Ops) {
					return true
				}
			}
		}
	}
	if d := g.code.Dialect; d != nil {
		for _, acts := range d.Acts {
			for _, ops := range acts {
				if in(ops) {
					return true
				}
			}
		}
	}
	return false
}

// Adjacent appends to buf the positions next to l as the group fills see them: the
// neighbour in each of the board's directions that exists and is not a dummy.
func (g *Game) Adjacent(l engine.Loc, buf []engine.Loc) []engine.Loc {
	b := g.Board
	nd := len(b.Dirs)
	for d := range nd {
		t := b.Next[int(l)*nd+d]
		if t != engine.NoLoc && !b.Locs[t].Dummy {
			buf = append(buf, t)
		}
	}
	return buf
}
