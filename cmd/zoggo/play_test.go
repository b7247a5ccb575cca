package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
)

// tinyJumps is a small game whose turns may have several parts: a man jumps over an enemy
// man and may go on jumping (add-partial), or stop ("pass partial").
const tinyJumps = `
(define step ($1 (verify not-friend?) add))
(define jump ($1 (verify enemy?) capture $1 (verify empty?) (add-partial jumptype)))
(game
   (title "Tiny Jumps")
   (players White Black)
   (turn-order White Black)
   (option "pass partial" true)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions
            ("a/b/c/d/e" (40 0))
            ("5/4/3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
      (symmetry Black (n s) (s n)))
   (piece
      (name Man)
      (moves
         (move-type jumptype)
            (jump n) (jump e) (jump w)
         (move-type steptype)
            (step n) (step e) (step w)))
   (board-setup
      (White (Man a1 c1 e1))
      (Black (Man a2 a4 c3 d5 e5))))
`

func loadTest(t *testing.T, name, text, title string) *eval.Game {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find(title)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPlayTexts walks random games and checks that every turn listed is found again from
// its number, its named text (always unique) and its ZSG text (unless several turns are
// written alike, which is then reported), and that turns of several parts are named with
// " + ".
func TestPlayTexts(t *testing.T) {
	chess, err := eval.LoadFile("../../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	cg, err := chess.Find("")
	if err != nil {
		t.Fatal(err)
	}
	checkers, err := eval.LoadFile("../../games/checkers.zrf")
	if err != nil {
		t.Fatal(err)
	}
	kg, err := checkers.Find("")
	if err != nil {
		t.Fatal(err)
	}
	games := []*eval.Game{cg, kg, loadTest(t, "tiny.zrf", tinyJumps, "Tiny Jumps")}
	multi := 0
	for _, g := range games {
		for seed := uint64(1); seed <= 3; seed++ {
			ps, err := newSession(g, "x.zrf", "", 1, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			for ply := 0; ply < 60 && !ps.m.Over() && !ps.m.MustPass(); ply++ {
				texts := notation.DescribeTurns(g, ps.m.State(), ps.m.Legal())
				seen := map[string]int{}
				for i, tx := range texts {
					if j, dup := seen[tx.Named]; dup {
						t.Fatalf("%s ply %d: turns %d and %d are both named %q", g.Title, ply, j+1, i+1, tx.Named)
					}
					seen[tx.Named] = i
					if got, err := ps.parseMove(tx.Named, texts); err != nil || got != i {
						t.Fatalf("%s ply %d: %q gave %d, %v; want %d", g.Title, ply, tx.Named, got+1, err, i+1)
					}
					if got, err := ps.parseMove(tx.ZSG, texts); err == nil && got != i ||
						err != nil && !strings.Contains(err.Error(), "could be moves") {
						t.Fatalf("%s ply %d: %q gave %d, %v; want %d", g.Title, ply, tx.ZSG, got+1, err, i+1)
					}
					if n := len(ps.m.Legal()[i].Parts); n > 1 {
						multi++
						if strings.Count(tx.Named, " + ") != n-1 || strings.Count(tx.ZSG, "; ") != n-1 {
							t.Fatalf("%s ply %d: a turn of %d parts written %q and %q", g.Title, ply, n, tx.ZSG, tx.Named)
						}
					}
				}
				if err := ps.m.Play(rng.IntN(len(ps.m.Legal()))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if multi == 0 {
		t.Fatal("no turn of several parts was seen")
	}
}

// TestPlaySession drives a game of several-part turns through its input: a jump and its
// continuation typed in named notation, undo, save; the saved game replays.
func TestPlaySession(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "tiny.zrf")
	if err := os.WriteFile(rules, []byte(tinyJumps), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := eval.LoadFile(rules)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find("")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := newSession(g, rules, "", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	// White's first turns include a jump over a3 that goes on over b4.
	texts := notation.DescribeTurns(g, ps.m.State(), ps.m.Legal())
	var double string
	for i, tx := range texts {
		if len(ps.m.Legal()[i].Parts) == 2 {
			double = tx.Named
			break
		}
	}
	if double == "" {
		t.Fatalf("no turn of two parts at the start: %v", texts)
	}
	save := filepath.Join(dir, "game.zsg")
	in := strings.Join([]string{
		"hint",
		strings.ReplaceAll(double, " + ", "   +  "), // spacing does not matter
		"undo",
		"undo",
		"nonsense",
		double,
		"save " + save,
		"quit",
	}, "\n")
	var out bytes.Buffer
	ps.echo = true
	if err := ps.run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Hint: ",
		"1. White (you) plays ",
		" + ",
		"Took back your last move and the reply to it.",
		"Nothing to undo: you have not moved yet.",
		`"nonsense" is not a legal move; type a number from 1 to `,
		"Saved 2 turns to " + save,
		"Game left unfinished. Bye.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if t.Failed() {
		return
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("RulesFile=tiny.zrf\r\n")) || !bytes.Contains(data, []byte("partial ")) {
		t.Errorf("saved game:\n%s", data)
	}
	var rout, rerr bytes.Buffer
	root := newRoot()
	root.SetArgs([]string{"replay", save})
	root.SetOut(&rout)
	root.SetErr(&rerr)
	if err := root.Execute(); err != nil {
		t.Fatalf("replay: %v\n%s", err, rerr.String())
	}
	if !strings.Contains(rout.String(), "moves replayed (Tiny Jumps)") {
		t.Errorf("replay: %s", rout.String())
	}
}

// TestPlayEOF: the end of the input leaves the game cleanly, also before any move.
func TestPlayEOF(t *testing.T) {
	g := loadTest(t, "tiny.zrf", tinyJumps, "Tiny Jumps")
	ps, err := newSession(g, "tiny.zrf", "Black", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := ps.run(strings.NewReader(""), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1. White (computer) plays ") || !strings.HasSuffix(out.String(), "End of input: the game is left unfinished.\n") {
		t.Errorf("output:\n%s", out.String())
	}
}
