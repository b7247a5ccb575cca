package eval

import (
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestSortSquares checks sortSquares against cellIndex, which the tables of the first
// checks are indexed by: for every side, every owner and type (with and without
// attributes) lands in the word of its cellIndex, in own or other by its owner, and
// nowhere else.
func TestSortSquares(t *testing.T) {
	for _, nk := range []int{1, 2, 5, 20} {
		var cells []engine.Cell
		cells = append(cells, engine.Empty)
		for p := 0; p < engine.MaxPlayers && len(cells) < 64; p++ {
			for k := 0; k < nk && len(cells) < 64; k++ {
				cells = append(cells, engine.MakeCell(engine.Player(p), engine.Kind(k), uint32(len(cells))%3))
			}
		}
		for side := engine.Player(0); side < engine.MaxPlayers; side++ {
			x := &gen{}
			for _, others := range []bool{false, true} {
				x.sortSquares(cells, side, nk, others)
				for l, c := range cells {
					bit := uint64(1) << uint(l)
					i := cellIndex(c, side, nk)
					for j := 0; j < 3*(nk+1); j++ {
						want := j == i
						if j >= 2*(nk+1) && !others {
							want = false // the others' pieces by type only when asked for
						}
						if got := x.cls[j]&bit != 0; got != want {
							t.Fatalf("nk %d side %d others %v cell %#x: in word %d %v, want %v", nk, side, others, c, j, got, want)
						}
					}
					own := !c.IsEmpty() && c.Player() == side
					other := !c.IsEmpty() && c.Player() != side
					if x.own&bit != 0 != own || x.other&bit != 0 != other {
						t.Fatalf("nk %d side %d cell %#x: own %v other %v", nk, side, c, x.own&bit != 0, x.other&bit != 0)
					}
				}
			}
		}
	}
}

// TestBitTestOf checks that the words a bitTest combines are the squares its cell
// table accepts, for tables of every shape on a few kinds.
func TestBitTestOf(t *testing.T) {
	for _, nk := range []int{1, 2, 3} {
		n := 3 * (nk + 1)
		// The indices cellIndex gives: 0 for an empty square, r*(nk+1)+1+k for a piece of
		// type k, the side's (r 1) or another player's (r 2).
		var valid uint64 = 1
		for r := 1; r <= 2; r++ {
			for k := 0; k < nk; k++ {
				valid |= 1 << uint(r*(nk+1)+1+k)
			}
		}
		for mask := uint64(0); mask < 1<<uint(n); mask++ {
			if mask&^valid != 0 {
				continue // not a table cellTable makes
			}
			bt, _ := bitTestOf(mask, nk)
			for i := 0; i < n; i++ {
				if valid>>uint(i)&1 == 0 {
					continue
				}
				r := i / (nk + 1)
				got := bt.kinds>>uint(i)&1 != 0 || bt.rel>>uint(r)&1 != 0
				if want := mask>>uint(i)&1 != 0; got != want {
					t.Fatalf("nk %d mask %b: index %d accepted %v, want %v", nk, mask, i, got, want)
				}
			}
		}
	}
}
