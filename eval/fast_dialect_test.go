package eval_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/eval"
)

// TestFastBlocksChangeNothingDialect is TestFastBlocksChangeNothing for every game of
// the dialect in games/, each variant: in every position of random games the legal
// turns are the same turns in the same order with the fast blocks of fast.go as
// without them. Games the gate (fastDialectOK) leaves out are played too, so a gate
// that admits them wrongly fails here; Thud must be admitted.
func TestFastBlocksChangeNothingDialect(t *testing.T) {
	dialect, fast := 0, 0
	for _, b := range bundledGames(t) {
		g := b.g
		if !eval.IsDialect(g) {
			continue
		}
		dialect++
		if eval.HasFastBlocks(g) {
			fast++
		} else if filepath.Base(b.path) == "thud.zrf" {
			t.Errorf("%s: Thud has no fast blocks", b.path)
		}
		t.Run(filepath.Base(b.path)+"/"+strconv.Itoa(b.index+1)+"-"+g.Title, func(t *testing.T) {
			n := compareFast(t, g, 2, 40, 3*time.Second)
			t.Logf("fast blocks %v, %d positions compared", eval.HasFastBlocks(g), n)
		})
	}
	t.Logf("%d dialect games, %d with fast blocks", dialect, fast)
}

// bundledGame is a game of a rules file of games/: its path and its index in the file.
type bundledGame struct {
	path  string
	index int
	g     *eval.Game
}

// bundledGames loads every game and variant of every rules file of games/, in the order
// of the files and of the games in each.
func bundledGames(t *testing.T) []bundledGame {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	var out []bundledGame
	for _, path := range files {
		f, err := eval.LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games, err := f.All()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i, g := range games {
			out = append(out, bundledGame{path, i, g})
		}
	}
	return out
}

// compareFast plays seeds random games of up to plies plies of g and compares the
// turns of every position with and without the fast blocks (compareOff), stopping once
// limit has passed, and returns how many positions it compared.
func compareFast(t *testing.T, g *eval.Game, seeds, plies int, limit time.Duration) (n int) {
	n, _ = compareOff(t, g, eval.UseFast, 0, comparison{seeds: seeds, plies: plies, stream: 61, limit: limit, min: atLeast(seeds, plies)})
	return n
}

// TestDialectFirstChecksPast64 checks that a piece of the dialect with more blocks than
// a word of first checks holds (gen.firstFails makes those of the first 64) gets the
// same perft with its blocks rewritten as without: the 70th block, a step east onto an
// empty square, must test the square itself, and a friend stands there at the start.
func TestDialectFirstChecksPast64(t *testing.T) {
	blocks := strings.Repeat("(n (verify empty?) add) ", 69) + "(e (verify empty?) add)"
	src := `(version "zoggo-1")
(game (title "Many blocks") (players White Black) (turn-order White Black)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (position-attributes (taken 0))
   (post-move (all-positions (if (= taken 1) capture (set taken 0))))
   (piece (name P) (moves ` + blocks + `))
   (board-setup (White (P a1 b1)) (Black (P a3 b3))))`
	g := loadString(t, src)
	want, err := g.Perft(g.NewState(), 3)
	if err != nil {
		t.Fatal(err)
	}
	g.SetOff(eval.UseDialectHeads, 0)
	got, err := g.Perft(g.NewState(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if want != got || want == 0 {
		t.Errorf("perft(3) %d with the dialect's blocks rewritten, %d without", want, got)
	}
}
