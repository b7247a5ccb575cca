package eval

// This file is a rewrite of one form of compiled rules for playouts: games whose only
// turns are drops of a stone on an empty position, after which every enemy group next to
// the stone without an empty neighbour is captured, and which keep the drop only when
// the stone's own group then has an empty neighbour (Go's rules, games/go.zrf, are of
// this form; so is any rules file that compiles to the same code). A GroupBoard plays
// such drops on a board that keeps, per group, its stones and its pseudo-liberties (the
// pairs of a stone and an empty neighbour, with their sum and sum of squares), so that a
// drop's legality and captures cost a few steps instead of a run of the rules' code and
// its fills.
//
// The form (GroupDrops checks it on the compiled code):
//
//   - two players, neither random; every turn-order entry is a plain turn of its mover
//     (no move type, no goto), and the pass option is "true" (a pass is always legal);
//   - no piece has move blocks; each piece type has at most one drop block, whose owner
//     is the mover and whose ops are exactly (verify empty?) add (no promotion, no
//     continuation); no attributes, flags or values;
//   - the dialect's acts: none global, and for each piece type only a post-part whose
//     ops are, for each of the board's directions exactly once, the op
//     (if (and (enemy? D) (= (liberties D) 0)) (capture-group D));
//   - one check, (> (liberties) 0) at the cursor, and no move priorities or maximal
//     captures;
//   - every goal is a formula, a conjunction one of whose operands is (>= passes K)
//     with K >= 1 (or (> passes K) with K >= 0), so that no goal holds after a drop (a
//     drop leaves State.Passes at 0); its numbers are constants, sums, differences,
//     products, passes and areas;
//   - no dummy position, every position on the screen (drops are made on those alone),
//     and captured pieces are not recycled.
//
// Why a GroupBoard's drops are the rules' (proof):
//
//  1. The candidates are the drops of the mover's kind on every empty position: the drop
//     block runs at every position with a rectangle that is not a dummy (firstParts),
//     verify empty? keeps the empty ones, and add makes the part, which ends the turn.
//  2. The post-part runs on the board after the drop with the cursor on the stone. For a
//     direction D, (enemy? D) holds where the neighbour holds a piece of the other
//     player, and (liberties D) counts the empty positions next to its group (the fill of
//     groups.go over every direction, dummies excluded: the neighbours Adjacent lists).
//     Capturing one such group cannot give another enemy group next to the stone a
//     liberty: two enemy groups are not next to each other (they would be one group), so
//     the positions a capture empties are next to none of the other group's stones; and a
//     neighbour in a group already captured is empty, not an enemy. So the post-part
//     removes exactly the enemy groups next to the stone with no empty neighbour, in any
//     order.
//  3. The check reads (liberties) at the cursor, the last part's destination: the
//     stone's group on the board after the captures. It has an empty neighbour exactly
//     when the stone has an empty neighbour, or some group captured was next to it (its
//     positions are now empty), or a group of the mover's next to it had an empty
//     neighbour other than the stone's position (the group joins the stone's). That is
//     Legal's test, read from the pseudo-liberties: a group's pseudo-liberty count is
//     0 exactly when it has no empty neighbour, and its empty neighbours are all one
//     position l exactly when count*sumsq = sum*sum and sum = count*l (the pairs' sum of
//     squares equals the square of their sum over their count only when they are equal).
//  4. The position after a turn is the cells alone, so the repetition key of the rules
//     (engine.Game.RepeatKey, a hash of the cells) follows the drop as the xor of the
//     keys of the cells that change: the stone and the stones captured (KeyAfter).
//  5. No goal holds after a drop (the form's goals need passes), so a run of drops ends
//     the game only by a pass: the caller checks the goals through the general path
//     (Workspace.Goals) on the state of the board after each pass.
//
// TestGroupBoard compares a GroupBoard with the general path (the legal turns, the board
// and the repetition key after every turn) along random games of every variant of
// games/go.zrf, and checks that the rules of other drop games are refused.

import (
	"errors"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// GroupDrops reports whether g's rules are of the form this file rewrites (see its
// comment), so that a GroupBoard plays them.
func (g *Game) GroupDrops() bool {
	if g.ax != nil || g.code == nil || g.code.Dialect == nil || !g.Singles() || len(g.Players) != 2 {
		return false
	}
	if g.Options.PassTurn != engine.PassAlways || g.Options.RecycleCaptures || len(g.AttrNames) != 0 {
		return false
	}
	for _, p := range g.Players {
		if p.Random {
			return false
		}
	}
	if len(g.TurnOrder.Labels) != 0 || len(g.TurnOrder.Entries) == 0 {
		return false
	}
	for _, e := range g.TurnOrder.Entries {
		if e.Mover != e.Side || e.Type != engine.NoMoveType || int(e.Mover) >= 2 {
			return false
		}
	}
	for _, l := range g.Board.Locs {
		if l.Dummy || !l.HasRect {
			return false
		}
	}
	p := g.code
	if len(p.Flags) != 0 || len(p.PosFlags) != 0 || len(p.Perms) != 0 {
		return false
	}
	if g.Ext != nil && g.Ext.Repeat.Kind == engine.RepeatPosition {
		return false
	}
	if g.Ext != nil && (len(g.Ext.Vars) != 0 || len(g.Ext.PosInts) != 0 || len(g.Ext.PieceInts) != 0 || g.Ext.StackCap != 0) {
		return false
	}
	d := p.Dialect
	drops := 0
	for k := range g.Pieces {
		if k < len(p.Moves) && len(p.Moves[k]) != 0 {
			return false
		}
		if k >= len(p.Drops) || len(p.Drops[k]) == 0 {
			continue
		}
		if len(p.Drops[k]) != 1 || !plainDrop(&p.Drops[k][0]) {
			return false
		}
		drops++
		if k+1 >= len(d.Acts) {
			return false
		}
		acts := &d.Acts[k+1]
		for a := range code.NumActs {
			if a != code.ActPostPart && len(acts[a]) != 0 {
				return false
			}
		}
		if !g.capturesDead(acts[code.ActPostPart]) {
			return false
		}
	}
	if drops == 0 || len(d.Acts) == 0 {
		return false
	}
	for a := range code.NumActs {
		if len(d.Acts[0][a]) != 0 {
			return false
		}
	}
	if len(d.Checks) != 1 || !isCmp(d.Checks[0].Cond, code.CmpGt, func(e *code.Expr) bool {
		return e.Code == code.IntLiberties && e.Loc.Kind == code.LocCursor
	}, 0) {
		return false
	}
	if len(g.Goals) == 0 {
		return false
	}
	for i := range g.Goals {
		c := g.Goals[i].Cond
		if c == nil || c.Op != engine.CondFormula || c.N < 0 || c.N >= len(d.Formulas) || !passGuarded(d.Formulas[c.N]) {
			return false
		}
	}
	return true
}

// plainDrop reports whether b is (verify empty?) add for the mover's pieces.
func plainDrop(b *code.Block) bool {
	if b.Owner != code.OwnFriend || b.Type != engine.NoMoveType || len(b.Ops) != 2 {
		return false
	}
	v, a := &b.Ops[0], &b.Ops[1]
	return v.Code == code.OpVerify && v.Cond != nil && v.Cond.Code == code.CondEmpty && !v.Cond.Neg &&
		v.Cond.Loc.Kind == code.LocCursor && len(v.Body) == 0 && len(v.Else) == 0 &&
		a.Code == code.OpAdd && len(a.Kinds) == 0 && a.A == -1 && a.B == 0 && len(a.Body) == 0 && len(a.Else) == 0
}

// capturesDead reports whether ops are (if (and (enemy? D) (= (liberties D) 0))
// (capture-group D)) for each of the board's directions once.
func (g *Game) capturesDead(ops []code.Op) bool {
	nd := len(g.Board.Dirs)
	if len(ops) != nd {
		return false
	}
	seen := make([]bool, nd)
	for i := range ops {
		o := &ops[i]
		if o.Code != code.OpIf || o.Cond == nil || o.Cond.Code != code.CondAnd || o.Cond.Neg || len(o.Cond.Args) != 2 ||
			len(o.Else) != 0 || len(o.Body) != 1 {
			return false
		}
		e, z, c := o.Cond.Args[0], o.Cond.Args[1], &o.Body[0]
		if e.Code != code.CondEnemy || e.Neg || e.Loc.Kind != code.LocDir || len(e.Args) != 0 {
			return false
		}
		dir := e.Loc
		if int(dir.V) < 0 || int(dir.V) >= nd || seen[dir.V] {
			return false
		}
		if !isCmp(z, code.CmpEq, func(x *code.Expr) bool { return x.Code == code.IntLiberties && x.Loc == dir }, 0) {
			return false
		}
		if c.Code != code.OpCaptureGroup || c.Loc != dir || len(c.Body) != 0 || len(c.Else) != 0 || c.Cond != nil {
			return false
		}
		seen[dir.V] = true
	}
	return true
}

// isCmp reports whether c is (CMP X K) with X accepted by left and K the constant k.
func isCmp(c *code.Cond, cmp int32, left func(*code.Expr) bool, k int32) bool {
	return c != nil && c.Code == code.CondCmp && !c.Neg && c.A == cmp && len(c.Ints) == 2 &&
		left(c.Ints[0]) && c.Ints[1].Code == code.IntConst && c.Ints[1].A == k
}

// passGuarded reports whether c is a conjunction with an operand that needs at least one
// pass ((>= passes K), K >= 1, or (> passes K), K >= 0) and whose numbers are
// constants, sums, differences, products, passes and areas.
func passGuarded(c *code.Cond) bool {
	if c == nil || c.Code != code.CondAnd || c.Neg || !plainFormula(c) {
		return false
	}
	for _, a := range c.Args {
		if a.Code == code.CondCmp && !a.Neg && len(a.Ints) == 2 && a.Ints[0].Code == code.IntPasses &&
			a.Ints[1].Code == code.IntConst && (a.A == code.CmpGe && a.Ints[1].A >= 1 || a.A == code.CmpGt && a.Ints[1].A >= 0) {
			return true
		}
	}
	return false
}

func plainFormula(c *code.Cond) bool {
	switch c.Code {
	case code.CondAnd, code.CondOr, code.CondNot, code.CondTrue, code.CondFalse:
	case code.CondCmp:
	default:
		return false
	}
	for _, a := range c.Args {
		if !plainFormula(a) {
			return false
		}
	}
	for _, e := range c.Ints {
		if !plainExpr(e) {
			return false
		}
	}
	return true
}

func plainExpr(e *code.Expr) bool {
	switch e.Code {
	case code.IntConst, code.IntPasses, code.IntArea:
	case code.IntAdd, code.IntSub, code.IntMul:
	default:
		return false
	}
	for _, a := range e.Args {
		if !plainExpr(a) {
			return false
		}
	}
	return true
}

// GroupBoard plays the drops of a game GroupDrops accepts (see the file's comment). It
// is made for one game and reused from position to position (Load).
type GroupBoard struct {
	g     *Game
	z     *engine.Zobrist
	stone [2]engine.Cell // the piece each player drops
	drops [2]bool        // whether it drops at all
	adj   []engine.Loc   // neighbours, nd per position, NoLoc where none
	nd    int

	cells []engine.Cell
	key   uint64
	head  []engine.Loc // per stone, the representative of its group
	next  []engine.Loc // per stone, the next stone of its group (a ring)
	size  []int32      // per representative: stones
	libs  []int32      // per representative: pseudo-liberties
	sum   []int64      // their positions' sum
	sumsq []int64      // and sum of squares
	empty []engine.Loc // the empty positions, in no order
	at    []int32      // per empty position, its index in empty
}

var errGroupDrops = errors.New("the rules are not of the form GroupBoard plays (eval.Game.GroupDrops)")

// NewGroupBoard returns a board for g, which GroupDrops must accept.
func (g *Game) NewGroupBoard() (*GroupBoard, error) {
	if !g.GroupDrops() {
		return nil, errGroupDrops
	}
	n, nd := len(g.Board.Locs), len(g.Board.Dirs)
	b := &GroupBoard{g: g, z: g.Zobrist(), nd: nd, adj: make([]engine.Loc, n*nd),
		cells: make([]engine.Cell, n), head: make([]engine.Loc, n), next: make([]engine.Loc, n),
		size: make([]int32, n), libs: make([]int32, n), sum: make([]int64, n), sumsq: make([]int64, n),
		empty: make([]engine.Loc, 0, n), at: make([]int32, n)}
	for l := range n {
		for d := range nd {
			t := g.Board.Next[l*nd+d]
			if t != engine.NoLoc && g.Board.Locs[t].Dummy {
				t = engine.NoLoc
			}
			b.adj[l*nd+d] = t
		}
	}
	for p := range 2 {
		for k := range g.Pieces {
			if k < len(g.code.Drops) && len(g.code.Drops[k]) > 0 {
				b.stone[p], b.drops[p] = engine.MakeCell(engine.Player(p), engine.Kind(k), 0), true
				break
			}
		}
	}
	return b, nil
}

// Load sets the board to the cells of s, a position between turns. It fails where the
// drops of s are not unlimited (a stock that runs out changes the candidates).
func (b *GroupBoard) Load(s *engine.State) error {
	if s.Cont != engine.NoLoc || len(s.Cells) != len(b.cells) {
		return errors.New("group board: a position in the middle of a turn, or of another board")
	}
	nk := len(b.g.Pieces)
	for p := range 2 {
		if b.drops[p] && s.Stock[p*nk+int(b.stone[p].Kind())] != -1 {
			return errors.New("group board: drops limited by a stock")
		}
	}
	copy(b.cells, s.Cells)
	b.key = 0
	b.empty = b.empty[:0]
	for l, c := range b.cells {
		b.head[l], b.next[l] = engine.Loc(l), engine.Loc(l)
		b.size[l], b.libs[l], b.sum[l], b.sumsq[l] = 0, 0, 0, 0
		if c.IsEmpty() {
			b.at[l] = int32(len(b.empty))
			b.empty = append(b.empty, engine.Loc(l))
			continue
		}
		if int(c.Player()) >= 2 {
			return errors.New("group board: a piece of no player")
		}
		b.key ^= b.z.CellHash(engine.Loc(l), c)
	}
	// Groups: each stone joins its same-owner neighbours' groups.
	for l, c := range b.cells {
		if c.IsEmpty() {
			continue
		}
		b.size[l] = 1
		for _, t := range b.around(engine.Loc(l)) {
			if t == engine.NoLoc {
				continue
			}
			if b.cells[t].IsEmpty() {
				b.addLib(engine.Loc(l), t)
			} else if b.cells[t].Player() == c.Player() && b.head[t] != b.head[l] && t < engine.Loc(l) {
				b.merge(b.head[t], b.head[l])
			}
		}
	}
	return nil
}

func (b *GroupBoard) around(l engine.Loc) []engine.Loc { return b.adj[int(l)*b.nd : int(l)*b.nd+b.nd] }

// addLib counts the pseudo-liberty lib for the group of the stone on l.
func (b *GroupBoard) addLib(l, lib engine.Loc) {
	h := b.head[l]
	b.libs[h]++
	b.sum[h] += int64(lib)
	b.sumsq[h] += int64(lib) * int64(lib)
}

func (b *GroupBoard) removeLib(l, lib engine.Loc) {
	h := b.head[l]
	b.libs[h]--
	b.sum[h] -= int64(lib)
	b.sumsq[h] -= int64(lib) * int64(lib)
}

// merge joins the groups of representatives a and c (the larger keeps its name).
func (b *GroupBoard) merge(a, c engine.Loc) {
	if b.size[a] < b.size[c] {
		a, c = c, a
	}
	b.size[a] += b.size[c]
	b.libs[a] += b.libs[c]
	b.sum[a] += b.sum[c]
	b.sumsq[a] += b.sumsq[c]
	v := c
	for {
		b.head[v] = a
		v = b.next[v]
		if v == c {
			break
		}
	}
	b.next[a], b.next[c] = b.next[c], b.next[a]
}

// only returns the one empty position next to the group of the stone on l when it has
// exactly one, else NoLoc.
func (b *GroupBoard) only(l engine.Loc) engine.Loc {
	h := b.head[l]
	n := int64(b.libs[h])
	if n == 0 || n*b.sumsq[h] != b.sum[h]*b.sum[h] {
		return engine.NoLoc
	}
	return engine.Loc(b.sum[h] / n)
}

// Cells are the board's cells (read only).
func (b *GroupBoard) Cells() []engine.Cell { return b.cells }

// Key is the repetition key of the board (engine.Game.RepeatKey).
func (b *GroupBoard) Key() uint64 { return b.key }

// Empty lists the empty positions, the candidates of a drop, in no fixed order (read
// only; Play changes it).
func (b *GroupBoard) Empty() []engine.Loc { return b.empty }

// Neighbours returns the positions next to l (NoLoc where there is none).
func (b *GroupBoard) Neighbours(l engine.Loc) []engine.Loc { return b.around(l) }

// Atari returns the only empty position next to the group of the stone on l, or NoLoc
// when it has none or more than one (or l is empty).
func (b *GroupBoard) Atari(l engine.Loc) engine.Loc {
	if b.cells[l].IsEmpty() {
		return engine.NoLoc
	}
	return b.only(l)
}

// Stones appends to buf the positions of the group of the stone on l (none where l is
// empty) and returns it.
func (b *GroupBoard) Stones(l engine.Loc, buf []engine.Loc) []engine.Loc {
	if b.cells[l].IsEmpty() {
		return buf
	}
	h := b.head[l]
	v := h
	for {
		buf = append(buf, v)
		if v = b.next[v]; v == h {
			return buf
		}
	}
}

// Legal reports whether p's drop on l, an empty position, is kept by the rules' check:
// after its captures, its group has an empty neighbour. The repetition rule is the
// caller's (KeyAfter).
func (b *GroupBoard) Legal(l engine.Loc, p engine.Player) bool {
	if !b.drops[p] || !b.cells[l].IsEmpty() {
		return false
	}
	for _, t := range b.around(l) {
		if t == engine.NoLoc {
			continue
		}
		c := b.cells[t]
		if c.IsEmpty() {
			return true
		}
		o := b.only(t)
		if c.Player() == p {
			if o != l {
				return true // the group has another liberty (it has one at least: l)
			}
		} else if o == l {
			return true // it captures
		}
	}
	return false
}

// LibertiesAfter counts, up to two, the empty positions next to the group p's stone on
// l would join, l not counted and no capture made.
func (b *GroupBoard) LibertiesAfter(l engine.Loc, p engine.Player) int {
	var first engine.Loc = engine.NoLoc
	count := func(v engine.Loc) bool {
		if v == l || v == first {
			return false
		}
		if first == engine.NoLoc {
			first = v
			return false
		}
		return true
	}
	for _, t := range b.around(l) {
		if t != engine.NoLoc && b.cells[t].IsEmpty() && count(t) {
			return 2
		}
	}
	for i, t := range b.around(l) {
		if t == engine.NoLoc || b.cells[t].IsEmpty() || b.cells[t].Player() != p {
			continue
		}
		h := b.head[t]
		if b.seenAround(l, i, h) {
			continue
		}
		v := h
		for {
			for _, u := range b.around(v) {
				if u != engine.NoLoc && b.cells[u].IsEmpty() && count(u) {
					return 2
				}
			}
			if v = b.next[v]; v == h {
				break
			}
		}
	}
	if first != engine.NoLoc {
		return 1
	}
	return 0
}

// seenAround reports whether the group of head h stands on one of the first i
// neighbours of l: a group beside l on several sides is taken once.
func (b *GroupBoard) seenAround(l engine.Loc, i int, h engine.Loc) bool {
	for _, u := range b.around(l)[:i] {
		if u != engine.NoLoc && !b.cells[u].IsEmpty() && b.head[u] == h {
			return true
		}
	}
	return false
}

// KeyAfter returns the repetition key of the board after p's drop on l, a legal one.
func (b *GroupBoard) KeyAfter(l engine.Loc, p engine.Player) uint64 {
	k := b.key ^ b.z.CellHash(l, b.stone[p])
	for i, t := range b.around(l) {
		if t == engine.NoLoc || b.cells[t].IsEmpty() || b.cells[t].Player() == p || b.only(t) != l {
			continue
		}
		h := b.head[t]
		if b.seenAround(l, i, h) {
			continue
		}
		v := h
		for {
			k ^= b.z.CellHash(v, b.cells[v])
			if v = b.next[v]; v == h {
				break
			}
		}
	}
	return k
}

// Play makes p's drop on l, a legal one, and its captures.
func (b *GroupBoard) Play(l engine.Loc, p engine.Player) {
	b.take(l)
	c := b.stone[p]
	b.cells[l] = c
	b.key ^= b.z.CellHash(l, c)
	b.head[l], b.next[l], b.size[l] = l, l, 1
	b.libs[l], b.sum[l], b.sumsq[l] = 0, 0, 0
	for _, t := range b.around(l) {
		if t == engine.NoLoc {
			continue
		}
		if b.cells[t].IsEmpty() {
			b.addLib(l, t)
		} else {
			b.removeLib(t, l)
		}
	}
	for _, t := range b.around(l) {
		if t == engine.NoLoc || b.cells[t].IsEmpty() {
			continue
		}
		if b.cells[t].Player() == p {
			if b.head[t] != b.head[l] {
				b.merge(b.head[t], b.head[l])
			}
		} else if b.libs[b.head[t]] == 0 {
			b.capture(b.head[t])
		}
	}
}

// take removes the empty position l from the list of empty positions.
func (b *GroupBoard) take(l engine.Loc) {
	i := b.at[l]
	last := b.empty[len(b.empty)-1]
	b.empty[i] = last
	b.at[last] = i
	b.empty = b.empty[:len(b.empty)-1]
}

// capture removes the group of representative h; its stones' positions become
// pseudo-liberties of the other groups next to them.
func (b *GroupBoard) capture(h engine.Loc) {
	v := h
	for {
		b.key ^= b.z.CellHash(v, b.cells[v])
		b.at[v] = int32(len(b.empty))
		b.empty = append(b.empty, v)
		for _, t := range b.around(v) {
			if t != engine.NoLoc && !b.cells[t].IsEmpty() && b.head[t] != h {
				b.addLib(t, v)
			}
		}
		v = b.next[v]
		if v == h {
			break
		}
	}
	v = h
	for {
		b.cells[v] = 0
		n := b.next[v]
		b.head[v], b.next[v] = v, v
		v = n
		if v == h {
			break
		}
	}
}

// Swap exchanges the empty positions at indices i and j of Empty, for a caller that
// draws from it without drawing twice.
func (b *GroupBoard) Swap(i, j int) {
	e := b.empty
	e[i], e[j] = e[j], e[i]
	b.at[e[i]], b.at[e[j]] = int32(i), int32(j)
}
