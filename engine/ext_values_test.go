package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValuesApply makes a long random sequence of moves in a game whose only extra
// state is variables and position values (as the dialect's draughts), once with
// valuesApply and once with the general extApply, and checks after every step that the
// two states are equal and that the hash kept incrementally equals the hash computed
// from scratch.
func TestValuesApply(t *testing.T) {
	t.Parallel()
	g := valuesGame()
	fast := g.Position(cells(t, "M m K k M"), 0, nil)
	slow := fast.Clone()
	r := rand.New(rand.NewPCG(3, 4))
	np, nk, nl := len(g.Players), len(g.Pieces), len(g.Board.Locs)
	ops := []Op{OpMove, OpCopy, OpDrop, OpCreate, OpCapture, OpType, OpOwner, OpFlip, OpAttr, OpVal, OpVal, OpVal}
	seen := map[uint64]bool{}
	for step := range 3000 {
		m := &Move{Type: NoMoveType, Cont: NoMoveType}
		for range 1 + r.IntN(4) {
			c := Change{Op: ops[r.IntN(len(ops))], From: Loc(r.IntN(nl)), To: Loc(r.IntN(nl)),
				Player: Player(r.IntN(np)), Kind: Kind(r.IntN(nk)), Attr: uint8(r.IntN(2)), Val: r.IntN(2) == 0}
			if c.Op == OpVal {
				c.Class = []ValClass{ValVar, ValPos, ValPos, ValTurn}[r.IntN(4)]
				c.Value = int32(r.IntN(5) - 1)
				if c.Class == ValTurn {
					c.Value = int32(r.IntN(len(g.TurnOrder.Entries)))
				}
			}
			m.Changes = append(m.Changes, c)
		}
		m.Pass = r.IntN(10) == 0
		what := fmt.Sprintf("step %d: Apply %+v", step, m.Changes)
		g.Off = 0
		g.Apply(fast, m)
		g.Off = ValuesOnly
		g.Apply(slow, m)
		if d := cmp.Diff(slow, fast); d != "" {
			t.Fatalf("%s: valuesApply differs from extApply (-general +fast):\n%s", what, d)
		}
		if fast.Hash != g.FullHash(fast) {
			t.Fatalf("%s: incremental hash %x, full hash %x\n%s", what, fast.Hash, g.FullHash(fast), dump(g, fast))
		}
		seen[fast.Hash] = true
	}
	if len(seen) < 100 {
		t.Errorf("only %d distinct hashes in 3000 steps", len(seen))
	}
}

// valuesGame is lineGame whose only extra state is variables and position values, as
// in the dialect's draughts.
func valuesGame() *Game {
	g := lineGame()
	g.Ext = &Ext{
		Vars:      []IntVar{{Name: "score", Init: 2}, {Name: "count"}},
		PosInts:   []IntVar{{Name: "taken"}, {Name: "heat", Init: 1, At: []LocValue{{Loc: 2, Value: 4}}}},
		PassLimit: 3,
	}
	g.Prepare()
	return g
}
