package eval_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRoyalEnemyChangedType: a turn that turns an enemy piece into a type that attacks
// the royal piece leaves it attacked, though that piece attacked nothing before the turn.
// The royal-piece check, which follows the turn's changes from the attackers of the
// position before it (royal.go), must see the new attacker.
func TestRoyalEnemyChangedType(t *testing.T) {
	src := "(define slide ($1 (while empty? add $1) (verify enemy?) add))\n" +
		`(game (title "T") (players A B) ` + board5 + `
(loss-condition (A B) (checkmated K))
(piece (name K))
(piece (name P))
(piece (name R) (moves (slide w) (slide e)))
(piece (name W) (moves ((change-type R c1) n add) (s add)))
(board-setup (A (K a1) (W e3)) (B (P c1))))`
	g := loadString(t, src)
	want := []string{"W e3 - e2  [W]"}
	if d := cmp.Diff(want, turnTexts(t, g, g.NewState())); d != "" {
		t.Errorf("turns mismatch (-want +got):\n%s", d)
	}
}
