package eval

// This file decides, without a generator and mostly without reading the position
// values, that the post-move actions of a turn do nothing: the draughts of the dialect
// end every turn with a scan of the squares whose position attributes differ from their
// starting values (a sparse all-positions, dialect_fast.go), and most turns mark no
// square. Position attributes change only through the parts' value changes (an OpVal
// of class ValPos; the post-part actions' changes are part of the parts): when none of
// the parts of a turn sets one and the position the turn started from has every
// attribute that a sparse scan reads at its starting value, the state after the turn
// has too, and the scans have no square to visit. Whether the start is so is found
// once per position (workspace.dend, forgotten by workspace.reset).

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// What a workspace knows of the sparse scans on the position whose turns it completes.
const (
	cleanUnknown uint8 = iota
	cleanYes           // no attribute a sparse scan reads differs from its starting value
	cleanNo
)

// quietEnd reports whether the post-move actions of a turn of mover, made of parts from
// w.start and leaving after (before the actions), are proved to do nothing: they are a
// quietList (dialect_fast.go) whose ifs all fail on after and whose scans, by the
// argument above, have no square to visit. It reports false when it cannot tell;
// action then decides as usual.
func (g *Game) quietEnd(w *workspace, after *engine.State, parts []engine.Move, mover engine.Player) bool {
	f := g.dfast
	if f == nil || f.quiet == nil || !g.on(UseQuietEnd) || w.start == nil {
		return false
	}
	// The lists as quietAction picks them.
	l, side, k := after.LastTo, mover, -1
	if l != engine.NoLoc && !after.Cells[l].IsEmpty() {
		side, k = after.Cells[l].Player(), int(after.Cells[l].Kind())
	}
	if l == engine.NoLoc {
		l = 0
	}
	q := &f.quiet[k+1][code.ActPostMove]
	if !q.ok || len(after.Vals) == 0 {
		return false
	}
	scans := false
	for _, o := range q.ops {
		if o.scan != nil {
			scans = true
		} else if o.cond.at(after.Cells, side, l) {
			return false
		}
	}
	if !scans {
		return true
	}
	if !g.startClean(w, w.start) {
		return false
	}
	for i := range parts {
		for _, c := range parts[i].Changes {
			if c.Op == engine.OpVal && c.Class == engine.ValPos {
				return false
			}
		}
	}
	return true
}

// startClean reports whether s, the position whose turns w completes, has every
// attribute that a sparse scan reads at its starting value; w remembers the answer.
func (g *Game) startClean(w *workspace, s *engine.State) bool {
	if w.dend.clean == cleanUnknown {
		w.dend.clean = cleanNo
		if g.cleanScans(s) {
			w.dend.clean = cleanYes
		}
	}
	return w.dend.clean == cleanYes
}

// reset forgets what e knows of the position before.
func (e *dialectEnd) reset() {
	e.clean, e.haveCells = cleanUnknown, false
	e.chunk = e.chunk[:0]
	clear(e.quiet)
}

// cleanScans reports whether no attribute that a sparse scan of the game reads differs
// from its starting value in s.
func (g *Game) cleanScans(s *engine.State) bool {
	if len(s.Vals) == 0 {
		return false
	}
	for i := range g.dfast.scans {
		if g.anyDirty(s, g.dfast.scans[i].attrs) {
			return false
		}
	}
	return true
}
