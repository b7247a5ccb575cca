package eval_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/zoggo/zoggo/eval"
)

// TestFastBlocksChangeNothing plays random games and checks that, in every position,
// the legal turns are the same turns (the same parts, rules and move types, the same
// state after them) in the same order with the fast blocks of fast.go as without them.
// The rows are games whose move blocks take both paths; with the build tag long every
// rules file of the corpus is played too.
func TestFastBlocksChangeNothing(t *testing.T) {
	for _, tt := range fastRows(t, 4) {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			compareFast(t, fastRowGame(t, tt), tt.seeds, tt.plies, 20*time.Second)
		})
	}
}

// fastRow is a game whose move blocks take both the fast and the general paths, played
// seeds times for up to plies plies.
type fastRow struct {
	file, variant string
	seeds, plies  int
}

// fastRows are the games that compare a shortcut of the fast blocks with the blocks
// without it, chess and Kiwipete played chessSeeds times; with the build tag long every
// rules file of the corpus is played too.
func fastRows(t *testing.T, chessSeeds int) []fastRow {
	rows := []fastRow{
		{"games/chess.zrf", "", chessSeeds, 150},
		{"games/chess.zrf", "Kiwipete", chessSeeds, 100},
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
			rows = append(rows, fastRow{"corpus/" + f, "", 1, 30})
		}
	}
	return rows
}

// fastRowGame loads the game of r; a corpus file without a variant plays its default
// game, and is skipped when it does not load or is not plain ZRF.
func fastRowGame(t *testing.T, r fastRow) *eval.Game {
	if r.variant != "" || filepath.Dir(r.file) == "games" {
		return loadRow(t, r.file, r.variant)
	}
	f, err := eval.LoadFile(rowPath(t, r.file))
	if err != nil {
		t.Skip(err)
	}
	g, err := f.Default()
	if err != nil || g.Axiom() {
		t.Skip("not a plain ZRF game")
	}
	return g
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
