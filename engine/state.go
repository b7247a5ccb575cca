package engine

// This file holds the game state and the application of moves: the hot path of perft and
// search. A State is a few scalars and one slice of packed cells, so copying it is one
// copy; a Move is a list of changes applied in a fixed order of groups (see Op).

import (
	"math/bits"
	"math/rand/v2"
)

// Cell is the content of one position, packed: bits 0-8 hold the piece type plus one
// (0 means empty), bits 9-12 the owner, bits 13-28 the attribute values.
type Cell uint32

// Empty is the cell of an empty position.
const Empty Cell = 0

const (
	kindBits   = 9
	playerBits = 4
	attrShift  = kindBits + playerBits
	kindMask   = 1<<kindBits - 1
	playerMask = 1<<playerBits - 1
	// MaxKinds, MaxPlayers and MaxAttrs are the limits of the packing.
	MaxKinds   = kindMask
	MaxPlayers = 1 << playerBits
	MaxAttrs   = 16
)

// MakeCell packs a piece.
func MakeCell(p Player, k Kind, attrs uint32) Cell {
	return Cell(uint32(k)+1) | Cell(p)<<kindBits | Cell(attrs)<<attrShift
}

// IsEmpty reports whether the cell holds no piece.
func (c Cell) IsEmpty() bool { return c&kindMask == 0 }

// Kind returns the piece type, or NoKind for an empty cell.
func (c Cell) Kind() Kind { return Kind(c&kindMask) - 1 }

// Player returns the owner; meaningless for an empty cell.
func (c Cell) Player() Player { return Player(c >> kindBits & playerMask) }

// Attrs returns the attribute bits.
func (c Cell) Attrs() uint32 { return uint32(c >> attrShift) }

// Attr reports attribute i.
func (c Cell) Attr(i int) bool { return c>>(attrShift+uint(i))&1 != 0 }

// WithAttr returns the cell with attribute i set to v.
func (c Cell) WithAttr(i int, v bool) Cell {
	if v {
		return c | 1<<(attrShift+uint(i))
	}
	return c &^ (1 << (attrShift + uint(i)))
}

// WithKind returns the cell with its type changed, owner and attributes kept.
func (c Cell) WithKind(k Kind) Cell { return c&^kindMask | Cell(uint32(k)+1) }

// WithPlayer returns the cell with its owner changed.
func (c Cell) WithPlayer(p Player) Cell { return c&^(playerMask<<kindBits) | Cell(p)<<kindBits }

// State is a position of a game in progress.
type State struct {
	Cells []Cell
	// Stock holds off-board counts, [player*nKinds+kind]; -1 means no stock entry, so
	// drops of that type are unlimited.
	Stock []int32
	Turn  int // index into the turn order's entries
	Ply   int // parts made since the start
	// LastFrom and LastTo are the source and destination of the previous part.
	LastFrom, LastTo Loc
	// Cont is the piece that must continue a turn made of several parts, and ContType
	// the move type it continues with; Cont is NoLoc between turns.
	Cont     Loc
	ContType MoveType
	// Out has a bit per player eliminated by a loss in a game of more than two players:
	// such a player leaves the game, the others play on and its turns are skipped.
	Out  uint32
	Hash uint64
	// Vals and Under are the dialect's integer values and stacks (see ext.go); nil in
	// plain ZRF games.
	Vals  []int32
	Under []Cell
	// Jump is 1 + the turn-order entry a (goto LABEL) of the turn being made chose, or 0.
	Jump int32
	// External is the state an external engine keeps beside the board (an Axiom game's
	// Forth memory), nil in ZRF games. It is immutable: states share it. In such a game
	// Cells are a picture of the engine's board, and Hash is the engine's hash. (The
	// dialect's extra state is Vals and Under, declared by Game.Ext.)
	External any
	// Passes counts the passes in a row that led to this position, in games of the
	// dialect that end after a number of them (Ext.PassLimit); 0 in other games.
	Passes int32
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.Cells = append([]Cell(nil), s.Cells...)
	c.Stock = append([]int32(nil), s.Stock...)
	if s.Vals != nil {
		c.Vals = append([]int32(nil), s.Vals...)
	}
	if s.Under != nil {
		c.Under = append([]Cell(nil), s.Under...)
	}
	return &c
}

// CopyFrom makes s equal to t, reusing s's storage.
func (s *State) CopyFrom(t *State) {
	if len(s.Cells) == len(t.Cells) && len(s.Stock) == len(t.Stock) && s.Vals == nil && t.Vals == nil &&
		s.Under == nil && t.Under == nil && s.External == nil && t.External == nil {
		// The plain state: no pointer is written, which costs a write barrier each while
		// the garbage collector runs.
		copy(s.Cells, t.Cells)
		copy(s.Stock, t.Stock)
		s.Turn, s.Ply, s.LastFrom, s.LastTo, s.Cont, s.ContType = t.Turn, t.Ply, t.LastFrom, t.LastTo, t.Cont, t.ContType
		s.Out, s.Hash, s.Jump, s.Passes = t.Out, t.Hash, t.Jump, t.Passes
		return
	}
	cells, stock, vals, under := s.Cells, s.Stock, s.Vals, s.Under
	*s = *t
	s.Cells = append(cells[:0], t.Cells...)
	s.Stock = append(stock[:0], t.Stock...)
	if t.Vals != nil {
		s.Vals = append(vals[:0], t.Vals...)
	}
	if t.Under != nil {
		s.Under = append(under[:0], t.Under...)
	}
}

// Zobrist holds the random keys of the incremental position hash.
type Zobrist struct {
	cell  []uint64 // [loc*kinds*players + ...], indexed by cellKey
	stock []uint64 // [player*nKinds+kind] * count bits
	turn  []uint64
	cont  []uint64
	out   []uint64
	np    int
	nk    int
	nattr int
	// stride is the keys of one position, np*nk+nattr.
	stride int
}

func newZobrist(nLocs, nPlayers, nKinds, nAttrs, nTurns int) *Zobrist {
	r := rand.New(rand.NewPCG(0x7a6f67676f, 0x5a6f62726973))
	z := &Zobrist{np: nPlayers, nk: nKinds, nattr: nAttrs, stride: nPlayers*nKinds + nAttrs}
	z.cell = make([]uint64, nLocs*(nPlayers*nKinds+nAttrs))
	for i := range z.cell {
		z.cell[i] = r.Uint64()
	}
	z.stock = make([]uint64, nPlayers*nKinds)
	for i := range z.stock {
		z.stock[i] = r.Uint64()
	}
	z.turn = make([]uint64, nTurns)
	for i := range z.turn {
		z.turn[i] = r.Uint64()
	}
	z.cont = make([]uint64, nLocs+1)
	for i := range z.cont {
		z.cont[i] = r.Uint64()
	}
	z.out = make([]uint64, nPlayers)
	for i := range z.out {
		z.out[i] = r.Uint64()
	}
	return z
}

// CellHash is the hash contribution of a cell at l: the hash of a state is the xor of
// those of its cells and of the rest of the state.
func (z *Zobrist) CellHash(l Loc, c Cell) uint64 { return z.cellHash(l, c) }

// cellHash is the hash contribution of a cell at l.
func (z *Zobrist) cellHash(l Loc, c Cell) uint64 {
	if c.IsEmpty() {
		return 0
	}
	base := int(l) * z.stride
	h := z.cell[base+int(c.Player())*z.nk+int(c.Kind())]
	if a := c.Attrs(); a != 0 {
		// The attribute keys follow the piece keys; only set bits cost a step.
		at := base + z.np*z.nk
		for ; a != 0; a &= a - 1 {
			i := bits.TrailingZeros32(a)
			if i >= z.nattr {
				break
			}
			h ^= z.cell[at+i]
		}
	}
	return h
}

// stockHash is the contribution of a stock count.
func (z *Zobrist) stockHash(i int, n int32) uint64 {
	if n <= 0 {
		return 0
	}
	return z.stock[i] * uint64(n+1)
}

func (z *Zobrist) contHash(l Loc, t MoveType) uint64 {
	if l == NoLoc {
		return 0
	}
	return z.cont[l] ^ uint64(t+1)*0x9e3779b97f4a7c15
}

// FullHash computes the hash of s from scratch.
func (g *Game) FullHash(s *State) uint64 {
	z := g.zobrist()
	var h uint64
	for l, c := range s.Cells {
		h ^= z.cellHash(Loc(l), c)
	}
	for i, n := range s.Stock {
		h ^= z.stockHash(i, n)
	}
	if s.Turn < len(z.turn) {
		h ^= z.turn[s.Turn]
	}
	h ^= z.contHash(s.Cont, s.ContType)
	for p := range z.out {
		if s.Out&(1<<uint(p)) != 0 {
			h ^= z.out[p]
		}
	}
	if g.Ext != nil {
		h ^= g.extHash(s)
	}
	return h
}
