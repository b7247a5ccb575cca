package render_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/render"
)

// pieceGroups returns the groups drawn for the pieces of an SVG picture, by position.
func pieceGroups(t *testing.T, svg []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^<g class="piece p\d+" data-loc="([^"]*)">(.*)</g>$`)
	for _, m := range re.FindAllStringSubmatch(string(svg), -1) {
		out[m[1]] = m[2]
	}
	return out
}

// showcase returns a position of g with every piece type of every player on the drawn
// positions of the board, in order, as far as they go.
func showcase(g *eval.Game) *engine.State {
	s := g.NewState()
	for l := range s.Cells {
		s.Cells[l] = 0
	}
	var locs []engine.Loc
	for l, info := range g.Board.Locs {
		if info.HasRect && !info.Dummy {
			locs = append(locs, engine.Loc(l))
		}
	}
	i := 0
	for p := range g.Players {
		for k := range g.Pieces {
			if i < len(locs) {
				s.Cells[locs[i]] = engine.MakeCell(engine.Player(p), engine.Kind(k), 0)
				i++
			}
		}
	}
	return s
}

// TestSVGPieceStyles draws the start of every game of games/ (and, with
// ZOGGO_PIECES_OUT set, writes it and a showcase of every piece type of every player
// to that folder as SVG to look at). The pieces are drawn as the players of each kind of
// game know them: chess glyphs, draughts men, stones, pits and dice, and nowhere the
// name's letter on a disc unless the style falls back to it.
func TestSVGPieceStyles(t *testing.T) {
	out := os.Getenv("ZOGGO_PIECES_OUT")
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) < 20 {
		t.Fatalf("games/: %d files, %v", len(files), err)
	}
	// What each game's start shows, by the look of its pieces.
	chessGlyph := regexp.MustCompile(`^<use xlink:href="#zc-[wb][kqrbnp]"`)
	man := regexp.MustCompile(`fill="url\(#zg[0-9a-f]{6}\)".*fill="none".*fill="none"`)
	stone := regexp.MustCompile(`^<circle [^>]*fill-opacity="0.3"/><circle [^>]*fill="url\(#zg[0-9a-f]{6}\)"[^>]*/>$`)
	pit := regexp.MustCompile(`^<(circle|rect) [^>]*fill="url\(#zgpit\)"`)
	die := regexp.MustCompile(`^(<polygon [^>]*/>){3}<circle`)
	want := map[string]*regexp.Regexp{
		"chess": chessGlyph, "russian": man, "brazilian": man, "turkish": man, "italian": man,
		"hexdame": man, "ossetian": man, "senegalese": man, "bashni": man, "stavropol": man,
		"abalone": stone, "fanorona": stone, "epaminondas": stone, "gess": stone,
		"bao": pit,
	}
	seen := 0
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".zrf")
		g := evaltest.Load(t, f)
		svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
		checkXML(t, svg)
		groups := pieceGroups(t, svg)
		if re := want[name]; re != nil {
			seen++
			if len(groups) == 0 {
				t.Errorf("%s: no piece drawn", name)
			}
			for loc, body := range groups {
				if !re.MatchString(body) || strings.Contains(body, "<text") {
					t.Errorf("%s: piece on %s not drawn as %s:\n%s", name, loc, re, body)
					break
				}
			}
		}
		if name == "ur" {
			seen++
			n := 0
			for loc, body := range groups {
				if strings.HasPrefix(loc, "x") {
					n++
					if !die.MatchString(body) {
						t.Errorf("ur: %s is no die:\n%s", loc, body)
					}
				}
			}
			if n != 3 {
				t.Errorf("ur: %d dice drawn, want 3", n)
			}
		}
		if out != "" {
			if err := os.WriteFile(filepath.Join(out, name+".svg"), svg, 0o644); err != nil {
				t.Fatal(err)
			}
			show, _ := render.SVG(g.Game, showcase(g), render.SVGOptions{})
			checkXML(t, show)
			if err := os.WriteFile(filepath.Join(out, name+"-all.svg"), show, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen != len(want)+1 {
		t.Errorf("checked %d games, want %d: a game of games/ is missing", seen, len(want)+1)
	}
}
