package engine

import (
	"slices"
	"strconv"
)

// This file holds the state that the extended dialect (version "zoggo-1") adds to a
// position: integer values (global variables, integer piece attributes that travel with
// their piece, position attributes that stay on their square) and stacks of pieces under
// the piece on a square. Plain ZRF games have no Ext and pay nothing for it, unless they
// give attributes defaults other than true and false (a Dagaz extension), which become
// integer piece attributes.

// Ext describes the extra state of a game written in the dialect.
type Ext struct {
	Vars      []IntVar  // global variables
	PieceInts []IntAttr // integer piece attributes
	PosInts   []IntVar  // position attributes
	// Symbols are the names that attributes of names hold (IntAttr.Names): value v is
	// Symbols[v-1], and 0 is no name.
	Symbols []string
	// StackCap is the most pieces a square can hold under its top piece; 0 means the
	// game has no stacks.
	StackCap int
	// PassLimit, when not 0, is the number of passes in a row that ends the game
	// ((end-after-passes N)): the state counts the passes in a row (State.Passes) and
	// its hash includes the count.
	PassLimit int
	// Repeat forbids turns that recreate an earlier position ((forbid-repetition ...)).
	// The match applies it, since a state does not hold the positions before it.
	Repeat RepeatRule
}

// RepeatKind says which positions a RepeatRule compares.
type RepeatKind uint8

// Repetition rules.
const (
	RepeatAllowed  RepeatKind = iota // no rule: positions may recur
	RepeatBoard                      // the pieces on the board (positional superko)
	RepeatPosition                   // the pieces and the player to move (situational)
)

// RepeatRule forbids turns, other than passes, that leave a position equal to an earlier
// one of the game: any earlier one, or with Window > 0 one of the last Window positions,
// the position before the turn included (Go's simple ko is RepeatBoard with Window 2).
type RepeatRule struct {
	Kind   RepeatKind
	Window int
}

// RepeatKey returns the key under which s is compared by the game's repetition rule:
// a hash of the cells, and of the turn-order entry for RepeatPosition. Stock, values and
// columns do not count.
func (g *Game) RepeatKey(s *State) uint64 {
	z := g.zobrist()
	var h uint64
	for l, c := range s.Cells {
		h ^= z.cellHash(Loc(l), c)
	}
	if g.Ext != nil && g.Ext.Repeat.Kind == RepeatPosition && s.Turn < len(z.turn) {
		h ^= z.turn[s.Turn]
	}
	return h
}

// IntVar is a global variable or a position attribute, with its starting value.
type IntVar struct {
	Name string
	Init int32
	// At gives some positions of a position attribute a starting value other than Init.
	At []LocValue
}

// LocValue is a value at a position.
type LocValue struct {
	Loc   Loc
	Value int32
}

// IntAttr is an integer piece attribute: its value for a new piece of each type.
type IntAttr struct {
	Name    string
	Default []int32 // per kind
	Names   bool    // its values are names (Ext.Symbols), compared only for equality
}

// ValueText writes value v of attribute a: a name for an attribute of names.
func (e *Ext) ValueText(a *IntAttr, v int32) string {
	if a.Names && v >= 1 && int(v) <= len(e.Symbols) {
		return e.Symbols[v-1]
	}
	return strconv.Itoa(int(v))
}

// Symbol returns the value of a name, adding it on first use.
func (e *Ext) Symbol(name string) int32 {
	for i, s := range e.Symbols {
		if s == name {
			return int32(i + 1)
		}
	}
	e.Symbols = append(e.Symbols, name)
	return int32(len(e.Symbols))
}

// ValClass says which kind of value an OpVal change sets (Change.Class).
type ValClass uint8

// Value classes.
const (
	ValVar   ValClass = iota // Attr: variable
	ValPiece                 // Attr: integer piece attribute of the piece on To
	ValPos                   // Attr: position attribute of To
	ValTurn                  // the turn order goes on at entry Value after this turn
)

// VarIndex, PieceIntIndex and PosIntIndex return the slot of a name, or -1.
func (e *Ext) VarIndex(name string) int    { return indexVar(e.Vars, name) }
func (e *Ext) PosIntIndex(name string) int { return indexVar(e.PosInts, name) }
func (e *Ext) PieceIntIndex(name string) int {
	for i, a := range e.PieceInts {
		if a.Name == name {
			return i
		}
	}
	return -1
}

func indexVar(vs []IntVar, name string) int {
	for i, v := range vs {
		if v.Name == name {
			return i
		}
	}
	return -1
}

// Slot returns the index into State.Vals of a value: attr of class (ValVar, ValPiece or
// ValPos) at l (0 for a variable).
func (g *Game) Slot(class ValClass, attr int, l Loc) int { return g.slot(class, attr, l) }

// slot returns the index into State.Vals of a value.
func (g *Game) slot(class ValClass, attr int, l Loc) int {
	e := g.Ext
	switch class {
	case ValVar:
		return attr
	case ValPiece:
		return len(e.Vars) + int(l)*len(e.PieceInts) + attr
	default:
		return len(e.Vars) + len(g.Board.Locs)*len(e.PieceInts) + int(l)*len(e.PosInts) + attr
	}
}

// Val returns a value of s: a variable (l ignored), or an attribute at l.
func (g *Game) Val(s *State, class ValClass, attr int, l Loc) int32 {
	if g.Ext == nil || s.Vals == nil {
		return 0
	}
	return s.Vals[g.slot(class, attr, l)]
}

// Height returns the number of pieces under the top piece of l.
func (g *Game) Height(s *State, l Loc) int {
	if g.Ext == nil || g.Ext.StackCap == 0 {
		return 0
	}
	return int(s.Under[int(l)*(g.Ext.StackCap+1)])
}

// Under returns the pieces under the top piece of l, the one just beneath it first.
func (g *Game) Under(s *State, l Loc) []Cell {
	if g.Ext == nil || g.Ext.StackCap == 0 {
		return nil
	}
	b := int(l) * (g.Ext.StackCap + 1)
	return s.Under[b+1 : b+1+int(s.Under[b])]
}

// initExt gives a new state its extra values.
func (g *Game) initExt(s *State) {
	e := g.Ext
	if e == nil {
		return
	}
	nl := len(g.Board.Locs)
	s.Vals = make([]int32, len(e.Vars)+nl*(len(e.PieceInts)+len(e.PosInts)))
	for i, v := range e.Vars {
		s.Vals[i] = v.Init
	}
	for l := 0; l < nl; l++ {
		for i, v := range e.PosInts {
			s.Vals[g.slot(ValPos, i, Loc(l))] = v.Init
		}
		if c := s.Cells[l]; !c.IsEmpty() {
			g.pieceDefaults(s.Vals, Loc(l), c.Kind())
		}
	}
	for i, v := range e.PosInts {
		for _, a := range v.At {
			if int(a.Loc) >= 0 && int(a.Loc) < nl {
				s.Vals[g.slot(ValPos, i, a.Loc)] = a.Value
			}
		}
	}
	if e.StackCap > 0 {
		s.Under = make([]Cell, nl*(e.StackCap+1))
	}
}

// setupStacks builds the columns of the start position: a placement marked Stack puts
// its piece on top of the one the setup put on that position before, which goes just
// beneath it. The compiler keeps every column within the stacks' capacity.
func (g *Game) setupStacks(s *State) {
	cap1 := g.Ext.StackCap + 1
	top := make([]Cell, len(s.Cells))
	for _, p := range g.Setup {
		if p.Stack && !top[p.Loc].IsEmpty() {
			b := int(p.Loc) * cap1
			if h := int(s.Under[b]); h < g.Ext.StackCap {
				copy(s.Under[b+2:b+2+h], s.Under[b+1:b+1+h])
				s.Under[b+1] = top[p.Loc]
				s.Under[b]++
			}
		}
		top[p.Loc] = MakeCell(p.Player, p.Kind, g.defaultAttrs(p.Kind))
	}
}

func (g *Game) pieceDefaults(vals []int32, l Loc, k Kind) {
	for i, a := range g.Ext.PieceInts {
		v := int32(0)
		if int(k) < len(a.Default) {
			v = a.Default[k]
		}
		vals[g.slot(ValPiece, i, l)] = v
	}
}

// extHash is the hash contribution of the extra state.
func (g *Game) extHash(s *State) uint64 {
	h := jumpHash(s.Jump) ^ g.passHash(s.Passes)
	for i, v := range s.Vals {
		h ^= valHash(i, v)
	}
	if g.Ext != nil && g.Ext.StackCap > 0 {
		for l := range g.Board.Locs {
			h ^= g.columnHash(s, Loc(l))
		}
	}
	return h
}

// passHash is the hash contribution of the count of passes in a row, in games that
// count them.
func (g *Game) passHash(n int32) uint64 {
	if n == 0 || g.Ext == nil || g.Ext.PassLimit == 0 {
		return 0
	}
	return mix64(uint64(n) ^ 0xbb67ae8584caa73b)
}

func jumpHash(j int32) uint64 {
	if j == 0 {
		return 0
	}
	return mix64(uint64(j) ^ 0x6a09e667f3bcc909)
}

func valHash(i int, v int32) uint64 {
	if v == 0 {
		return 0
	}
	return mix64(uint64(i)<<32 | uint64(uint32(v)) ^ 0x9e3779b97f4a7c15)
}

func (g *Game) columnHash(s *State, l Loc) uint64 {
	var h uint64
	for j, c := range g.Under(s, l) {
		h = mix64(h ^ uint64(c)<<8 ^ uint64(j)<<48 ^ uint64(l)<<20 ^ 0x5bd1e995)
	}
	return h
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// extApply is the dialect's part of Apply, run after the plain changes: values and
// columns travel with moving pieces, new pieces get their defaults, captured squares lose
// theirs, takes move top pieces between columns, and OpVal changes set values. set
// changes a cell (keeping the cell hash); the result is the change of the extra hash.
func (g *Game) extApply(s *State, m *Move, set func(Loc, Cell)) uint64 {
	e := g.Ext
	if len(e.PieceInts) == 0 && e.StackCap == 0 && g.on(ValuesOnly) {
		return g.valuesApply(s, m)
	}
	// Only the variables and the squares m touches change: hash those before and after.
	var lbuf [32]Loc
	locs := touchedLocs(m, lbuf[:0])
	old := g.partHash(s, locs)
	npi := len(e.PieceInts)
	cap1 := e.StackCap + 1
	// Movements carry their piece's values and column: read them all first.
	var vbuf [64]int32
	var ubuf [64]Cell
	vals := vbuf[:0]
	under := ubuf[:0]
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpMove || c.Op == OpCopy {
			b := g.slot(ValPiece, 0, c.From)
			vals = append(vals, s.Vals[b:b+npi]...)
			if e.StackCap > 0 {
				u := int(c.From) * cap1
				under = append(under, s.Under[u:u+cap1]...)
			}
		}
	}
	clearAt := func(l Loc) {
		b := g.slot(ValPiece, 0, l)
		clear(s.Vals[b : b+npi])
		if e.StackCap > 0 {
			// Unused slots stay zero, so that equal columns are equal slices.
			clear(s.Under[int(l)*cap1 : int(l+1)*cap1])
		}
	}
	j := 0
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpMove && !m.arrives(c.From) {
			clearAt(c.From)
		}
	}
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpMove || c.Op == OpCopy {
			b := g.slot(ValPiece, 0, c.To)
			copy(s.Vals[b:b+npi], vals[j*npi:(j+1)*npi])
			if e.StackCap > 0 {
				copy(s.Under[int(c.To)*cap1:int(c.To+1)*cap1], under[j*cap1:(j+1)*cap1])
			}
			j++
		}
	}
	for i := range m.Changes {
		c := &m.Changes[i]
		switch c.Op {
		case OpDrop, OpCreate:
			clearAt(c.To)
			g.pieceDefaults(s.Vals, c.To, c.Kind)
		}
	}
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op == OpCapture && s.Cells[c.To].IsEmpty() {
			clearAt(c.To)
		}
	}
	// Takes: the top piece of From goes to the bottom of the column on To.
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op != OpTake || e.StackCap == 0 {
			continue
		}
		top := s.Cells[c.From]
		dst := s.Cells[c.To]
		if top.IsEmpty() || dst.IsEmpty() {
			continue
		}
		u := int(c.To) * cap1
		if h := int(s.Under[u]); h < e.StackCap {
			s.Under[u+1+h] = top
			s.Under[u]++
		}
		f := int(c.From) * cap1
		if h := int(s.Under[f]); h > 0 {
			set(c.From, s.Under[f+1])
			copy(s.Under[f+1:f+h], s.Under[f+2:f+1+h])
			s.Under[f+h] = 0
			s.Under[f]--
			b := g.slot(ValPiece, 0, c.From)
			clear(s.Vals[b : b+npi])
		} else {
			set(c.From, Empty)
			clearAt(c.From)
		}
	}
	passes := g.countPass(s, m)
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op != OpVal {
			continue
		}
		if c.Class == ValTurn {
			s.Jump = c.Value + 1
			continue
		}
		if c.Class == ValPiece && s.Cells[c.To].IsEmpty() {
			continue
		}
		s.Vals[g.slot(c.Class, int(c.Attr), c.To)] = c.Value
	}
	return old ^ g.partHash(s, locs) ^ passes
}

// countPass counts m in the passes in a row of s, in a game with a pass limit: a pass
// adds one, any other part ends the row. It returns the change of the hash.
func (g *Game) countPass(s *State, m *Move) uint64 {
	if g.Ext.PassLimit <= 0 {
		return 0
	}
	n := s.Passes + 1
	if !m.Pass {
		n = 0
	}
	h := g.passHash(s.Passes) ^ g.passHash(n)
	s.Passes = n
	return h
}

// valuesApply is extApply for a game whose only extra state is variables and position
// values (no integer piece attributes, no stacks: nothing travels with a piece). Then
// only OpVal changes and the count of passes change the extra state, and the hash
// changes by the values they replace, one change after the other, instead of by the
// squares the move touches hashed before and after.
func (g *Game) valuesApply(s *State, m *Move) uint64 {
	h := g.countPass(s, m)
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op != OpVal {
			continue
		}
		if c.Class == ValTurn {
			h ^= jumpHash(s.Jump) ^ jumpHash(c.Value+1)
			s.Jump = c.Value + 1
			continue
		}
		if c.Class == ValPiece && s.Cells[c.To].IsEmpty() {
			continue
		}
		j := g.slot(c.Class, int(c.Attr), c.To)
		h ^= valHash(j, s.Vals[j]) ^ valHash(j, c.Value)
		s.Vals[j] = c.Value
	}
	return h
}

// touchedLocs appends to buf, once each, the squares whose values or column m may change.
func touchedLocs(m *Move, buf []Loc) []Loc {
	add := func(l Loc) {
		if l != NoLoc && !slices.Contains(buf, l) {
			buf = append(buf, l)
		}
	}
	for i := range m.Changes {
		c := &m.Changes[i]
		switch c.Op {
		case OpMove, OpCopy, OpTake:
			add(c.From)
			add(c.To)
		case OpDrop, OpCreate, OpCapture:
			add(c.To)
		case OpVal:
			if c.Class == ValPiece || c.Class == ValPos {
				add(c.To)
			}
		}
	}
	return buf
}

// partHash is the part of extHash that comes from the variables, the turn-order jump and
// the squares locs (each listed once).
func (g *Game) partHash(s *State, locs []Loc) uint64 {
	e := g.Ext
	h := jumpHash(s.Jump)
	for i := range e.Vars {
		h ^= valHash(i, s.Vals[i])
	}
	for _, l := range locs {
		if n := len(e.PieceInts); n > 0 {
			b := g.slot(ValPiece, 0, l)
			for i := b; i < b+n; i++ {
				h ^= valHash(i, s.Vals[i])
			}
		}
		if n := len(e.PosInts); n > 0 {
			b := g.slot(ValPos, 0, l)
			for i := b; i < b+n; i++ {
				h ^= valHash(i, s.Vals[i])
			}
		}
		if e.StackCap > 0 {
			h ^= g.columnHash(s, l)
		}
	}
	return h
}

// Position returns a state of g with the given cells, turn-order entry and stock as at
// the start; values take their defaults and columns are empty. under, when not nil, gives
// columns: under[l] is the pieces below the top of l, the one just beneath it first.
// Tests and tools use it to set up positions.
func (g *Game) Position(cells []Cell, turn int, under map[Loc][]Cell) *State {
	s := g.NewState()
	copy(s.Cells, cells)
	s.Turn = turn
	g.initExt(s)
	if g.Ext != nil && g.Ext.StackCap > 0 {
		cap1 := g.Ext.StackCap + 1
		for l, col := range under {
			n := min(len(col), g.Ext.StackCap)
			s.Under[int(l)*cap1] = Cell(n)
			copy(s.Under[int(l)*cap1+1:], col[:n])
		}
	}
	s.Hash = g.FullHash(s)
	return s
}
