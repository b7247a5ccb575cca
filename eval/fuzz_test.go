package eval_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/zrf"
)

// FuzzLoadAndMove loads any bytes as a rules file and, when that succeeds, generates the
// first turns and a second ply of every game in it: nothing may panic or run away.
func FuzzLoadAndMove(f *testing.F) {
	paths, _ := filepath.Glob("../games/*.zrf")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 64<<10 {
			return
		}
		fl, err := eval.Load(zrf.NewFileSet(), fstest.MapFS{"f.zrf": {Data: src}}, "f.zrf")
		if err != nil {
			return
		}
		games, err := fl.All()
		if err != nil {
			return
		}
		for _, g := range games {
			if len(g.Board.Locs) > 4096 {
				continue
			}
			turns, err := g.NewWorkspace().Turns(g.NewState())
			if err != nil {
				continue
			}
			for i := range turns {
				if i > 8 {
					break
				}
				g.NewWorkspace().Turns(turns[i].After)
			}
		}
	})
}
