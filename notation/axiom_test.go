package notation_test

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/notation"
)

// TestReplayAxiomSaves replays the ten saved games of Axiom games through the notation,
// as replay and convert do: every line must be the text of a generated move, the game
// must end as the Forth's OnIsGameOver says for the last position (the prototype's
// results, tools/axiom-proto/expected/runall.txt), and writing the replay back as a
// saved game must give every line again, byte for byte.
func TestReplayAxiomSaves(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	for _, tt := range []struct {
		zsg, rules string
		lines      int
		result     string
	}{
		{"dagazproject-zrf/Afrika/Problem-1.zsg", "", 25, "First wins (OnIsGameOver: Second has lost)"},
		{"dagazproject-zrf/Afrika/Problem-2.zsg", "", 23, "First wins (OnIsGameOver: Second has lost)"},
		{"dagazproject-zrf/Gabata/Selus-Problem.zsg", "", 21, "First wins (OnIsGameOver: Second has lost)"},
		{"glukkazan-zog/Rules/Selus-Problem.zsg", "", 21, "First wins (OnIsGameOver: Second has lost)"},
		{"dagazproject-zrf/Ordo/Crazy.zsg", "", 31, "Light wins (OnIsGameOver: Dark has lost)"},
		{"dagazproject-zrf/QXO/Morris.zsg", "", 76, "X wins (OnIsGameOver: X has won)"},
		{"dagazproject-zrf/TchukaRuma/TchukaRuma.zsg", "", 10, "You wins (OnIsGameOver: You has won)"},
		{"glukkazan-zog/Rules/Ramses.zsg", "", 152, "the game goes on"},
		{"glukkazan-zog/Axiom/Ur/simple.zsg", "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf", 1195, "White wins (OnIsGameOver: Black has lost)"},
		{"glukkazan-zog/Axiom/Ur/agressive.zsg", "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf", 2485, "White wins (OnIsGameOver: Black has lost)"},
	} {
		t.Run(tt.zsg, func(t *testing.T) {
			rules := ""
			if tt.rules != "" {
				rules = filepath.Join(corpus, tt.rules)
			}
			sg, g, _, err := notation.LoadSavedGame(filepath.Join(corpus, tt.zsg), rules)
			if err != nil {
				t.Fatal(err)
			}
			r, err := notation.Replay(g, sg, tt.zsg)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Plies) != tt.lines {
				t.Fatalf("%d plies, want %d", len(r.Plies), tt.lines)
			}
			res, _, err := g.NewWorkspace().Outcome(r.Final, engine.NoPlayer, 1)
			if err != nil {
				t.Fatal(err)
			}
			got := g.Describe(res)
			if got != tt.result {
				t.Errorf("result %q, want %q", got, tt.result)
			}
			back := notation.ToZSG(r, sg)
			for i, ml := range back.Moves {
				if want := notation.Normalize(sg.Moves[i].Text); notation.Normalize(ml.Text) != want {
					t.Fatalf("line %d written back as %q, recorded %q", i+1, ml.Text, want)
				}
			}
		})
	}
}
