package eval_test

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// TestGuardsKeepErrors checks that a block turned down by a test further on (a guard,
// prefix.go) is not one whose run would have failed first: a loop between the capture
// and the test that never ends on a board whose link goes round in a circle is an error
// with the shortcuts as without them, and the same loop on a board where the link ends
// gives the same turns either way.
func TestGuardsKeepErrors(t *testing.T) {
	for _, tt := range []struct {
		name, links string
		wantErr     bool
	}{
		{"circle", "(links ring (a2 b2) (b2 a2))", true},
		{"line", "(links ring (a2 b2) (b2 c2))", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			board := strings.Replace(board5, "(symmetry", tt.links+" (symmetry", 1)
			src := `(game (title "T") (players A B) (turn-order A B) ` + board + `
(piece (name P) (moves
   (n (verify enemy?) capture mark (while (on-board? ring) ring) back n (verify empty?) add)
   (e (verify empty?) add)))
(board-setup (A (P a1 a3)) (B (P a2))))`
			g := loadString(t, src)
			s := g.NewState()
			var want []eval.Turn
			for _, on := range []bool{false, true} {
				g.SetOff(offWhen(on, eval.AllShortcuts), 0)
				got, err := g.NewWorkspace().Turns(s)
				if (err != nil) != tt.wantErr {
					t.Fatalf("shortcuts %v: error %v, want one: %v", on, err, tt.wantErr)
				}
				if err != nil && !strings.Contains(err.Error(), "while loop ran more than") {
					t.Fatalf("shortcuts %v: %v, want the loop's error", on, err)
				}
				if !on {
					want = got
				} else if d := diffTurns(got, want); d != "" {
					t.Fatal(d)
				}
			}
		})
	}
}

// TestPhased checks which games compute their turns one move priority at a time: plain
// draughts do; chess has no priorities, and Luzhanqi drops pieces.
func TestPhased(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
	}{
		{"games/checkers.zrf", true},
		{"games/international.zrf", true},
		{"games/chess.zrf", false},
		{"corpus/dagazproject-zrf/Luzhanqi/Luzhanqi.zrf", false},
	} {
		if got := eval.Phased(loadRow(t, tt.file, "")); got != tt.want {
			t.Errorf("%s: phased %v, want %v", tt.file, got, tt.want)
		}
	}
}

// TestNoDup checks which games are proved to make no part twice in one position.
func TestNoDup(t *testing.T) {
	for _, tt := range []struct {
		name, rules string
		want        bool
	}{
		{"steps", `(piece (name P) (moves (n (verify empty?) add) (e (verify empty?) add)))`, true},
		{"jumps and steps", `(piece (name P) (moves (move-type jt) (n (verify enemy?) capture n (verify empty?) (add-partial jt)) (n (verify empty?) add)))`, true},
		{"promotion choices", `(piece (name P) (moves (n (if (in-zone? last) (add P Q) else add))))
(piece (name Q) (moves (n add)))`, true},
		{"two blocks to one square", `(piece (name P) (moves (n add) (e add) (n add)))`, false},
		{"two paths to one square", `(piece (name P) (moves (n e add) (e n add)))`, false},
		{"a repeated kind", `(piece (name P) (moves (n (add Q Q))))
(piece (name Q) (moves (n add)))`, false},
		{"a slide", `(piece (name P) (moves (n (while empty? add n) (verify not-friend?) add)))`, true},
		{"two slides", `(piece (name P) (moves (n (while empty? add n) add) (e (while empty? add e) add)))`, true},
		{"a slide and a step onto its line", `(piece (name P) (moves (n (while empty? add n) add) (n n add)))`, false},
		{"a slide that steps before it adds", `(piece (name P) (moves ((while empty? n add) add)))`, false},
		{"a slide that steps after its loop", `(piece (name P) (moves (n (while empty? add n) n add)))`, false},
		{"two blocks to one square, empty and not", `(piece (name P) (moves (n (verify empty?) add) (e w n (verify enemy?) add)))`, true},
		{"two blocks to one square, empty and any", `(piece (name P) (moves (n (verify empty?) add) (e w n (verify not-friend?) add)))`, false},
		{"a verify before the last step", `(piece (name P) (moves (n (verify empty?) add) (n (verify enemy?) e w add)))`, false},
		{"back to the start", `(piece (name P) (moves (n (verify empty?) add) (e e back n (verify not-empty?) add)))`, true},
		{"back to a mark", `(piece (name P) (moves (n add) (e mark e back n add)))`, false},
		{"a cascade", `(piece (name P) (moves (n cascade e add) (e cascade n add)))`, true},
		{"a cascade to a step's square", `(piece (name P) (moves (n add) (n cascade e add)))`, false},
		{"from before a cascade", `(piece (name P) (moves (n from e add)))`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := loadString(t, `(game (title "T") (players A B) `+board5+tt.rules+"\n(board-setup (A (P a1))))")
			if got := eval.NoDup(g); got != tt.want {
				t.Errorf("noDup %v, want %v", got, tt.want)
			}
		})
	}
	for _, file := range []string{"games/checkers.zrf", "games/chess.zrf"} {
		if !eval.NoDup(loadRow(t, file, "")) {
			t.Errorf("%s: no proof that its parts never repeat", file)
		}
	}
}

// TestFastPathsChangeNothing plays random games of draughts and other games whose moves
// start with steps and tests, or that have move priorities, and checks that in every
// position the legal turns (merged, as Turns gives them, and all of them, as AllTurns
// does) are the same turns in the same order, part by part, with the run-time
// shortcuts as without them: the block prefixes of prefix.go and the priority phases
// of legal.go.
func TestFastPathsChangeNothing(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
	}{
		{"games/checkers.zrf", "", 20, 150},
		{"games/international.zrf", "", 16, 200},
		{"games/chess.zrf", "", 2, 100},
		{"games/thud.zrf", "", 3, 40},
		{"games/surakarta.zrf", "", 2, 60},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "", 1, 100},
		{"corpus/glukkazan-zog/Rules/HuffCheckers.zrf", "", 3, 120},
		{"corpus/glukkazan-zog/Rules/BahrainDama.zrf", "", 1, 80},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 3, 120},
		{"corpus/glukkazan-zog/Rules/Makyek.zrf", "", 3, 120},
		{"corpus/glukkazan-zog/Rules/chessball.zrf", "", 2, 60},
		{"corpus/glukkazan-zog/Rules/Dark&Light.zrf", "", 2, 60},
		{"corpus/glukkazan-zog/Rules/bolotoudou.zrf", "", 2, 60},
		{"corpus/glukkazan-zog/Rules/Mana.zrf", "", 2, 60},
		{"corpus/glukkazan-zog/Rules/kamisado.zrf", "", 1, 30},
		{"corpus/glukkazan-zog/Rules/Chess_mandatory.zrf", "", 1, 25},
		{"corpus/glukkazan-zog/External/Checker Games.zrf", "", 3, 120},
		{"corpus/dagazproject-zrf/GlinskiCheskers/glinski-cheskers.zrf", "", 2, 60},
		{"corpus/dagazproject-zrf/ShafranCheckers/shafran.zrf", "", 2, 60},
		{"corpus/dagazproject-zrf/Luzhanqi/Luzhanqi.zrf", "", 1, 15},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadRow(t, tt.file, tt.variant)
			compareOff(t, g, eval.AllShortcuts, 0, comparison{seeds: tt.seeds, plies: tt.plies, stream: 1616, min: atLeast(tt.seeds, tt.plies), all: true})
		})
	}
}

func turnsOf(ws *eval.Workspace, s *engine.State, all bool) ([]eval.Turn, error) {
	if all {
		return ws.AllTurns(s)
	}
	return ws.Turns(s)
}
