package ai_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// urSimpleMoves replays Skiryuk's save of the simple-evaluation Ur player, which Axiom's
// built-in engine played (glukkazan-zog/Axiom/Ur/simple.zsg), and asks bot for its
// choice at each engine move of the save's first lines lines (0: all): a line of White
// or Black where more than one turn was legal. It returns how many it compared and how
// many the bot chose as recorded.
func urSimpleMoves(t *testing.T, bot ai.Agent, lines int) (compared, same int) {
	t.Helper()
	corpus := testutil.CorpusDir(t)
	sg, g, _, err := notation.LoadSavedGame(filepath.Join(corpus, "glukkazan-zog/Axiom/Ur/simple.zsg"),
		filepath.Join(corpus, "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := notation.Replay(g, sg, "simple.zsg")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i, p := range r.Plies {
		if lines > 0 && i >= lines {
			break
		}
		m, err := match.New(g, p.Before)
		if err != nil {
			t.Fatal(err)
		}
		if g.Players[m.Mover()].Random || len(m.Legal()) < 2 {
			continue
		}
		k, err := ai.Choose(bot, m, rng)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		compared++
		if got := m.Legal()[k].Parts[0].Text; got == p.Move.Text {
			same++
		} else {
			t.Logf("line %d: %s chose %q, the save has %q", i+1, g.Players[m.Mover()].Name, got, p.Move.Text)
		}
	}
	return compared, same
}

// TestAxiomSearchUrSave (-tags long) asks the axiom bot, which plays Axiom's built-in
// negamax for the simple-evaluation Ur player, for every engine move of that player's
// save and counts the moves it chooses exactly as recorded. Among turns of equal value
// the bot draws, as the engine did, so a draw may differ from the record; the search's
// best turns are compared with the record in TestNegamaxUrSave.
func TestAxiomSearchUrSave(t *testing.T) {
	if !longTests {
		t.Skip("the whole save is compared under -tags long")
	}
	compared, same := urSimpleMoves(t, ai.NewAxiom(nil), 0)
	t.Logf("%d of %d engine moves of simple.zsg chosen as recorded", same, compared)
	if compared != 217 {
		t.Errorf("compared %d engine moves, want 217", compared)
	}
	if same < 100 {
		t.Errorf("%d of %d engine moves chosen as recorded, want 100 at least", same, compared)
	}
}
