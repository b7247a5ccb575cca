package ai

// This file holds the heuristic player of the Royal Game of Ur (games/ur.zrf), after the
// design its authors describe in the Dagaz article on Ur (seed 003): with dice, looking
// further than the enemy's next throw is costly and of little use, so the player does not
// search; it has an "instinct", a list of rules in three weighted segments, and nine
// levels that switch the rules on and off.
//
// Each segment proposes one turn: its first rule, among those of the level, that has a
// candidate turn chooses among them. A turn scores the weights of the segments that
// propose it (rosettes 5, tactics 3, progress 2, after the article's 0.5, 0.3 and 0.2),
// and the player makes the turn with the highest score; ties, and the choices the
// article leaves free, are settled by the seeded random source. The rules, in order:
//
//	segment 1 (5)  levels 3-7: a turn onto a rosette, the one that ends farthest along
//	               levels 8-9: the same among turns that do not leave g2 empty
//	segment 2 (3)  levels 5-9: a capture of a veteran, the farthest; else of a novice,
//	                           the nearest to the start
//	               level 4:    a capture, the farthest
//	               levels 8-9: a turn onto g2 while it is empty
//	               level 9:    a turn onto g1 or h1 (the ambush squares before and on
//	                           the transformation square)
//	               levels 6-9: a turn that takes a piece off the board
//	               levels 5-9: entering a piece when none stands on the first four squares
//	               levels 4-9: a turn that blocks an enemy piece (it ends where an enemy
//	                           piece in reach of one throw may not capture it), any
//	segment 3 (2)  level 1:    any turn
//	               levels 2-6: the turn of the piece farthest along
//	               level 7:    a turn to a square no enemy piece can capture on its next
//	                           throw, any; else as levels 2-6
//	               level 8:    the farthest-ending turn to a square out of reach that does
//	                           not leave g2 empty; else the farthest-ending that does not
//	                           leave g2 empty; else any
//	               level 9:    as level 8, never moving off g1 or h1
//
// The squares are White's; Black's are their mirror (rank 3 for rank 1). "Along" is a
// piece's progress on its own track, read from the rules' directions (nv for novices, vt
// for veterans, with the player's symmetry), so that the bot follows the rules file.

import (
	"fmt"
	"math/rand/v2"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// UrLevels is the number of levels of the Ur player.
const UrLevels = 9

// Ur is the heuristic player of the Royal Game of Ur at a level from 1 to 9.
type Ur struct {
	Level int
	board *urBoard
}

// NewUr returns the Ur player of level for g, or an error if g is not played on the
// board of games/ur.zrf.
func NewUr(level int, g *eval.Game) (*Ur, error) {
	if level < 1 || level > UrLevels {
		return nil, fmt.Errorf("the Ur player's level must be a number from 1 to %d", UrLevels)
	}
	b, err := newUrBoard(g)
	if err != nil {
		return nil, err
	}
	return &Ur{Level: level, board: b}, nil
}

// Name returns "ur:L".
func (u *Ur) Name() string { return "ur:" + itoa(u.Level) }

// urBoard is what the player reads from the rules: the tracks and the special squares.
type urBoard struct {
	g                     *eval.Game
	nv, vt, up, rn        engine.Dir
	column, camp, rosette int // zones
	transform, last, res  int
	novice, veteran       engine.Kind
	out                   engine.Loc
	// prog[p][kind==veteran][base loc] is how far along its track a piece of p stands
	// there (0 in the reserve, 1 on its first square ... the exit the farthest).
	prog [][2][]int
	base []engine.Loc // the square of a column's level, or the position itself
	g2   engine.Loc
	// ambush[p] holds p's g1 and h1 (or g3 and h3 for Black).
	ambush [][]engine.Loc
}

func newUrBoard(g *eval.Game) (*urBoard, error) {
	b := g.Board
	ub := &urBoard{g: g,
		nv: b.DirIndex("nv"), vt: b.DirIndex("vt"), up: b.DirIndex("up"), rn: b.DirIndex("rn"),
		column: b.ZoneIndex("column"), camp: b.ZoneIndex("camp"), rosette: b.ZoneIndex("rosette"),
		transform: b.ZoneIndex("transform"), last: b.ZoneIndex("last-square"), res: b.ZoneIndex("reserve"),
		novice: g.KindIndex("Novice"), veteran: g.KindIndex("Veteran"),
		out: b.LocIndex("out"), g2: b.LocIndex("g2"),
	}
	if ub.nv == engine.NoDir || ub.vt == engine.NoDir || ub.up == engine.NoDir || ub.rn == engine.NoDir ||
		ub.column < 0 || ub.camp < 0 || ub.rosette < 0 || ub.transform < 0 || ub.last < 0 || ub.res < 0 ||
		ub.novice == engine.NoKind || ub.veteran == engine.NoKind || ub.out == engine.NoLoc || ub.g2 == engine.NoLoc {
		return nil, fmt.Errorf("the Ur player plays only the board of games/ur.zrf (%s is another game)", g.Title)
	}
	n := len(b.Locs)
	ub.base = make([]engine.Loc, n)
	for l := range ub.base {
		ub.base[l] = engine.Loc(l)
	}
	for l := range n {
		if !b.InZone(ub.column, 0, engine.Loc(l)) {
			continue
		}
		for u, k := b.Step(0, engine.Loc(l), ub.up), 0; u != engine.NoLoc && k < n; u, k = b.Step(0, u, ub.up), k+1 {
			ub.base[u] = engine.Loc(l)
		}
	}
	for p := range g.Players {
		pl := engine.Player(p)
		var tr [2][]int
		tr[0], tr[1] = make([]int, n), make([]int, n)
		ub.prog = append(ub.prog, tr)
		ub.ambush = append(ub.ambush, nil)
		if g.Players[p].Random {
			continue
		}
		start := engine.NoLoc
		for l := range n {
			if b.InZone(ub.res, pl, engine.Loc(l)) {
				start = engine.Loc(l)
				break
			}
		}
		if start == engine.NoLoc {
			return nil, fmt.Errorf("the Ur player: %s has no reserve", g.Players[p].Name)
		}
		// The novice's track, to its first return to a square; the veteran's from the
		// square after the transformation square to the exit.
		idx, l, turnAt := 0, b.Step(pl, start, ub.nv), engine.NoLoc
		seen := map[engine.Loc]bool{}
		for l != engine.NoLoc && !seen[l] && idx < n {
			seen[l] = true
			idx++
			tr[0][l] = idx
			if b.InZone(ub.transform, pl, l) {
				turnAt = l
				ub.ambush[p] = []engine.Loc{l}
			}
			l = b.Step(pl, l, ub.nv)
		}
		if turnAt == engine.NoLoc {
			return nil, fmt.Errorf("the Ur player: %s's track has no transformation square", g.Players[p].Name)
		}
		for l := range n {
			if tr[0][l] == tr[0][turnAt]-1 && tr[0][l] > 0 {
				ub.ambush[p] = append(ub.ambush[p], engine.Loc(l))
			}
		}
		idx = tr[0][turnAt]
		for l, k := b.Step(pl, turnAt, ub.nv), 0; l != engine.NoLoc && k < n; l, k = b.Step(pl, l, ub.vt), k+1 {
			idx++
			tr[1][l] = idx
		}
		ub.prog[p] = tr
	}
	return ub, nil
}

// progress is how far along its track the piece c stands on l.
func (ub *urBoard) progress(c engine.Cell, l engine.Loc) int {
	v := 0
	if c.Kind() == ub.veteran {
		v = 1
	}
	return ub.prog[c.Player()][v][ub.base[l]]
}

// movable reports whether the piece on l may move: the top of its column and the last
// piece of its reserve.
func (ub *urBoard) movable(s *engine.State, p engine.Player, l engine.Loc) bool {
	for _, d := range []engine.Dir{ub.up, ub.rn} {
		if n := ub.g.Board.Step(p, l, d); n != engine.NoLoc && !s.Cells[n].IsEmpty() {
			return false
		}
	}
	return true
}

// reach calls f with where the piece c on l lands after k steps (1 to 4) and its face
// then, as the rules move it: novices along nv, turning when they leave the
// transformation square; veterans along vt.
func (ub *urBoard) reach(c engine.Cell, l engine.Loc, f func(k int, to engine.Loc, face engine.Kind)) {
	b := ub.g.Board
	p, face, dir := c.Player(), c.Kind(), ub.vt
	if face == ub.novice {
		dir = ub.nv
	}
	for k := 1; k <= 4 && l != engine.NoLoc; k++ {
		if face == ub.novice && b.InZone(ub.transform, p, l) {
			face = ub.veteran
		}
		l = b.Step(p, l, dir)
		if l != engine.NoLoc {
			f(k, l, face)
		}
	}
}

// threats reports, for the piece of player me with face on the square l of s, whether
// an enemy piece can capture it with one throw (attacked), and whether an enemy piece
// in reach of one throw may not land or capture there (blocked).
func (ub *urBoard) threats(s *engine.State, me engine.Player, l engine.Loc, face engine.Kind) (attacked, blocked bool) {
	b := ub.g.Board
	l = ub.base[l]
	if l == ub.out {
		return false, false
	}
	for e := range s.Cells {
		c := s.Cells[e]
		if c.IsEmpty() || c.Player() == me || ub.g.Players[c.Player()].Random || !ub.movable(s, c.Player(), engine.Loc(e)) {
			continue
		}
		ub.reach(c, engine.Loc(e), func(_ int, to engine.Loc, f engine.Kind) {
			if to != l {
				return
			}
			switch {
			case b.InZone(ub.camp, me, l):
				blocked = true
			case b.InZone(ub.column, me, l):
				// A sanctuary takes the enemy on top: neither attacked nor blocked.
			case f != face || face == ub.veteran && b.InZone(ub.last, me, l):
				blocked = true
			default:
				attacked = true
			}
		})
	}
	return attacked, blocked
}

// urTurn is what the rules of the player read of one legal turn.
type urTurn struct {
	from, to     int // progress of the piece before and after
	captured     engine.Kind
	rosette      bool
	off          bool
	enters       bool
	leavesG2     bool // the turn leaves g2 empty
	toEmptyG2    bool
	toAmbush     bool
	fromAmbush   bool
	attacked     bool
	blocks       bool
	ok           bool // a move of a piece (not a pass)
	fromL, destL engine.Loc
}

func (ub *urBoard) describe(s *engine.State, me engine.Player, t *eval.Turn) urTurn {
	var f urTurn
	f.captured = engine.NoKind
	if len(t.Parts) == 0 || t.Parts[0].Pass {
		return f
	}
	b := ub.g.Board
	src, dst := t.Parts[0].Source(), t.Parts[len(t.Parts)-1].Dest()
	if src == engine.NoLoc || dst == engine.NoLoc {
		return f
	}
	f.ok, f.fromL, f.destL = true, src, dst
	c := s.Cells[src]
	f.from = ub.progress(c, src)
	f.enters = b.InZone(ub.res, me, src)
	base := ub.base[dst]
	f.off = base == ub.out
	face := c.Kind()
	if a := t.After.Cells[dst]; !a.IsEmpty() && a.Player() == me {
		face = a.Kind()
	}
	if f.off {
		face = ub.veteran
		f.to = ub.prog[me][1][ub.out]
	} else {
		f.to = ub.prog[me][btoi(face == ub.veteran)][base]
	}
	if e := s.Cells[dst]; !e.IsEmpty() && e.Player() != me && !b.InZone(ub.column, me, base) {
		f.captured = e.Kind()
	}
	f.rosette = b.InZone(ub.rosette, me, base)
	f.leavesG2 = src == ub.g2 && t.After.Cells[ub.g2].IsEmpty()
	f.toEmptyG2 = base == ub.g2 && s.Cells[ub.g2].IsEmpty()
	for _, a := range ub.ambush[me] {
		f.toAmbush = f.toAmbush || base == a
		f.fromAmbush = f.fromAmbush || ub.base[src] == a
	}
	if !f.off {
		f.attacked, f.blocks = ub.threats(t.After, me, dst, face)
	}
	return f
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Choose scores the legal turns by the weighted segments of the level.
func (u *Ur) Choose(m *match.Match, r *rand.Rand) (int, error) {
	legal := m.Legal()
	if len(legal) <= 1 {
		return 0, errOver(m)
	}
	s, me := m.State(), m.Mover()
	ts := make([]urTurn, len(legal))
	for i := range legal {
		ts[i] = u.board.describe(s, me, &legal[i])
	}
	// Whether a piece of the mover stands on the first four squares of its track.
	busy := false
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == me && c.Kind() == u.board.novice {
			busy = busy || u.board.progress(c, engine.Loc(l)) >= 1 && u.board.progress(c, engine.Loc(l)) <= 4
		}
	}
	score := make([]int, len(legal))
	for _, seg := range []struct {
		weight int
		pick   func([]urTurn, *rand.Rand, bool) int
	}{{5, u.rosettes}, {3, u.tactics}, {2, u.progress}} {
		if i := seg.pick(ts, r, busy); i >= 0 {
			score[i] += seg.weight
		}
	}
	best, n := -1, 0
	for i := range score {
		switch {
		case best < 0 || score[i] > score[best]:
			best, n = i, 1
		case score[i] == score[best]:
			// Reservoir sampling among the ties.
			n++
			if r.IntN(n) == 0 {
				best = i
			}
		}
	}
	return best, nil
}

// pick returns the turn among those where keep holds that maximises key (ties at random),
// or -1 when no turn is kept.
func pick(ts []urTurn, r *rand.Rand, keep func(*urTurn) bool, key func(*urTurn) int) int {
	best, n := -1, 0
	for i := range ts {
		t := &ts[i]
		if !t.ok || !keep(t) {
			continue
		}
		switch {
		case best < 0 || key(t) > key(&ts[best]):
			best, n = i, 1
		case key(t) == key(&ts[best]):
			n++
			if r.IntN(n) == 0 {
				best = i
			}
		}
	}
	return best
}

func farther(t *urTurn) int   { return t.to }
func nearer(t *urTurn) int    { return -t.to }
func anyTurn(*urTurn) int     { return 0 }
func every(*urTurn) bool      { return true }
func leadPiece(t *urTurn) int { return t.from }

// rosettes is segment 1.
func (u *Ur) rosettes(ts []urTurn, r *rand.Rand, _ bool) int {
	switch {
	case u.Level >= 8:
		return pick(ts, r, func(t *urTurn) bool { return t.rosette && !t.leavesG2 }, farther)
	case u.Level >= 3:
		return pick(ts, r, func(t *urTurn) bool { return t.rosette }, farther)
	}
	return -1
}

// tactics is segment 2; busy tells whether a piece of the mover stands on the first four
// squares of its track.
func (u *Ur) tactics(ts []urTurn, r *rand.Rand, busy bool) int {
	L := u.Level
	var rules []func() int
	if L >= 5 {
		rules = append(rules,
			func() int { return pick(ts, r, func(t *urTurn) bool { return t.captured == u.board.veteran }, farther) },
			func() int { return pick(ts, r, func(t *urTurn) bool { return t.captured == u.board.novice }, nearer) })
	}
	if L == 4 {
		rules = append(rules, func() int { return pick(ts, r, func(t *urTurn) bool { return t.captured != engine.NoKind }, farther) })
	}
	if L >= 8 {
		rules = append(rules, func() int { return pick(ts, r, func(t *urTurn) bool { return t.toEmptyG2 }, anyTurn) })
	}
	if L >= 9 {
		rules = append(rules, func() int { return pick(ts, r, func(t *urTurn) bool { return t.toAmbush }, farther) })
	}
	if L >= 6 {
		rules = append(rules, func() int { return pick(ts, r, func(t *urTurn) bool { return t.off }, anyTurn) })
	}
	if L >= 5 {
		rules = append(rules, func() int {
			if busy {
				return -1
			}
			return pick(ts, r, func(t *urTurn) bool { return t.enters }, anyTurn)
		})
	}
	if L >= 4 {
		rules = append(rules, func() int { return pick(ts, r, func(t *urTurn) bool { return t.blocks }, anyTurn) })
	}
	for _, rule := range rules {
		if i := rule(); i >= 0 {
			return i
		}
	}
	return -1
}

// progress is segment 3.
func (u *Ur) progress(ts []urTurn, r *rand.Rand, _ bool) int {
	L := u.Level
	switch {
	case L == 1:
		return pick(ts, r, every, anyTurn)
	case L < 7:
		return pick(ts, r, every, leadPiece)
	case L == 7:
		if i := pick(ts, r, func(t *urTurn) bool { return !t.attacked }, anyTurn); i >= 0 {
			return i
		}
		return pick(ts, r, every, leadPiece)
	}
	keep := func(t *urTurn) bool { return !t.leavesG2 && (L < 9 || !t.fromAmbush) }
	if i := pick(ts, r, func(t *urTurn) bool { return keep(t) && !t.attacked }, farther); i >= 0 {
		return i
	}
	if i := pick(ts, r, keep, farther); i >= 0 {
		return i
	}
	return pick(ts, r, every, anyTurn)
}
