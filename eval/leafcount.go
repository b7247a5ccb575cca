package eval

// This file counts turns of perft's last level without making a move or a state for
// them. Most leaves of a draughts tree are a man's or a king's step: a block whose
// first check (an empty square) and add the bit scan makes. Such a turn needs no Move,
// no Turn and no board written: its count, and the hash of the state after it
// (leafBase.leafStep, the hash leafHash would give), are all perft keeps of it.
// Steps are counted behind made, the one place where an add becomes a move: a move
// made would keep is counted instead (countLeaf, while gen.leaf is set) when it is a step
// that ends the turn (stepOf). As a rewrite of fastAdd and made for a word of steps,
// bitParts counts them for all the side's pieces of an entry at once (countSteps) where
// every move of the entry's adds is such a step; what each add makes of its piece is
// derived from made's meaning of its kinds (stepsOf, kindMove), not read again. A jump
// of one part that no continuation follows is made and undone on the leaf board instead
// of a state of its own (countChainEnd).
//
// A counted step is a turn that the leaf workspace would have made with endPart and
// leafHash, with no state after it: a part that moves one piece (not a copy) and at
// most changes its type where it lands, and ends the turn, in a plain ZRF game without royal pieces, repeated
// moves (noDup), maximal captures or dropped null turns, from a state leafHash takes.
// Such turns are never merged (dedupe merges turns of several parts, or of one
// add-partial part under MergeChains, which countChainEnd refuses) and move
// priorities see only turns of one type (typ is a type, or there are no priorities),
// so counting them leaves the number of turns as it was. The hash is leafHash's: the
// piece moves and changes type as plainChanges makes a part of those two changes. TestLeafCount compares the
// counts and the hashes with an ordinary workspace's turns, TestLeafCountPerft perft.

import (
	"fmt"
	"math/bits"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// leafWork is what perft's last level keeps beside its workspace (turnsWith): its
// turns of one plain part are made on board, a copy of the position's cells, and
// undone (leafHash), and their After is nil; sum is the xor of the hashes of the
// states so made.
type leafWork struct {
	board []engine.Cell
	sum   uint64
	// count: the turns this file takes are counted, not made: n of them in the last
	// call of turnsOfType, their hashes xored into sum. The turns of a position are
	// then those returned and n more.
	count bool
	n     int
	// base is the position whose steps are counted (setLeafBase), and ls the state
	// after a counted chain end (countChainEnd), with board as its cells.
	base leafBase
	ls   engine.State
	// log, when not nil, gets each counted turn's hash (tests).
	log *[]uint64
}

// leafCountOK reports whether perft's last level may count steps (leafWork.count).
func (g *Game) leafCountOK() bool {
	return g.on(UseLeafCount) && g.bits != nil && g.leafTurnsOK() && g.noDup &&
		g.Options.MaximalCaptures == 0 && !g.Semantics.DropNullTurns
}

// counted is the number of turns of the position counted and not returned (n); none
// outside perft's last level (lw nil).
func (lw *leafWork) counted() int {
	if lw == nil {
		return 0
	}
	return lw.n
}

// start readies lw for the turns of s: board is a copy of its cells, none counted.
func (lw *leafWork) start(s *engine.State) {
	lw.board = append(lw.board[:0], s.Cells...)
	lw.n = 0
}

// leafTurns is what turnsOfType does for perft's last level, in a game leafTurnsOK
// takes: the first parts of s of type typ generated, and completed into w.turns as
// completeTurns would, with the differences said at the top of this file and of
// leafmake.go: a step made takes is counted instead of kept (while w.x.leaf is set),
// so is a chain end that no continuation follows (countChainEnd), and a part that
// ends the turn is made on lw.board (leafHash) and returned without a state after it.
func (g *Game) leafTurns(s *engine.State, w *workspace, lw *leafWork, typ engine.MoveType) ([]Turn, error) {
	lw.n = 0
	counting := lw.count && (typ != engine.NoMoveType || len(g.MovePriorities) == 0) &&
		g.setLeafBase(&lw.base, s)
	w.x.leaf = nil // as a bail-out out of parts may have left it
	if counting {
		w.x.leaf = lw
	}
	var err error
	w.moves, w.arena, err = g.parts(w.x, s, w.moves, w.arena, typ)
	w.x.leaf = nil
	if err != nil {
		return nil, err
	}
	w.slab.want = len(w.moves) + 1
	plain := g.on(UsePlainEnd) && !g.Semantics.DropNullTurns
	for i := range w.moves {
		parts := w.moves[i : i+1 : i+1]
		done := false
		if plain && parts[0].Cont == engine.NoMoveType {
			err, done = g.leafEnd(s, parts, w, lw), true
		} else if plain && counting {
			done, err = g.countChainEnd(s, parts, w, lw)
		}
		if !done && err == nil {
			err = g.complete(s, parts, w, nil, tally{})
		}
		if err == nil && len(w.turns)+lw.n > MaxTurns {
			err = fmt.Errorf("more than %d complete turns in one position", MaxTurns) // endTurn's
		}
		if err != nil {
			return nil, err
		}
	}
	return g.merged(w), nil
}

// leafEnd is endPart for perft's last level: the turn of the one part parts[0] made
// on lw.board, its hash xored into lw.sum, with no state after it; or endPart's when
// leafHash does not take it.
func (g *Game) leafEnd(s *engine.State, parts []engine.Move, w *workspace, lw *leafWork) error {
	if len(w.turns)+lw.n >= MaxTurns {
		return fmt.Errorf("more than %d complete turns in one position", MaxTurns)
	}
	h, ok := g.leafHash(lw.board, s, &parts[0])
	if !ok {
		return g.endPart(s, parts, w)
	}
	if _, err := g.partTurn(s, parts, w); err != nil {
		return err
	}
	lw.sum ^= h
	return nil
}

// countChainEnd completes the turn of the one part parts[0] of s, made by add-partial,
// as complete does, and counts it when no continuation follows: the part is made on
// lw.board (ls, leafPart), its continuations generated there, and the board
// undone. A turn that goes on continues from a state made from ls, as complete's. It
// reports false, having done nothing, for a part leafPart does not take, or when a
// turn of one add-partial part would count as a chain (MergeChains: dedupe compares
// their states).
//
// The counted turn is complete's: its hash is leafHash's (that of EndPart's state,
// which is endTurn's after Apply and a continuation set and cleared), and, being of
// one part without MergeChains, dedupe never compares it.
func (g *Game) countChainEnd(s *engine.State, parts []engine.Move, w *workspace, lw *leafWork) (bool, error) {
	m := &parts[0]
	if g.Semantics.MergeChains {
		return false, nil
	}
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
			if lw.log != nil {
				*lw.log = append(*lw.log, h)
			}
			return true, nil
		}
		// The turn goes on: from a state of its own, as complete's after.
		after := w.state(&lw.ls)
		undoLeaf(lw.board, s, m)
		w.seen = append(w.seen[:0], after.Hash)
		return true, g.goOn(s, after, parts, next, w, w.seen[:1:1], tally{})
	}
	undoLeaf(lw.board, s, m)
	return true, err
}

// stepKind is what a counted step makes of its piece: it keeps its kind, or, when
// retype, becomes kind on the square it reaches.
type stepKind struct {
	retype bool
	kind   engine.Kind
}

// stepOf reports whether the move of changes, continued by cont, is one leaf counting
// takes, and what it makes of the piece: a step that ends the turn, the piece on the
// first change's source moving to its destination (engine.OpMove, not a copy), then at
// most a change of its type there, and nothing else.
func stepOf(ch []engine.Change, cont engine.MoveType) (stepKind, bool) {
	if cont != engine.NoMoveType || len(ch) == 0 || len(ch) > 2 || ch[0].Op != engine.OpMove {
		return stepKind{}, false
	}
	if len(ch) == 1 {
		return stepKind{}, true
	}
	if ch[1].Op != engine.OpType || ch[1].To != ch[0].To {
		return stepKind{}, false
	}
	return stepKind{retype: true, kind: ch[1].Kind}, true
}

// stepsOf derives from made the moves the add o makes of a step as fastAdd writes it
// (the piece moves, no capture): what kindMove makes of it, each as stepOf reads it.
// It reports false when the add is a copy (which fastOps leaves to add) or one of its
// moves is not a step stepOf takes.
func stepsOf(o *code.Op) ([]stepKind, bool) {
	if o == nil || o.B == 1 {
		return nil, false
	}
	arena := []engine.Change{{Op: engine.OpMove, From: 0, To: 1}}
	var out []stepKind
	for i, more := 0, true; more; i++ {
		var s int
		arena, s, more = kindMove(arena, o, i, 0, 1, 1)
		k, ok := stepOf(arena[s:], engine.MoveType(o.A))
		if !ok {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}

// countSteps counts the steps of st from each square of src to the square delta
// places on, as runBits and made would one square after the other: the piece moves,
// by st.add, or by st.els where st.cond does not hold (none without els), and becomes
// what stepsOf derived of that add. st must be countable (bitStep.count) and the
// generator counting and not in attack mode.
func (x *gen) countSteps(st *bitStep, src uint64, delta int) {
	for m := src; m != 0; m &= m - 1 {
		l := engine.Loc(bits.TrailingZeros64(m))
		to := engine.Loc(int(l) + delta)
		add, ks := st.add, st.addSteps
		if st.hasCond && st.cond>>uint(to)&1 == 0 {
			if add, ks = st.els, st.elsSteps; add == nil {
				continue
			}
		}
		for _, k := range ks {
			x.room(add)
			x.countLeaf(k, l, to)
		}
	}
}

// countLeaf counts into x.leaf the step of the piece on l to to that makes it k, with
// the hash of the state after it; the step takes the room of a move (full), which the
// caller has found.
func (x *gen) countLeaf(k stepKind, l, to engine.Loc) {
	lw := x.leaf
	h := lw.base.leafStep(l, to, k.retype, k.kind)
	lw.n++
	lw.sum ^= h
	x.outBase--
	if lw.log != nil {
		*lw.log = append(*lw.log, h)
	}
}
