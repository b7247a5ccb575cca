package compile

// This file hands out the ops and conditions of compiled bodies from larger blocks.
// A game's move code is a few hundred to half a million instructions, each in a slice
// of its block and most with a condition; allocating them one by one made the memory
// allocator and the collector most of the work of compiling them. A block of the slab
// lives as long as any op in it, which is as long as the Program.

import "github.com/zoggo/zoggo/internal/code"

const (
	slabMin = 64   // the first block of a game, in elements
	slabMax = 4096 // blocks grow by doubling up to this size
)

// slab is the blocks being carved for one game's code.
type slab struct {
	ops   []code.Op
	conds []code.Cond // a block of conditions, the first used of them handed out
	used  int
	args  []*code.Cond
	nOps  int // size of the next block of ops
	nCond int
	nArgs int
}

// opList returns an empty slice of ops with room for n, all of it zero (instrs relies on
// that): the room is handed out once.
func (s *slab) opList(n int) []code.Op {
	if n > len(s.ops) {
		if n > slabMax/8 {
			return make([]code.Op, 0, n)
		}
		s.nOps = min(max(2*s.nOps, slabMin, n), slabMax)
		s.ops = make([]code.Op, s.nOps)
	}
	out := s.ops[:0:n]
	s.ops = s.ops[n:]
	return out
}

// cond returns a new condition holding c.
func (s *slab) cond(c code.Cond) *code.Cond {
	if s.used == len(s.conds) {
		s.nCond = min(max(2*s.nCond, slabMin), slabMax)
		s.conds = make([]code.Cond, s.nCond)
		s.used = 0
	}
	p := &s.conds[s.used]
	s.used++
	*p = c
	return p
}

// unCond takes back c, if it is the last condition handed out, to be handed out again.
func (s *slab) unCond(c *code.Cond) {
	if s.used > 0 && c == &s.conds[s.used-1] {
		s.used--
		s.conds[s.used] = code.Cond{}
	}
}

// condList returns an empty slice of conditions with room for n.
func (s *slab) condList(n int) []*code.Cond {
	if n > len(s.args) {
		if n > slabMax/8 {
			return make([]*code.Cond, 0, n)
		}
		s.nArgs = min(max(2*s.nArgs, slabMin, n), slabMax)
		s.args = make([]*code.Cond, s.nArgs)
	}
	out := s.args[:0:n]
	s.args = s.args[n:]
	return out
}
