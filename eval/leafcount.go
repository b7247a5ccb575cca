package eval

// This file counts turns of perft's last level without making a move or a state for
// them. Most leaves of a draughts tree are a man's or a king's step: a block whose
// first check (an empty square) and add the bit scan makes. Such a turn needs no Move,
// no Turn and no board written: its count, and the hash of the state after it
// (leafBase.leafStep, the hash leafHash would give), are all perft keeps of it.
// bitParts counts the steps of an entry for all the side's pieces at once
// (countSteps), runBits one at a time (countStep) where an add is not known in advance
// to be countable. A jump of one part that no continuation follows is made and undone
// on the leaf board instead of a state of its own (countChainEnd).
//
// A counted step is a turn that the leaf workspace would have made with endPart and
// leafHash, with no state after it: an add of the moving piece (not a copy) that ends
// the turn, of one kind at most, in a plain ZRF game without royal pieces, repeated
// moves (noDup), maximal captures or dropped null turns, from a state leafHash takes.
// Such turns are never merged (dedupe merges turns of several parts, or of one
// add-partial part under MergeChains, which countChainEnd refuses) and move
// priorities see only turns of one type (typ is a type, or there are no priorities),
// so counting them leaves the number of turns as it was. TestLeafCount compares the
// counts and the hashes with an ordinary workspace's turns, TestLeafCountPerft perft.

import (
	"fmt"
	"math/bits"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// leafCount is what the generator of perft's last level counts instead of emitting.
type leafCount struct {
	on   bool // count steps in this call of parts
	base leafBase
	n    int    // steps counted
	sum  uint64 // the xor of the hashes of the states after them
	// log, when not nil, gets each counted step's hash (tests).
	log *[]uint64
}

// leafCountOK reports whether perft's last level may count steps (leafWork.count).
func (g *Game) leafCountOK() bool {
	return g.on(UseLeafCount) && g.bits != nil && g.leafTurnsOK() && g.noDup &&
		g.Options.MaximalCaptures == 0 && !g.Semantics.DropNullTurns
}

// startCount sets x to count the steps of s's turns of type typ when w counts.
func (g *Game) startCount(w *workspace, s *engine.State, typ engine.MoveType) {
	lc := &w.x.lc
	lc.on, lc.n, lc.sum = false, 0, 0
	lw := w.leaves
	if lw == nil {
		return
	}
	lw.n = 0
	lc.on = lw.count && (typ != engine.NoMoveType || len(g.MovePriorities) == 0) &&
		g.setLeafBase(&lc.base, s)
	lw.counting = lc.on
}

// endCount adds what x counted to w and stops counting.
func (g *Game) endCount(w *workspace) {
	lc := &w.x.lc
	if lw := w.leaves; lw != nil {
		lw.n += lc.n
		lw.sum ^= lc.sum
	}
	lc.on, lc.n, lc.sum = false, 0, 0
}

// countStep is emit for a counted step of block b's add o: the piece on l moves to to,
// and becomes o's kind when it names one. It reports false, having done nothing, when
// the add is not one a counted step can be (a copy, an add-partial, several kinds).
func (x *gen) countStep(o *code.Op, l, to engine.Loc) bool {
	if !countable(o) || x.attackAt != engine.NoLoc {
		return false
	}
	x.at = o.At
	x.countLeaf(o, l, to)
	return true
}

// countChainEnd completes the turn of the one part parts[0] of s, made by add-partial,
// as complete does, and counts it when no continuation follows: the part is made on
// w.leaves.board (ls, leafPart), its continuations generated there, and the board
// undone. A turn that goes on continues from a state made from ls, as complete's. It
// reports false, having done nothing, for a part leafPart does not take, or when a
// turn of one add-partial part would count as a chain (MergeChains: dedupe compares
// their states).
//
// The counted turn is complete's: its hash is leafHash's (that of EndPart's state,
// which is endTurn's after Apply and a continuation set and cleared), and, being of
// one part without MergeChains, dedupe never compares it.
func (g *Game) countChainEnd(s *engine.State, parts []engine.Move, w *workspace) (bool, error) {
	m := &parts[0]
	if g.Semantics.MergeChains {
		return false, nil
	}
	lw := w.leaves
	h, ok := g.leafPart(&lw.ls, lw.board, s, m)
	if !ok {
		return false, nil
	}
	n, na := len(w.cont), len(w.contArena)
	next, err := g.contParts(w, &lw.ls)
	if err == nil {
		if next = g.prioritiseMoves(next); len(next) == 0 {
			undoLeaf(lw.board, s, m)
			w.cont, w.contArena = w.cont[:n], w.contArena[:na]
			if len(w.turns)+lw.n >= MaxTurns {
				return true, fmt.Errorf("more than %d complete turns in one position", MaxTurns)
			}
			lw.n++
			lw.sum ^= h
			if lc := &w.x.lc; lc.log != nil {
				*lc.log = append(*lc.log, h)
			}
			return true, nil
		}
		// The turn goes on: from a state of its own, as complete's after.
		after := w.state(&lw.ls)
		undoLeaf(lw.board, s, m)
		w.seen = append(w.seen[:0], after.Hash)
		return true, g.goOn(s, after, parts, next, 0, 0, w, w.seen[:1:1], nil)
	}
	undoLeaf(lw.board, s, m)
	return true, err
}

// countable reports whether a step's add o may be counted: it moves the piece (no
// copy), ends the turn (not add-partial) and names one kind at most.
func countable(o *code.Op) bool {
	return o != nil && o.B != 1 && engine.MoveType(o.A) == engine.NoMoveType && len(o.Kinds) <= 1
}

// countSteps counts the steps of st from each square of src to the square delta
// places on, as runBits and countStep would one square after the other: the piece
// moves, by st.add, or by st.els where st.cond does not hold (none without els). st
// must be countable (bitStep.count) and the generator counting and not in attack mode.
func (x *gen) countSteps(st *bitStep, src uint64, delta int) {
	for m := src; m != 0; m &= m - 1 {
		l := engine.Loc(bits.TrailingZeros64(m))
		to := engine.Loc(int(l) + delta)
		add := st.add
		if st.hasCond && st.cond>>uint(to)&1 == 0 {
			if add = st.els; add == nil {
				continue
			}
		}
		x.countLeaf(add, l, to)
	}
}

// countLeaf counts the step of the piece on l to to by the add o (countable), with the
// hash of the state after it, unless the position has MaxMoves moves already.
func (x *gen) countLeaf(o *code.Op, l, to engine.Loc) {
	lc := &x.lc
	x.room(o)
	var h uint64
	if len(o.Kinds) == 1 {
		h = lc.base.leafStep(l, to, true, o.Kinds[0])
	} else {
		h = lc.base.leafStep(l, to, false, 0)
	}
	lc.n++
	lc.sum ^= h
	if lc.log != nil {
		*lc.log = append(*lc.log, h)
	}
}
