package eval

// This file lets capture tests skip the board walks of the move code (code.MarkWalks):
// a walk that only records changes of owner, type or attributes cannot make a capture,
// so while asking whether a move captures a position the generator only needs where the
// walk leaves the cursor: the end of the line from the cursor along the walk's
// direction, which a table keeps per player and direction, made the first time it is
// asked for. The reach analysis (reach.go) follows walks the same way, so that a piece
// whose moves walk the whole board does not reach everywhere.

import (
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// walksMu serialises the marking of board walks: variants and games made from the same
// compiled file share their program.
var walksMu sync.Mutex

// walkLine holds, for one player and direction, the end of the line from every position
// (the position itself when it has no neighbour that way), or cyclic when the line
// loops, where the walk must run to its bound.
type walkLine struct {
	once sync.Once
	end  []engine.Loc
}

// cyclic marks a position whose line never ends.
const cyclic engine.Loc = -2

// initWalks marks the board walks of g's program and makes the table of their ends.
func (g *Game) initWalks() {
	if g.code == nil || g.code.Dialect != nil || g.Ext != nil || len(g.Board.Locs) > MaxWhileSteps {
		return
	}
	walksMu.Lock()
	g.code.MarkWalks()
	walksMu.Unlock()
	g.walks = make([]walkLine, len(g.Players)*len(g.Board.Dirs))
}

// walk moves the cursor of x to the end of the line of the board walk o, as running o
// would, and stops the block with o's error when the line loops.
func (x *gen) walk(o *code.Op) {
	d := int(o.Cond.Loc.V)
	if t := x.g.line(x.side, d)[x.cursor]; t != cyclic {
		x.cursor = t
		return
	}
	for n := 1; ; n++ {
		t := x.nbr[int(x.cursor)*x.nd+d]
		if t == engine.NoLoc {
			return
		}
		if n > MaxWhileSteps {
			x.bail(o, "while loop ran more than %d times: does its body move the cursor?", MaxWhileSteps)
		}
		x.cursor = t
	}
}

// line returns the table of line ends of player p along direction d.
func (g *Game) line(p engine.Player, d int) []engine.Loc {
	nd := len(g.Board.Dirs)
	w := &g.walks[int(p)*nd+d]
	w.once.Do(func() { w.end = lineEnds(g.Board.Neighbor[p], nd, d, len(g.Board.Locs)) })
	return w.end
}

// walkEnds returns the cursors after the board walk o from the cursors cur, for the
// reach analysis; a line that loops makes the reach everywhere, as the walk then stops
// its block with an error whose position the analysis cannot tell.
func (rs *reachState) walkEnds(o *code.Op, cur []uint64) []uint64 {
	end := rs.g.line(rs.p, int(o.Cond.Loc.V))
	next := make([]uint64, rs.words)
	rs.each(cur, func(l engine.Loc) {
		if e := end[l]; e == cyclic {
			rs.all = true
		} else {
			setBit(next, e)
		}
	})
	return next
}

// lineEnds returns the end of the line along direction d from every position of a
// neighbour table, or cyclic, in time linear in the positions.
func lineEnds(nbr []engine.Loc, nd, d, nLocs int) []engine.Loc {
	const unknown, busy = engine.Loc(-3), engine.Loc(-4)
	end := make([]engine.Loc, nLocs)
	for l := range end {
		end[l] = unknown
	}
	var path []engine.Loc
	for l := range end {
		path = path[:0]
		cur := engine.Loc(l)
		var e engine.Loc
		for {
			if end[cur] == busy {
				e = cyclic
				break
			}
			if end[cur] != unknown {
				e = end[cur]
				break
			}
			end[cur] = busy
			path = append(path, cur)
			t := nbr[int(cur)*nd+d]
			if t == engine.NoLoc {
				e = cur
				break
			}
			cur = t
		}
		for _, p := range path {
			end[p] = e
		}
	}
	return end
}
