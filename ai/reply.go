package ai

// This file holds the last good replies of the playouts on a group board (groupplay.go):
// per player, the drop that answered a turn (and a pair of turns) in the last playout
// its player won, tried before the random drops of later playouts, and forgotten when
// its player plays it and loses. It knows nothing of the game but its turns: a reply
// that won once in answer to the same turns is likely a good answer again (a capture
// that saves a group, a cut, the answer to a threat), and the tables learn the local
// fights of the position as the playouts go, where a random playout would answer at
// random.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// replyTurn is a turn of an iteration: its mover and its drop (NoLoc: a pass, or no
// turn before the game's first).
type replyTurn struct {
	p engine.Player
	l engine.Loc
}

// replies are the last good replies of a search on a group board of n positions.
type replies struct {
	n int
	// one holds, per mover and previous turn, the reply; two per mover and the two
	// previous turns. NoLoc where none is known.
	one, two []engine.Loc
	// hist is the iteration's turns: the two before the root's position, then the
	// tree's and the playout's.
	hist []replyTurn
}

func newReplies(n int) *replies {
	rp := &replies{n: n, one: make([]engine.Loc, 2*(n+1)), two: make([]engine.Loc, 2*(n+1)*(n+1))}
	for i := range rp.one {
		rp.one[i] = engine.NoLoc
	}
	for i := range rp.two {
		rp.two[i] = engine.NoLoc
	}
	return rp
}

// index is the table index of a turn: its drop's position, n for a pass or none.
func (rp *replies) index(l engine.Loc) int {
	if l == engine.NoLoc {
		return rp.n
	}
	return int(l)
}

func (rp *replies) at1(p engine.Player, prev engine.Loc) int {
	return int(p)*(rp.n+1) + rp.index(prev)
}

func (rp *replies) at2(p engine.Player, prev2, prev engine.Loc) int {
	return (int(p)*(rp.n+1)+rp.index(prev2))*(rp.n+1) + rp.index(prev)
}

// begin starts an iteration after the turns before (the last two of them count).
func (rp *replies) begin(before [2]replyTurn) {
	rp.hist = append(rp.hist[:0], before[0], before[1])
}

// add counts a turn of the iteration.
func (rp *replies) add(p engine.Player, l engine.Loc) {
	rp.hist = append(rp.hist, replyTurn{p, l})
}

// reply returns the replies known for mover after the iteration's turns so far: to the
// last two, then to the last one (NoLoc where none).
func (rp *replies) reply(mover engine.Player) (two, one engine.Loc) {
	h := rp.hist
	k := len(h)
	return rp.two[rp.at2(mover, h[k-2].l, h[k-1].l)], rp.one[rp.at1(mover, h[k-1].l)]
}

// learn keeps the winner's drops of the iteration as the replies to the turns before
// them, and forgets the loser's drops where they are the replies kept. A draw teaches
// nothing.
func (rp *replies) learn(res eval.Result) {
	if res.Draw || len(res.Winners) != 1 {
		return
	}
	w := res.Winners[0]
	h := rp.hist
	for i := 2; i < len(h); i++ {
		t := h[i]
		if t.l == engine.NoLoc {
			continue
		}
		i1, i2 := rp.at1(t.p, h[i-1].l), rp.at2(t.p, h[i-2].l, h[i-1].l)
		if t.p == w {
			rp.one[i1], rp.two[i2] = t.l, t.l
			continue
		}
		if rp.one[i1] == t.l {
			rp.one[i1] = engine.NoLoc
		}
		if rp.two[i2] == t.l {
			rp.two[i2] = engine.NoLoc
		}
	}
}
