package ai

import (
	"math/rand/v2"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestGroupPlayout: the playouts on eval's GroupBoard in 9x9 Go are games of the rules:
// from positions along random games, each playout's turns replayed through the match
// are legal there, and the match ends the game with the playout's result. The policy's
// tests on the board (eye fills and drops into atari drawn last) answer as policy.last
// does on every empty point of those positions, and a drop's RAVE key is the one
// turnKey gives the match's turn.
func TestGroupPlayout(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	gp := newGroupPlayout(g)
	if gp == nil {
		t.Fatal("Go's rules are not played on a group board")
	}
	pol := newPolicy(g)
	r := rand.New(rand.NewPCG(7, 7))
	playouts, turns, lastChecked, lasts, ended := 0, 0, 0, 0, 0
	for game := range 6 {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 12*game && !m.Over(); ply++ {
			if err := m.Play(pol.pick(m, r)); err != nil {
				t.Fatal(err)
			}
		}
		for range 8 {
			x := m.Explore()
			x.SetLazy(true)
			var trace []engine.Loc
			var rec []amafTurn
			gp.trace = &trace
			res, ok, err := gp.playout(x, r, &rec, 4*len(g.Board.Locs))
			if err != nil || !ok {
				t.Fatalf("playout: %v, %v", ok, err)
			}
			playouts++
			// The policy's tests, at the position the playout started from.
			if err := gp.b.Load(x.State()); err != nil {
				t.Fatal(err)
			}
			s, mover := x.State(), x.Mover()
			for _, l := range gp.b.Empty() {
				part := engine.Move{Changes: []engine.Change{{Op: engine.OpDrop, From: engine.NoLoc, To: l}}}
				want := pol.last(s, &part, mover)
				if got := gp.last(l, mover); got != want {
					t.Fatalf("%s at %s: board says last %v, policy %v", g.Players[mover].Name, g.Board.Locs[l].Name, got, want)
				}
				lastChecked++
				if want {
					lasts++
				}
			}
			// The playout's turns through the match.
			k := 0
			for _, l := range trace {
				if x.Over() {
					t.Fatalf("the match ended before the playout's turn %s", g.Board.Locs[l].Name)
				}
				i := -1
				for j, tu := range x.Legal() {
					if l == engine.NoLoc && tu.Parts[0].Pass || l != engine.NoLoc && !tu.Parts[0].Pass && tu.Parts[0].Dest() == l {
						i = j
					}
				}
				if i < 0 {
					t.Fatalf("playout %d turn %d: %v is not legal in the match", playouts, turns, l)
				}
				if l != engine.NoLoc {
					tu := x.Legal()[i]
					if key := turnKey(&tu, len(g.Board.Locs)); k >= len(rec) || rec[k].key != key || rec[k].p != x.Mover() {
						t.Fatalf("playout %d: RAVE turn %d is %v, the match's key %d", playouts, k, rec[k], key)
					}
					k++
				}
				if err := x.Play(i); err != nil {
					t.Fatal(err)
				}
				turns++
			}
			if x.Over() {
				ended++
				if got, want := res, x.Result(); got.Draw != want.Draw || len(got.Winners) != len(want.Winners) || len(want.Winners) > 0 && got.Winners[0] != want.Winners[0] {
					t.Fatalf("playout %d: result %v, the match's %v", playouts, got, want)
				}
			}
		}
	}
	t.Logf("%d playouts, %d turns replayed, %d ended; %d points tested for last, %d of them last", playouts, turns, ended, lastChecked, lasts)
	if playouts < 40 || turns < 2000 || ended < 40 || lastChecked < 1000 || lasts < 20 {
		t.Fatal("too little compared")
	}
}

// BenchmarkMCTSGo measures MCTS iterations in 9x9 Go from a position ten random turns
// in, with playouts on the group board and through the match (board=off); it reports
// iterations per CPU second of the process (the machine is shared: wall-clock time
// measures the others' load).
func BenchmarkMCTSGo(b *testing.B) {
	g := evaltest.Load(b, "../games/go.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	pol := newPolicy(g)
	for range 10 {
		if err := m.Play(pol.pick(m, r)); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		board int8
	}{{"board", 0}, {"match", -1}} {
		b.Run(c.name, func(b *testing.B) {
			const iters = 300
			cpu0 := processCPU()
			for b.Loop() {
				mc := &MCTS{Iterations: iters, MaxPlayout: 200, Board: c.board}
				if _, err := mc.Choose(m, r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(iters*b.N)/(processCPU()-cpu0).Seconds(), "iters/cpu-s")
		})
	}
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestChooseOnBoard: in 9x9 Go the search runs on the group board (chooseOnBoard serves
// it), and every node of its tree lists the turns the match lists in that position, in
// the same order, with the match's hash; the turn chosen is legal; a kept tree is taken
// by the next search.
func TestChooseOnBoard(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	pol := newPolicy(g)
	mc := &MCTS{Iterations: 400, MaxPlayout: 200, kept: &keptTree{}}
	nodes := 0
	for ply := 0; ply < 30 && !m.Over(); ply++ {
		x := m.Explore()
		x.SetLazy(true)
		gp := newGroupPlayout(g)
		if ply%2 == 1 {
			gp.rp = newReplies(len(g.Board.Locs)) // the replies change the playouts only
		}
		best, ok, err := mc.chooseOnBoard(m, x, gp, pol, true, r, 0)
		if err != nil || !ok {
			t.Fatalf("ply %d: chooseOnBoard %v, %v", ply, ok, err)
		}
		if best < 0 || best >= len(m.Legal()) {
			t.Fatalf("ply %d: turn %d of %d", ply, best, len(m.Legal()))
		}
		root, _ := mc.kept.take(m, true)
		if root == nil || root.visits < 400 {
			t.Fatalf("ply %d: no kept root, or too few visits", ply)
		}
		y := m.Explore()
		var walk func(n *node, depth int)
		walk = func(n *node, depth int) {
			nodes++
			if n.hash != y.State().Hash || n.over != y.Over() {
				t.Fatalf("ply %d depth %d: node's hash or end differs from the match's", ply, depth)
			}
			if n.over {
				return
			}
			if !sameTurns(y, n.locs) {
				t.Fatalf("ply %d depth %d: node's turns %v are not the match's", ply, depth, n.locs)
			}
			for i, c := range n.children {
				if c == nil || depth > 3 {
					continue
				}
				if err := y.Play(i); err != nil {
					t.Fatal(err)
				}
				walk(c, depth+1)
				y.Undo()
			}
		}
		walk(root, 0)
		mc.kept.put(m, root, 0)
		if err := m.Play(best); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d nodes compared with the match, %d turns played, over %v: %v", nodes, len(m.History()), m.Over(), m.Result())
	if nodes < 3000 {
		t.Fatal("too few nodes compared")
	}
}

// TestGroupSave: a group of the mover's in atari next to the last drop is saved by
// capturing an enemy group in atari that touches it, and nothing is played where no
// group of the mover's next to the last drop is in atari.
func TestGroupSave(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	gp := newGroupPlayout(g)
	if gp == nil {
		t.Fatal("Go's rules are not played on a group board")
	}
	at := func(n string) engine.Loc { return g.Board.LocIndex(n) }
	// Black's e5 has one liberty (e4); White's d5 beside it has one (d4): Black saves
	// e5 by taking d5 on d4. White's last drop was e6.
	s := goPosition(t, g, "e5 c5 d6", "d5 f5 e6")
	x := explorer(t, g, s)
	if err := gp.b.Load(s); err != nil {
		t.Fatal(err)
	}
	gp.rule, gp.window = x.RepeatRule()
	gp.forget()
	if got := gp.save(x, at("e6"), 0); got != at("d4") {
		t.Fatalf("save played %v, want d4 (%v)", got, at("d4"))
	}
	if c := gp.b.Cells()[at("d5")]; !c.IsEmpty() {
		t.Fatal("d5 was not captured")
	}
	// Far from the last drop (a9), nothing is saved.
	if err := gp.b.Load(s); err != nil {
		t.Fatal(err)
	}
	if got := gp.save(x, at("a9"), 0); got != engine.NoLoc {
		t.Fatalf("save played %v with no group in atari next to the last drop", got)
	}
	// White has no group of its own in atari next to e6.
	if got := gp.save(x, at("e6"), 1); got != engine.NoLoc {
		t.Fatalf("save played %v for White", got)
	}
}

// TestGroupStones: Stones lists a group as a flood fill through the board's neighbours
// finds it, in positions from random games.
func TestGroupStones(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	b, err := g.NewGroupBoard()
	if err != nil {
		t.Fatal(err)
	}
	pol := newPolicy(g)
	r := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for game := range 4 {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 30+20*game && !m.Over(); ply++ {
			if err := m.Play(pol.pick(m, r)); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Load(m.State()); err != nil {
			t.Fatal(err)
		}
		cells := b.Cells()
		for l := range cells {
			if cells[l].IsEmpty() {
				if len(b.Stones(engine.Loc(l), nil)) != 0 {
					t.Fatal("an empty position has stones")
				}
				continue
			}
			want := map[engine.Loc]bool{engine.Loc(l): true}
			front := []engine.Loc{engine.Loc(l)}
			for len(front) > 0 {
				v := front[len(front)-1]
				front = front[:len(front)-1]
				for _, n := range b.Neighbours(v) {
					if n != engine.NoLoc && !want[n] && !cells[n].IsEmpty() && cells[n].Player() == cells[l].Player() {
						want[n] = true
						front = append(front, n)
					}
				}
			}
			got := b.Stones(engine.Loc(l), nil)
			seen := map[engine.Loc]bool{}
			for _, v := range got {
				if !want[v] || seen[v] {
					t.Fatalf("Stones(%s) lists %s, not in the group or twice", g.Board.Locs[l].Name, g.Board.Locs[v].Name)
				}
				seen[v] = true
			}
			if len(got) != len(want) {
				t.Fatalf("Stones(%s): %d stones, the fill finds %d", g.Board.Locs[l].Name, len(got), len(want))
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d stones checked", checked)
	}
}

// TestGroupRing: in Go the playouts' ring around a point is the eight points around it
// (fewer at the edge), and its near positions add the four two steps away.
func TestGroupRing(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	gp := newGroupPlayout(g)
	if gp == nil {
		t.Fatal("Go's rules are not played on a group board")
	}
	names := func(ls []engine.Loc) string {
		var out []string
		for _, l := range ls {
			out = append(out, g.Board.Locs[l].Name)
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	for _, tt := range []struct{ at, ring, near string }{
		{"e5", "d4 d5 d6 e4 e6 f4 f5 f6", "c5 d4 d5 d6 e3 e4 e6 e7 f4 f5 f6 g5"},
		{"a1", "a2 b1 b2", "a2 a3 b1 b2 c1"},
		{"a5", "a4 a6 b4 b5 b6", "a3 a4 a6 a7 b4 b5 b6 c5"},
	} {
		l := g.Board.LocIndex(tt.at)
		if got := names(gp.ring[l]); got != tt.ring {
			t.Errorf("ring of %s: %s, want %s", tt.at, got, tt.ring)
		}
		if got := names(gp.near[l]); got != tt.near {
			t.Errorf("near of %s: %s, want %s", tt.at, got, tt.near)
		}
	}
}
