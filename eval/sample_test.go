package eval_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// sampleGames are games that eval.Game.Sampling serves: with royal pieces, with turns
// of several parts, with neither.
var sampleGames = []struct {
	file, variant string
	seeds, plies  int
}{
	{"games/chess.zrf", "", 6, 500},
	{"games/chess.zrf", "Kiwipete", 3, 80},
	{"games/checkers.zrf", "", 3, 120},
	{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 2, 60},
	{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 2, 60},
}

// sampledLegal asks Sample about each of its candidates in s in turn: the first pick of
// run c draws candidate c; a second pick means that it was rejected. It returns the
// candidates that were not, in order, and how many candidates there were.
func sampledLegal(t *testing.T, ws *eval.Workspace, s *engine.State) (legal []eval.Turn, n int) {
	t.Helper()
	var keep eval.Keeper
	n = -1
	for c := 0; n < 0 || c < n; c++ {
		calls := 0
		pick := func(k int) int {
			calls++
			if calls == 1 {
				if n < 0 {
					n = k
				}
				if k != n {
					t.Fatalf("first pick of %d candidates, want %d", k, n)
				}
				return c
			}
			return 0
		}
		turn, _, err := ws.Sample(s, 1, pick)
		ok := turn != nil
		if err != nil {
			t.Fatal(err)
		}
		if n < 0 { // no candidate at all
			if ok {
				t.Fatal("Sample found a turn without picking one")
			}
			return nil, 0
		}
		if calls == 1 {
			if !ok {
				t.Fatal("Sample picked once and found no turn")
			}
			legal = append(legal, keep.Keep(turn)) // ws is used again
		}
	}
	return legal, n
}

// TestSampleChangesNothing plays random games and checks, in every position, that the
// candidates Sample accepts are the turns Moves lists, in the same order and the same
// turns; that a random pick of Sample is one of them; and that when there is none
// Sample's result is that of Moves.
func TestSampleChangesNothing(t *testing.T) {
	for _, tt := range sampleGames {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			checkSample(t, loadRow(t, tt.file, tt.variant), tt.seeds, tt.plies)
		})
	}
	// Turns of several parts (hops that go on) with royal pieces: the candidates are
	// completed and merged before the draws.
	t.Run("hops", func(t *testing.T) {
		checkSample(t, loadString(t, sampleHops), 8, 80)
	})
	// Chess with every candidate completed before the draws, as games with turns of
	// several parts are.
	t.Run("chess/completed", func(t *testing.T) {
		g := loadRow(t, "games/chess.zrf", "")
		g.SetOff(eval.UseSampleLazy, 0)
		checkSample(t, g, 2, 300)
	})
}

// sampleHops is a game with royal pieces and turns of several parts.
const sampleHops = "(define hop ($1 (verify not-empty?) (if enemy? capture) $1 (verify empty?) (add-partial jump)))\n" +
	"(define step ($1 (verify not-friend?) add))\n" +
	`(game (title "Hops") (players A B) (turn-order A B) ` + board5 + `
(loss-condition (A B) (checkmated K))
(piece (name K) (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
(piece (name H) (moves (move-type jump) (hop n) (hop s) (hop e) (hop w)
   (move-type step) (step n) (step s) (step e) (step w)))
(board-setup (A (K c1) (H a1) (H e1) (H b2) (H d2)) (B (K c5) (H a5) (H e5) (H b4) (H d4))))`

// checkSample plays random games of g and checks, in every position, that the
// candidates Sample accepts are the turns Moves lists, in the same order and the same
// turns; that a random pick of Sample is one of them; and that when there is none
// Sample's result is that of Moves.
func checkSample(t *testing.T, g *eval.Game, seeds, plies int) {
	if !g.Sampling() {
		t.Fatal("Sampling is false")
	}
	full, samp := g.NewWorkspace(), g.NewWorkspace()
	rejected, multi, ended := 0, 0, 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		rng := rand.New(rand.NewPCG(seed, 21))
		s := g.NewState()
		for ply := 0; ply < plies; ply++ {
			res, want, err := full.Moves(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			got, n := sampledLegal(t, samp, s)
			rejected += n - len(got)
			if slices.ContainsFunc(want, func(w eval.Turn) bool { return len(w.Parts) > 1 || w.Parts[0].Cont != engine.NoMoveType }) {
				multi++
			}
			if len(got) != len(want) {
				t.Fatalf("seed %d ply %d: Sample accepts %d of %d candidates, Moves lists %d", seed, ply, len(got), n, len(want))
			}
			for i := range want {
				if !sameTurn(&want[i], &got[i]) {
					t.Fatalf("seed %d ply %d: turn %d differs", seed, ply, i)
				}
			}
			turn, sres, err := samp.Sample(s, 1, rng.IntN)
			ok := turn != nil
			if err != nil {
				t.Fatal(err)
			}
			if ok != (len(want) > 0) {
				t.Fatalf("seed %d ply %d: Sample found a turn %v, Moves lists %d", seed, ply, ok, len(want))
			}
			if !ok {
				if sres.String() != res.String() {
					t.Fatalf("seed %d ply %d: Sample's result %v, Moves' %v", seed, ply, sres, res)
				}
				ended++
				break
			}
			if !slices.ContainsFunc(want, func(w eval.Turn) bool { return sameTurn(&w, turn) }) {
				t.Fatalf("seed %d ply %d: Sample's turn is not legal", seed, ply)
			}
			s = turn.After.Clone()
		}
	}
	t.Logf("%d candidates rejected; %d positions with turns of several parts, %d without a turn", rejected, multi, ended)
}

// TestSampleUniform checks that Sample picks uniformly among the legal turns where most
// candidates are illegal: in chess positions where the side to move is in check, found
// by random play, each legal turn is drawn about as often as the others (a chi-squared
// test at the 0.1% level; the seeds are fixed, so the test is deterministic).
func TestSampleUniform(t *testing.T) {
	g := loadRow(t, "games/chess.zrf", "")
	ws, full := g.NewWorkspace(), g.NewWorkspace()
	rng := rand.New(rand.NewPCG(7, 16))
	s := g.NewState()
	tested := 0
	for ply := 0; ply < 2000 && tested < 4; ply++ {
		res, legal, err := full.Moves(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		if res.Over || len(legal) == 0 {
			s, ply = g.NewState(), 0
			continue
		}
		n := 0
		if _, _, err := ws.Sample(s, 1, func(k int) int { n = max(n, k); return 0 }); err != nil {
			t.Fatal(err)
		}
		// A position where most candidates are illegal and a few turns are legal.
		if l := len(legal); l >= 3 && l <= 12 && n >= 2*l {
			tested++
			const per = 2000
			count := make([]int, l)
			for range per * l {
				turn, _, err := ws.Sample(s, 1, rng.IntN)
				if err != nil || turn == nil {
					t.Fatalf("Sample: %v %v", turn != nil, err)
				}
				i := slices.IndexFunc(legal, func(w eval.Turn) bool { return sameTurn(&w, turn) })
				if i < 0 {
					t.Fatal("Sample's turn is not legal")
				}
				count[i]++
			}
			chi := 0.0
			for _, c := range count {
				d := float64(c - per)
				chi += d * d / per
			}
			// The 99.9% quantile of chi-squared with l-1 degrees of freedom, by the
			// Wilson–Hilferty approximation.
			k := float64(l - 1)
			z := 3.090
			limit := k * math.Pow(1-2/(9*k)+z*math.Sqrt(2/(9*k)), 3)
			t.Logf("ply %d: %d legal of %d candidates, counts %v, chi2 %.1f (limit %.1f)", ply, l, n, count, chi, limit)
			if chi > limit {
				t.Errorf("ply %d: counts %v are not uniform: chi2 %.1f > %.1f", ply, count, chi, limit)
			}
		}
		s = legal[rng.IntN(len(legal))].After.Clone()
	}
	if tested < 4 {
		t.Fatalf("found %d positions to test, want 4", tested)
	}
}

// TestSampleNoRoyal checks that in a game without royal pieces Sample picks once, with
// the number of legal turns, and returns the turn of that index in Moves' list: a seed
// plays the same game as before the sampler.
func TestSampleNoRoyal(t *testing.T) {
	g := loadRow(t, "games/checkers.zrf", "")
	ws, full := g.NewWorkspace(), g.NewWorkspace()
	rng := rand.New(rand.NewPCG(3, 16))
	s := g.NewState()
	for ply := 0; ply < 200; ply++ {
		_, legal, err := full.Moves(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(legal) == 0 {
			break
		}
		i, calls := rng.IntN(len(legal)), 0
		turn, _, err := ws.Sample(s, 1, func(k int) int {
			calls++
			if k != len(legal) {
				t.Fatalf("ply %d: pick(%d), want pick(%d)", ply, k, len(legal))
			}
			return i
		})
		if err != nil || turn == nil || calls != 1 {
			t.Fatalf("ply %d: Sample: a turn %v, %d picks, %v", ply, turn != nil, calls, err)
		}
		if !sameTurn(&legal[i], turn) {
			t.Fatalf("ply %d: Sample's turn is not turn %d of Moves", ply, i)
		}
		s = turn.After.Clone()
	}
}

// TestSampleRefuses checks that Sample, Goals and Moves refuse a game Sampling does not
// serve, and a pick out of range.
func TestSampleRefuses(t *testing.T) {
	g := loadRow(t, "games/international.zrf", "") // maximal captures
	if g.Sampling() {
		t.Fatal("Sampling is true with maximal captures")
	}
	ws := g.NewWorkspace()
	if _, _, err := ws.Sample(g.NewState(), 1, func(int) int { return 0 }); err == nil {
		t.Error("Sample: no error")
	}
	// Goals and Moves serve it all the same (TwoSteps): their turns are Outcome's.
	if !g.TwoSteps() {
		t.Fatal("TwoSteps is false for a game of two players")
	}
	if _, decided, err := ws.Goals(g.NewState(), 1, 1); err != nil || decided {
		t.Errorf("Goals: %v, decided %v", err, decided)
	}
	_, moves, err := ws.Moves(g.NewState(), 1)
	_, turns, err2 := g.NewWorkspace().Outcome(g.NewState(), 1, 1)
	if err != nil || err2 != nil || len(moves) != len(turns) || len(turns) == 0 {
		t.Errorf("Moves: %d turns (%v), Outcome %d (%v)", len(moves), err, len(turns), err2)
	}
	// Three players who choose: a loss may eliminate one, and Outcome checks again.
	three := evaltest.LoadText(t, "three.zrf", `
(game
   (title "Three")
   (players A B C)
   (turn-order A B C)
   (board (grid (start-rectangle 0 0 40 40) (dimensions ("a/b/c" (40 0)) ("1" (0 40))) (directions (e 1 0) (w -1 0))))
   (piece (name Man) (drops ((verify empty?) add)))
   (win-condition (A B C) (pieces-remaining 0)))`)
	if three.TwoSteps() {
		t.Fatal("TwoSteps is true with three players who choose")
	}
	tw := three.NewWorkspace()
	if _, _, err := tw.Goals(three.NewState(), 0, 1); err == nil {
		t.Error("Goals with three players: no error")
	}
	if _, _, err := tw.Moves(three.NewState(), 1); err == nil {
		t.Error("Moves with three players: no error")
	}
	c := loadRow(t, "games/chess.zrf", "")
	if _, _, err := c.NewWorkspace().Sample(c.NewState(), 1, func(n int) int { return n }); err == nil {
		t.Error("Sample with a pick out of range: no error")
	}
}
