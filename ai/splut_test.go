package ai_test

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/notation"
)

// TestSplutRecords plays whole four-player games of Splut!, search against three random
// players, and checks that each saves as .zsg and as named notation and replays to the
// same final position. A finished game has put two teams out on the way: their turns are
// skipped, and the records hold no turn for them, which the replay must skip as well.
func TestSplutRecords(t *testing.T) {
	path := filepath.Join("..", "games", "splut.zrf")
	g := evaltest.Load(t, path)
	for seed := uint64(1); seed <= 3; seed++ {
		bot, err := ai.Parse("search:1", g)
		if err != nil {
			t.Fatal(err)
		}
		agents := make([]ai.Agent, len(g.Players))
		agents[0] = bot
		for i := 1; i < len(agents); i++ {
			agents[i] = ai.Random{}
		}
		rec, err := ai.Play(g, agents, seed, 5000)
		if err != nil {
			t.Fatalf("seed %d: play: %v", seed, err)
		}
		if !rec.Result.Over {
			t.Fatalf("seed %d: the game did not end in 5000 plies", seed)
		}
		sg := notation.Record(rec.Match, "splut.zrf", "")
		back, err := notation.ParseSavedGame("splut.zsg", sg.Format())
		if err != nil {
			t.Fatalf("seed %d: saved game does not parse: %v", seed, err)
		}
		r, err := notation.Replay(g, back, "splut.zsg")
		if err != nil {
			t.Fatalf("seed %d: saved game does not replay: %v", seed, err)
		}
		if r.Final.Hash != rec.Match.State().Hash {
			t.Errorf("seed %d: replay ends in another position than the game", seed)
		}
		named := notation.ToNamed(r, back)
		text, err := notation.ParseSavedGame("splut.named", named.Format())
		if err != nil {
			t.Fatalf("seed %d: named text does not parse: %v", seed, err)
		}
		rn, err := notation.ReplayNamed(g, text, "splut.named")
		if err != nil {
			t.Fatalf("seed %d: named notation does not replay: %v", seed, err)
		}
		if rn.Final.Hash != rec.Match.State().Hash {
			t.Errorf("seed %d: named replay ends in another position than the game", seed)
		}
	}
}
