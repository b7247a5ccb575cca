package eval

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestGoalFacts compares what initGoals keeps of every variant of the games in games/
// with what it was made from: movers' list with the one listMovers makes.
func TestGoalFacts(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	compared := 0
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := range f.Variants {
			g, err := f.Game(i)
			if err != nil {
				continue
			}
			if !slices.Equal(g.movers(), g.listMovers()) || len(g.movers()) == 0 {
				t.Errorf("%s: movers %v, listMovers %v", g.Title, g.movers(), g.listMovers())
			}
			compared++
		}
	}
	if compared < 20 {
		t.Errorf("only %d games compared", compared)
	}
}
