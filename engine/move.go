package engine

import (
	"math/rand/v2"
	"slices"
	"sync"
)

// Op is the kind of one change a move makes.
type Op uint8

// The changes of a move, in the groups in which Apply makes them whatever their order in
// the move: movements (all at once, every moving piece read first), then drops and
// creates, then captures, then type and owner changes, then attributes; the dialect's
// columns and values come last. Each group sees what the earlier ones did: a capture of
// the square a piece lands on removes it, and a type change applies to the piece that
// arrived.
const (
	OpMove    Op = iota // piece on From goes to To
	OpCopy              // as OpMove, but the source keeps its piece (add-copy)
	OpDrop              // a new piece of Player and Kind on To, taken from stock
	OpCreate            // a new piece of Player and Kind on To
	OpCapture           // remove the piece on To
	OpType              // the piece on To becomes Kind
	OpOwner             // the piece on To becomes Player's
	OpFlip              // the piece on To changes owner
	OpAttr              // attribute Attr of the piece on To becomes Val
	// The dialect's changes (see ext.go).
	OpVal  // value Attr of class Class (ValVar, ValPiece, ValPos) at To becomes Value
	OpTake // the top piece of From goes to the bottom of the column on To
	// OpPermute records that the part permuted positions (the dialect's permute):
	// Value is the permutation's number in the rules and To one of its positions. It
	// changes nothing itself: the pieces the permutation carries are the OpMove
	// changes after it, and the changes before it are the part's own movements and
	// effects, already at the positions where the permutation puts them. It tells
	// apart parts that permute differently and leave the same board.
	OpPermute
)

var opNames = [...]string{OpMove: "move", OpCopy: "copy", OpDrop: "drop", OpCreate: "create",
	OpCapture: "capture", OpType: "type", OpOwner: "owner", OpFlip: "flip", OpAttr: "attr",
	OpVal: "val", OpTake: "take", OpPermute: "permute"}

func (o Op) String() string { return opNames[o] }

// Change is one effect of a move.
type Change struct {
	Op     Op
	Val    bool
	Attr   uint8
	Class  ValClass // OpVal: the kind of value set
	Value  int32    // OpVal: the new value
	Player Player
	Kind   Kind
	From   Loc
	To     Loc
}

// Move is one part of a turn: its changes, the rule that made it, its move type and the
// type it continues with when it was made by add-partial.
type Move struct {
	Changes []Change
	Type    MoveType // the move type of the block that made it, or NoMoveType
	Cont    MoveType // continuation type (add-partial), or NoMoveType
	Rule    int32    // index into Game.Rules: the move-list entry that made it; -1 for a pass
	Pass    bool
	// Text is the move as an external engine writes it (an Axiom move string); empty
	// for moves of ZRF move code, whose text the notation derives from the changes.
	Text string
}

// PassMove returns the part of a pass: it moves no piece and comes from no rule, and the
// turn order goes on after it.
func PassMove() Move {
	return Move{Pass: true, Rule: -1, Type: NoMoveType, Cont: NoMoveType}
}

// Equal reports whether m and o are the same part: both passes or neither, the same
// continuation, the same changes in the same order and the same text. The rule and move
// type that made them do not count: two blocks may make the same part.
func (m *Move) Equal(o *Move) bool {
	return m.Pass == o.Pass && m.Cont == o.Cont && m.Text == o.Text && slices.Equal(m.Changes, o.Changes)
}

// Rule names the move-list entry that produced a move: usually a macro name and its
// arguments as written in the rules (directions before symmetry), e.g. "slide nw".
type Rule struct {
	Name string
	Args []string
}

// String returns the rule as "name arg ...".
func (r Rule) String() string {
	s := r.Name
	for _, a := range r.Args {
		s += " " + a
	}
	return s
}

// Captures counts the pieces a move removes: captures of occupied squares and pieces
// displaced by movements, in the state before it. A square captured twice (rules often
// record the same capture again at each landing square of a slide) counts once.
func (m *Move) Captures(s *State) int {
	var buf [16]Loc
	return len(m.CapturedLocs(s, buf[:0]))
}

// CapturedLocs appends to buf the squares whose piece m removes, as Captures counts
// them, each once and in the order of the changes.
func (m *Move) CapturedLocs(s *State, buf []Loc) []Loc {
	for i := range m.Changes {
		c := &m.Changes[i]
		hit := false
		switch c.Op {
		case OpCapture:
			hit = !s.Cells[c.To].IsEmpty() && !m.movesAway(c.To) || m.arrives(c.To)
		case OpMove, OpCopy:
			hit = !s.Cells[c.To].IsEmpty() && !m.movesAway(c.To)
		}
		if hit && !slices.Contains(buf, c.To) {
			buf = append(buf, c.To)
		}
	}
	return buf
}

// Touches reports whether the change at l of kind only (op) is the only kind of change m
// makes there besides attributes: no movement onto or away from l, no capture, no owner
// change or flip. It tells a piece changed in place from one also taken or turned over.
func (m *Move) Touches(l Loc, only Op) bool {
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == only || c.Op == OpAttr {
			continue
		}
		if c.To == l || (c.Op == OpMove || c.Op == OpCopy) && c.From == l {
			return false
		}
	}
	return true
}

func (m *Move) movesAway(l Loc) bool {
	for i := range m.Changes {
		if m.Changes[i].Op == OpMove && m.Changes[i].From == l {
			return true
		}
	}
	return false
}

func (m *Move) arrives(l Loc) bool {
	for i := range m.Changes {
		if (m.Changes[i].Op == OpMove || m.Changes[i].Op == OpCopy) && m.Changes[i].To == l {
			return true
		}
	}
	return false
}

// Source returns the first movement's source (NoLoc for a drop) and Dest the last
// movement's or drop's destination.
func (m *Move) Source() Loc {
	for i := range m.Changes {
		switch m.Changes[i].Op {
		case OpMove, OpCopy:
			return m.Changes[i].From
		case OpDrop, OpPermute:
			return NoLoc
		}
	}
	return NoLoc
}

// Dest returns the destination of the last movement or drop, or NoLoc. The pieces that
// a permutation carries (the changes after an OpPermute) do not count: Dest is where the
// part's own piece ended.
func (m *Move) Dest() Loc {
	d := NoLoc
	for i := range m.Changes {
		switch m.Changes[i].Op {
		case OpMove, OpCopy, OpDrop:
			d = m.Changes[i].To
		case OpPermute:
			return d
		}
	}
	return d
}

// Apply makes one part on s, in place, and updates the hash. It does not advance the
// turn; see Game.Advance.
func (g *Game) Apply(s *State, m *Move) {
	if g.on(PlainApply) && g.applyPlain(s, m) {
		return
	}
	if g.Ext != nil && g.applyValues(s, m) { // the dialect's draughts (ext_apply.go)
		return
	}
	z := g.zobrist()
	h := s.Hash
	set := func(l Loc, c Cell) {
		h ^= z.cellHash(l, s.Cells[l]) ^ z.cellHash(l, c)
		s.Cells[l] = c
	}
	nk := len(g.Pieces)
	recycle := g.Options.RecycleCaptures
	removed := func(c Cell) {
		if recycle && !c.IsEmpty() {
			i := int(c.Player())*nk + int(c.Kind())
			h ^= z.stockHash(i, s.Stock[i])
			if s.Stock[i] < 0 {
				s.Stock[i] = 0
			}
			s.Stock[i]++
			h ^= z.stockHash(i, s.Stock[i])
		}
	}
	// 1. Movements, simultaneously: read every moving piece first.
	var buf [8]Cell
	moving := buf[:0]
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpMove || c.Op == OpCopy {
			moving = append(moving, s.Cells[c.From])
		}
	}
	if len(moving) > 0 {
		for i := range m.Changes {
			c := &m.Changes[i]
			if c.Op == OpMove && !m.arrives(c.From) {
				set(c.From, Empty)
			}
		}
		j := 0
		for i := range m.Changes {
			c := &m.Changes[i]
			if c.Op == OpMove || c.Op == OpCopy {
				if !m.movesAway(c.To) {
					removed(s.Cells[c.To])
				}
				set(c.To, moving[j])
				j++
			}
		}
	}
	// 2. Drops and creates.
	for i := range m.Changes {
		c := &m.Changes[i]
		switch c.Op {
		case OpDrop, OpCreate:
			removed(s.Cells[c.To])
			set(c.To, MakeCell(c.Player, c.Kind, g.defaultAttrs(c.Kind)))
			if c.Op == OpDrop {
				si := int(c.Player)*nk + int(c.Kind)
				if s.Stock[si] > 0 {
					h ^= z.stockHash(si, s.Stock[si])
					s.Stock[si]--
					h ^= z.stockHash(si, s.Stock[si])
				}
			}
		}
	}
	// 3. Captures.
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpCapture && !s.Cells[c.To].IsEmpty() {
			removed(s.Cells[c.To])
			set(c.To, Empty)
		}
	}
	// 4. Type and owner changes.
	for i := range m.Changes {
		c := &m.Changes[i]
		cell := s.Cells[c.To]
		if cell.IsEmpty() {
			continue
		}
		switch c.Op {
		case OpType:
			set(c.To, cell.WithKind(c.Kind))
		case OpOwner:
			set(c.To, cell.WithPlayer(c.Player))
		case OpFlip:
			set(c.To, cell.WithPlayer(g.flipOwner(cell.Player())))
		}
	}
	// 5. Attributes.
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpAttr && !s.Cells[c.To].IsEmpty() {
			set(c.To, s.Cells[c.To].WithAttr(int(c.Attr), c.Val))
		}
	}
	if g.Ext != nil {
		h ^= g.extApply(s, m, set)
	}
	s.LastFrom, s.LastTo = m.Source(), m.Dest()
	if m.Pass {
		s.LastFrom, s.LastTo = NoLoc, NoLoc
	}
	s.Ply++
	s.Hash = h
}

// applyPlain is Apply for the most common parts of plain games: one piece moves, then
// pieces are captured, change type or get attributes. It reports false, having changed
// nothing, for any other part, or in a game that recycles captures or has the dialect's
// state. The groups of Apply reduce to: the movement, the captures, the type changes,
// the attributes, each in the order of the changes.
func (g *Game) applyPlain(s *State, m *Move) bool {
	if !g.plainPart(m) {
		return false
	}
	s.Hash = g.plainChanges(s.Cells, s.Hash, m.Changes)
	s.LastFrom, s.LastTo = m.Changes[0].From, m.Changes[0].To
	s.Ply++
	return true
}

// PlainPart reports whether Apply makes m on the cells alone: one piece moves (from the
// first change's source to its destination), then only captures, type changes and
// attributes, in a game that neither recycles captures nor has the dialect's state.
// Such a part writes no stock, values or stacks, so it may be applied to a state that
// shares them with another (and only its cells, where its changes name, need undoing),
// and the squares it changes are those its changes name.
func (g *Game) PlainPart(m *Move) bool { return g.plainPart(m) }

// plainPart reports whether applyPlain (and EndPart's one pass) can make m: one piece
// moves, then only captures, type changes and attributes, in a game that neither recycles
// captures nor has the dialect's state.
func (g *Game) plainPart(m *Move) bool {
	ch := m.Changes
	if len(ch) == 0 || ch[0].Op != OpMove || m.Pass || g.Ext != nil || g.Options.RecycleCaptures {
		return false
	}
	for i := 1; i < len(ch); i++ {
		switch ch[i].Op {
		case OpCapture, OpType, OpAttr:
		default:
			return false
		}
	}
	return true
}

// plainChanges makes the changes ch of a plain part (plainPart) on cells and returns the
// hash h updated by them: the movement, then the captures, the type changes and the
// attributes, each in the order of the changes, as Apply's groups reduce to.
func (g *Game) plainChanges(cells []Cell, h uint64, ch []Change) uint64 {
	z := g.zobrist()
	mv := &ch[0]
	c := cells[mv.From]
	h ^= z.cellHash(mv.From, c)
	cells[mv.From] = Empty
	h ^= z.cellHash(mv.To, cells[mv.To]) ^ z.cellHash(mv.To, c)
	cells[mv.To] = c
	if len(ch) == 1 {
		return h
	}
	for i := 1; i < len(ch); i++ {
		if e := &ch[i]; e.Op == OpCapture && !cells[e.To].IsEmpty() {
			h ^= z.cellHash(e.To, cells[e.To])
			cells[e.To] = Empty
		}
	}
	for i := 1; i < len(ch); i++ {
		if e := &ch[i]; e.Op == OpType && !cells[e.To].IsEmpty() {
			old := cells[e.To]
			cells[e.To] = old.WithKind(e.Kind)
			h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
		}
	}
	for i := 1; i < len(ch); i++ {
		if e := &ch[i]; e.Op == OpAttr && !cells[e.To].IsEmpty() {
			old := cells[e.To]
			cells[e.To] = old.WithAttr(int(e.Attr), e.Val)
			h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
		}
	}
	return h
}

// flipOwner is the owner a flipped piece gets: the other player with two players (random
// players not counted), else the next non-random player after p.
func (g *Game) flipOwner(p Player) Player {
	n := len(g.Players)
	for i := 1; i <= n; i++ {
		q := Player((int(p) + i) % n)
		if !g.Players[q].Random {
			return q
		}
	}
	return p
}

// DefaultAttrs returns the attribute bits of a new piece of type k.
func (g *Game) DefaultAttrs(k Kind) uint32 { return g.defaultAttrs(k) }

// defaultAttrs returns the attribute bits of a new piece of type k.
func (g *Game) defaultAttrs(k Kind) uint32 {
	if int(k) < len(g.attrDefaults) {
		return g.attrDefaults[k]
	}
	return 0
}

// Prepare computes the tables the state code needs: attribute numbering and defaults, and
// the Zobrist keys. The compiler calls it once the game is complete.
// AttrNames may be preset with the order in which attributes are numbered; names not in
// it are added in piece order.
func (g *Game) Prepare() {
	idx := map[string]int{}
	for i, a := range g.AttrNames {
		idx[a] = i
	}
	g.attrDefaults = make([]uint32, len(g.Pieces))
	g.AttrIndex = make([][]int, len(g.Pieces))
	for k, p := range g.Pieces {
		g.AttrIndex[k] = make([]int, len(p.Attrs))
		for j, a := range p.Attrs {
			i, ok := idx[a.Name]
			if !ok {
				i = len(g.AttrNames)
				idx[a.Name] = i
				g.AttrNames = append(g.AttrNames, a.Name)
			}
			g.AttrIndex[k][j] = i
			if a.Default {
				g.attrDefaults[k] |= 1 << uint(i)
			}
		}
	}
	g.zobristOnce = sync.Once{}
}

// Zobrist returns the keys of the game's position hash.
func (g *Game) Zobrist() *Zobrist { return g.zobrist() }

func (g *Game) zobrist() *Zobrist {
	g.zobristOnce.Do(func() {
		g.z = newZobrist(len(g.Board.Locs), len(g.Players), len(g.Pieces), len(g.AttrNames), len(g.TurnOrder.Entries))
	})
	return g.z
}

// AttrIndexOf returns the game-wide index of an attribute name, or -1.
func (g *Game) AttrIndexOf(name string) int {
	for i, a := range g.AttrNames {
		if a == name {
			return i
		}
	}
	return -1
}

// NewState returns the start position.
func (g *Game) NewState() *State { return g.StateOf(g.Setup, g.Stock) }

// StateOf returns the position the rules' setup would make were it setup and stock (a
// board-setup other than the rules', as the position editor makes): pieces placed with
// their types' default attributes, the first turn of the turn order to move. It is meant
// for plain games: in a game of the dialect, the stacks and values are still made from
// the rules' own setup.
func (g *Game) StateOf(setup []Placement, stock []Stock) *State {
	s := &State{Cells: make([]Cell, len(g.Board.Locs)), Stock: make([]int32, len(g.Players)*len(g.Pieces)),
		LastFrom: NoLoc, LastTo: NoLoc, Cont: NoLoc, ContType: NoMoveType}
	// Without any off entry, drops are unlimited (Reversi-style games). Once the setup
	// gives some stock, every other (player, type) has none: Luzhanqi and Helheim saves
	// show that Zillions does not let a player drop a type its setup does not stock.
	unlimited := int32(-1)
	if len(stock) > 0 {
		unlimited = 0
	}
	for i := range s.Stock {
		s.Stock[i] = unlimited
	}
	for _, p := range setup {
		s.Cells[p.Loc] = MakeCell(p.Player, p.Kind, g.defaultAttrs(p.Kind))
	}
	for _, st := range stock {
		s.Stock[int(st.Player)*len(g.Pieces)+int(st.Kind)] = int32(st.N)
	}
	g.initExt(s)
	if g.Ext != nil && g.Ext.StackCap > 0 {
		g.setupStacks(s)
	}
	s.Hash = g.FullHash(s)
	return s
}

// Entry returns the turn-order entry in force in s.
func (g *Game) Entry(s *State) TurnEntry { return g.TurnOrder.Entries[s.Turn] }

// Advance moves s to the next turn of the turn order (after a complete turn), skipping
// the turns of eliminated players.
func (g *Game) Advance(s *State) {
	z := g.zobrist()
	if s.Jump == 0 && s.Out == 0 {
		// The common case: nobody is out, the next entry is the one after.
		s.Hash ^= z.turn[s.Turn]
		s.Turn = g.TurnAfter(s.Turn)
		s.Hash ^= z.turn[s.Turn]
		return
	}
	if s.Jump > 0 && int(s.Jump) <= len(g.TurnOrder.Entries) {
		// A (goto LABEL) of the dialect chose the next turn.
		s.Hash ^= z.turn[s.Turn] ^ jumpHash(s.Jump)
		s.Turn = int(s.Jump) - 1
		s.Jump = 0
		s.Hash ^= z.turn[s.Turn]
		if s.Out&(1<<uint(g.TurnOrder.Entries[s.Turn].Mover)) == 0 {
			return
		}
	}
	for i := 0; i <= len(g.TurnOrder.Entries); i++ {
		s.Hash ^= z.turn[s.Turn]
		s.Turn++
		if s.Turn >= len(g.TurnOrder.Entries) {
			s.Turn = g.TurnOrder.Repeat
		}
		s.Hash ^= z.turn[s.Turn]
		if s.Out&(1<<uint(g.TurnOrder.Entries[s.Turn].Mover)) == 0 {
			return
		}
	}
}

// Eliminate marks player p as out of the game: its turns are skipped from now on. If it
// is p's turn, the turn passes.
func (g *Game) Eliminate(s *State, p Player) {
	if s.Out&(1<<uint(p)) != 0 {
		return
	}
	s.Out |= 1 << uint(p)
	s.Hash ^= g.zobrist().out[p]
	if g.TurnOrder.Entries[s.Turn].Mover == p {
		g.Advance(s)
	}
}

// SetCont records (or clears, with NoLoc) the piece that must continue the turn.
func (g *Game) SetCont(s *State, l Loc, t MoveType) {
	z := g.zobrist()
	s.Hash ^= z.contHash(s.Cont, s.ContType)
	s.Cont, s.ContType = l, t
	s.Hash ^= z.contHash(s.Cont, s.ContType)
}

// Random is a source of random numbers for random players, seeded for replay.
func Random(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5eed)) }
