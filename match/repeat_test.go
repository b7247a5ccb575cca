package match_test

// The dialect's (forbid-repetition ...): the match takes out of the legal turns those
// that recreate an earlier position, passes excepted; and (end-after-passes N).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// shuttle's men step n or s: White's a1 and Black's c1 can shuttle for ever. The
// dialect's repetition rule is added by the test.
const shuttle = `
(version "zoggo-1")
(game
   (title "Shuttle")
   (players White Black)
   (turn-order White Black)` + board3 + `
   (option "pass turn" true)
   %s
   (piece (name Man) (moves (n (verify empty?) add) (s (verify empty?) add)))
   (board-setup (White (Man a1)) (Black (Man c1))))
`

func TestForbidRepetition(t *testing.T) {
	// a1-a2, c1-c2, a2-a1: Black's c2-c1 would bring back the start. Superko
	// (forbid-repetition board) forbids it; simple ko (the last two positions only)
	// does not; without the rule it is legal.
	for _, tt := range []struct {
		rule  string
		legal bool
	}{
		{"(forbid-repetition board)", false},
		{"(forbid-repetition position)", false},
		{"(forbid-repetition board 2)", true},
		{"(forbid-repetition board 4)", false},
		{"", true},
	} {
		m := start(t, evaltest.LoadText(t, "shuttle.zrf", fmt.Sprintf(shuttle, tt.rule)))
		for _, mv := range []string{"a1-a2", "c1-c2", "a2-a1"} {
			play(t, m, mv)
		}
		if got := hasTurn(m, "c2-c1"); got != tt.legal {
			t.Errorf("%q: c2-c1 legal %v, want %v", tt.rule, got, tt.legal)
		}
		// The pass is never forbidden, though it repeats the board.
		if !m.Legal()[len(m.Legal())-1].Parts[0].Pass {
			t.Errorf("%q: no pass", tt.rule)
		}
		// Undo takes the position back out of those seen: a2-a1 is legal again, and
		// after it c2-c1 is as legal as before.
		m.Undo()
		if !hasTurn(m, "a2-a1") {
			t.Errorf("%q: a2-a1 not legal after undo", tt.rule)
		}
		play(t, m, "a2-a1")
		if got := hasTurn(m, "c2-c1"); got != tt.legal {
			t.Errorf("%q after undo: c2-c1 legal %v, want %v", tt.rule, got, tt.legal)
		}
	}
	// board compares the pieces only, position the player to move too: White a1-a2,
	// Black pass, White a2-a1 brings back the start's board with Black to move (the
	// start had White to move).
	for _, tt := range []struct {
		rule  string
		legal bool
	}{{"(forbid-repetition board)", false}, {"(forbid-repetition position)", true}} {
		m := start(t, evaltest.LoadText(t, "shuttle.zrf", fmt.Sprintf(shuttle, tt.rule)))
		play(t, m, "a1-a2")
		if err := m.Play(len(m.Legal()) - 1); err != nil { // Black passes
			t.Fatal(err)
		}
		if got := hasTurn(m, "a2-a1"); got != tt.legal {
			t.Errorf("%q: a2-a1 after a pass legal %v, want %v", tt.rule, got, tt.legal)
		}
	}
}

// hasTurn reports whether the turn written text ("a1-a2") is legal.
func hasTurn(m *match.Match, text string) bool {
	g := m.Game()
	for _, tu := range m.Legal() {
		p := &tu.Parts[0]
		if !p.Pass && g.Board.Locs[p.Source()].Name+"-"+g.Board.Locs[p.Dest()].Name == text {
			return true
		}
	}
	return false
}

func TestEndAfterPasses(t *testing.T) {
	// (end-after-passes 3) with no goal: three passes in a row end the game in a draw;
	// a move between passes starts the count again.
	m := start(t, evaltest.LoadText(t, "shuttle.zrf", fmt.Sprintf(shuttle, "(end-after-passes 3)")))
	pass := func() {
		t.Helper()
		if err := m.Play(len(m.Legal()) - 1); err != nil {
			t.Fatal(err)
		}
	}
	pass()
	pass()
	play(t, m, "a1-a2")
	pass()
	pass()
	if m.Over() {
		t.Fatalf("over after passes apart: %v", m.Result())
	}
	pass()
	if r := m.Result(); !r.Over || !r.Draw || !strings.Contains(r.Reason, "3 passes in a row") {
		t.Errorf("three passes in a row: %v", r)
	}
}
