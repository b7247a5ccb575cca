package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestTableKeepsDeep: the table holds a fixed number of entries; an entry put is got
// back; in a bucket the deepest entry of the turn survives any number of shallower ones
// meeting it, the latest of those is kept beside it, and an entry of an earlier turn
// gives way to a shallower one of this turn.
func TestTableKeepsDeep(t *testing.T) {
	tt := newTable(16, nil, 0)
	const deepKey, other = uint64(5) << 8, uint64(9) << 8 // the same bucket: the same low bits
	tt.put(deepKey, ttEntry{depth: 6, score: 1.5, flag: 1, best: 3})
	e, ok := tt.get(deepKey)
	if !ok || e.depth != 6 || e.score != 1.5 || e.flag != 1 || e.best != 3 {
		t.Fatalf("got %+v, %v; want the entry put", e, ok)
	}
	for k := uint64(1); k <= 50; k++ {
		tt.put(other+k<<20, ttEntry{depth: 1, score: float64(k), best: -1})
	}
	if e, ok := tt.get(deepKey); !ok || e.depth != 6 {
		t.Errorf("the deep entry was pushed out by shallow ones: %+v, %v", e, ok)
	}
	if e, ok := tt.get(other + 50<<20); !ok || e.score != 50 {
		t.Errorf("the latest shallow entry is not kept: %+v, %v", e, ok)
	}
	if _, ok := tt.get(other + 49<<20); ok {
		t.Error("a bucket holds more than two entries")
	}
	// The same position again without a best turn keeps the one it had.
	tt.put(deepKey, ttEntry{depth: 7, score: 2, flag: 0, best: -1})
	if e, _ := tt.get(deepKey); e.depth != 7 || e.best != 3 {
		t.Errorf("got %+v, want depth 7 with best turn 3 kept", e)
	}
	tt.age++
	tt.put(other, ttEntry{depth: 1, score: 9, best: -1})
	if e, ok := tt.get(other); !ok || e.score != 9 {
		t.Errorf("a new turn's shallow entry was not stored: %+v, %v", e, ok)
	}
	if len(tt.slots) != 16 {
		t.Errorf("the table grew to %d slots", len(tt.slots))
	}
	// An empty table (as tests make them) stores nothing and finds nothing.
	empty := &table{}
	empty.put(1, ttEntry{depth: 1})
	if _, ok := empty.get(1); ok {
		t.Error("an empty table found an entry")
	}
}

// TestTableMates: a mate's score goes into the table counted from the position stored
// and comes back counted from the root of the search that reads it.
func TestTableMates(t *testing.T) {
	for _, v := range []float64{mate - 7, -mate + 4, 3.25, 0} {
		stored := toTable(v, 3)
		if got := fromTable(stored, 3); got != v {
			t.Errorf("%v: back as %v", v, got)
		}
		// Read two plies nearer the root, the mate is two plies nearer.
		if v > mate/2 && fromTable(stored, 1) != v+2 || v < -mate/2 && fromTable(stored, 1) != v-2 {
			t.Errorf("%v: read at ply 1 as %v", v, fromTable(stored, 1))
		}
	}
}

// TestTableKeptBetweenTurns: a search keeps its table for its next turn in the same game
// and side, so that searching the same position again visits fewer nodes; a search of
// the other side, or another game, starts a new table.
func TestTableKeptBetweenTurns(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &Search{Depth: 4, MaxNodes: math.MaxInt, Terms: true, kept: &keptTable{}}
	var nodes [2]int
	for k := range nodes {
		if _, err := s.Choose(m, rand.New(rand.NewPCG(1, 1))); err != nil {
			t.Fatal(err)
		}
		nodes[k], _ = s.Last()
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("the same position again searched %d nodes, the first time %d", nodes[1], nodes[0])
	}
	kept := s.kept.Load()
	if kept == nil || kept.age != 1 {
		t.Fatalf("kept table %v, want one of age 1", kept)
	}
	if err := m.Play(0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Choose(m, rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	if now := s.kept.Load(); now == kept || now.me != m.Mover() {
		t.Error("the other side's search took the first side's table")
	}
	u := &Search{Depth: 1, MaxNodes: math.MaxInt}
	u.TakeTable(s)
	if s.kept.Load() != nil || u.kept.Load() == nil {
		t.Error("TakeTable did not move the table")
	}
}

// TestCloneKeepsOptions: a run's copy of a search (one per game) searches as the search
// given: every option is kept (prune=off was lost once, so that an A/B of pruning
// compared the pruned search with itself), and the copy has a table of its own.
func TestCloneKeepsOptions(t *testing.T) {
	for _, spec := range []string{"search:200ms:prune=off", "search:3:order=gain:eval=full", "search:50ms:threads=2"} {
		a, err := Parse(spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := clone(a)
		if c.Name() != a.Name() {
			t.Errorf("%s: the copy is %s", a.Name(), c.Name())
		}
		s, cs := a.(*Search), c.(*Search)
		if s.NoPrune != cs.NoPrune || s.Cap != cs.Cap || s.MaxNodes != cs.MaxNodes {
			t.Errorf("%s: the copy differs: %+v", spec, cs)
		}
		s.kept.Store(newTable(4, nil, 0))
		if cs.kept.Load() != nil || clone(a).(*Search).kept.Load() != nil {
			t.Errorf("%s: a copy shares the table", spec)
		}
	}
}
