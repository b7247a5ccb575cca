package eval

import (
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestSortSquares checks squares.sort: every piece is in the word of its owner and in
// that of its owner and type, whatever its attributes, empty squares in none, and a
// cell of a player or type beyond the game's is refused.
func TestSortSquares(t *testing.T) {
	for _, nk := range []int{1, 2, 5, 20} {
		np := 3
		cells := []engine.Cell{engine.Empty}
		for p := 0; p < np; p++ {
			for k := 0; k < nk && len(cells) < 63; k++ {
				cells = append(cells, engine.MakeCell(engine.Player(p), engine.Kind(k), uint32(len(cells))%3), engine.Empty)
			}
		}
		var q squares
		if !q.sort(cells, np, nk) {
			t.Fatalf("nk %d: refused", nk)
		}
		if want := uint64(1)<<uint(len(cells)) - 1; q.board != want {
			t.Errorf("nk %d: board %#x, want %#x", nk, q.board, want)
		}
		for l, c := range cells {
			bit := uint64(1) << uint(l)
			for p := 0; p < np; p++ {
				if got, want := q.occ[p]&bit != 0, !c.IsEmpty() && int(c.Player()) == p; got != want {
					t.Fatalf("nk %d cell %#x: in player %d's word %v, want %v", nk, c, p, got, want)
				}
				for k := 0; k < nk; k++ {
					want := !c.IsEmpty() && int(c.Player()) == p && int(c.Kind()) == k
					if got := q.kinds[p*nk+k]&bit != 0; got != want {
						t.Fatalf("nk %d cell %#x: in word %d/%d %v, want %v", nk, c, p, k, got, want)
					}
				}
			}
		}
		if q.sort(append(cells, engine.MakeCell(engine.Player(np), 0, 0)), np, nk) {
			t.Errorf("nk %d: a piece of player %d accepted", nk, np)
		}
		if q.sort(append(cells, engine.MakeCell(0, engine.Kind(nk), 0)), np, nk) {
			t.Errorf("nk %d: a piece of type %d accepted", nk, nk)
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
