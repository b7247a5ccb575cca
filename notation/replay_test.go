package notation_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/notation"
)

func corpusDir(tb testing.TB) string { return testutil.CorpusDir(tb) }

func savedGames(tb testing.TB) (string, []string) {
	dir := corpusDir(tb)
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zsg") {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return dir, out
}

// slowSaves take minutes to replay: Gwangsanghui walks the whole board inside every move,
// so each royal check runs every enemy move in full. They run under make test-long.
var slowSaves = map[string]bool{
	"dagazproject-zrf/Gwangsanghui/Gwangsanghui.zsg": true,
	"glukkazan-zog/Rules/Gwangsanghui.zsg":           true,
}

// knownDivergences are the saves that do not replay to their last line: the line where
// they stop and why.
var knownDivergences = map[string]struct {
	line int
	why  string
}{
	// Lines 1-84 equal dagazproject-zrf/CheckersCollection/Dameo.zsg, where line 85 is
	// Black's continuation "40. partial 3 King c1 - c3 x c2". Here White moves instead and
	// Black's capture comes later as a turn of its own, written "partial 4", while every
	// king jump before was "partial 3": the tail was recorded under a version of the rules
	// that numbered the king's continuation type differently, and Black's turn ended early.
	// Under this rules file the continuation is compulsory (no "pass partial").
	"glukkazan-zog/Rules/Dameo.zsg": {85, "saved under another version of its rules"},
}

// TestReplayCorpus replays every saved game of the corpus whose rules zoggo can run: each
// must reach its last line, except the known divergences, which must stop where listed.
func TestReplayCorpus(t *testing.T) {
	dir, files := savedGames(t)
	ok, axiom := 0, 0
	var tiers [4]int
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			if slowSaves[rel] && !longTests {
				t.Skip("slow: runs under make test-long")
			}
			sg, g, err := notation.OpenSavedGame(filepath.Join(dir, rel))
			if err != nil {
				// The Axiom Ur saves name their rules by an absolute Windows path
				// (C:\Games\ZoG\my\Ur\07.Axiomatic.Ur.zrf); that file is an Axiom game.
				if strings.Contains(rel, "/Axiom/Ur/") {
					axiom++
					t.Skip("Axiom rules, named by an absolute path")
				}
				t.Fatal(err)
			}
			if g.Axiom() {
				axiom++
				t.Skip("Axiom rules")
			}
			r, err := notation.Replay(g, sg, rel)
			if r != nil {
				for _, p := range r.Plies {
					if !p.Move.Pass {
						tiers[p.Tier]++
					}
				}
			}
			known, isKnown := knownDivergences[rel]
			var d *notation.Divergence
			switch {
			case err == nil && isKnown:
				t.Errorf("replays to the end now; remove it from knownDivergences (%s)", known.why)
			case err == nil:
				ok++
			case errors.As(err, &d) && isKnown && d.Line == known.line:
			case errors.As(err, &d):
				t.Errorf("%s", d.Detail(text(g)))
			default:
				t.Error(err)
			}
		})
	}
	t.Logf("%d saves replay to the end, %d are Axiom games, %d known divergences", ok, axiom, len(knownDivergences))
	t.Logf("lines matched: %d exactly as zoggo writes them, %d as multisets, %d as sets, %d without attributes",
		tiers[0], tiers[1], tiers[2], tiers[3])
}
