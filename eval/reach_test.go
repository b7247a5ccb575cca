package eval_test

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// TestPruningChangesNothing checks the reach analysis that attacked? and every royal-piece
// check rely on: perft counts the same turns with it and without it, for every game and
// variant of games/, to depth 3; in make test only to depth 2 where depth 2 already has
// more than pruneDepth3Limit leaves (depth 3 of Gess is 63.7M leaves, of Go on 19x19
// 46.6M, of Pentago 21.9M), and make test-long goes to depth 3 everywhere.
const pruneDepth3Limit = 50_000

func TestPruningChangesNothing(t *testing.T) {
	checked := 0
	for _, b := range bundledGames(t) {
		path, g := b.path, b.g
		s := g.NewState()
		for depth := 2; depth <= 3; depth++ {
			g.SetOff(0, 0)
			on, err := g.Perft(s, depth)
			if err != nil {
				t.Fatalf("%s %q: %v", path, g.Title, err)
			}
			g.SetOff(eval.UsePruning, 0)
			off, err := g.Perft(s, depth)
			if err != nil {
				t.Fatalf("%s %q: %v", path, g.Title, err)
			}
			if on != off {
				t.Errorf("%s %q: perft %d is %d with pruning and %d without", filepath.Base(path), g.Title, depth, on, off)
			}
			if on > pruneDepth3Limit && !longTests {
				break
			}
		}
		checked++
	}
	t.Logf("%d games and variants agree", checked)
}
