package eval

// This file computes, for a piece type standing on a position and moving for a player,
// a superset of the positions where its moves blocks can ever place a piece or record a
// capture: every position the cursor can visit, whatever the board holds. attacked?
// (and the royal-piece check behind every legal move) only runs the blocks of pieces
// whose reach contains the square in question, which makes it several times cheaper on
// chess-like boards without changing any answer.
//
// The analysis runs the ops abstractly on a set of cursor positions: conditions are
// taken both ways, loops run to a fixed point, and anything it cannot follow (go
// last-from, go to) makes the reach "everywhere".

import (
	"sync"

	"github.com/zoggo/zoggo/engine"
)

// usePruning turns the analysis on; tests turn it off to check that it changes nothing.
var usePruning = true

// maxReachLocs bounds the boards the analysis is used on; larger boards skip it.
const maxReachLocs = 4096

type reachTable struct {
	once  sync.Once
	words int
	pairs []reachPair // [player*nKinds+kind]
}

// reachPair holds the reach of one piece type for one player from every position; a nil
// set means "everywhere".
type reachPair struct {
	once sync.Once
	sets [][]uint64
}

// reaches reports whether a piece of kind k on from, moving for player p, can ever act on
// position to.
func (g *Game) reaches(p engine.Player, k engine.Kind, from, to engine.Loc) bool {
	nl := len(g.Board.Locs)
	if nl > maxReachLocs || !usePruning {
		return true
	}
	r := &g.reach
	r.once.Do(func() {
		r.words = (nl + 63) / 64
		r.pairs = make([]reachPair, len(g.Players)*len(g.Pieces))
	})
	pr := &r.pairs[int(p)*len(g.Pieces)+int(k)]
	pr.once.Do(func() {
		sets := make([][]uint64, nl)
		for l := range sets {
			set, ok := g.computeReach(p, k, engine.Loc(l), r.words)
			if !ok {
				// Over budget: the blocks walk the board in ways the analysis cannot
				// follow cheaply; treat the type as reaching everywhere.
				sets = make([][]uint64, nl)
				break
			}
			sets[l] = set
		}
		pr.sets = sets
	})
	set := pr.sets[from]
	return set == nil || set[to>>6]&(1<<(uint(to)&63)) != 0
}

// reachState is the abstract state: the possible cursors and marks, and the union of
// every position touched.
type reachState struct {
	g       *Game
	p       engine.Player
	words   int
	touched []uint64
	marks   []uint64
	froms   []uint64
	tos     []uint64
	all     bool // gave up: everywhere
	budget  int  // abstract instructions left
}

// reachBudget bounds the abstract instructions run for one piece on one position.
const reachBudget = 4000

// computeReach returns the reach of a piece of kind k on from (nil: everywhere), and
// false when the analysis ran over its budget.
func (g *Game) computeReach(p engine.Player, k engine.Kind, from engine.Loc, words int) ([]uint64, bool) {
	rs := &reachState{g: g, p: p, words: words, budget: reachBudget,
		touched: make([]uint64, words), marks: make([]uint64, words),
		froms: make([]uint64, words), tos: make([]uint64, words)}
	for i := range g.prog.moves[k] {
		start := make([]uint64, words)
		setBit(start, from)
		setBit(rs.marks, from)
		setBit(rs.froms, from)
		rs.ops(g.prog.moves[k][i].ops, start)
		if rs.budget < 0 {
			return nil, false
		}
		if rs.all {
			return nil, true
		}
	}
	return rs.touched, true
}

func setBit(s []uint64, l engine.Loc) { s[l>>6] |= 1 << (uint(l) & 63) }

func orInto(dst, src []uint64) bool {
	changed := false
	for i, w := range src {
		if dst[i]|w != dst[i] {
			dst[i] |= w
			changed = true
		}
	}
	return changed
}

func (rs *reachState) each(s []uint64, f func(engine.Loc)) {
	for wi, w := range s {
		for w != 0 {
			b := w & -w
			bit := 0
			for b>>uint(bit) != 1 {
				bit++
			}
			f(engine.Loc(wi*64 + bit))
			w &^= b
		}
	}
}

// ops runs a list abstractly from the cursor set cur and returns the cursor set after it.
func (rs *reachState) ops(list []op, cur []uint64) []uint64 {
	b := rs.g.Board
	nd := len(b.Dirs)
	nbr := b.Neighbor[rs.p]
	for i := range list {
		if rs.budget--; rs.budget < 0 {
			rs.all = true
		}
		if rs.all {
			return cur
		}
		o := &list[i]
		orInto(rs.touched, cur)
		switch o.code {
		case opStep, opOpposite:
			next := make([]uint64, rs.words)
			rs.each(cur, func(l engine.Loc) {
				var t engine.Loc
				if o.code == opStep {
					t = nbr[int(l)*nd+int(o.a)]
				} else if d := b.Opposite[b.Sym[rs.p][o.a]]; d != engine.NoDir {
					t = b.Next[int(l)*nd+int(d)]
				} else {
					t = engine.NoLoc
				}
				if t != engine.NoLoc {
					setBit(next, t)
				}
			})
			cur = next
		case opJump:
			cur = make([]uint64, rs.words)
			setBit(cur, engine.Loc(o.a))
		case opMark:
			orInto(rs.marks, cur)
		case opBack:
			cur = append([]uint64(nil), rs.marks...)
		case opGoFrom:
			cur = append([]uint64(nil), rs.froms...)
		case opGoTo:
			cur = append([]uint64(nil), rs.tos...)
		case opGoLastFrom, opGoLastTo, opSetVal, opTake, opSelect, opShift, opAll, opGoto:
			rs.all = true
		case opFrom, opCascade:
			orInto(rs.froms, cur)
		case opTo:
			orInto(rs.tos, cur)
		case opCapture, opCreate, opChangeType, opChangeOwner, opFlip, opSetPosFlag:
			rs.touchLoc(o.loc, cur)
		case opIf:
			a := rs.ops(o.body, append([]uint64(nil), cur...))
			e := cur
			if o.els != nil {
				e = rs.ops(o.els, append([]uint64(nil), cur...))
			}
			out := append([]uint64(nil), a...)
			orInto(out, e)
			cur = out
		case opWhile:
			acc := append([]uint64(nil), cur...)
			for n := 0; n < len(b.Locs)+2 && !rs.all; n++ {
				after := rs.ops(o.body, append([]uint64(nil), acc...))
				if !orInto(acc, after) {
					break
				}
			}
			cur = acc
		}
		orInto(rs.touched, cur)
	}
	return cur
}

// touchLoc adds the positions a location argument can name from the cursors.
func (rs *reachState) touchLoc(a locArg, cur []uint64) {
	b := rs.g.Board
	nd := len(b.Dirs)
	switch a.kind {
	case locCursor:
		orInto(rs.touched, cur)
	case locPos:
		setBit(rs.touched, engine.Loc(a.v))
	case locDir, locOpposite:
		rs.each(cur, func(l engine.Loc) {
			var t engine.Loc
			if a.kind == locDir {
				t = b.Neighbor[rs.p][int(l)*nd+int(a.v)]
			} else if d := b.Opposite[b.Sym[rs.p][a.v]]; d != engine.NoDir {
				t = b.Next[int(l)*nd+int(d)]
			} else {
				t = engine.NoLoc
			}
			if t != engine.NoLoc {
				setBit(rs.touched, t)
			}
		})
	}
}
