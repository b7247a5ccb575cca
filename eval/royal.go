package eval

// This file makes the royal-piece check of every turn cheaper in plain ZRF games. The
// check asks, for the state after each turn, whether another player's moves could
// capture one of the mover's royal pieces. Instead of looking for those pieces and for
// the attackers over the whole board after every turn, the generator finds both once in
// the position the turns start from and follows the turn's changes: as long as a turn
// only moves the mover's own pieces, removes pieces, and changes types to kinds that are
// not royal or attributes, the royal pieces are where its moves took them and every
// attacker stood where it stands before the turn. Any other turn takes the slow path
// (royalAttacked), which gives the same answer.

import (
	"github.com/zoggo/zoggo/engine"
)

// maxRoyal bounds the royal pieces the fast path follows.
const maxRoyal = 4

// royalScan holds what the check needs of the position the turns start from.
type royalScan struct {
	ok      bool // the fast path applies
	kings   [maxRoyal]engine.Loc
	nk      int
	enemies []engine.Loc // pieces of other players, in board order
	// near[i] lists the enemies that can reach nearAt[i] (attackers), for royal piece
	// i moved there.
	nearAt [maxRoyal]engine.Loc
	near   [maxRoyal][]attacker
	// home[i] lists the attackers of royal piece i where it stands at the start, once
	// homeMade[i].
	home     [maxRoyal][]attacker
	homeMade [maxRoyal]bool
	// rows[player*nKinds+kind] is the table of blockMask of the type (maskRow), once
	// rowsMade says it was asked for.
	rows     [][]uint64
	rowsMade []bool
	// fromsAsked has bit pair*nLocs+from once blockMask was asked about from for the pair
	// (player*nKinds+kind): its row of rows may then be read.
	fromsAsked []uint64
}

// attacker is a piece that may attack a royal piece, its cell at the start, and the
// blocks of its moves that may (blockMask).
type attacker struct {
	from engine.Loc
	cell engine.Cell
	mask uint64
}

// scanRoyal fills w.royal for the turns of side from s.
func (g *Game) scanRoyal(w *workspace, s *engine.State, side engine.Player, royal []bool) {
	r := &w.royal
	r.begin()
	if !g.royalScanOK() {
		return
	}
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		if c.Player() != side {
			r.enemies = append(r.enemies, engine.Loc(l))
			continue
		}
		if royal[c.Kind()] && !r.addKing(engine.Loc(l)) {
			return
		}
	}
	r.ok = true
}

// addKing notes a royal piece of the side scanned on l, and reports false when the side
// has more than r can hold (the scan is then not used).
func (r *royalScan) addKing(l engine.Loc) bool {
	if r.nk == maxRoyal {
		return false
	}
	r.kings[r.nk] = l
	r.nk++
	return true
}

// scanPartsRoyal is firstParts' scan of s for the pieces of side, whose moves it
// makes, fused with scanRoyal's scan of the same s into x.royal for the royal pieces
// x.royalKinds (Sample asks for it): the one loop does what the two would, the moves
// made from the same squares in the same order and x.royal filled as scanRoyal fills
// it. It clears x.royal to say it did.
func (g *Game) scanPartsRoyal(x *gen, s *engine.State, side engine.Player, typ engine.MoveType) {
	r, royal := x.royal, x.royalKinds
	x.royal, x.royalKinds = nil, nil
	r.begin()
	ok := g.royalScanOK()
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		if c.Player() != side {
			r.enemies = append(r.enemies, engine.Loc(l))
			continue
		}
		if ok && royal[c.Kind()] {
			ok = r.addKing(engine.Loc(l)) // false: as scanRoyal stops, r is not used
		}
		x.runMoves(c.Kind(), engine.Loc(l), c, typ)
	}
	r.ok = ok
}

// begin resets r for a scan.
func (r *royalScan) begin() {
	r.ok, r.nk, r.enemies = false, 0, r.enemies[:0]
	for i := range r.nearAt {
		r.nearAt[i], r.homeMade[i] = engine.NoLoc, false
	}
}

// royalScanOK reports whether scanRoyal's fast path may serve g.
func (g *Game) royalScanOK() bool {
	return g.code.Dialect == nil && g.Ext == nil && g.on(UseRoyalFollow)
}

// royalAttackedAfter reports whether turn t leaves a royal piece of side attacked, as
// royalAttacked on t.After does.
func (g *Game) royalAttackedAfter(w *workspace, t *Turn, side engine.Player, royal []bool) bool {
	r := &w.royal
	var kings [maxRoyal]engine.Loc
	nk := r.nk
	if !r.ok || len(t.End) > 0 {
		return g.royalAttacked(w.x, t.After, side, royal)
	}
	if nk == 1 {
		return g.oneRoyalAttackedAfter(w, t, side, royal)
	}
	if !followRoyal(t.Parts, t.After, side, royal, r.kings[:nk], kings[:nk]) {
		return g.royalAttacked(w.x, t.After, side, royal)
	}
	after := t.After
	for _, l := range kings[:nk] {
		if c := after.Cells[l]; c.IsEmpty() || c.Player() != side || !royal[c.Kind()] {
			return g.royalAttacked(w.x, after, side, royal)
		}
	}
	x := w.x.attacker()
	for i, l := range kings[:nk] {
		list := &r.near[i]
		if l == r.kings[i] {
			// Most turns leave the royal piece where it stands: its attackers there are
			// kept apart, so that the turns that move it do not replace them.
			if !r.homeMade[i] {
				r.home[i], r.homeMade[i] = g.attackers(r, r.home[i][:0], w.start, side, l, r.enemies), true
			}
			list = &r.home[i]
		} else if r.nearAt[i] != l {
			r.nearAt[i], r.near[i] = l, g.attackers(r, r.near[i][:0], w.start, side, l, r.enemies)
		}
		if g.attackedFrom(x, after, side, l, *list) {
			return true
		}
	}
	return false
}

// oneRoyalAttackedAfter is royalAttackedAfter when side has one royal piece (chess):
// it follows the piece with followRoyal1, without copying lists, and checks it as the
// general loop does.
func (g *Game) oneRoyalAttackedAfter(w *workspace, t *Turn, side engine.Player, royal []bool) bool {
	r := &w.royal
	after := t.After
	l, moved, ok := followRoyal1(t.Parts, after, side, royal, r.kings[0])
	if !ok {
		return g.royalAttacked(w.x, after, side, royal)
	}
	// A royal piece that did not move stands where scanRoyal found it: no change the
	// turn made reached its square but attributes (followRoyal1).
	if moved {
		if c := after.Cells[l]; c.IsEmpty() || c.Player() != side || !royal[c.Kind()] {
			return g.royalAttacked(w.x, after, side, royal)
		}
	}
	list := &r.near[0]
	if l == r.kings[0] {
		if !r.homeMade[0] {
			r.home[0], r.homeMade[0] = g.attackers(r, r.home[0][:0], w.start, side, l, r.enemies), true
		}
		list = &r.home[0]
	} else if r.nearAt[0] != l {
		r.nearAt[0], r.near[0] = l, g.attackers(r, r.near[0][:0], w.start, side, l, r.enemies)
	}
	if len(*list) == 0 {
		// No piece of the start position can reach l, and the turn brought none.
		return false
	}
	return g.attackedFrom(w.x.attacker(), after, side, l, *list)
}

// attackers appends to out the pieces of froms on s, player by player and in board
// order, that can reach l.
func (g *Game) attackers(r *royalScan, out []attacker, s *engine.State, side engine.Player, l engine.Loc, froms []engine.Loc) []attacker {
	if r.rows == nil {
		n := len(g.Players) * len(g.Pieces)
		r.rows, r.rowsMade = make([][]uint64, n), make([]bool, n)
		r.fromsAsked = make([]uint64, (n*len(g.Board.Locs)+63)/64)
	}
	for pi := range g.Players {
		e := engine.Player(pi)
		if e == side {
			continue
		}
		nk, nl := len(g.Pieces), len(s.Cells)
		for _, from := range froms {
			c := s.Cells[from]
			if c.Player() != e {
				continue
			}
			i := int(e)*nk + int(c.Kind())
			if !r.rowsMade[i] {
				r.rows[i], r.rowsMade[i] = g.maskRow(e, c.Kind()), true
			}
			var m uint64
			if bit := i*nl + int(from); r.rows[i] != nil && r.fromsAsked[bit>>6]&(1<<(bit&63)) != 0 {
				m = r.rows[i][int(from)*nl+int(l)]
			} else {
				// blockMask makes the row of from, which this goroutine may then read.
				m = g.blockMask(e, c.Kind(), from, l)
				r.fromsAsked[bit>>6] |= 1 << (bit & 63)
			}
			if m != 0 {
				out = append(out, attacker{from, c, m})
			}
		}
	}
	return out
}

// followRoyal writes to kings where the royal pieces standing on from are after the
// parts, which lead to after, and reports false when a change is not one the fast path
// follows.
func followRoyal(parts []engine.Move, after *engine.State, side engine.Player, royal []bool, from, kings []engine.Loc) bool {
	copy(kings, from)
	var prev [maxRoyal]engine.Loc
	for i := range parts {
		old := from // where the royal pieces are before part i
		if i > 0 {
			old = prev[:len(kings)]
			copy(old, kings)
		}
		for j := range parts[i].Changes {
			c := &parts[i].Changes[j]
			switch c.Op {
			case engine.OpMove:
				if c.Player != side || slicesIndex(old, c.To) >= 0 {
					return false
				}
				if k := slicesIndex(old, c.From); k >= 0 {
					kings[k] = c.To
				}
			case engine.OpCapture:
				if slicesIndex(old, c.To) >= 0 {
					return false
				}
			case engine.OpType:
				// Another player's piece that changes type may become an attacker that
				// the list of the position before does not hold.
				if cl := after.Cells[c.To]; royal[c.Kind] || slicesIndex(old, c.To) >= 0 || !cl.IsEmpty() && cl.Player() != side {
					return false
				}
			case engine.OpDrop, engine.OpCreate:
				if c.Player != side || royal[c.Kind] || slicesIndex(old, c.To) >= 0 {
					return false
				}
			case engine.OpAttr:
			default:
				return false
			}
		}
	}
	return true
}

// followRoyal1 is followRoyal for one royal piece, standing on from: it returns where
// the piece is after the parts, whether a part moved it, and false when followRoyal
// does. When it did not move, no change of the parts but an attribute's reached from.
func followRoyal1(parts []engine.Move, after *engine.State, side engine.Player, royal []bool, from engine.Loc) (k engine.Loc, moved, ok bool) {
	k = from
	for i := range parts {
		old := k // where the royal piece is before part i
		for j := range parts[i].Changes {
			c := &parts[i].Changes[j]
			switch c.Op {
			case engine.OpMove:
				if c.Player != side || c.To == old {
					return k, moved, false
				}
				if c.From == old {
					k, moved = c.To, true
				}
			case engine.OpCapture:
				if c.To == old {
					return k, moved, false
				}
			case engine.OpType:
				if cl := after.Cells[c.To]; royal[c.Kind] || c.To == old || !cl.IsEmpty() && cl.Player() != side {
					return k, moved, false
				}
			case engine.OpDrop, engine.OpCreate:
				if c.Player != side || royal[c.Kind] || c.To == old {
					return k, moved, false
				}
			case engine.OpAttr:
			default:
				return k, moved, false
			}
		}
	}
	return k, moved, true
}

func slicesIndex(s []engine.Loc, l engine.Loc) int {
	for i, v := range s {
		if v == l {
			return i
		}
	}
	return -1
}

// attackedFrom is attackedWith for an occupied l, trying only the attackers listed, in
// their order: those of the start position that are still there, or whose new piece can
// reach l.
func (g *Game) attackedFrom(x *gen, s *engine.State, side engine.Player, l engine.Loc, list []attacker) bool {
	cells := s.Cells
	x.s, x.cells = s, cells
	x.attackAt, x.hit = l, false
	x.attackMode = true
	defer func() { x.attackAt, x.attackMode, x.hit = engine.NoLoc, false, false }()
	x.side = engine.NoPlayer
	for _, a := range list {
		c, mask := cells[a.from], a.mask
		if c != a.cell {
			if c.IsEmpty() || c.Player() == side {
				continue
			}
			if mask = g.blockMask(c.Player(), c.Kind(), a.from, l); mask == 0 {
				continue
			}
		}
		if e := c.Player(); e != x.side {
			x.side, x.nbr = e, g.Board.Neighbor[e]
		}
		if x.runBlocks(g.code.Moves[c.Kind()], a.from, false, c, engine.NoMoveType, mask) {
			return true
		}
	}
	return false
}
