package ai_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// gamePrint is what a played game holds, by value: how it ended and, for each turn, the
// full hashes of the positions around it, its parts' changes and its move number.
type gamePrint struct {
	Result, Err string
	Capped      bool
	Before      []uint64
	After       []uint64
	Changes     [][][]engine.Change
	Num         []int
}

func printGame(g *eval.Game, rec *ai.Game) gamePrint {
	p := gamePrint{Result: rec.Result.String(), Capped: rec.Capped}
	if rec.Err != nil {
		p.Err = rec.Err.Error()
	}
	if rec.Match == nil {
		return p
	}
	for _, pl := range rec.Match.History() {
		p.Before = append(p.Before, g.FullHash(pl.Before))
		p.After = append(p.After, g.FullHash(pl.Turn.After))
		var parts [][]engine.Change
		for _, part := range pl.Turn.Parts {
			parts = append(parts, append([]engine.Change(nil), part.Changes...))
		}
		p.Changes = append(p.Changes, parts)
		p.Num = append(p.Num, pl.Num)
	}
	return p
}

// TestTablePlaysAsPlay plays games one after the other on one Table, long and short,
// random players and a searcher (whose explorers are clones of the Table's match), and
// checks that each is the game Play plays with the same seed.
func TestTablePlaysAsPlay(t *testing.T) {
	for _, tt := range []struct{ file, bot string }{
		{"../games/chess.zrf", ""},
		{"../games/chess.zrf", "search:1"},
		{"../games/checkers.zrf", ""},
		{"../games/russian.zrf", "search:1"},
		{"../games/splut.zrf", ""}, // four players: a loss eliminates one
		{"../games/ur.zrf", ""},    // dice: a random player
	} {
		t.Run(tt.file+"/"+tt.bot, func(t *testing.T) {
			g := evaltest.Load(t, tt.file)
			agents := func() []ai.Agent {
				a := make([]ai.Agent, len(g.Players))
				if tt.bot != "" {
					bot, err := ai.Parse(tt.bot, g)
					if err != nil {
						t.Fatal(err)
					}
					a[0] = bot
				}
				return a
			}
			table := ai.NewTable(g)
			for i, plies := range []int{200, 15, 400, 0, 60} {
				seed := uint64(i + 1)
				want, err := ai.Play(g, agents(), seed, plies)
				if err != nil {
					t.Fatal(err)
				}
				got, err := table.Play(agents(), seed, plies)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(printGame(g, want), printGame(g, got)); d != "" {
					t.Fatalf("game %d (seed %d, cap %d) on the table (-Play +Table):\n%s", i+1, seed, plies, d)
				}
			}
		})
	}
}

// TestTableWithoutParts plays the games of TestTablePlaysAsPlay on a Table that keeps no
// parts, and checks that each is the game Play plays but for the parts, which it drops
// where every player draws at random and keeps where a searcher plays.
func TestTableWithoutParts(t *testing.T) {
	turns := 0
	for _, tt := range []struct{ file, bot string }{
		{"../games/chess.zrf", ""},
		{"../games/checkers.zrf", ""},
		{"../games/checkers.zrf", "search:1"},
		{"../games/splut.zrf", ""},
		{"../games/ur.zrf", ""},
	} {
		t.Run(tt.file+"/"+tt.bot, func(t *testing.T) {
			g := evaltest.Load(t, tt.file)
			agents := func() []ai.Agent {
				a := make([]ai.Agent, len(g.Players))
				if tt.bot != "" {
					bot, err := ai.Parse(tt.bot, g)
					if err != nil {
						t.Fatal(err)
					}
					a[0] = bot
				}
				return a
			}
			table := ai.NewTable(g)
			table.SetKeepParts(false)
			for i, plies := range []int{200, 15, 400, 0, 60} {
				seed := uint64(i + 1)
				want, err := ai.Play(g, agents(), seed, plies)
				if err != nil {
					t.Fatal(err)
				}
				got, err := table.Play(agents(), seed, plies)
				if err != nil {
					t.Fatal(err)
				}
				w, gp := printGame(g, want), printGame(g, got)
				for k, parts := range gp.Changes {
					if (len(parts) == 0) != (tt.bot == "") {
						t.Fatalf("game %d, turn %d: %d parts kept with bot %q", i+1, k+1, len(parts), tt.bot)
					}
				}
				if tt.bot == "" {
					w.Changes, gp.Changes = nil, nil
				}
				if d := cmp.Diff(w, gp); d != "" {
					t.Fatalf("game %d (seed %d, cap %d) on the table without parts (-Play +Table):\n%s", i+1, seed, plies, d)
				}
				turns += len(gp.Num)
			}
		})
	}
	if turns < 1000 {
		t.Errorf("only %d turns compared", turns)
	}
}
