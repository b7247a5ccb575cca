package eval_test

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// TestPruningChangesNothing checks the reach analysis that attacked? and every royal-piece
// check rely on: perft to depth 3 counts the same turns with it and without it, for every
// game and variant of games/.
func TestPruningChangesNothing(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	defer eval.SetPruning(true)
	checked := 0
	for _, path := range files {
		f, err := eval.LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games, err := f.All()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, g := range games {
			s := g.NewState()
			eval.SetPruning(true)
			on, err := g.Perft(s, 3)
			if err != nil {
				t.Fatalf("%s %q: %v", path, g.Title, err)
			}
			eval.SetPruning(false)
			off, err := g.Perft(s, 3)
			if err != nil {
				t.Fatalf("%s %q: %v", path, g.Title, err)
			}
			if on != off {
				t.Errorf("%s %q: perft 3 is %d with pruning and %d without", filepath.Base(path), g.Title, on, off)
			}
			checked++
		}
	}
	t.Logf("%d games and variants agree", checked)
}
