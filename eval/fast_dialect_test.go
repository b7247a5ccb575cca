package eval_test

import (
	"path/filepath"
	"strconv"
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
