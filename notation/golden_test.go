package notation_test

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/notation"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestNamedGolden converts a few saved games to named notation and compares the text
// with testdata/notation: a chess variant, draughts with multi-captures, a shogi with
// drops from the hand, and a dice game (go test ./notation -update rewrites them).
func TestNamedGolden(t *testing.T) {
	dir := corpusDir(t)
	for _, tt := range []struct{ name, save string }{
		{"transport-chess", "dagazproject-zrf/TransportChess/TransportChess.zsg"},
		{"dameo", "dagazproject-zrf/CheckersCollection/Dameo.zsg"},
		{"dobutsu", "dagazproject-zrf/DobutsuShogi/Dobutsu.zsg"},
		{"sahkku-dice", "dagazproject-zrf/Sahkku/Sahkku.zsg"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sg, g, err := notation.OpenSavedGame(filepath.Join(dir, tt.save))
			if err != nil {
				t.Fatal(err)
			}
			r, err := notation.Replay(g, sg, tt.save)
			if err != nil {
				t.Fatal(err)
			}
			got := bytes.ReplaceAll(notation.ToNamed(r, sg).Format(), []byte("\r\n"), []byte("\n"))
			path := filepath.Join("..", "testdata", "notation", tt.name+".named")
			testutil.Golden(t, path, got, *update, "go test ./notation -update")
		})
	}
}
