package eval_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
)

// board5 is a 5x5 grid, files a..e, ranks 5..1, with eight directions; B plays with the
// board turned round.
const board5 = `(board (grid (start-rectangle 0 0 10 10)
   (dimensions ("a/b/c/d/e" (10 0)) ("5/4/3/2/1" (0 10)))
   (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
   (symmetry B (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
   (zone (name last) (players A) (positions a5 b5 c5 d5 e5))
   (zone (name last) (players B) (positions a1 b1 c1 d1 e1)))`

func turnTexts(t *testing.T, g *eval.Game, s *engine.State) []string {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range turns {
		out = append(out, notation.Turn(g, s, &turns[i])+"  ["+turnRule(g, &turns[i])+"]")
	}
	slices.Sort(out)
	return out
}

func turnRule(g *eval.Game, t *eval.Turn) string {
	var r []string
	for i := range t.Parts {
		r = append(r, notation.RuleName(g, &t.Parts[i]))
	}
	return strings.Join(r, "; ")
}

// TestGenerate runs small games that each exercise one feature of move generation and
// compares the legal turns of the first position (after moves, if given).
func TestGenerate(t *testing.T) {
	for _, tt := range []struct {
		name  string
		rules string // pieces, setup and options, inside (game ...)
		after string
		want  []string
	}{
		{"slide stops at the edge and captures an enemy", `
(piece (name R) (moves (slide e)))
(board-setup (A (R a1)) (B (R d1)))`, "",
			[]string{"R a1 - b1  [slide e]", "R a1 - c1  [slide e]", "R a1 x d1  [slide e]"}},
		{"missing neighbour: positive predicates false, not- forms true", `
(piece (name P) (moves
   ((verify (not (enemy? w))) (verify (not-empty? w)) n add)))
(board-setup (A (P a1)))`, "",
			[]string{"P a1 - a2  [P]"}},
		{"promotion choices and symmetry", `
(piece (name P) (moves (n (verify empty?) (if (in-zone? last) (add Q R) else add))))
(piece (name Q)) (piece (name R))
(board-setup (A (P b4)) (B (P d2)))`, "",
			[]string{"P b4 - b5 = Q  [P]", "P b4 - b5 = R  [P]"}},
		{"symmetry turns the board for B", `
(piece (name P) (moves (n (verify empty?) add)))
(board-setup (A (P b4)) (B (P d2)))`, "P b4 - b5",
			[]string{"P d2 - d1  [P]"}},
		{"drops from a stock of one", `
(piece (name S) (drops ((verify empty?) (verify (in-zone? last)) add)))
(board-setup (A (S off 1)) (B (S off 0)))`, "",
			[]string{"A S a5  [drop-S]", "A S b5  [drop-S]", "A S c5  [drop-S]", "A S d5  [drop-S]", "A S e5  [drop-S]"}},
		{"turn order with a move type allows only that type", `
(turn-order (A second) B)
(piece (name P) (moves (move-type first) (n add) (move-type second) (e add)))
(board-setup (A (P a1)))`, "",
			[]string{"P a1 - b1  [P]"}},
		{"cascade moves two pieces", `
(piece (name K) (moves (e e cascade e from back e to add)))
(piece (name R))
(board-setup (A (K a1) (R d1)))`, "",
			[]string{"K a1 - c1 R d1 - b1  [K]"}},
		{"create, flip, change-owner, change-type, capture elsewhere", `
(piece (name P) (moves
   ((create Q n) (flip e) (change-type Q ne) (capture nw) add)))
(piece (name Q))
(board-setup (A (P b1)) (B (P c1) (P c2) (P a2)))`, "",
			[]string{"A Q b2 flip c1 = Q on c2 x a2  [P]"}},
		{"flags and position flags are per block run", `
(piece (name P) (moves
   ((set-flag f true) (set-position-flag g true n) n (verify (flag? f)) (verify (position-flag? g)) add)
   (n (verify (not-flag? f)) (verify (not-position-flag? g)) e add)))
(board-setup (A (P a1)))`, "",
			[]string{"P a1 - a2  [P]", "P a1 - b2  [P]"}},
		{"attributes: default, set at the destination, read back", `
(piece (name P) (attribute fresh? true) (moves
   ((verify fresh?) n (set-attribute fresh? false) add)
   ((verify (not fresh?)) e add)))
(board-setup (A (P a1)) (B (P c5)))`, "P a1 - a2 @ a2 0 0; P c5 - c4 @ c4 0 0",
			[]string{"P a2 - b2  [P]"}},
		{"attacked? counts enemy captures, pretending a piece on an empty square", `
(piece (name K) (moves (n (verify not-attacked?) add) (e (verify not-attacked?) add)))
(piece (name X) (moves (nw (verify enemy?) add)))
(board-setup (A (K a1)) (B (X b3)))`, "",
			[]string{"K a1 - b1  [K]"}},
		{"royal piece: checkmated makes moves into attack illegal", `
(loss-condition (A B) (checkmated K))
(piece (name K) (moves (n add) (e add)))
(piece (name X) (moves (nw (verify enemy?) add)))
(board-setup (A (K a1)) (B (X b3)))`, "",
			[]string{"K a1 - b1  [K]"}},
		{"add-partial chains are followed to every end", `
(piece (name P) (moves (move-type hop) (n (verify empty?) (add-partial hop))))
(board-setup (A (P a3)))`, "",
			[]string{"P a3 - a4; P a4 - a5  [P; P]"}},
		{"pass partial also allows stopping", `
(option "pass partial" true)
(piece (name P) (moves (move-type hop) (n (verify empty?) (add-partial hop))))
(board-setup (A (P a3)))`, "",
			[]string{"P a3 - a4  [P]", "P a3 - a4; P a4 - a5  [P; P]"}},
		{"move-priorities keep unlisted types", `
(move-priorities jump step)
(piece (name P) (moves (move-type jump) (n (verify enemy?) n (verify empty?) add)
   (move-type step) (e add) (move-type other) (w add)))
(board-setup (A (P b1)) (B (P b2)))`, "",
			[]string{"P b1 - a1  [P]", "P b1 - b3  [P]"}},
		{"maximal captures keeps the longest capture", `
(option "maximal captures" true)
(piece (name P) (moves (move-type j)
   (n (verify enemy?) capture n (verify empty?) (add-partial j))
   (e (verify enemy?) capture e (verify empty?) (add-partial j))))
(board-setup (A (P a1)) (B (P a2) (P b3) (P b1)))`, "",
			[]string{"P a1 - a3 x a2; P a3 - c3 x b3  [P; P]"}},
		{"pass turn forced only when nothing else is legal", `
(option "pass turn" forced)
(piece (name P) (moves (n (verify empty?) add)))
(board-setup (A (P a5)))`, "",
			[]string{"Pass  [pass]"}},
		{"pass turn true is always there", `
(option "pass turn" true)
(piece (name P) (moves (n (verify empty?) add)))
(board-setup (A (P a4)))`, "",
			[]string{"P a4 - a5  [P]", "Pass  [pass]"}},
		{"opposite direction", `
(piece (name P) (moves (n (opposite n) (opposite n) add)))
(board-setup (A (P a2)))`, "",
			[]string{"P a2 - a1  [P]"}},
		{"identical moves from two blocks count once", `
(piece (name P) (moves (n add) (n add) (e add)))
(board-setup (A (P a1)))`, "",
			[]string{"P a1 - a2  [P]", "P a1 - b1  [P]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := "(define slide ($1 (while empty? add $1) (verify enemy?) add))\n" +
				`(game (title "T") (players A B) ` + board5 + tt.rules + ")"
			g := loadString(t, src)
			s := g.NewState()
			if tt.after != "" {
				var err error
				if s, err = notation.Play(g, s, tt.after); err != nil {
					t.Fatal(err)
				}
			}
			if d := cmp.Diff(tt.want, turnTexts(t, g, s)); d != "" {
				t.Errorf("turns mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestRecycleCaptures checks that a captured piece goes back to its owner's stock.
func TestRecycleCaptures(t *testing.T) {
	src := `(game (title "T") (players A B) (option "recycle captures" true) ` + board5 + `
(piece (name P) (moves (n add)) (drops ((verify empty?) add)))
(board-setup (A (P a1)) (B (P a2 off 0))))`
	g := loadString(t, src)
	s, err := notation.Play(g, g.NewState(), "P a1 x a2")
	if err != nil {
		t.Fatal(err)
	}
	kB, kP := g.PlayerIndex("B"), g.KindIndex("P")
	if got := s.Stock[int(kB)*len(g.Pieces)+int(kP)]; got != 1 {
		t.Errorf("B's stock of P after the capture = %d, want 1", got)
	}
}

// TestHashIncremental checks that the hash kept by Apply equals the hash computed from
// scratch, along a few hundred plies of chess and checkers.
func TestHashIncremental(t *testing.T) {
	for _, file := range []string{"games/chess.zrf", "games/checkers.zrf", "games/thud.zrf", "games/surakarta.zrf",
		// Dialect games: values, columns and turn-order jumps enter the hash too.
		"games/brazilian.zrf", "games/bashni.zrf", "games/abalone.zrf", "games/ossetian-kena.zrf",
		"games/fanorona.zrf",
		// Go: the passes in a row are part of the state.
		"games/go.zrf",
		// Pentago: a twist carries the marbles of a block.
		"games/pentago.zrf"} {
		g := loadRow(t, file, "")
		s := g.NewState()
		for ply := 0; ply < 200; ply++ {
			turns, err := g.NewWorkspace().Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) == 0 {
				break
			}
			for i := range turns {
				if a := turns[i].After; a.Hash != g.FullHash(a) {
					t.Fatalf("%s ply %d, turn %d: incremental hash %x, full hash %x", file, ply, i, a.Hash, g.FullHash(a))
				}
			}
			s = turns[(ply*7919)%len(turns)].After.Clone()
			if s.Hash != g.FullHash(s) {
				t.Fatalf("%s ply %d: incremental hash %x, full hash %x", file, ply, s.Hash, g.FullHash(s))
			}
		}
	}
}

// TestElimination checks that with three players a loss eliminates the loser,
// whose turns are skipped, and the game ends when one player remains.
func TestElimination(t *testing.T) {
	src := `(game (title "Three") (players A B C) (turn-order A B C)
(board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("1" (0 10)))
   (directions (e 1 0) (w -1 0))))
(piece (name P) (moves (e add) (w add)))
(loss-condition (A B C) (pieces-remaining 0))
(board-setup (A (P a1)) (B (P b1)) (C (P d1))))`
	g := loadString(t, src)
	s, err := notation.Play(g, g.NewState(), "P a1 x b1")
	if err != nil {
		t.Fatal(err)
	}
	res, turns, err := g.NewWorkspace().Outcome(s, g.PlayerIndex("A"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Over {
		t.Fatalf("game over after B lost its piece: %v", res)
	}
	if s.Out != 1<<uint(g.PlayerIndex("B")) {
		t.Errorf("Out = %b, want B eliminated", s.Out)
	}
	if _, mover := g.Side(s); mover != g.PlayerIndex("C") {
		t.Errorf("player to move = %s, want C (B's turn is skipped)", g.Players[mover].Name)
	}
	if s.Hash != g.FullHash(s) {
		t.Error("hash does not include the elimination")
	}
	// C moves next to A.
	var next *engine.State
	for i := range turns {
		if notation.Turn(g, s, &turns[i]) == "P d1 - c1" {
			next = turns[i].After
		}
	}
	if next == nil {
		t.Fatal("C cannot move d1 - c1")
	}
	// A takes C's piece: one player remains, A wins; B lost earlier.
	s3, err := notation.Play(g, next, "P b1 x c1")
	if err != nil {
		t.Fatal(err)
	}
	res, _, err = g.NewWorkspace().Outcome(s3, g.PlayerIndex("A"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Over || len(res.Winners) != 1 || res.Winners[0] != g.PlayerIndex("A") {
		t.Fatalf("result %v, want A to win", res)
	}
	if !slices.Contains(res.Losers, g.PlayerIndex("B")) || !slices.Contains(res.Losers, g.PlayerIndex("C")) {
		t.Errorf("losers %v, want B and C", res.Losers)
	}
}
