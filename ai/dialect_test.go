package ai_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/notation"
)

// TestDialectGamesPlay plays every game of games/ written in the dialect, search
// against random, and checks that the game runs without error, that its record saves as
// .zsg and replays to the same final position, and that it converts to named notation
// and back.
func TestDialectGamesPlay(t *testing.T) {
	// Taacoca lists its turns from 110 blocks a stone (games/taacoca.zrf), each walking
	// the board to the stones it moves: a few plies show that it plays, saves and replays.
	fewerPlies := map[string]int{"taacoca.zrf": 8}
	files, _ := filepath.Glob("../games/*.zrf")
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(src), `(version "zoggo-1")`) {
			continue
		}
		n++
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			g := evaltest.Load(t, path)
			if g.UI.Version != "zoggo-1" {
				t.Fatalf("%s: not compiled as the dialect", name)
			}
			bot, err := ai.Parse("search:1", g)
			if err != nil {
				t.Fatal(err)
			}
			agents := make([]ai.Agent, len(g.Players))
			agents[0] = bot
			for i := 1; i < len(agents); i++ {
				agents[i] = ai.Random{}
			}
			plies := 120
			if p, ok := fewerPlies[name]; ok {
				plies = p
			}
			rec, err := ai.Play(g, agents, 7, plies)
			if err != nil {
				t.Fatalf("play: %v", err)
			}
			if len(rec.Match.History()) == 0 {
				t.Fatalf("no turn was played")
			}
			sg := notation.Record(rec.Match, name, "")
			back, err := notation.ParseSavedGame(name, sg.Format())
			if err != nil {
				t.Fatalf("saved game does not parse: %v", err)
			}
			r, err := notation.Replay(g, back, name)
			if err != nil {
				t.Fatalf("saved game does not replay: %v", err)
			}
			if r.Final.Hash != rec.Match.State().Hash {
				t.Errorf("replay ends in another position than the game")
			}
			named := notation.ToNamed(r, back)
			rn, err := notation.ReplayNamed(g, named, name)
			if err != nil {
				t.Fatalf("named notation does not replay: %v", err)
			}
			if rn.Final.Hash != rec.Match.State().Hash {
				t.Errorf("named replay ends in another position than the game")
			}
		})
	}
	if n == 0 {
		t.Fatal("no game of games/ is written in the dialect")
	}
}
