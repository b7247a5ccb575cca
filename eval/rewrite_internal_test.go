package eval

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/internal/code"
)

// TestEveryOpHasAForm checks, for every game of games/, that the executable form of
// every slice of ops the run-time can run (a block, any run of its ops, the body of an
// op, an action of the dialect, and the same within bodies) is found by forms.find, so
// that x.run never makes a form as it runs, and that the form of each op is made from
// that op.
func TestEveryOpHasAForm(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	games, slices := 0, 0
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range f.Variants {
			g, err := New(cg)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if g.code == nil {
				continue
			}
			games++
			var check func(ops []code.Op)
			check = func(ops []code.Op) {
				for i := range ops {
					for j := i + 1; j <= len(ops); j++ {
						form, ok := g.forms.find(ops[i:j])
						if !ok || len(form) != j-i {
							t.Fatalf("%s %s: no form for ops %d to %d of a slice of %d", path, cg.Title, i, j, len(ops))
						}
						for k := range form {
							if form[k].op != &ops[i+k] {
								t.Fatalf("%s %s: the form of op %d is made of another op", path, cg.Title, i+k)
							}
						}
						slices++
					}
					check(ops[i].Body)
					check(ops[i].Else)
				}
			}
			for _, lists := range [][][]code.Block{g.code.Moves, g.code.Drops} {
				for _, blocks := range lists {
					for i := range blocks {
						check(blocks[i].Ops)
					}
				}
			}
			if d := g.code.Dialect; d != nil {
				for k := range d.Acts {
					for _, ops := range d.Acts[k] {
						check(ops)
					}
				}
			}
		}
	}
	t.Logf("%d games, %d slices of ops", games, slices)
	if games < 30 || slices < 10000 {
		t.Errorf("only %d games and %d slices of ops checked", games, slices)
	}
}
