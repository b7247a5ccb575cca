package eval

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// TestLeafCount plays random games and computes the turns of every position in a
// counting workspace (perft's last level, leafcount.go: steps and chain ends counted)
// and in an ordinary one. The turns returned plus those counted must be as many as
// the ordinary turns, and the hashes of the states after them (counted: as logged;
// made on the board: leafHash's; others: their state's) must be the ordinary turns'
// hashes, as a multiset; the board copy must be as it was. It does so with the bit scan
// (steps counted a word at a time, countSteps), without it (counted behind made for
// the prefixes' forms), and without prefixes either (behind made for the fast ops and
// the interpreter).
func TestLeafCount(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
		counts        bool // leafCountOK holds
		some          bool // and some turns are counted
	}{
		{"games/checkers.zrf", "", 20, 150, true, true},
		{"games/international.zrf", "", 2, 100, false, false},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 6, 120, true, true},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Damone", 6, 120, true, true},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Checkers", 4, 120, false, false},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 6, 120, true, false},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadLeafGame(t, tt.file, tt.variant)
			if got := g.leafCountOK(); got != tt.counts {
				t.Fatalf("leafCountOK %v, want %v (bits %v, leaf turns %v, noDup %v, maximal %d)", got, tt.counts, g.bits != nil, g.leafTurnsOK(), g.noDup, g.Options.MaximalCaptures)
			}
			for _, off := range []Shortcut{0, UseBitScan, UseBitScan | UsePrefixes} {
				g.off = off
				cw, plain := g.newWorkspace(), g.newWorkspace()
				lw := &leafWork{count: g.leafCountOK()}
				var log []uint64
				lw.log = &log
				counted := 0
				for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
					rng := rand.New(rand.NewPCG(seed, 98))
					s := g.NewState()
					for ply := 0; ply < tt.plies; ply++ {
						lw.board = append(lw.board[:0], s.Cells...)
						log = log[:0]
						ct, err := g.turnsWith(s, cw, lw)
						if err != nil {
							t.Fatal(err)
						}
						pt, err := g.turns(s, plain)
						if err != nil {
							t.Fatal(err)
						}
						if len(ct)+lw.n != len(pt) || len(log) != lw.n {
							t.Fatalf("seed %d ply %d: %d turns and %d counted (%d logged) against %d", seed, ply, len(ct), lw.n, len(log), len(pt))
						}
						got := slices.Clone(log)
						for i := range ct {
							a := &ct[i]
							if a.After != nil {
								got = append(got, a.After.Hash)
								continue
							}
							h, ok := g.leafHash(lw.board, s, &a.Parts[0])
							if !ok {
								t.Fatalf("seed %d ply %d turn %d: no state and no leaf hash", seed, ply, i)
							}
							got = append(got, h)
						}
						var want []uint64
						for i := range pt {
							want = append(want, pt[i].After.Hash)
						}
						slices.Sort(got)
						slices.Sort(want)
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d ply %d: the hashes after the turns differ:\n%x\n%x", seed, ply, got, want)
						}
						if !slices.Equal(lw.board, s.Cells) {
							t.Fatalf("seed %d ply %d: the copy of the board changed", seed, ply)
						}
						counted += lw.n
						if len(pt) == 0 {
							break
						}
						s = pt[rng.IntN(len(pt))].After.Clone()
					}
				}
				if tt.some != (counted > 0) {
					t.Errorf("%v off: %d turns counted, want some: %v", off, counted, tt.some)
				}
				t.Logf("%v off: %d turns counted", off, counted)
			}
			g.off = 0
		})
	}
}

// TestLeafCountPerft compares perft with and without counted turns, and with a state
// built for every leaf (PerftStates), to a depth that takes well under a second.
func TestLeafCountPerft(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		depth         int
	}{
		{"games/checkers.zrf", "", 6},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 5},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Damone", 4},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 4},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadLeafGame(t, tt.file, tt.variant)
			var n [2]int64
			for i, on := range []bool{false, true} {
				g.off = 0
				if !on {
					g.off = UseLeafCount
				}
				var err error
				if n[i], err = g.Perft(g.NewState(), tt.depth); err != nil {
					t.Fatal(err)
				}
			}
			if n[0] != n[1] {
				t.Errorf("perft(%d) %d counting steps, %d without", tt.depth, n[1], n[0])
			}
			if states, err := g.PerftStates(g.NewState(), tt.depth); err != nil || states != n[1] {
				t.Errorf("perft(%d) %d counting steps, %d with leaf states (%v)", tt.depth, n[1], states, err)
			}
		})
	}
}

// loadLeafGame loads a game of games/ or, named corpus/..., of the corpus (skipping
// without it).
func loadLeafGame(t *testing.T, file, variant string) *Game {
	t.Helper()
	path := filepath.Join("..", file)
	if rest, ok := cutCorpus(file); ok {
		dir := os.Getenv("ZOGGO_CORPUS")
		if dir == "" {
			t.Skip("ZOGGO_CORPUS is not set")
		}
		path = filepath.Join(dir, rest)
	}
	f, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find(variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestStepsOfMade holds what leaf counting derives of an add (stepsOf, for the bit
// scan's word of steps) to the moves made keeps of the same add after a step: for
// adds of no kind, one, two, a copy and one that goes on, the moves made pushes must be
// the steps stepsOf lists, kind for kind, or stepsOf must refuse the add.
func TestStepsOfMade(t *testing.T) {
	g := loadLeafGame(t, "games/checkers.zrf", "")
	start := g.NewState()
	from, to := engine.NoLoc, engine.NoLoc
	for l, c := range start.Cells {
		if c.IsEmpty() && to == engine.NoLoc {
			to = engine.Loc(l)
		} else if !c.IsEmpty() && from == engine.NoLoc {
			from = engine.Loc(l)
		}
	}
	for _, tt := range []struct {
		name  string
		op    code.Op
		count bool // stepsOf takes it
	}{
		{"no kind", code.Op{Code: code.OpAdd, A: int32(engine.NoMoveType)}, true},
		{"one kind", code.Op{Code: code.OpAdd, A: int32(engine.NoMoveType), Kinds: []engine.Kind{1}}, true},
		{"two kinds", code.Op{Code: code.OpAdd, A: int32(engine.NoMoveType), Kinds: []engine.Kind{1, 0}}, true},
		{"copy", code.Op{Code: code.OpAdd, A: int32(engine.NoMoveType), B: 1}, false},
		{"partial", code.Op{Code: code.OpAdd, A: 0, Kinds: []engine.Kind{1}}, false},
	} {
		steps, ok := stepsOf(&tt.op)
		if ok != tt.count {
			t.Errorf("%s: stepsOf %v, want %v", tt.name, ok, tt.count)
			continue
		}
		x := newGen(g)
		x.attackAt = engine.NoLoc
		// What an add writes before made: the movement, a copy for a copying add.
		mv := engine.Change{Op: engine.OpMove, From: from, To: to}
		if tt.op.B == 1 {
			mv.Op = engine.OpCopy
		}
		x.arena = []engine.Change{mv}
		x.made(&tt.op, 0, 0, 0, to)
		// The same add counted: made counts exactly the moves stepsOf lists, and keeps
		// every move of an add it refuses.
		lw := &leafWork{}
		if !g.setLeafBase(&lw.base, start) {
			t.Fatal("the start is not a state whose leaves are counted")
		}
		cx := newGen(g)
		cx.attackAt, cx.leaf = engine.NoLoc, lw
		cx.arena = []engine.Change{mv}
		cx.made(&tt.op, 0, 0, 0, to)
		if want := len(steps); lw.n != want || len(cx.out) != len(x.out)-want {
			t.Errorf("%s: made counted %d and kept %d moves, want %d counted of %d", tt.name, lw.n, len(cx.out), want, len(x.out))
		}
		if !ok {
			continue
		}
		if len(x.out) != len(steps) {
			t.Errorf("%s: made keeps %d moves, stepsOf lists %d", tt.name, len(x.out), len(steps))
			continue
		}
		for i, m := range x.out {
			k, ok := stepOf(m.Changes, m.Cont)
			if !ok || k != steps[i] || m.Changes[0].From != from || m.Changes[0].To != to {
				t.Errorf("%s: move %d %+v (a step %v: %+v), stepsOf lists %+v", tt.name, i, m.Changes, ok, k, steps[i])
			}
		}
	}
}

// TestDistinctKinds holds nodup's reading of an add's kinds to made's: an add whose
// kinds repeat makes two equal moves, one that lists none or distinct ones does not.
func TestDistinctKinds(t *testing.T) {
	for _, tt := range []struct {
		kinds []engine.Kind
		want  bool
	}{
		{nil, true},
		{[]engine.Kind{2}, true},
		{[]engine.Kind{2, 0, 1}, true},
		{[]engine.Kind{2, 0, 2}, false},
		{[]engine.Kind{1, 1}, false},
	} {
		o := code.Op{Code: code.OpAdd, A: int32(engine.NoMoveType), Kinds: tt.kinds}
		if got := distinctKinds(&o); got != tt.want {
			t.Errorf("kinds %v: distinctKinds %v, want %v", tt.kinds, got, tt.want)
		}
	}
}
