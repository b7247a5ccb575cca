package engines

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
)

// TestFairyMoves compares, position by position along random games, the legal moves of
// our rules files with those Fairy-Stockfish lists (go perft 1) for the variant the
// rating ladder plays them as: the moves' texts must be the same sets. It checks the
// rules and the move text of the ladder's games at once, where perft from the start
// only counts.
func TestFairyMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("asks an engine about hundreds of positions")
	}
	fairy := testutil.Tool(t, "to compare the ladder's rules with its variants", "fairy-stockfish", "/usr/games/fairy-stockfish")
	for _, tt := range []struct{ file, variant string }{
		{"../games/chess.zrf", "chess"},
		{"../games/gardner.zrf", "gardner"},
		{"../games/losalamos.zrf", "losalamos"},
	} {
		t.Run(tt.variant, func(t *testing.T) {
			g := game(t, tt.file)
			p, err := start(fairy)
			if err != nil {
				t.Fatal(err)
			}
			defer p.close("quit")
			if err := p.send("uci"); err != nil {
				t.Fatal(err)
			}
			if _, err := p.wait(Slack, "uciok", func(l string) bool { return l == "uciok" }); err != nil {
				t.Fatal(err)
			}
			p.send("setoption name UCI_Variant value %s", tt.variant)
			positions, moves := 0, 0
			r := rand.New(rand.NewPCG(1, 2))
			for range 4 {
				m, err := match.New(g, nil)
				if err != nil {
					t.Fatal(err)
				}
				var played []string
				for ply := 0; ply < 120 && !m.Over(); ply++ {
					var ours []string
					for i := range m.Legal() {
						ours = append(ours, Text(g, m.State(), &m.Legal()[i]))
					}
					p.send("position startpos moves %s", strings.Join(played, " "))
					p.send("go perft 1")
					var theirs []string
					for {
						l, err := p.wait(Slack, "perft", func(string) bool { return true })
						if err != nil {
							t.Fatal(err)
						}
						if strings.HasPrefix(l, "Nodes searched") {
							break
						}
						if mv, _, ok := strings.Cut(l, ":"); ok && !strings.Contains(mv, " ") {
							theirs = append(theirs, mv)
						}
					}
					sort.Strings(ours)
					sort.Strings(theirs)
					if strings.Join(ours, " ") != strings.Join(theirs, " ") {
						t.Fatalf("after %q:\nours   %v\ntheirs %v", strings.Join(played, " "), ours, theirs)
					}
					positions++
					moves += len(ours)
					i := r.IntN(len(m.Legal()))
					played = append(played, Text(g, m.State(), &m.Legal()[i]))
					if err := m.Play(i); err != nil {
						t.Fatal(err)
					}
				}
			}
			if positions < 100 || moves < 1000 {
				t.Fatalf("compared only %d positions and %d moves", positions, moves)
			}
			t.Logf("%d positions, %d moves the same", positions, moves)
		})
	}
}
