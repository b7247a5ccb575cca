package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestRepetitionGated draws conditions of repetition tests, ands, ors, nots and tests of
// pieces that hold or not, and checks that none that repetitionGated admits holds in a
// position that occurred fewer than three times; and that it admits the conditions that
// hold only there.
func TestRepetitionGated(t *testing.T) {
	f, err := LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Game(0)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	rng := rand.New(rand.NewPCG(3, 27))
	var draw func(depth int) *engine.Cond
	draw = func(depth int) *engine.Cond {
		k := rng.IntN(6)
		if depth == 0 {
			k = rng.IntN(3)
		}
		switch k {
		case 0:
			return &engine.Cond{Op: engine.CondRepetition}
		case 1:
			return &engine.Cond{Op: engine.CondStalemated} // holds
		case 2:
			return &engine.Cond{Op: engine.CondPiecesRemaining, N: 99} // fails
		case 3:
			return &engine.Cond{Op: engine.CondNot, Args: []*engine.Cond{draw(depth - 1)}}
		}
		op := engine.CondAnd
		if k == 5 {
			op = engine.CondOr
		}
		c := &engine.Cond{Op: op}
		for range 1 + rng.IntN(3) {
			c.Args = append(c.Args, draw(depth-1))
		}
		return c
	}
	gated, repeated := 0, 0
	for range 5000 {
		c := draw(3)
		onlyRepeated := true // holds with three repetitions at most where it holds
		for reps := 0; reps < 3; reps++ {
			if g.holds(c, s, 0, reps) {
				onlyRepeated = false
			}
		}
		if repetitionGated(c) {
			gated++
			if !onlyRepeated {
				t.Fatalf("%s: repetitionGated, but it holds with fewer than three repetitions", condString(g, c))
			}
		}
		if onlyRepeated && g.holds(c, s, 0, 3) {
			repeated++
		}
	}
	if gated < 500 {
		t.Errorf("only %d of the conditions drawn were repetitionGated", gated)
	}
	t.Logf("%d conditions repetitionGated, %d hold only with three repetitions", gated, repeated)
	if !g.sample.firstRepeated {
		t.Error("chess's draw by repetition is not repetitionGated")
	}
}

// TestFirstHeldRepeated plays random chess and compares, after each turn and for counts
// of repetitions from 1 to 4, what goalsFirst and Goals decide with the goals
// repetitionGated skips and with every goal checked.
func TestFirstHeldRepeated(t *testing.T) {
	f, err := LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Game(0)
	if err != nil {
		t.Fatal(err)
	}
	if !g.sample.firstRepeated {
		t.Fatal("chess's draw by repetition is not repetitionGated")
	}
	ws := g.NewWorkspace()
	rng := rand.New(rand.NewPCG(9, 2))
	compared, decided := 0, 0
	for game := 0; game < 4; game++ {
		s := g.NewState()
		for ply := 0; ply < 200; ply++ {
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) == 0 {
				break
			}
			_, mover := g.Side(s)
			s = turns[rng.IntN(len(turns))].After.Clone()
			for reps := 1; reps <= 4; reps++ {
				g.sample.firstRepeated = true
				r1, d1, a1 := g.goalsFirst(s, mover, reps, ws)
				g.sample.firstRepeated = false
				r2, d2, a2 := g.goalsFirst(s, mover, reps, ws)
				g.sample.firstRepeated = true
				if d1 != d2 || a1 != a2 || r1.String() != r2.String() {
					t.Fatalf("game %d ply %d reps %d: skipping %v %v %v, checking %v %v %v", game, ply, reps, r1, d1, a1, r2, d2, a2)
				}
				// Goals, which leaves out goalsFirst where it would skip them.
				g.sample.firstRepeated = true
				r3, d3, err3 := ws.Goals(s, mover, reps)
				g.sample.firstRepeated = false
				r4, d4, err4 := ws.Goals(s, mover, reps)
				g.sample.firstRepeated = true
				if err3 != nil || err4 != nil || d3 != d4 || d3 != d1 || r3.String() != r4.String() {
					t.Fatalf("game %d ply %d reps %d: Goals skipping %v %v %v, checking %v %v %v", game, ply, reps, r3, d3, err3, r4, d4, err4)
				}
				if d1 {
					decided++
				}
				compared++
			}
		}
	}
	if compared < 1000 || decided == 0 {
		t.Errorf("%d positions compared, %d decided", compared, decided)
	}
}
