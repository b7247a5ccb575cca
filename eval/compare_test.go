package eval_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// This file is the one comparison of the tests that a shortcut changes nothing: two
// lists of turns are the same when every turn has the same parts (changes,
// continuation, pass, text, rule and move type), the same end-of-turn changes and the
// same state after it, field by field, hash included.

// diffTurns describes the first difference between want and got, printing both turns
// whole, or returns "".
func diffTurns(want, got []eval.Turn) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return fmt.Sprintf("%d turns against %d; the first missing, turn %d:\n  want %s", len(want), len(got), i, showTurn(&want[i]))
		case i >= len(want):
			return fmt.Sprintf("%d turns against %d; the first extra, turn %d:\n  got  %s", len(want), len(got), i, showTurn(&got[i]))
		}
		if d := diffTurn(&want[i], &got[i]); d != "" {
			return fmt.Sprintf("turn %d of %d: %s\n  want %s\n  got  %s", i, len(want), d, showTurn(&want[i]), showTurn(&got[i]))
		}
	}
	return ""
}

// sameTurn reports whether a and b are the same turn, in everything diffTurns compares.
func sameTurn(a, b *eval.Turn) bool { return diffTurn(a, b) == "" }

// diffTurn names the first thing in which a and b differ, or returns "".
func diffTurn(a, b *eval.Turn) string {
	if len(a.Parts) != len(b.Parts) {
		return fmt.Sprintf("%d parts against %d", len(a.Parts), len(b.Parts))
	}
	for j := range a.Parts {
		p, q := &a.Parts[j], &b.Parts[j]
		if !p.Equal(q) || p.Rule != q.Rule || p.Type != q.Type {
			return fmt.Sprintf("part %d", j)
		}
	}
	if !slices.Equal(a.End, b.End) {
		return "the end-of-turn changes"
	}
	switch {
	case a.After == nil && b.After == nil:
		return ""
	case a.After == nil || b.After == nil:
		return "a state after one only"
	}
	if d := stateDiff(a.After, b.After); d != "" {
		return "the state after: " + d
	}
	return ""
}

// stateDiff names the first field in which two states differ, or returns "".
func stateDiff(a, b *engine.State) string {
	for _, f := range []struct {
		name string
		same bool
	}{
		{"Hash", a.Hash == b.Hash},
		{"Cells", slices.Equal(a.Cells, b.Cells)},
		{"Turn", a.Turn == b.Turn},
		{"Ply", a.Ply == b.Ply},
		{"LastFrom", a.LastFrom == b.LastFrom},
		{"LastTo", a.LastTo == b.LastTo},
		{"Cont", a.Cont == b.Cont},
		{"ContType", a.ContType == b.ContType},
		{"Out", a.Out == b.Out},
		{"Jump", a.Jump == b.Jump},
		{"Passes", a.Passes == b.Passes},
		{"Stock", slices.Equal(a.Stock, b.Stock)},
		{"Vals", slices.Equal(a.Vals, b.Vals)},
		{"Under", slices.Equal(a.Under, b.Under)},
	} {
		if !f.same {
			return f.name
		}
	}
	return ""
}

// showTurn writes a turn whole: its parts, its end-of-turn changes and the state after.
func showTurn(t *eval.Turn) string {
	var b strings.Builder
	for j := range t.Parts {
		p := &t.Parts[j]
		fmt.Fprintf(&b, "part %d {changes %+v cont %d type %d rule %d pass %v text %q} ", j, p.Changes, p.Cont, p.Type, p.Rule, p.Pass, p.Text)
	}
	if len(t.End) > 0 {
		fmt.Fprintf(&b, "end %+v ", t.End)
	}
	if s := t.After; s != nil {
		fmt.Fprintf(&b, "after {hash %x turn %d ply %d last %d-%d cont %d/%d out %d jump %d passes %d stock %v vals %v cells %v}",
			s.Hash, s.Turn, s.Ply, s.LastFrom, s.LastTo, s.Cont, s.ContType, s.Out, s.Jump, s.Passes, s.Stock, s.Vals, s.Cells)
	} else {
		b.WriteString("no state after")
	}
	return b.String()
}

// comparison says how compareOff plays: seeds random games of up to plies plies (random
// streams seed, stream), stopping early once limit has passed (0: no limit), comparing
// AllTurns's lists too when all is set; it fails when it compared fewer than min
// positions.
type comparison struct {
	seeds, plies int
	stream       uint64
	limit        time.Duration
	min          int
	all          bool
}

// atLeast is the fewest positions a comparison of seeds games of up to plies plies
// must compare: six plies of each game (or all of them, when fewer), which a game that
// ends on its own reaches.
func atLeast(seeds, plies int) int { return seeds * min(plies, 6) }

// offWhen is s when on is false, and no shortcut when it is true.
func offWhen(on bool, s eval.Shortcut) eval.Shortcut {
	if on {
		return 0
	}
	return s
}

// compareOff plays random games of g and compares the turns of every position with
// every shortcut on and with the shortcuts off and eng off, by diffTurns: it names them
// and prints the first difference, and it fails when it compared fewer than c.min
// positions. It returns the positions and the turns compared, and leaves every
// shortcut of g on.
func compareOff(t *testing.T, g *eval.Game, off eval.Shortcut, eng engine.Shortcut, c comparison) (positions, turns int) {
	t.Helper()
	defer g.SetOff(0, 0)
	with, without := g.NewWorkspace(), g.NewWorkspace()
	what := off.String()
	switch {
	case off == 0 && eng != 0:
		what = "the engine's " + eng.String()
	case eng != 0:
		what += " and the engine's " + eng.String()
	}
	var deadline time.Time
	if c.limit > 0 {
		deadline = time.Now().Add(c.limit)
	}
	lists := []bool{false}
	if c.all {
		lists = append(lists, true)
	}
	stopped := false
games:
	for seed := uint64(1); seed <= uint64(c.seeds); seed++ {
		rng := rand.New(rand.NewPCG(seed, c.stream))
		s := g.NewState()
		for ply := 0; ply < c.plies; ply++ {
			if c.limit > 0 && time.Now().After(deadline) {
				stopped = true
				break games
			}
			positions++
			var next *engine.State
			for _, all := range lists {
				g.SetOff(0, 0)
				want, err := turnsOf(with, s, all)
				g.SetOff(off, eng)
				got, err2 := turnsOf(without, s, all)
				if (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
					t.Fatalf("seed %d ply %d: error %v with every shortcut, %v with %s off", seed, ply, err, err2, what)
				}
				if err != nil {
					continue games
				}
				if d := diffTurns(want, got); d != "" {
					t.Fatalf("seed %d ply %d (all turns %v): with every shortcut, and with %s off: %s", seed, ply, all, what, d)
				}
				turns += len(want)
				if !all && len(want) > 0 {
					next = want[rng.IntN(len(want))].After.Clone()
				}
			}
			if next == nil {
				break
			}
			s = next
		}
	}
	if positions < c.min {
		t.Fatalf("%s off: compared %d positions (%d turns), fewer than %d (stopped by the time limit: %v)", what, positions, turns, c.min, stopped)
	}
	t.Logf("%s off: compared %d positions, %d turns (stopped by the time limit: %v)", what, positions, turns, stopped)
	return positions, turns
}
