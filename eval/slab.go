package eval

// This file allocates the states of a workspace in slabs: a chunk of State structs and
// one array of cells and one of stock counts carved into many states, so that a
// workspace that cannot reuse its states (a match keeps every position it played) makes
// a few allocations per position instead of three per turn.

import "github.com/zoggo/zoggo/engine"

// stateSlab holds what is left of the chunks being carved.
type stateSlab struct {
	states []engine.State
	cells  []engine.Cell
	stock  []int32
	// want is the number of states the next chunk holds: the turns expected of the
	// position being completed (at least minSlab).
	want int
}

// minSlab is the smallest chunk of states.
const minSlab = 4

// clone returns an independent copy of s, carved from the slab. Each slice has its
// capacity cut to its length, so that growing one never writes into another state.
func (b *stateSlab) clone(s *engine.State) *engine.State {
	if s.Vals != nil || s.Under != nil {
		return s.Clone()
	}
	nc, ns := len(s.Cells), len(s.Stock)
	if len(b.states) == 0 || len(b.cells) < nc || len(b.stock) < ns {
		// No chunk holds more than the budget of a workspace's states.
		n := max(min(b.want, MaxStateCells/max(1, nc+ns)), minSlab)
		b.states = make([]engine.State, n)
		b.cells = make([]engine.Cell, nc*n)
		b.stock = make([]int32, ns*n)
	}
	t := &b.states[0]
	b.states = b.states[1:]
	*t = *s
	t.Cells = b.cells[:nc:nc]
	b.cells = b.cells[nc:]
	copy(t.Cells, s.Cells)
	t.Stock = b.stock[:ns:ns]
	b.stock = b.stock[ns:]
	copy(t.Stock, s.Stock)
	return t
}
