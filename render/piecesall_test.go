package render_test

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/render"
)

// TestPieceSVGEveryPiece draws every piece of every player as the hand and the lobby
// show it, off the board, in every bundled game and in Anathem from the corpus, whose
// pits once drew a piece off the board by the seeds of position -1 (a panic on the
// server for each state with such a hand).
func TestPieceSVGEveryPiece(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no bundled games: %v", err)
	}
	t.Run("games", func(t *testing.T) { drawEveryPiece(t, files) })
	t.Run("corpus", func(t *testing.T) {
		drawEveryPiece(t, []string{filepath.Join(testutil.CorpusDir(t), "glukkazan-zog", "Rules", "Anathem.zrf")})
	})
}

func drawEveryPiece(t *testing.T, files []string) {
	drawn := 0
	for _, f := range files {
		g := evaltest.Load(t, f)
		for p := range g.Players {
			for k := range g.Pieces {
				svg := render.PieceSVG(g.Game, engine.Player(p), engine.Kind(k))
				if svg == nil {
					t.Errorf("%s: no picture of %s of %s", f, g.Pieces[k].Name, g.Players[p].Name)
					continue
				}
				checkXML(t, svg)
				drawn++
			}
		}
	}
	if drawn < 3*len(files) {
		t.Errorf("only %d pictures over %d files", drawn, len(files))
	}
}
