package match_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// board3 is a 3x3 board for the small rules files of these tests.
const board3 = `
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))`

// chance has a random player ?Chance with no piece: it can never move, so it passes after
// each real player's turn. White's man walks north to a3 and wins there.
const chance = `
(game
   (title "Chance")
   (players White Black ?Chance)
   (turn-order White ?Chance Black ?Chance)` + board3 + `
   (piece (name Man) (moves (n (verify empty?) add) (e (verify empty?) add)))
   (board-setup (White (Man a1)) (Black (Man c1)))
   (win-condition (White Black) (absolute-config Man (a3))))
`

// nobody has only random players and no piece: nobody can ever move.
const nobody = `
(game
   (title "Nobody")
   (players ?A ?B)
   (turn-order ?A ?B)` + board3 + `
   (piece (name Man) (moves (n (verify empty?) add))))
`

// stuck's first player has no move and may not pass.
const stuck = `
(game
   (title "Stuck")
   (players White Black)
   (turn-order White Black)` + board3 + `
   (piece (name Man) (moves (n (verify empty?) add)))
   (board-setup (White (Man a3)) (Black (Man c1))))
`

// three has three players; a player who loses his man is out, and the game goes on
// between the two others.
const three = `
(game
   (title "Three")
   (players A B C)
   (turn-order A B C)` + board3 + `
   (piece (name Man) (moves
      (n (verify not-friend?) add) (e (verify not-friend?) add)
      (s (verify not-friend?) add) (w (verify not-friend?) add)))
   (board-setup (A (Man a1 a2)) (B (Man c1)) (C (Man b3)))
   (loss-condition (A B C) (pieces-remaining 0)))
`

// trap's man loops for ever in its move code once it stands on b2 with b3 empty.
const trap = `
(game
   (title "Trap")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
      (zone (name trap) (players White Black) (positions b2)))
   (piece (name Man) (moves
      (n (verify empty?) add)
      (e (verify empty?) add)
      ((verify (in-zone? trap)) n (while empty? mark))))
   (board-setup (White (Man a2)) (Black (Man c1))))
`

func load(t *testing.T, name, src string) *eval.Game {
	t.Helper()
	if src == "" {
		return evaltest.Load(t, name)
	}
	return evaltest.LoadText(t, name, src)
}

func start(t *testing.T, g *eval.Game) *match.Match {
	t.Helper()
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// play makes the turn written text (the squares of its first part, "a1-a2"), or fails.
func play(t *testing.T, m *match.Match, text string) {
	t.Helper()
	g := m.Game()
	for i, tu := range m.Legal() {
		p := &tu.Parts[0]
		if !p.Pass && g.Board.Locs[p.Source()].Name+"-"+g.Board.Locs[p.Dest()].Name == text {
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("%q is not legal", text)
}

func TestPass(t *testing.T) {
	m := start(t, load(t, "chance.zrf", chance))
	play(t, m, "a1-a2")
	if !m.MustPass() || len(m.Legal()) != 1 || !m.Legal()[0].Parts[0].Pass {
		t.Fatalf("?Chance cannot move: MustPass %v, legal %d turns", m.MustPass(), len(m.Legal()))
	}
	if got := m.Game().Players[m.Mover()].Name; got != "?Chance" {
		t.Fatalf("mover %s, want ?Chance", got)
	}
	before := m.State()
	if err := m.Play(0); err != nil {
		t.Fatal(err)
	}
	s := m.State()
	if got := m.Game().Players[m.Mover()].Name; got != "Black" {
		t.Errorf("after the pass %s moves, want Black", got)
	}
	// The pass is made like any part: no last move, one more ply, the same pieces.
	if s.LastFrom != engine.NoLoc || s.LastTo != engine.NoLoc || s.Ply != before.Ply+1 {
		t.Errorf("after the pass: last move %d-%d, ply %d (before %d)", s.LastFrom, s.LastTo, s.Ply, before.Ply)
	}
	if d := cmp.Diff(before.Cells, s.Cells); d != "" {
		t.Errorf("the pass moved pieces (-before +after):\n%s", d)
	}
	h := m.History()
	if len(h) != 2 || !h[1].Forced || h[0].Forced || !h[1].Turn.Parts[0].Pass {
		t.Errorf("history: %+v", h)
	}
	if m.MustPass() || m.Over() {
		t.Errorf("Black can move: MustPass %v, over %v", m.MustPass(), m.Over())
	}
}

func TestNobodyCanMove(t *testing.T) {
	t.Run("random players", func(t *testing.T) {
		m := start(t, load(t, "nobody.zrf", nobody))
		// ?A passes, ?B passes; a third pass in a row would go round the turn order again.
		for i := 0; i < 2; i++ {
			if !m.MustPass() {
				t.Fatalf("turn %d: MustPass is false", i+1)
			}
			if err := m.Play(0); err != nil {
				t.Fatal(err)
			}
		}
		r := m.Result()
		if !r.Over || !r.Draw || r.Reason != "no player can move" || m.Legal() != nil {
			t.Fatalf("after two passes: %v, %d legal turns", r, len(m.Legal()))
		}
		if err := m.Play(0); err == nil {
			t.Error("Play after the end: no error")
		}
		if !m.Undo() || m.Over() || !m.MustPass() {
			t.Errorf("Undo did not reopen the game: %v, MustPass %v", m.Result(), m.MustPass())
		}
	})
	t.Run("first player stuck", func(t *testing.T) {
		m := start(t, load(t, "stuck.zrf", stuck))
		if r := m.Result(); !r.Draw || r.Reason != "no player can move" || len(m.Legal()) != 0 {
			t.Fatalf("result %v, %d legal turns", r, len(m.Legal()))
		}
	})
}

func TestRepetition(t *testing.T) {
	m := start(t, load(t, "../games/chess.zrf", ""))
	if m.Repetitions() != 1 {
		t.Fatalf("start: %d repetitions", m.Repetitions())
	}
	round := []string{"g1-f3", "g8-f6", "f3-g1", "f6-g8"}
	for r := 2; r <= 3; r++ {
		for i, mv := range round {
			if m.Over() {
				t.Fatalf("over before %s: %v", mv, m.Result())
			}
			play(t, m, mv)
			if i == 0 && m.Repetitions() != r-1 {
				t.Errorf("round %d after %s: %d repetitions, want %d", r, mv, m.Repetitions(), r-1)
			}
		}
		if m.Repetitions() != r {
			t.Errorf("start position reached %d times, counted %d", r, m.Repetitions())
		}
	}
	res := m.Result()
	if !res.Over || !res.Draw || !strings.Contains(res.Reason, "repetition") {
		t.Fatalf("third occurrence: %v", res)
	}
	m.Undo()
	if m.Over() || m.Repetitions() != 2 {
		t.Errorf("undone: over %v, %d repetitions of f6 (want 2)", m.Over(), m.Repetitions())
	}
	play(t, m, "f6-g8")
	if !m.Over() || m.Repetitions() != 3 {
		t.Errorf("replayed: over %v, %d repetitions", m.Over(), m.Repetitions())
	}
}

func TestMoveNumber(t *testing.T) {
	t.Run("passes", func(t *testing.T) {
		// White ?Chance Black ?Chance is one round: one number for four turns.
		m := start(t, load(t, "chance.zrf", chance))
		var got []int
		for _, mv := range []string{"a1-a2", "", "c1-c2", "", "a2-b2", ""} {
			got = append(got, m.MoveNumber())
			if mv == "" {
				if err := m.Play(0); err != nil {
					t.Fatal(err)
				}
			} else {
				play(t, m, mv)
			}
		}
		got = append(got, m.MoveNumber())
		if d := cmp.Diff([]int{1, 1, 1, 1, 2, 2, 2}, got); d != "" {
			t.Errorf("move numbers (-want +got):\n%s", d)
		}
		for i, p := range m.History() {
			if p.Num != got[i] {
				t.Errorf("turn %d recorded as number %d, want %d", i+1, p.Num, got[i])
			}
		}
	})
	t.Run("turns of several parts", func(t *testing.T) {
		// In checkers a turn of two jumps is one turn: numbers grow per round of turns.
		m := start(t, load(t, "../games/checkers.zrf", ""))
		rng := rand.New(rand.NewPCG(3, 4))
		multi := 0
		for ply := 0; ply < 120 && !m.Over(); ply++ {
			if want := ply/2 + 1; m.MoveNumber() != want {
				t.Fatalf("ply %d: move number %d, want %d", ply, m.MoveNumber(), want)
			}
			i := rng.IntN(len(m.Legal()))
			if len(m.Legal()[i].Parts) > 1 {
				multi++
			}
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
		}
		if multi == 0 {
			t.Error("no turn of several parts was played")
		}
	})
}

// snapshot is what Undo must restore.
type snapshot struct {
	Hash, StateHash     uint64
	Ply, Reps, Num, Len int
	Legal               []uint64
	MustPass            bool
	Result              string
}

func snap(m *match.Match) snapshot {
	// The whole result, not only its words: Undo restores the result of a position not
	// over as the zero Result (match's frame).
	r := m.Result()
	s := snapshot{Hash: m.State().Hash, StateHash: m.Game().FullHash(m.State()), Ply: m.State().Ply,
		Reps: m.Repetitions(), Num: m.MoveNumber(), Len: len(m.History()), MustPass: m.MustPass(),
		Result: fmt.Sprintf("%s|%v %v %v %v %q %p %d", r, r.Over, r.Draw, r.Winners, r.Losers, r.Reason, r.Goal, r.For)}
	for _, t := range m.Legal() {
		s.Legal = append(s.Legal, t.After.Hash)
	}
	return s
}

func TestUndo(t *testing.T) {
	for _, tt := range []struct{ name, file, src string }{
		{"chess", "../games/chess.zrf", ""},
		{"checkers", "../games/checkers.zrf", ""},
		{"chance", "chance.zrf", chance},
		{"nobody", "nobody.zrf", nobody},
		{"three", "three.zrf", three},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := load(t, tt.file, tt.src)
			for seed := uint64(1); seed <= 3; seed++ {
				m := start(t, g)
				rng := rand.New(rand.NewPCG(seed, 1))
				var snaps []snapshot
				for ply := 0; ply < 150 && !m.Over(); ply++ {
					snaps = append(snaps, snap(m))
					if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
						t.Fatal(err)
					}
				}
				end := snap(m)
				c := m.Clone()
				for i := len(snaps) - 1; i >= 0; i-- {
					if !m.Undo() {
						t.Fatalf("Undo at turn %d reported nothing to undo", i+1)
					}
					if d := cmp.Diff(snaps[i], snap(m)); d != "" {
						t.Fatalf("seed %d: after undoing turn %d (-before it +after undo):\n%s", seed, i+1, d)
					}
				}
				if m.Undo() {
					t.Error("Undo at the start reported a turn")
				}
				if d := cmp.Diff(end, snap(c)); d != "" {
					t.Errorf("undoing the match changed its clone (-want +got):\n%s", d)
				}
			}
		})
	}
}

// TestExplore walks the tree of turns of a position with an explorer and checks every
// node against a match played to it from the start, and that the match explored from is
// unchanged.
func TestExplore(t *testing.T) {
	g := load(t, "../games/checkers.zrf", "")
	m := start(t, g)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 20; i++ {
		if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
			t.Fatal(err)
		}
	}
	before := snap(m)
	x := m.Explore()
	var path []int
	nodes := 0
	var walk func(depth int)
	walk = func(depth int) {
		nodes++
		if nodes%7 == 0 {
			// A fresh match played along the path sees the same node.
			c := start(t, g)
			for _, p := range m.History() {
				i := indexOf(c, p.Turn.After.Hash)
				if err := c.Play(i); err != nil {
					t.Fatal(err)
				}
			}
			for _, i := range path {
				if err := c.Play(i); err != nil {
					t.Fatal(err)
				}
			}
			if d := cmp.Diff(snap(c), snap(x)); d != "" {
				t.Fatalf("path %v (-played +explored):\n%s", path, d)
			}
		}
		if depth == 0 || x.Over() {
			return
		}
		for i := range x.Legal() {
			if err := x.Play(i); err != nil {
				t.Fatal(err)
			}
			path = append(path, i)
			walk(depth - 1)
			path = path[:len(path)-1]
			x.Undo()
		}
	}
	walk(4)
	if nodes < 200 {
		t.Errorf("only %d nodes explored", nodes)
	}
	if d := cmp.Diff(before, snap(m)); d != "" {
		t.Errorf("exploring changed the match (-before +after):\n%s", d)
	}
	if d := cmp.Diff(before, snap(x)); d != "" {
		t.Errorf("the explorer did not come back (-before +after):\n%s", d)
	}
}

func indexOf(m *match.Match, after uint64) int {
	for i, t := range m.Legal() {
		if t.After.Hash == after {
			return i
		}
	}
	return -1
}

// TestPlayError: an error of the rules' move code leaves the match as it was.
func TestPlayError(t *testing.T) {
	m := start(t, load(t, "trap.zrf", trap))
	play(t, m, "a2-b2")
	// Black's only move is c1-c2; then White's man on b2 runs its endless loop.
	before := snap(m)
	err := m.Play(0)
	var ge *eval.GenError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "trap.zrf:15:35: ") || !strings.Contains(err.Error(), "while loop") {
		t.Fatalf("Play: %v, want a while-loop error at trap.zrf:15:35", err)
	}
	if d := cmp.Diff(before, snap(m)); d != "" {
		t.Errorf("the failed Play changed the match (-before +after):\n%s", d)
	}
}

// TestPlayNull: an explorer's null move hands the turn to the other player without
// moving a piece, and Undo brings back the position before it; a match that does not
// explore refuses it.
func TestPlayNull(t *testing.T) {
	g := load(t, "../games/chess.zrf", "")
	m := start(t, g)
	if err := m.PlayNull(); err == nil {
		t.Fatal("a match that does not explore made a null move")
	}
	play(t, m, "e2-e4")
	x := m.Explore()
	before := snap(x)
	mover := x.Mover()
	if err := x.PlayNull(); err != nil {
		t.Fatal(err)
	}
	if x.Mover() == mover {
		t.Fatalf("after the null move %v is still to move", mover)
	}
	for l, c := range x.State().Cells {
		if c != m.State().Cells[l] {
			t.Fatalf("the null move changed position %d", l)
		}
	}
	if len(x.Legal()) == 0 || x.Over() {
		t.Fatal("after the null move the other player has no turn")
	}
	if !x.Undo() {
		t.Fatal("Undo took nothing back")
	}
	if d := cmp.Diff(before, snap(x)); d != "" {
		t.Fatalf("after the null move and Undo (-before +after):\n%s", d)
	}
}
