package eval_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// TestFastBlocksChangeNothing plays random games and checks that, in every position,
// the legal turns are the same turns (the same parts, rules and move types, the same
// state after them) in the same order with the fast blocks of fast.go as without them.
// The rows are games whose move blocks take both paths; with the build tag long every
// rules file of the corpus is played too.
func TestFastBlocksChangeNothing(t *testing.T) {
	defer eval.SetFast(true)
	type row struct {
		file, variant string
		seeds, plies  int
	}
	rows := []row{
		{"games/chess.zrf", "", 4, 150},
		{"games/chess.zrf", "Kiwipete", 4, 100},
		{"games/checkers.zrf", "", 3, 100},
		{"games/international.zrf", "", 2, 60},
		{"games/thud.zrf", "", 2, 20},
		{"games/surakarta.zrf", "", 2, 40},
		{"corpus/glukkazan-zog/Rules/Gwangsanghui.zrf", "", 1, 6},
		{"corpus/dagazproject-zrf/ChuShogi/Chu_Shogi_Advanced_v1.3.zrf", "Heisei Setup (+Drop Once rule)", 2, 20},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 2, 60},
		{"corpus/dagazproject-zrf/GenesisChess/GenesisChess.zrf", "Two Kings", 2, 20},
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 2, 60},
	}
	if longTests {
		_, files := corpusRules(t)
		for _, f := range files {
			rows = append(rows, row{"corpus/" + f, "", 1, 30})
		}
	}
	for _, tt := range rows {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			var g *eval.Game
			if tt.variant == "" && filepath.Dir(tt.file) != "games" {
				f, err := eval.LoadFile(rowPath(t, tt.file))
				if err != nil {
					t.Skip(err)
				}
				if g, err = f.Default(); err != nil || g.Axiom() {
					t.Skip("not a plain ZRF game")
				}
			} else {
				g = loadRow(t, tt.file, tt.variant)
			}
			compareFast(t, g, tt.seeds, tt.plies, 20*time.Second)
		})
	}
}

// rowPath is the path of a file named as in the rows of testdata/perft.txt.
func rowPath(t *testing.T, file string) string {
	if rest, ok := cutCorpus(file); ok {
		return filepath.Join(corpusDir(t), rest)
	}
	return filepath.Join("..", file)
}

func cutCorpus(file string) (string, bool) {
	const p = "corpus/"
	if len(file) > len(p) && file[:len(p)] == p {
		return file[len(p):], true
	}
	return "", false
}

// sameTurn reports whether a and b are the same turn: the same parts, made by the same
// rules with the same move types, and the same state after them.
func sameTurn(a, b *eval.Turn) bool {
	if len(a.Parts) != len(b.Parts) || a.After.Hash != b.After.Hash || !sameCells(a.After, b.After) {
		return false
	}
	for i := range a.Parts {
		p, q := &a.Parts[i], &b.Parts[i]
		if !p.Equal(q) || p.Rule != q.Rule || p.Type != q.Type {
			return false
		}
	}
	return true
}

func sameCells(a, b *engine.State) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return false
		}
	}
	return true
}
