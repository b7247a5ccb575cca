package eval

// This file runs the dialect's instructions and conditions, its pre- and post-actions and
// its invariant checks (see dialect.go for the compiler).

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// selected is a piece of the group that shift moves.
type selected struct {
	origin, cur engine.Loc
	gone        bool // stepped off the board: removed when the move is made
}

// turnStats are the facts about a turn that checks read: (captures), (first-capture T),
// (mover T), parts.
type turnStats struct {
	caps   int
	byKind []int16
	first  []int16 // ordinal of the first captured piece of each kind, 0 for none
	order  []int32 // per kind, bit 30-i set when the i-th captured piece (from 0) is of it
	mover  engine.Kind
	parts  int
}

func (x *gen) runExt(o *code.Op) bool {
	switch o.Code {
	case code.OpSetVal:
		l := engine.Loc(0)
		if engine.ValClass(o.B) != engine.ValVar {
			var ok bool
			if l, ok = x.resolve(o.Loc); !ok {
				return false
			}
		}
		v := x.ival(o.Expr)
		x.valSet = true
		x.effects = append(x.effects, engine.Change{Op: engine.OpVal, Class: engine.ValClass(o.B), Attr: uint8(o.A), To: l, Value: int32(v)})
	case code.OpTake:
		l, ok := x.resolve(o.Loc)
		if !ok || x.cells[l].IsEmpty() {
			return false
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpTake, From: l, To: engine.NoLoc})
	case code.OpSelect:
		l, ok := x.resolve(o.Loc)
		if !ok || x.cells[l].IsEmpty() {
			return false
		}
		for _, e := range x.sel {
			if e.origin == l {
				return true
			}
		}
		x.sel = append(x.sel, selected{origin: l, cur: l})
	case code.OpShift:
		for i := range x.sel {
			e := &x.sel[i]
			if e.gone {
				continue
			}
			t := x.nbr[int(e.cur)*x.nd+int(o.A)]
			if t == engine.NoLoc {
				e.gone = true
				continue
			}
			// A square whose piece the part captures may be entered: the arrival
			// removes that piece (addEffects leaves out its capture).
			if !x.cells[t].IsEmpty() && !x.isOrigin(t) && !x.capturing(t) {
				return false
			}
			e.cur = t
		}
		// Two pieces of the group can never meet: they all step the same way.
	case code.OpGoto:
		e := int(o.A)
		if e < 0 {
			e = x.s.Turn
		}
		x.effects = append(x.effects, engine.Change{Op: engine.OpVal, Class: engine.ValTurn, Value: int32(e)})
	case code.OpCaptureGroup:
		l, ok := x.resolve(o.Loc)
		if !ok || x.cells[l].IsEmpty() {
			return false
		}
		for _, m := range x.group(l, o.At) {
			if !x.capturing(m) {
				x.effects = append(x.effects, engine.Change{Op: engine.OpCapture, To: m})
			}
		}
	case code.OpCaptureSide:
		l, ok := x.resolve(o.Loc)
		if !ok || x.cells[l].IsEmpty() {
			return false
		}
		x.sides = append(x.sides, x.cells[l].Player())
	case code.OpPermute:
		x.permRun(x.g.code.Perms[o.A])
		x.perms = append(x.perms, o.A)
	}
	return true
}

// MaxScanWork bounds the positions that all-positions and count visit while one block
// runs (they can nest): rules that ask for more stop with an error.
const MaxScanWork = 20_000_000

// spend counts one scan of the board against MaxScanWork.
func (x *gen) spend(at int32) {
	x.work += len(x.b.Locs)
	if x.work > MaxScanWork {
		a := x.g.code.At[at]
		panic(genBail{&GenError{x.g.Fset.NewError(a.Pos, a.Site,
			"all-positions and count visited more than %d positions in one block: are they nested too deep?", MaxScanWork)}})
	}
}

func (x *gen) isOrigin(l engine.Loc) bool {
	for _, e := range x.sel {
		if e.origin == l {
			return true
		}
	}
	return false
}

// addSelection writes the group's movements into the arena and returns the destination
// of the first selected piece that moved. The pieces that left the board are removed by
// addEffects.
func (x *gen) addSelection() engine.Loc {
	last := engine.NoLoc
	for _, e := range x.sel {
		if e.gone || e.cur == e.origin {
			continue
		}
		c := x.cells[e.origin]
		x.arena = append(x.arena, engine.Change{Op: engine.OpMove, From: e.origin, To: e.cur, Player: c.Player(), Kind: c.Kind()})
		if last == engine.NoLoc {
			last = e.cur
		}
	}
	return last
}

// addEffects appends the part's effects to the arena. With a group, the removals come
// first, in the order of the squares and each once: the pieces pushed off the board and
// the part's captures, except where a piece of the group arrives (the arrival removes
// the piece there, and a capture, applied after the movements, would remove the
// newcomer). Then the other effects, in their order. Two parts that make the same
// changes so write them alike, and duplicate finds them equal (Gess: a stone carried
// over the edge by one footprint, or the same stone captured by another).
func (x *gen) addEffects() {
	if len(x.sel) == 0 {
		x.arena = append(x.arena, x.effects...)
		return
	}
	start := len(x.arena)
	for _, e := range x.sel {
		if e.gone && !x.arrivesAt(e.origin) {
			x.arena = append(x.arena, engine.Change{Op: engine.OpCapture, To: e.origin})
		}
	}
	for _, e := range x.effects {
		if e.Op == engine.OpCapture && !x.arrivesAt(e.To) {
			x.arena = append(x.arena, e)
		}
	}
	removed := x.arena[start:]
	slices.SortFunc(removed, func(a, b engine.Change) int { return int(a.To) - int(b.To) })
	removed = slices.CompactFunc(removed, func(a, b engine.Change) bool { return a.To == b.To })
	x.arena = x.arena[:start+len(removed)]
	for _, e := range x.effects {
		if e.Op != engine.OpCapture {
			x.arena = append(x.arena, e)
		}
	}
}

func (x *gen) arrivesAt(l engine.Loc) bool {
	for _, e := range x.sel {
		if !e.gone && e.cur == l && e.origin != l {
			return true
		}
	}
	return false
}

// fixTakes gives the takes of a move their destination: where the moving piece lands.
func (x *gen) fixTakes(changes []engine.Change, to engine.Loc) {
	for i := range changes {
		if changes[i].Op == engine.OpTake && changes[i].To == engine.NoLoc {
			changes[i].To = to
		}
	}
}

func (x *gen) compare(c *code.Cond) bool {
	a, b := x.ival(c.Ints[0]), x.ival(c.Ints[1])
	switch c.A {
	case code.CmpEq:
		return a == b
	case code.CmpNe:
		return a != b
	case code.CmpLt:
		return a < b
	case code.CmpLe:
		return a <= b
	case code.CmpGt:
		return a > b
	}
	return a >= b
}

// connected reports whether the side's pieces form one group through the board's
// directions (an empty side counts as connected).
func (x *gen) connected() bool {
	n := len(x.cells)
	seen := make([]bool, n)
	stack := make([]engine.Loc, 0, 16)
	total, start := 0, engine.NoLoc
	for l, c := range x.cells {
		if !c.IsEmpty() && c.Player() == x.side {
			total++
			if start == engine.NoLoc {
				start = engine.Loc(l)
			}
		}
	}
	if total == 0 {
		return true
	}
	stack = append(stack, start)
	seen[start] = true
	found := 0
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		found++
		for d := 0; d < x.nd; d++ {
			t := x.b.Next[int(l)*x.nd+d]
			if t == engine.NoLoc || seen[t] {
				continue
			}
			if c := x.cells[t]; !c.IsEmpty() && c.Player() == x.side {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return found == total
}

// setVal returns a variable (l 0) or a position attribute as the part has left it so
// far: with (immediate-values) the part reads its own sets. It folds the effects
// recorded since the last read into a copy of the state's values, so each read costs
// the new effects only (a run's effects only grow: reset starts a new copy).
func (x *gen) setVal(class engine.ValClass, attr int32, l engine.Loc) int64 {
	if !x.valSet {
		return int64(x.g.Val(x.s, class, int(attr), l))
	}
	if x.ovState != x.s || x.ovN > len(x.effects) {
		x.ov = append(x.ov[:0], x.s.Vals...)
		x.ovState, x.ovN = x.s, 0
	}
	for ; x.ovN < len(x.effects); x.ovN++ {
		c := &x.effects[x.ovN]
		if c.Op == engine.OpVal && c.Class != engine.ValTurn {
			at := c.To
			if c.Class == engine.ValVar {
				at = 0
			}
			if i := x.g.Slot(c.Class, int(c.Attr), at); i >= 0 && i < len(x.ov) {
				x.ov[i] = c.Value
			}
		}
	}
	if i := x.g.Slot(class, int(attr), l); i >= 0 && i < len(x.ov) {
		return int64(x.ov[i])
	}
	return 0
}

// foldInt combines v and w by the operation op: IntAdd, IntMul, IntMax or IntMin.
func foldInt(op code.ExprCode, v, w int64) int64 {
	switch op {
	case code.IntAdd:
		return v + w
	case code.IntMul:
		return v * w
	case code.IntMax:
		return max(v, w)
	case code.IntMin:
		return min(v, w)
	}
	return v
}

// ival evaluates an integer expression.
func (x *gen) ival(e *code.Expr) int64 {
	switch e.Code {
	case code.IntConst:
		return int64(e.A)
	case code.IntVar:
		if x.g.Semantics.ImmediateValues {
			return x.setVal(engine.ValVar, e.A, 0)
		}
		return int64(x.g.Val(x.s, engine.ValVar, int(e.A), 0))
	case code.IntPiece, code.IntPos, code.IntHeight:
		l := x.cursor
		if e.Loc.Kind != code.LocCursor {
			var ok bool
			if l, ok = x.resolve(e.Loc); !ok {
				return 0
			}
		}
		switch e.Code {
		case code.IntPiece:
			if x.cells[l].IsEmpty() {
				return 0
			}
			return int64(x.g.Val(x.s, engine.ValPiece, int(e.A), l))
		case code.IntPos:
			if x.g.Semantics.ImmediateValues {
				return x.setVal(engine.ValPos, e.A, l)
			}
			return int64(x.g.Val(x.s, engine.ValPos, int(e.A), l))
		}
		return int64(x.g.Height(x.s, l))
	case code.IntAdd, code.IntMul, code.IntMax, code.IntMin:
		v := x.ival(e.Args[0])
		for _, a := range e.Args[1:] {
			v = foldInt(e.Code, v, x.ival(a))
		}
		return v
	case code.IntSub:
		return x.ival(e.Args[0]) - x.ival(e.Args[1])
	case code.IntDiv, code.IntMod:
		a, b := x.ival(e.Args[0]), x.ival(e.Args[1])
		if b == 0 {
			return 0
		}
		if e.Code == code.IntDiv {
			return a / b
		}
		return a % b
	case code.IntCount:
		x.spend(e.At)
		save := x.cursor
		n := int64(0)
		for l := range x.b.Locs {
			if x.b.Locs[l].Dummy {
				continue
			}
			x.cursor = engine.Loc(l)
			if x.test(e.Cond) {
				n++
			}
		}
		x.cursor = save
		return n
	case code.IntCond:
		if x.test(e.Cond) {
			return 1
		}
		return 0
	case code.IntMoves:
		if x.attackMode {
			return 0
		}
		if x.s.Cont != engine.NoLoc {
			return 0
		}
		var turns []Turn
		var err error
		if x.turn != nil {
			// Inside a check: the next position's turns without checks, or a check
			// that counts moves would call itself without end.
			w := x.g.newWorkspace()
			w.dial.noChecks = true
			turns, err = x.g.turns(x.s, w)
		} else {
			turns, err = x.g.NewWorkspace().Turns(x.s)
		}
		if ge, ok := err.(*GenError); ok {
			panic(genBail{ge})
		}
		return int64(len(turns))
	case code.IntLiberties, code.IntGroup:
		l, ok := x.resolve(e.Loc)
		if !ok || x.cells[l].IsEmpty() {
			return 0
		}
		g := x.group(l, e.At)
		if e.Code == code.IntGroup {
			return int64(len(g))
		}
		return int64(x.liberties(g, e.At))
	case code.IntArea:
		p := x.side
		if e.A >= 0 {
			p = engine.Player(e.A)
		}
		return int64(x.area(p, e.At))
	case code.IntPasses:
		return int64(x.s.Passes)
	case code.IntAccMax, code.IntAccMin:
		if x.acc != nil {
			return x.acc[e.A]
		}
		return x.ival(e.Args[0])
	}
	t := x.turn
	if t == nil {
		return 0
	}
	switch e.Code {
	case code.IntCaptures:
		if e.A < 0 {
			return int64(t.caps)
		}
		return int64(t.byKind[e.A])
	case code.IntFirst:
		if f := t.first[e.A]; f > 0 {
			return int64(f)
		}
		return 1000
	case code.IntOrder:
		if t.order == nil {
			return 0
		}
		return int64(t.order[e.A])
	case code.IntMover:
		if t.mover == engine.Kind(e.A) {
			return 1
		}
		return 0
	case code.IntParts:
		return int64(t.parts)
	}
	return 0
}

// countCaptures adds to t what part m captures in s (the state before it): what
// "maximal captures" counts (capturedLocs), then the top pieces it takes from columns.
func (g *Game) countCaptures(t *turnStats, s *engine.State, m *engine.Move) {
	if t.byKind == nil {
		nk := len(g.Pieces)
		t.byKind, t.first, t.order = make([]int16, nk), make([]int16, nk), make([]int32, nk)
	}
	hit := func(c engine.Cell) {
		if c.IsEmpty() {
			return
		}
		k := c.Kind()
		t.caps++
		t.byKind[k]++
		if t.first[k] == 0 {
			t.first[k] = int16(t.caps)
		}
		if t.caps <= 31 {
			t.order[k] |= 1 << uint(31-t.caps)
		}
	}
	var buf [16]engine.Loc
	for _, l := range g.capturedLocs(s, m, buf[:0]) {
		hit(s.Cells[l])
	}
	for i := range m.Changes {
		if c := &m.Changes[i]; c.Op == engine.OpTake {
			hit(s.Cells[c.From])
		}
	}
}

// action runs the actions of kind a (the piece's, then the global ones) for the piece on
// l of s, for a turn of mover. It returns their changes; ok is false when one of them
// stopped (a failed verify), which makes the part illegal.
func (g *Game) action(s *engine.State, a int, l engine.Loc, mover engine.Player) (changes []engine.Change, ok bool, err error) {
	return g.actionTo(nil, s, a, l, mover)
}

// actionTo is action carving the changes it returns from *dst, when dst is not nil,
// instead of from the chunk of a generator (see carveTo).
func (g *Game) actionTo(dst *[]engine.Change, s *engine.State, a int, l engine.Loc, mover engine.Player) (changes []engine.Change, ok bool, err error) {
	d := g.code.Dialect
	if d == nil || !d.HasAct[a] {
		return nil, true, nil
	}
	if g.quietAction(s, a, l, mover) {
		return nil, true, nil
	}
	x := g.getGen()
	defer g.putGen(x)
	defer g.catch(x, &err)
	side := mover
	lists := [][]code.Op{d.Acts[0][a]}
	if l != engine.NoLoc && !s.Cells[l].IsEmpty() {
		side = s.Cells[l].Player()
		lists = [][]code.Op{d.Acts[s.Cells[l].Kind()+1][a], d.Acts[0][a]}
	}
	if l == engine.NoLoc {
		l = 0
	}
	x.s, x.cells, x.side, x.mover, x.nbr = s, s.Cells, side, mover, g.Board.Neighbor[side]
	clear(x.attCache[0])
	clear(x.attCache[1])
	if dst == nil {
		dst = &x.chunk
	}
	var parts [2][]engine.Change // the changes of each list, carved
	for i, ops := range lists {
		if len(ops) == 0 {
			continue
		}
		x.reset(l, false, s.Cells[l])
		if !x.run(ops) {
			return nil, false, nil
		}
		parts[i] = carveTo(dst, x.effects, nil)
	}
	switch {
	case parts[1] == nil:
		return parts[0], true, nil
	case parts[0] == nil:
		return parts[1], true, nil
	}
	return carveTo(dst, parts[0], parts[1]), true, nil
}

// carve returns a copy of a followed by b in x's chunk, nil when both are empty. The
// copies live as long as a turn that keeps them: a chunk is only ever written past what
// was carved from it, and a full one is left to the turns that hold its slices.
func (x *gen) carve(a, b []engine.Change) []engine.Change { return carveTo(&x.chunk, a, b) }

// carveTo is carve from the chunk *chunk. A workspace's chunk (dialectWork) holds the
// changes of the turns it completes, which live until it is reset: then its chunk is
// written again from the start, and it allocates only while it grows.
func carveTo(chunk *[]engine.Change, a, b []engine.Change) []engine.Change {
	n := len(a) + len(b)
	if n == 0 {
		return nil
	}
	c := *chunk
	if cap(c)-len(c) < n {
		c = make([]engine.Change, 0, max(512, 2*cap(c), n))
	}
	k := len(c)
	c = append(append(c, a...), b...)
	*chunk = c
	return c[k : k+n : k+n]
}

// applyEffects applies changes made by actions to s without counting a part.
func (g *Game) applyEffects(s *engine.State, changes []engine.Change) {
	ply, lf, lt := s.Ply, s.LastFrom, s.LastTo
	g.Apply(s, &engine.Move{Changes: changes})
	s.Ply, s.LastFrom, s.LastTo = ply, lf, lt
}

// postAction runs the post-actions of kind a after part m, made on before and applied to
// after; their changes are applied to after and appended to a copy of m, which is
// returned. ok is false when an action forbids the part.
func (g *Game) postAction(a int, before, after *engine.State, m engine.Move, st *turnStats) (engine.Move, bool, error) {
	return g.postActionTo(nil, a, before, after, m, st)
}

// postActionTo is postAction carving the changes from *dst when dst is not nil (see
// carveTo).
func (g *Game) postActionTo(dst *[]engine.Change, a int, before, after *engine.State, m engine.Move, st *turnStats) (engine.Move, bool, error) {
	mover := g.Entry(before).Side
	ch, ok, err := g.actionTo(dst, after, a, after.LastTo, mover)
	if err != nil || !ok || len(ch) == 0 {
		return m, ok, err
	}
	if st != nil {
		g.countCaptures(st, after, &engine.Move{Changes: ch})
	}
	g.applyEffects(after, ch)
	if dst != nil {
		m.Changes = carveTo(dst, m.Changes, ch)
		return m, true, nil
	}
	x := g.getGen()
	m.Changes = x.carve(m.Changes, ch)
	g.putGen(x)
	return m, true, nil
}

// applyChecks keeps the turns that satisfy every check, in order; a check that uses
// accumulators ((max X), (min X)) compares each turn with the best value over the turns
// kept by the checks before it.
func (g *Game) applyChecks(turns []Turn, s *engine.State) ([]Turn, error) {
	d := g.code.Dialect
	if d == nil || len(d.Checks) == 0 || len(turns) == 0 {
		return turns, nil
	}
	x := g.getGen()
	defer g.putGen(x)
	var err error
	func() {
		defer g.catch(x, &err)
		mover := g.Entry(s).Side
		// The accumulators live in a buffer of the generator (never nil: x.acc != nil says
		// that a check is being evaluated).
		if x.accBuf == nil || cap(x.accBuf) < d.NumAcc {
			x.accBuf = make([]int64, max(d.NumAcc, 1))
		}
		x.acc = x.accBuf[:d.NumAcc]
		clear(x.acc)
		defer func() { x.acc, x.turn = nil, nil }()
		setupBoard := func(t *Turn) {
			x.s, x.cells, x.side, x.mover, x.nbr = t.After, t.After.Cells, mover, mover, g.Board.Neighbor[mover]
			clear(x.attCache[0])
			clear(x.attCache[1])
			x.turn = t.stats
			l := t.Parts[len(t.Parts)-1].Dest()
			if l == engine.NoLoc {
				l = 0
			}
			x.reset(l, false, t.After.Cells[l])
		}
		for ci, ck := range d.Checks {
			// A check proved to read the turns' facts only needs them alone, without
			// a board to set up for every turn.
			tc := g.turnCheck(ci)
			if tc && g.keepsAll(&d.Checks[ci], turns, x.acc) {
				continue // it keeps every turn (dialect_checks.go)
			}
			for _, a := range ck.Acc {
				first := true
				for i := range turns {
					if tc {
						x.turn = turns[i].stats
					} else {
						setupBoard(&turns[i])
					}
					v := x.ival(a.Args[0])
					if first || a.Code == code.IntAccMax && v > x.acc[a.A] || a.Code == code.IntAccMin && v < x.acc[a.A] {
						x.acc[a.A] = v
						first = false
					}
				}
			}
			kept := turns[:0]
			for i := range turns {
				if tc {
					x.turn = turns[i].stats
				} else {
					setupBoard(&turns[i])
				}
				ok := x.test(ck.Cond)
				switch {
				case !ok:
				case len(kept) == i:
					kept = kept[:i+1] // every turn so far kept: nothing to move
				default:
					kept = append(kept, turns[i])
				}
			}
			turns = kept
		}
	}()
	return turns, err
}

// clone returns a copy of t that can change without changing t (turns that share their
// first parts share t).
func (t *turnStats) clone(w *workspace, nk int) *turnStats {
	c := w.stat(nk)
	c.caps, c.mover, c.parts = t.caps, t.mover, t.parts
	copy(c.byKind, t.byKind)
	copy(c.first, t.first)
	copy(c.order, t.order)
	return c
}

// next returns the stats of a turn after its last part (parts[len-1], made on s), taken
// from w's pool.
func (t *turnStats) next(g *Game, w *workspace, s *engine.State, parts []engine.Move) *turnStats {
	if g.noStats() {
		return nil // nothing reads them
	}
	var n *turnStats
	if t != nil {
		n = t.clone(w, len(g.Pieces))
	} else {
		n = w.stat(len(g.Pieces))
		if src := parts[0].Source(); src != engine.NoLoc && !s.Cells[src].IsEmpty() {
			n.mover = s.Cells[src].Kind()
		}
	}
	n.parts = len(parts)
	g.countCaptures(n, s, &parts[len(parts)-1])
	return n
}

// stat returns cleared stats for a turn of a game of nk piece types, from w's pool: they
// stay valid until w is reset, like the turns that hold them.
func (w *workspace) stat(nk int) *turnStats {
	var t *turnStats
	d := w.dial
	if d.nstats < len(d.stats) && len(d.stats[d.nstats].byKind) == nk {
		t = d.stats[d.nstats]
		clear(t.byKind)
		clear(t.first)
		clear(t.order)
		t.caps, t.parts = 0, 0
	} else {
		t = &turnStats{byKind: make([]int16, nk), first: make([]int16, nk), order: make([]int32, nk)}
		if d.nstats < len(d.stats) {
			d.stats[d.nstats] = t
		} else {
			d.stats = append(d.stats, t)
		}
	}
	t.mover = engine.NoKind
	d.nstats++
	return t
}

// firstPartsExt is firstParts for a game in the dialect: pieces of any owner move when
// their type has (owner any) or (owner enemy) blocks, and pre-actions run first.
func (g *Game) firstPartsExt(x *gen, s *engine.State, side engine.Player, typ engine.MoveType) {
	if g.dfast != nil && g.dfast.direct && g.on(UseDialectDirect) && !x.attackMode {
		// No pre-action and no piece moved by another owner: pieceParts comes down to
		// runPieceBlocks for the side's own pieces.
		x.foreign = false
		if blocks := x.dialectBlocks(); blocks != nil {
			for l, c := range s.Cells {
				if c.Owns(side) {
					x.runKindBlocks(blocks[c.Kind()], engine.Loc(l), c, typ)
				}
			}
			return
		}
		for l, c := range s.Cells {
			if c.Owns(side) {
				x.runPieceBlocks(engine.Loc(l), c, typ)
			}
		}
		return
	}
	p := g.code
	for l, c := range s.Cells {
		if c.IsEmpty() || c.Player() != side && !p.Dialect.AnyOwner[c.Kind()] {
			continue
		}
		g.pieceParts(x, s, engine.Loc(l), c, side, typ, code.ActPreMove)
	}
}

// pieceParts runs the blocks of the piece c on l for a turn of side, after its pre-part
// action and, on the first part, its pre-move action (pre is actPreMove then). The blocks
// read the board as the pre-actions leave it, and the pre-actions' changes come first in
// every move the piece makes.
func (g *Game) pieceParts(x *gen, s *engine.State, l engine.Loc, c engine.Cell, side engine.Player, typ engine.MoveType, pre int) {
	d := g.code.Dialect
	var pres []engine.Change
	for _, a := range []int{code.ActPreMove, code.ActPrePart} {
		if a == code.ActPreMove && pre != code.ActPreMove || !d.HasAct[a] {
			continue
		}
		ch, ok, err := g.action(s, a, l, side)
		if err != nil {
			panic(genBail{err.(*GenError)})
		}
		if !ok {
			return
		}
		pres = append(pres, ch...)
	}
	// A piece of another owner moves with its owner's directions and sees its owner's
	// friends and enemies. Only first parts filter blocks by (owner ...): a
	// continuation goes on with the piece that began the turn.
	owner := c.Player()
	other := owner != side
	x.foreign = other && pre == code.ActPreMove
	if other {
		x.side, x.nbr = owner, g.Board.Neighbor[owner]
		clear(x.attCache[0])
		clear(x.attCache[1])
	}
	n0 := len(x.out)
	if len(pres) > 0 {
		// The blocks read the board as the pre-actions left it.
		tmp := s.Clone()
		g.applyEffects(tmp, pres)
		x.s, x.cells = tmp, tmp.Cells
		clear(x.attCache[0])
		clear(x.attCache[1])
		c = tmp.Cells[l]
	}
	x.runPieceBlocks(l, c, typ)
	if len(pres) > 0 {
		x.s, x.cells = s, s.Cells
		clear(x.attCache[0])
		clear(x.attCache[1])
	}
	if other {
		x.side, x.nbr, x.foreign = side, g.Board.Neighbor[side], false
		clear(x.attCache[0])
		clear(x.attCache[1])
	}
	if len(pres) == 0 {
		return
	}
	for i := n0; i < len(x.out); i++ {
		m := &x.out[i]
		start := len(x.arena)
		x.arena = append(x.arena, pres...)
		x.arena = append(x.arena, m.Changes...)
		m.Changes = x.arena[start:len(x.arena):len(x.arena)]
	}
}

// formula evaluates the goal condition (formula CONDITION) number i for player p in s:
// friend? and enemy? are relative to p; the cursor starts on the first position. A
// failure of the condition's code bails out to the caller's entry point (Outcome).
func (g *Game) formula(i int, s *engine.State, p engine.Player) (v bool) {
	if g.code == nil || g.code.Dialect == nil || i >= len(g.code.Dialect.Formulas) {
		return false
	}
	cd := g.code.Dialect.Formulas[i]
	if cd == nil {
		return false
	}
	x := g.formulaGen(s, p)
	defer g.putGen(x)
	return x.test(cd)
}

// formulaGen returns a generator of the pool set to evaluate a goal's formula for
// player p in s; the caller puts it back.
func (g *Game) formulaGen(s *engine.State, p engine.Player) *gen {
	x := g.getGen()
	x.s, x.cells, x.side, x.mover, x.nbr = s, s.Cells, p, p, g.Board.Neighbor[p]
	clear(x.attCache[0])
	clear(x.attCache[1])
	x.reset(0, false, s.Cells[0])
	return x
}

// permRun composes permutation p after the ones the part ran before: the contents bound
// for t go on to p's image of t.
func (x *gen) permRun(p code.Perm) {
	n := len(x.b.Locs)
	if len(x.perm) != 2*n {
		// perm[:n] is the composed permutation, perm[n:] a scratch table of p.
		x.perm = make([]engine.Loc, 2*n)
		for i := range x.perm {
			x.perm[i] = engine.Loc(i % n)
		}
	}
	cur, tmp := x.perm[:n], x.perm[n:]
	for _, pr := range p {
		tmp[pr.From] = pr.To
	}
	for l, t := range cur {
		cur[l] = tmp[t]
	}
	for _, pr := range p {
		tmp[pr.From] = pr.From
	}
}

// permReset forgets the permutations of the last run.
func (x *gen) permReset() {
	n := len(x.b.Locs)
	for i := range x.perm[:n] {
		x.perm[i] = engine.Loc(i)
	}
	x.perms = x.perms[:0]
}

// addPermutation rewrites the changes of the move being added (arena[start:]) so that
// the permutations the part ran apply to the board the part leaves: its own movements,
// drops and effects land where the permutation carries their positions (position values
// stay with their squares), and every piece standing in the permuted positions that
// the part does not move is carried by an OpMove after an OpPermute change per
// permutation. It returns where the part's last piece ends.
func (x *gen) addPermutation(o *code.Op, start int, last engine.Loc) engine.Loc {
	perm := x.perm[:len(x.b.Locs)]
	own := len(x.arena)
	for i := start; i < own; i++ {
		c := &x.arena[i]
		switch c.Op {
		case engine.OpMove, engine.OpCopy, engine.OpDrop, engine.OpCreate, engine.OpCapture,
			engine.OpType, engine.OpOwner, engine.OpFlip, engine.OpAttr:
			c.To = perm[c.To]
		case engine.OpVal:
			if c.Class == engine.ValPiece {
				c.To = perm[c.To]
			}
		}
	}
	for _, i := range x.perms {
		x.arena = append(x.arena, engine.Change{Op: engine.OpPermute, Value: i, To: x.g.code.Perms[i][0].From})
	}
	carried := len(x.arena)
	for _, i := range x.perms {
	pairs:
		for _, pr := range x.g.code.Perms[i] {
			l := pr.From
			c := x.cells[l]
			if perm[l] == l || c.IsEmpty() {
				continue
			}
			for j := start; j < own; j++ {
				if ch := &x.arena[j]; ch.Op == engine.OpMove && ch.From == l {
					continue pairs // the part moves it itself
				}
			}
			for j := start; j < own; j++ {
				if ch := &x.arena[j]; (ch.Op == engine.OpMove || ch.Op == engine.OpCopy) && ch.To == perm[l] {
					x.bail(o, "a piece moves onto %s, which a permute of this part moves: permute cannot capture by landing", x.b.Locs[l].Name)
				}
			}
			for j := carried; j < len(x.arena); j++ {
				if x.arena[j].From == l {
					continue pairs // in two of the part's permutations
				}
			}
			x.arena = append(x.arena, engine.Change{Op: engine.OpMove, From: l, To: perm[l], Player: c.Player(), Kind: c.Kind()})
		}
	}
	if last != engine.NoLoc {
		last = perm[last]
	}
	return last
}
