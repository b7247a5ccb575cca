package ai

import (
	"math/rand/v2"
	"testing"
)

// TestKeySet: the set holds what a map holds along random adds, lookups and resets
// (keys drawn from a small range so that they repeat, and across growths and wrapped
// generations).
func TestKeySet(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	var s keySet
	want := map[uint64]bool{}
	checks, found := 0, 0
	for step := range 200000 {
		k := r.Uint64N(1000) * 0x10001
		switch op := r.IntN(1000); {
		case op < 1:
			s.reset()
			clear(want)
			if step%7 == 0 {
				s.cur = ^uint32(0) // the next reset wraps
			}
		case op < 500:
			s.add(k)
			want[k] = true
		default:
			checks++
			if got := s.has(k); got != want[k] {
				t.Fatalf("step %d: has(%d) = %v, want %v", step, k, got, want[k])
			}
			if want[k] {
				found++
			}
		}
		if s.n != len(want) {
			t.Fatalf("step %d: %d keys, want %d", step, s.n, len(want))
		}
	}
	if checks < 50000 || found < 5000 || found > checks-5000 {
		t.Fatalf("%d lookups, %d found: too little compared", checks, found)
	}
}
