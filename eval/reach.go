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
	"github.com/zoggo/zoggo/internal/code"
)

// maxReachLocs bounds the boards the analysis is used on; larger boards skip it.
const maxReachLocs = 4096

// reachTable holds, for every player and piece type, the reach of the type from every
// position. The table is made with the game; each player's and type's row is computed
// the first time an attack by that type is asked about, because computing every row of
// every variant when a file loads costs more than loading it (2.5 times, over the corpus).
type reachTable struct {
	words int
	pairs []reachPair // [player*nKinds+kind]; nil when the analysis is off
}

// reachPair holds the reach of one piece type for one player from every position; a nil
// set means "everywhere".
type reachPair struct {
	once sync.Once
	sets [][]uint64
	// blocks[from*nb+b] is the reach of block b alone (nil: everywhere), when the type
	// has at most 64 blocks and the sets stay small (blockMask). The slices are made
	// once (binit); the sets of each from the first time it is asked about (bfrom[from]).
	binit  sync.Once
	bfrom  []sync.Once
	blocks [][]uint64
	// masks[from*nLocs+to] is blockMask's answer, on boards small enough.
	masks []uint64
}

// maxMaskLocs bounds the boards whose block masks are kept for every pair of positions.
const maxMaskLocs = 100

// maxBlockWords bounds the words of the per-block reach sets of one type and player.
const maxBlockWords = 1 << 18

// init makes the table for g when g asks who attacks a square: a royal piece or an
// attacked? or defended? condition.
func (r *reachTable) init(g *Game) {
	nl := len(g.Board.Locs)
	if nl > maxReachLocs || g.code == nil || !g.code.Attackers && !hasRoyal(g.royal) {
		return
	}
	r.words = (nl + 63) / 64
	r.pairs = make([]reachPair, len(g.Players)*len(g.Pieces))
}

func hasRoyal(royal [][]bool) bool {
	for _, kinds := range royal {
		for _, r := range kinds {
			if r {
				return true
			}
		}
	}
	return false
}

// reaches reports whether a piece of kind k on from, moving for player p, can ever act on
// position to.
func (g *Game) reaches(p engine.Player, k engine.Kind, from, to engine.Loc) bool {
	r := &g.reach
	if r.pairs == nil || !g.on(UsePruning) {
		return true
	}
	pr := &r.pairs[int(p)*len(g.Pieces)+int(k)]
	pr.once.Do(func() {
		sets := make([][]uint64, len(g.Board.Locs))
		for l := range sets {
			set, ok := g.computeReach(p, k, engine.Loc(l), r.words)
			if !ok {
				// Over budget: the blocks walk the board in ways the analysis cannot
				// follow cheaply; treat the type as reaching everywhere.
				clear(sets)
				break
			}
			sets[l] = set
		}
		pr.sets = sets
	})
	set := pr.sets[from]
	return set == nil || set[to>>6]&(1<<(uint(to)&63)) != 0
}

// blockMask returns a mask of the blocks of a piece of kind k on from, moving for
// player p, whose moves may act on position to: bit b for block b. It is 0 when the
// piece cannot reach to at all, and every bit is set when the blocks are not told apart.
func (g *Game) blockMask(p engine.Player, k engine.Kind, from, to engine.Loc) uint64 {
	r := &g.reach
	blocks := g.code.Moves[k]
	nb, nl := len(blocks), len(g.Board.Locs)
	if r.pairs == nil || !g.on(UsePruning) || nb > 64 || nl*nb*r.words > maxBlockWords {
		if !g.reaches(p, k, from, to) {
			return 0
		}
		return ^uint64(0)
	}
	pr := r.blockPair(g, p, k)
	pr.bfrom[from].Do(func() {
		sets := pr.blocks[int(from)*nb : int(from)*nb+nb]
		for b := range blocks {
			sets[b] = g.computeBlockReach(p, k, b, from, r.words)
		}
		if pr.masks != nil {
			for t := range nl {
				pr.masks[int(from)*nl+t] = blockBits(sets, engine.Loc(t))
			}
		}
	})
	if pr.masks != nil {
		return pr.masks[int(from)*nl+int(to)]
	}
	return blockBits(pr.blocks[int(from)*nb:int(from)*nb+nb], to)
}

// blockPair returns the pair of player p and kind k with its block slices made.
func (r *reachTable) blockPair(g *Game, p engine.Player, k engine.Kind) *reachPair {
	pr := &r.pairs[int(p)*len(g.Pieces)+int(k)]
	pr.binit.Do(func() {
		nl, nb := len(g.Board.Locs), len(g.code.Moves[k])
		pr.bfrom = make([]sync.Once, nl)
		pr.blocks = make([][]uint64, nl*nb)
		if nl <= maxMaskLocs {
			pr.masks = make([]uint64, nl*nl)
		}
	})
	return pr
}

// maskRow returns the table of blockMask for pieces of kind k of player p by pair of
// positions, or nil when blockMask keeps none. A row of it, from*nLocs onwards, holds
// blockMask's answers once blockMask was asked about from by the same goroutine.
func (g *Game) maskRow(p engine.Player, k engine.Kind) []uint64 {
	r := &g.reach
	nl, nb := len(g.Board.Locs), len(g.code.Moves[k])
	if r.pairs == nil || !g.on(UsePruning) || nl > maxMaskLocs || nb > 64 || nl*nb*r.words > maxBlockWords {
		return nil
	}
	return r.blockPair(g, p, k).masks
}

// blockBits returns the mask of the block reach sets that hold to.
func blockBits(sets [][]uint64, to engine.Loc) uint64 {
	var m uint64
	for b, set := range sets {
		if set == nil || set[to>>6]&(1<<(uint(to)&63)) != 0 {
			m |= 1 << uint(b)
		}
	}
	return m
}

// computeBlockReach returns the reach of block b of kind k on from, or nil for
// everywhere (also when the analysis runs over its budget).
func (g *Game) computeBlockReach(p engine.Player, k engine.Kind, b int, from engine.Loc, words int) []uint64 {
	rs := &reachState{g: g, p: p, words: words, budget: reachBudget,
		touched: make([]uint64, words), marks: make([]uint64, words),
		froms: make([]uint64, words), tos: make([]uint64, words)}
	start := make([]uint64, words)
	setBit(start, from)
	setBit(rs.marks, from)
	setBit(rs.froms, from)
	rs.ops(g.code.Moves[k][b].Ops, start)
	if rs.all || rs.budget < 0 {
		return nil
	}
	return rs.touched
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
	for i := range g.code.Moves[k] {
		start := make([]uint64, words)
		setBit(start, from)
		setBit(rs.marks, from)
		setBit(rs.froms, from)
		rs.ops(g.code.Moves[k][i].Ops, start)
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
func (rs *reachState) ops(list []code.Op, cur []uint64) []uint64 {
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
		switch o.Code {
		case code.OpStep, code.OpOpposite:
			next := make([]uint64, rs.words)
			rs.each(cur, func(l engine.Loc) {
				var t engine.Loc
				if o.Code == code.OpStep {
					t = nbr[int(l)*nd+int(o.A)]
				} else if d := b.Opposite[b.Sym[rs.p][o.A]]; d != engine.NoDir {
					t = b.Next[int(l)*nd+int(d)]
				} else {
					t = engine.NoLoc
				}
				if t != engine.NoLoc {
					setBit(next, t)
				}
			})
			cur = next
		case code.OpJump:
			cur = make([]uint64, rs.words)
			setBit(cur, engine.Loc(o.A))
		case code.OpMark:
			orInto(rs.marks, cur)
		case code.OpBack:
			cur = append([]uint64(nil), rs.marks...)
		case code.OpGoFrom:
			cur = append([]uint64(nil), rs.froms...)
		case code.OpGoTo:
			cur = append([]uint64(nil), rs.tos...)
		case code.OpGoLastFrom, code.OpGoLastTo, code.OpSetVal, code.OpTake, code.OpSelect, code.OpShift, code.OpAll, code.OpGoto, code.OpCaptureGroup, code.OpPermute, code.OpCaptureSide:
			rs.all = true
		case code.OpFrom, code.OpCascade:
			orInto(rs.froms, cur)
		case code.OpTo:
			orInto(rs.tos, cur)
		case code.OpCapture, code.OpCreate, code.OpChangeType, code.OpChangeOwner, code.OpFlip, code.OpSetPosFlag:
			rs.touchLoc(o.Loc, cur)
		case code.OpIf:
			a := rs.ops(o.Body, append([]uint64(nil), cur...))
			e := cur
			if o.Else != nil {
				e = rs.ops(o.Else, append([]uint64(nil), cur...))
			}
			out := append([]uint64(nil), a...)
			orInto(out, e)
			cur = out
		case code.OpWhile:
			if o.Walk && rs.g.walks != nil && rs.g.on(UseWalkSkip) {
				// A board walk cannot capture: only where it leaves the cursor counts.
				cur = rs.walkEnds(o, cur)
				break
			}
			acc := append([]uint64(nil), cur...)
			for n := 0; n < len(b.Locs)+2 && !rs.all; n++ {
				after := rs.ops(o.Body, append([]uint64(nil), acc...))
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
func (rs *reachState) touchLoc(a code.LocArg, cur []uint64) {
	b := rs.g.Board
	nd := len(b.Dirs)
	switch a.Kind {
	case code.LocCursor:
		orInto(rs.touched, cur)
	case code.LocPos:
		setBit(rs.touched, engine.Loc(a.V))
	case code.LocDir, code.LocOpposite:
		rs.each(cur, func(l engine.Loc) {
			var t engine.Loc
			if a.Kind == code.LocDir {
				t = b.Neighbor[rs.p][int(l)*nd+int(a.V)]
			} else if d := b.Opposite[b.Sym[rs.p][a.V]]; d != engine.NoDir {
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
