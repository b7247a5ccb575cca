package server

import (
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// TestNamedOf checks that naming one turn gives the text describeTurns gives it among
// all, in positions of games with single and multi-part turns.
func TestNamedOf(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/international.zrf", "../games/russian.zrf"} {
		g := evaltest.Load(t, file)
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		multi := 0
		for ply := range 60 {
			if m.Over() {
				break
			}
			legal := m.Legal()
			texts := notation.DescribeTurns(g, m.State(), legal)
			for i := range legal {
				if len(legal[i].Parts) > 1 {
					multi++
				}
				if got := notation.NameTurn(g, m.State(), legal, i); got != texts[i].Named {
					t.Fatalf("%s ply %d turn %d: namedOf %q, describeTurns %q", file, ply, i, got, texts[i].Named)
				}
			}
			if err := m.Play((ply * 7) % len(legal)); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: %d turns of several parts", file, multi)
	}
}
