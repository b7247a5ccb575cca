package eval

// This file runs some actions of dialect games without the interpreter: those whose
// every op is an if (without else) on the cursor's square or a sparse all-positions
// (dialect_fast.go) whose body is such ifs on the position values of the square it
// visits, and whose ifs only record effects on the cursor's square: a capture, a type
// change, or a position value set to a constant. The draughts' post-move
//
//	(all-positions (if (= taken 1) capture (set taken 0)))
//
// and the crowning of a man, (if (in-zone? far-row) (change-type King)), are of this
// form. Such an action cannot fail and reads only the board and the position values
// of the state it runs on: directAction writes the effects the interpreter would
// record, in the same order (the piece type's list, then the global one; a scan in the
// order of the board), straight into the chunk the caller carves from.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// directList is an action list run by directAction; ok is false for a list of any
// other form.
type directList struct {
	ok  bool
	ops []directOp
}

// directOp is one op of a directList: an if on the cursor's square (cond), or a
// sparse scan (scan) whose body is ifs on the visited square's position values (ifs).
type directOp struct {
	cond    squareCond
	effects []directEffect
	scan    *sparseScan
	ifs     []directIf
}

// directIf is an if of a scan's body: its condition, which reads only the position
// values of the square (posCondOK), and its effects.
type directIf struct {
	cond    *code.Cond
	effects []directEffect
}

// directEffect is an effect recorded on the cursor's square: the change, its To set
// to the square.
type directEffect struct {
	change engine.Change
}

// directOps makes the directList of an action's ops, or reports false.
func (g *Game) directOps(f *dialectFast, ops []code.Op) ([]directOp, bool) {
	var out []directOp
	scans := 0
	for i := range ops {
		o := &ops[i]
		switch {
		case o.Code == code.OpIf && o.Else == nil:
			eff, ok := directEffects(o.Body)
			sc, ok2 := g.squareTable(o.Cond)
			if !ok || !ok2 {
				return nil, false
			}
			out = append(out, directOp{cond: sc, effects: eff})
		case o.Code == code.OpAll:
			sc := f.scanOf(o)
			if sc == nil {
				return nil, false
			}
			d := directOp{scan: sc}
			for j := range o.Body {
				b := &o.Body[j]
				eff, ok := directEffects(b.Body)
				if b.Code != code.OpIf || b.Else != nil || !ok || !posCondOK(b.Cond) {
					return nil, false
				}
				d.ifs = append(d.ifs, directIf{cond: b.Cond, effects: eff})
			}
			out = append(out, d)
			scans++
		default:
			return nil, false
		}
	}
	// Each scan counts the board against MaxScanWork in a run of the list: within the
	// bound, no run of it can raise that error.
	if scans*len(g.Board.Locs) > MaxScanWork {
		return nil, false
	}
	return out, true
}

// directEffects makes the effects of ops that only record a capture, a type change or
// a position value set to a constant, on the cursor's square.
func directEffects(ops []code.Op) ([]directEffect, bool) {
	var out []directEffect
	for i := range ops {
		o := &ops[i]
		var c engine.Change
		switch {
		case o.Code == code.OpCapture && o.Loc.Kind == code.LocCursor:
			c = engine.Change{Op: engine.OpCapture}
		case o.Code == code.OpChangeType && o.Loc.Kind == code.LocCursor:
			c = engine.Change{Op: engine.OpType, Kind: engine.Kind(o.B)}
		case o.Code == code.OpSetVal && engine.ValClass(o.B) == engine.ValPos && o.Loc.Kind == code.LocCursor &&
			o.Expr != nil && o.Expr.Code == code.IntConst:
			c = engine.Change{Op: engine.OpVal, Class: engine.ValPos, Attr: uint8(o.A), Value: o.Expr.A}
		default:
			return nil, false
		}
		out = append(out, directEffect{change: c})
	}
	return out, true
}

// directAction is actionTo for the actions of kind a for the piece on l of s, when
// both of its lists are directLists and dst is not nil: their effects, appended to
// *dst (nil when there are none). It reports false when it cannot run them.
func (g *Game) directAction(dst *[]engine.Change, s *engine.State, a int, l engine.Loc, mover engine.Player) ([]engine.Change, bool) {
	f := g.dfast
	if dst == nil || f == nil || f.directActs == nil || !g.on(UseDirectActions) || len(s.Vals) == 0 {
		return nil, false
	}
	side, k := mover, -1
	if l != engine.NoLoc && !s.Cells[l].IsEmpty() {
		side, k = s.Cells[l].Player(), int(s.Cells[l].Kind())
	}
	if l == engine.NoLoc {
		l = 0
	}
	own, global := &f.directActs[k+1][a], &f.directActs[0][a]
	if !own.ok || !global.ok {
		return nil, false
	}
	start := len(*dst)
	// x tests the scans' conditions, got when a square needs it.
	var x *gen
	defer func() {
		if x != nil {
			g.putGen(x)
		}
	}()
	lists := [2]*directList{own, global}
	if k < 0 {
		lists[0] = nil // no piece: the global actions alone (action)
	}
	for _, list := range lists {
		if list == nil {
			continue
		}
		for i := range list.ops {
			g.directRun(dst, s, &list.ops[i], side, l, &x)
		}
	}
	n := len(*dst) - start
	if n == 0 {
		return nil, true
	}
	return (*dst)[start : start+n : start+n], true
}

// directRun appends to *dst the effects of the op o of a directList run with the
// cursor on l, for pieces of side, on s. The conditions of a scan's ifs are tested by
// gen.test on *xp, a generator set up on s when the first of them is.
func (g *Game) directRun(dst *[]engine.Change, s *engine.State, o *directOp, side engine.Player, l engine.Loc, xp **gen) {
	if o.scan == nil {
		if o.cond.at(s.Cells, side, l) {
			appendEffects(dst, o.effects, l)
		}
		return
	}
	e := g.Ext
	nl, npos := len(g.Board.Locs), len(e.PosInts)
	base := len(e.Vars) + nl*len(e.PieceInts)
	vals := s.Vals[base : base+nl*npos]
	one := len(o.scan.attrs) == 1 && npos == 1 // as runSparse: one run of values
	init := e.PosInts[0].Init
	for sq := 0; sq < nl; sq++ {
		if one && vals[sq] == init || !one && !g.dirty(s, o.scan.attrs, engine.Loc(sq)) || g.Board.Locs[sq].Dummy {
			continue
		}
		x := *xp
		if x == nil {
			// No effect is recorded: the conditions read s's values.
			x = g.getGen()
			x.s, x.cells, x.side, x.nbr, x.valSet = s, s.Cells, side, g.Board.Neighbor[side], false
			*xp = x
		}
		x.cursor = engine.Loc(sq)
		for j := range o.ifs {
			if x.test(o.ifs[j].cond) {
				appendEffects(dst, o.ifs[j].effects, engine.Loc(sq))
			}
		}
	}
}

// appendEffects appends the effects on square l to *dst.
func appendEffects(dst *[]engine.Change, effects []directEffect, l engine.Loc) {
	for _, e := range effects {
		c := e.change
		c.To = l
		*dst = append(*dst, c)
	}
}
