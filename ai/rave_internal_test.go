package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestAMAFUpdate: a playout counts for each of the mover's turns made in it, once, at
// the mover's result; the other player's turns and turns the node does not have count
// nowhere.
func TestAMAFUpdate(t *testing.T) {
	a := &amaf{mover: 0, keys: []uint32{5, 7, 9}, index: map[uint32]int32{5: 0, 7: 1, 9: 2},
		n: make([]float64, 3), wins: make([]float64, 3), stamp: make([]int32, 3)}
	seq := []amafTurn{{0, 7}, {1, 5}, {0, 9}, {1, 7}, {0, 7}, {0, 11}}
	a.update(seq, eval.Result{Over: true, Winners: []engine.Player{0}}, 1)
	a.update(seq[2:], eval.Result{Over: true, Draw: true}, 2)
	a.update(seq, eval.Result{Over: true, Winners: []engine.Player{1}}, 3)
	want := []struct{ n, wins float64 }{{0, 0}, {3, 1.5}, {3, 1.5}}
	for i, w := range want {
		if a.n[i] != w.n || a.wins[i] != w.wins {
			t.Errorf("turn %d (key %d): %v playouts, %v won; want %v, %v", i, a.keys[i], a.n[i], a.wins[i], w.n, w.wins)
		}
	}
}

// TestRAVEPlaysGo: MCTS with RAVE plays legal turns of 9x9 Go from positions along a
// random game, and its options parse.
func TestRAVEPlaysGo(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	if !dropsOnly(g) {
		t.Fatal("Go's pieces are not found to be only dropped")
	}
	for spec, want := range map[string]int8{"mcts:20ms": 0, "mcts:20ms:rave=off": -1, "mcts:2:rave=on": 1} {
		a, err := Parse(spec, g)
		if err != nil || a.(*MCTS).RAVE != want || a.Name() != spec && spec != "mcts:20ms" {
			t.Errorf("%s: %v, %v", spec, a, err)
		}
	}
	if _, err := Parse("mcts:20ms:rave=maybe", g); err == nil {
		t.Error("rave=maybe was accepted")
	}
	// A tree kept between turns on a clock; reuse=off, or a level, keeps none.
	for spec, kept := range map[string]bool{"mcts:20ms": true, "mcts:20ms:reuse=off": false, "mcts:2": false} {
		a, err := Parse(spec, g)
		if err != nil || (a.(*MCTS).kept != nil) != kept || a.Name() != spec {
			t.Errorf("%s: %v, %v", spec, a, err)
		}
	}
	// board=off: playouts through the match where the group board would play them.
	if a, err := Parse("mcts:20ms:board=off", g); err != nil || a.(*MCTS).Board != -1 || a.Name() != "mcts:20ms:board=off" {
		t.Errorf("mcts:20ms:board=off: %v, %v", a, err)
	}
	// replies=on: last good replies in the playouts on the group board; off by default.
	if a, err := Parse("mcts:20ms:replies=on", g); err != nil || a.(*MCTS).Replies != 1 || a.Name() != "mcts:20ms:replies=on" {
		t.Errorf("mcts:20ms:replies=on: %v, %v", a, err)
	}
	if a, err := Parse("mcts:20ms", g); err != nil || a.(*MCTS).Replies != 0 {
		t.Errorf("mcts:20ms: %v, %v", a, err)
	}
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for ply := 0; ply < 10 && !m.Over(); ply++ {
		mc := &MCTS{Iterations: 30, MaxPlayout: 60, RAVE: 1}
		i, err := Choose(mc, m, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	if len(m.History()) < 10 {
		t.Fatalf("only %d turns played", len(m.History()))
	}
}

// TestAMAFFind: a node's turns are found by their keys alike where the keys lie close
// together (a slice) and where they do not (a map): each key finds its first turn, a
// key of no turn and the pass's key 0 find none.
func TestAMAFFind(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	dense, sparse := 0, 0
	for range 200 {
		spread := uint32(50)
		if r.IntN(2) == 0 {
			spread = 1 << 20
		}
		keys := make([]uint32, 1+r.IntN(40))
		for i := range keys {
			keys[i] = 1000 + r.Uint32N(spread)
			if r.IntN(10) == 0 {
				keys[i] = 0
			}
		}
		a := newAMAFKeys(0, keys)
		if a.dense != nil {
			dense++
		} else {
			sparse++
		}
		for k := uint32(0); k < 1100; k++ {
			want := int32(slices.Index(keys, k))
			if k == 0 {
				want = -1
			}
			got, ok := a.find(k)
			if !ok {
				got = -1
			}
			if got != want {
				t.Fatalf("keys %v: key %d finds %d, want %d", keys, k, got, want)
			}
		}
		for _, k := range keys {
			if i, ok := a.find(k); k != 0 && (!ok || keys[i] != k) {
				t.Fatalf("keys %v: key %d not found", keys, k)
			}
		}
	}
	if dense < 50 || sparse < 50 {
		t.Fatalf("%d dense and %d sparse: too few of one", dense, sparse)
	}
}
