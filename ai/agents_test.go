package ai_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// sniper tests that a search passes like the real game. ?Chance never has a move and
// passes after Black. White's sniper may jump onto the piece that made the last move, but
// a pass moves nothing, so after ?Chance's pass there is nothing to jump onto: Black's man
// walks a1-a2-a3 and wins. A search that skipped the pass without making it saw the last
// move still on a2 and the sniper taking Black's only man there.
const sniper = `
(game
   (title "Sniper")
   (players Black ?Chance White)
   (turn-order Black ?Chance White)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (piece (name Man)
      (moves (n (verify empty?) add) (e (verify empty?) add)))
   (piece (name Sniper)
      (moves
         ((go last-to) (verify enemy?) add)
         (n (verify empty?) add) (s (verify empty?) add) (w (verify empty?) add)))
   (board-setup (Black (Man a1)) (White (Sniper c2)))
   (win-condition (Black) (absolute-config Man (a3)))
   (loss-condition (Black) (pieces-remaining 0)))
`

func TestSearchPasses(t *testing.T) {
	g := evaltest.LoadText(t, "sniper.zrf", sniper)
	for seed := uint64(1); seed <= 8; seed++ {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		i, err := ai.NewSearch(4).Choose(m, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if to := m.Legal()[i].Parts[0].Dest(); g.Board.Locs[to].Name != "a2" {
			t.Errorf("seed %d: Black plays to %s, want a2 (it wins on a3 next)", seed, g.Board.Locs[to].Name)
		}
	}
}

// trap's man runs an endless loop in its move code when it stands on b2 with b3 empty:
// the position after White's a2-b2 and any reply of Black.
const trap = `
(game
   (title "Trap")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
      (zone (name trap) (players White Black) (positions b2)))
   (piece (name Man) (moves
      (n (verify empty?) add)
      (e (verify empty?) add)
      ((verify (in-zone? trap)) n (while empty? mark))))
   (board-setup (White (Man a2)) (Black (Man c1))))
`

// TestAgentErrors: an error of the rules' move code met while looking ahead is returned
// by Choose, naming its place in the rules, not scored as a result.
func TestAgentErrors(t *testing.T) {
	g := evaltest.LoadText(t, "trap.zrf", trap)
	for _, spec := range []string{"search:2", "search:2:threads=2", "mcts:1"} {
		a, err := ai.Parse(spec, g)
		if err != nil {
			t.Fatal(err)
		}
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Choose(m, rand.New(rand.NewPCG(1, 1)))
		if err == nil || !strings.Contains(err.Error(), "trap.zrf:15:35: while loop ran more than") {
			t.Errorf("%s: Choose returned %v, want the while loop's error at trap.zrf:15:35", spec, err)
		}
		if len(m.History()) != 0 {
			t.Errorf("%s: Choose changed the match", spec)
		}
	}
}

// TestSearchClock: a search on a clock, with no depth or node limit that would stop it
// first, stops when its time is up and returns a legal turn; its spelling round-trips and
// clocks out of bounds are refused.
func TestSearchClock(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ai.Parse("search:50ms", g)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name() != "search:50ms" {
		t.Errorf("name %q, want search:50ms", a.Name())
	}
	s := a.(*ai.Search)
	if s.Depth != 12 || s.Time != 50*time.Millisecond {
		t.Errorf("depth %d, time %v: want the deepest search on a 50ms clock", s.Depth, s.Time)
	}
	// Chess to depth 12 cannot finish: only the clock stops this search.
	i, err := a.Choose(m, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if i < 0 || i >= len(m.Legal()) {
		t.Fatalf("turn %d of %d", i, len(m.Legal()))
	}
	for _, bad := range []string{"search:1us", "search:2h", "search:fast"} {
		if _, err := ai.Parse(bad, g); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
