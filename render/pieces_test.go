package render_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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
	re := regexp.MustCompile(`(?m)^<g class="piece p\d+" data-loc="([^"]*)"[^>]*>(.*)</g>$`)
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
	figure := regexp.MustCompile(`^(<circle [^>]*/>){2}<g transform="[^"]*"><path d="[^"]*" fill="#[0-9a-f]{6}"/><path `)
	stoneOrFigure := regexp.MustCompile(stone.String() + "|" + figure.String())
	want := map[string]*regexp.Regexp{
		"chess": chessGlyph, "russian": man, "brazilian": man, "turkish": man, "italian": man,
		"hexdame": man, "ossetian": man, "senegalese": man, "bashni": man, "stavropol": man,
		"abalone": stone, "fanorona": stone, "epaminondas": stone, "gess": stone,
		"bao":  pit,
		"thud": figure, "splut": stoneOrFigure,
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
			// The counters waiting in the reserves: five pips each.
			n = 0
			for loc, body := range groups {
				if strings.HasPrefix(loc, "r") {
					n++
					if strings.Count(body, "<circle") != 2+5 || strings.Contains(body, "<text") {
						t.Errorf("ur: %s is no counter with five pips:\n%s", loc, body)
					}
				}
			}
			if n != 14 {
				t.Errorf("ur: %d counters in the reserves, want 14", n)
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

// TestSVGPieceLooks checks each style on a small game written here, without bitmaps:
// what decides a style is the names of the pieces and of the players and the kind of
// board, never the game's name.
func TestSVGPieceLooks(t *testing.T) {
	type look struct {
		loc  string
		want []string // in the piece's group
		not  []string
	}
	for _, tt := range []struct {
		name    string
		players string
		pieces  []string
		setup   map[string][2]int // position: player, kind
		later   bool              // the pieces are placed in a state, the setup left empty
		descr   string            // the game's description
		looks   []look
		pips    map[string]int // positions whose pieces are dice: the pips each shows
	}{{
		// Chess: glyphs, the white set filled with a player's colour when it is not white.
		name: "chess", players: "Red Black", pieces: []string{"King", "Queen", "Pawn", "Cannon"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {0, 1}, "c1": {1, 2}, "d1": {1, 3}},
		looks: []look{
			{"a1", []string{`<use xlink:href="#zc-wkd62828"`}, []string{"<text"}},
			{"b1", []string{`<use xlink:href="#zc-wqd62828"`}, []string{"<text"}},
			{"c1", []string{`<use xlink:href="#zc-bp"`}, []string{"<text"}},
			{"d1", []string{">C</text>"}, []string{"<use"}}, // no chess glyph: a disc
		},
	}, {
		// Draughts: a King beside Men is a crowned man, not a chess king.
		name: "draughts", players: "White Black", pieces: []string{"Man", "King"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {0, 1}, "c1": {1, 1}},
		looks: []look{
			{"a1", []string{`fill="none"`}, []string{"<polygon", "<use", "<text"}},
			{"b1", []string{`fill="none"`, "<polygon"}, []string{"<use", "<text"}},
			{"c1", []string{"<polygon", `fill="#e8c547"`}, []string{"<use"}}, // a gold crown on black
		},
	}, {
		// Beside men, a Tiger is no king: it keeps its letter; the King is crowned.
		name: "hunt", players: "White Black", pieces: []string{"Man", "King", "Tiger"},
		setup: map[string][2]int{"a1": {0, 1}, "b1": {1, 2}},
		looks: []look{{"a1", []string{"<polygon"}, []string{"<text"}}, {"b1", []string{">T</text>"}, []string{"<polygon"}}},
	}, {
		// Kings and pawns alone are draughts too: chess needs an officer.
		name: "pawns", players: "White Black", pieces: []string{"Pawn", "King"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {0, 1}},
		looks: []look{{"a1", []string{`fill="none"`}, []string{"<use"}}, {"b1", []string{"<polygon"}, []string{"<use"}}},
	}, {
		// Shogi: tiles with the name written, pointing away from their owner's side.
		name: "shogi", players: "Sente Gote", pieces: []string{"Gold General", "King", "Lance", "PawnP"},
		setup: map[string][2]int{"a1": {0, 0}, "b2": {1, 2}, "c1": {0, 1}, "d1": {0, 3}},
		looks: []look{
			{"a1", []string{"<polygon", ">Gold</text>", ">Gen.</text>", `fill="#1a1a1a"`}, []string{"rotate(180"}},
			{"d1", []string{">Pawn</text>", `fill="#b01c1c"`}, []string{">P</text>"}}, // promoted: in red
			{"b2", []string{"<polygon", ">Lance</text>", "rotate(180"}, nil},          // Gote sits at the top
			{"c1", []string{">King</text>"}, []string{"<use"}},
		},
	}, {
		// Stones and a neutral grey rock.
		name: "stones", players: "Black White ?Rocks", pieces: []string{"Stone", "Rock"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {1, 0}, "c1": {2, 1}},
		looks: []look{
			{"a1", []string{`fill="url(#zg222222)"`}, []string{"<text"}},
			{"b1", []string{`fill="url(#zgffffff)"`}, []string{"<text"}},
			{"c1", []string{`fill="url(#zg8d8a84)"`}, []string{"<text"}},
		},
	}, {
		// Discs dropped on a board that starts empty are stones (placed after the start).
		name: "dropped", players: "Black White", pieces: []string{"Disc"}, later: true,
		setup: map[string][2]int{"a1": {0, 0}, "b1": {1, 0}},
		looks: []look{
			{"a1", []string{`fill="url(#zg222222)"`, `fill-opacity="0.3"`}, []string{`fill="none"`}},
			{"b1", []string{`fill="url(#zgffffff)"`}, []string{`fill="none"`}},
		},
	}, {
		// The same Discs set up at the start are draughts men.
		name: "set up", players: "Black White", pieces: []string{"Disc"},
		setup: map[string][2]int{"a1": {0, 0}},
		looks: []look{{"a1", []string{`fill="none"`}, nil}},
	}, {
		// Dice of a random seat: pips from the name, or a pyramid with a white tip.
		name: "dice", players: "White Black ?Dice", pieces: []string{"Die5", "Up", "Down"},
		setup: map[string][2]int{"a1": {2, 0}, "b1": {2, 1}, "c1": {2, 2}},
		looks: []look{
			{"a1", []string{"<rect"}, []string{"<polygon"}},
			{"b1", []string{"<polygon", `fill="#ffffff"`}, nil},
			{"c1", []string{"<polygon"}, []string{`fill="#ffffff"`}},
		},
	}, {
		// A plain-ZRF mancala: a piece type for each count of seeds, drawn as a pit with
		// that many seeds and the count written; a lone numbered name is no count.
		name: "counts", players: "First Second", pieces: []string{"p1", "p2", "p3", "p4", "p5", "Rook2"},
		setup: map[string][2]int{"a1": {0, 2}, "b1": {1, 4}, "c1": {0, 5}},
		looks: []look{
			{"a1", []string{"#zgpit", ">3</text>"}, nil},
			{"b1", []string{"#zgpit", ">5</text>"}, nil},
			{"c1", []string{`"#zc-wr`}, []string{"#zgpit"}}, // a rook, whatever its number
		},
	}, {
		// The same family numbered up to 6, in a game whose words speak of dice: dice
		// that the players move, in their colours, each showing its number.
		name: "dice family", players: "Red White", pieces: []string{"p1", "p2", "p3", "p4", "p5", "p6"},
		descr: "A die moves exactly the number of spaces showing on its top.",
		setup: map[string][2]int{"a1": {0, 2}, "b1": {1, 5}, "c1": {0, 0}},
		looks: []look{
			{"a1", []string{"<rect"}, []string{"#zgpit", "#f4f1ea", "</text>"}},
			{"b1", []string{"<rect"}, []string{"#zgpit", "</text>"}},
			{"c1", []string{"<rect"}, []string{"#zgpit", "</text>"}},
		},
		pips: map[string]int{"a1": 3, "b1": 6, "c1": 1},
	}, {
		// The folk of fantasy games: tokens with a head drawn on them, the figure told
		// by the name (a Wizard is a sorcerer, an Ogre a troll).
		name: "figures", players: "Dwarfs Trolls", pieces: []string{"Dwarf", "Troll", "Wizard", "Ogre"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {1, 1}, "c1": {0, 2}, "d1": {1, 3}},
		looks: []look{
			{"a1", []string{`<path d="M-0.55,-0.12`}, []string{"<text"}},
			{"b1", []string{`<path d="M-0.62,0.55`}, []string{"<text"}},
			{"c1", []string{`<path d="M-0.4,0.26`}, []string{"<text"}},
			{"d1", []string{`<path d="M-0.62,0.55`}, []string{"<text"}},
		},
	}, {
		// A game with dice races counters: five pips on the commonest kind, a crown on
		// the other; the dice stay dice.
		name: "race", players: "White Black ?Dice", pieces: []string{"Novice", "Veteran", "Up"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {1, 0}, "c1": {0, 1}, "d1": {2, 2}},
		looks: []look{
			{"a1", []string{`fill="url(#zgffffff)"`}, []string{"<text", "<polygon"}},
			{"b1", []string{`fill="url(#zg222222)"`}, []string{"<text", "<polygon"}},
			{"c1", []string{"<polygon"}, []string{"<text"}},
			{"d1", []string{"<polygon", `fill="#ffffff"`}, nil},
		},
	}, {
		// The same pieces without dice are no counters: discs with their letters.
		name: "no dice", players: "White Black", pieces: []string{"Novice", "Veteran"},
		setup: map[string][2]int{"a1": {0, 0}, "b1": {0, 1}},
		looks: []look{{"a1", []string{">N</text>"}, nil}, {"b1", []string{">V</text>"}, nil}},
	}, {
		// Anything else: a disc with its letter.
		name: "other", players: "North South", pieces: []string{"Frog"},
		setup: map[string][2]int{"a1": {0, 0}},
		looks: []look{{"a1", []string{">F</text>", "<circle"}, nil}},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			g := game(gridBoard("a/b/c/d", "2/1", 50), tt.players, tt.pieces...)
			g.Description = tt.descr
			for i := range g.Players {
				g.Players[i].Random = strings.HasPrefix(g.Players[i].Name, "?")
			}
			for _, pc := range g.Pieces {
				pc.HasMoves = true
				if strings.HasPrefix(pc.Name, "Die") || pc.Name == "Up" || pc.Name == "Down" || tt.later {
					pc.HasMoves, pc.HasDrops = false, true
				}
			}
			var s *engine.State
			if tt.later {
				s = g.NewState()
			}
			for loc, pk := range tt.setup {
				if s != nil {
					s.Cells[g.Board.LocIndex(loc)] = engine.MakeCell(engine.Player(pk[0]), engine.Kind(pk[1]), 0)
					continue
				}
				place(g, engine.Player(pk[0]), engine.Kind(pk[1]), loc)
			}
			svg, _ := render.SVG(g, s, render.SVGOptions{})
			checkXML(t, svg)
			groups := pieceGroups(t, svg)
			if len(groups) != len(tt.setup) {
				t.Errorf("%d pieces drawn, want %d", len(groups), len(tt.setup))
			}
			for _, l := range tt.looks {
				body, ok := groups[l.loc]
				if n := strings.Count(body, "#zge9e2cf"); tt.name == "counts" && ok && strings.Contains(body, "#zgpit") {
					if want := strings.Count(body, "</text>"); want != 1 || !strings.Contains(body, ">"+strconv.Itoa(n)+"</text>") {
						t.Errorf("%s: %d seeds drawn, count written otherwise: %s", l.loc, n, body)
					}
				}
				if !ok {
					t.Errorf("%s: no piece drawn", l.loc)
					continue
				}
				for _, w := range l.want {
					if !strings.Contains(body, w) {
						t.Errorf("%s: no %s in %s", l.loc, w, body)
					}
				}
				for _, w := range l.not {
					if strings.Contains(body, w) {
						t.Errorf("%s: %s in %s", l.loc, w, body)
					}
				}
				if n, die := tt.pips[l.loc]; die && strings.Count(body, "<circle") != n {
					t.Errorf("%s: %d pips, want %d: %s", l.loc, strings.Count(body, "<circle"), n, body)
				}
			}
			// Every reference is defined.
			for _, m := range regexp.MustCompile(`(?:href="#|url\(#)([^")]+)`).FindAllStringSubmatch(string(svg), -1) {
				if !strings.Contains(string(svg), `id="`+m[1]+`"`) {
					t.Errorf("%s used, not defined", m[1])
				}
			}
		})
	}
}

// TestSVGStonesAndPits plays the bundled Go and Bao a few turns and checks the stones
// and the seeds in the pits against the state.
func TestSVGStonesAndPits(t *testing.T) {
	for _, tt := range []struct {
		file  string
		turns int
	}{{"go.zrf", 6}, {"bao.zrf", 4}} {
		g := evaltest.Load(t, filepath.Join("..", "games", tt.file))
		s := g.NewState()
		ws := g.NewWorkspace()
		for i := range tt.turns {
			turns, err := ws.Turns(s)
			if err != nil || len(turns) == 0 {
				t.Fatalf("%s: turn %d: %v", tt.file, i, err)
			}
			s = turns[(7*i+3)%len(turns)].After.Clone()
		}
		svg, _ := render.SVG(g.Game, s, render.SVGOptions{})
		checkXML(t, svg)
		groups := pieceGroups(t, svg)
		n := 0
		for l, c := range s.Cells {
			if c.IsEmpty() {
				continue
			}
			n++
			name := g.Board.Locs[l].Name
			body := groups[name]
			switch tt.file {
			case "go.zrf":
				want := map[engine.Player]string{0: "#zg222222", 1: "#zgffffff"}[c.Player()]
				if !strings.Contains(body, want) || strings.Contains(body, "<text") {
					t.Errorf("go: %s: no stone %s: %s", name, want, body)
				}
			case "bao.zrf":
				seeds := int(g.Val(s, engine.ValPos, g.Ext.PosIntIndex("seeds"), engine.Loc(l)))
				if got := strings.Count(body, "#zge9e2cf"); got != min(seeds, 40) || !strings.Contains(body, "#zgpit") {
					t.Errorf("bao: %s: %d seeds drawn in a pit, want %d: %s", name, got, seeds, body)
				}
			}
		}
		if n < tt.turns || len(groups) != n {
			t.Errorf("%s: %d pieces on the board, %d drawn", tt.file, n, len(groups))
		}
	}
}

// TestSVGStarPoints checks the star points of Go boards: 5 on 9x9 and 13x13 (c3 and
// d4 the first), 9 on 19x19, none on Fanorona's board of lines, which has diagonals.
func TestSVGStarPoints(t *testing.T) {
	stars := regexp.MustCompile(`(?s)<g class="stars"[^>]*>(.*?)</g>`)
	for _, tt := range []struct {
		file, variant, first string
		n                    int
	}{
		{"go.zrf", "Go 9x9", "c3", 5}, {"go.zrf", "Go 13x13", "d4", 5}, {"go.zrf", "Go 19x19", "d4", 9},
		{"fanorona.zrf", "", "", 0},
	} {
		f, err := eval.LoadFile(filepath.Join("..", "games", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		g, err := f.Default()
		if tt.variant != "" {
			g, err = f.Find(tt.variant)
		}
		if err != nil {
			t.Fatal(err)
		}
		svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
		m := stars.FindSubmatch(svg)
		n := 0
		if m != nil {
			n = strings.Count(string(m[1]), "<circle ")
		}
		if n != tt.n {
			t.Errorf("%s %s: %d star points, want %d", tt.file, tt.variant, n, tt.n)
		}
		if tt.first != "" && m != nil {
			l := g.Board.LocIndex(tt.first)
			r := g.Board.Locs[l].Rect
			at := `cx="` + strconv.Itoa((r[0]+r[2])/2) + `" cy="` + strconv.Itoa((r[1]+r[3])/2) + `"`
			if !strings.Contains(string(m[1]), at) {
				t.Errorf("%s %s: no star point on %s (%s):\n%s", tt.file, tt.variant, tt.first, at, m[1])
			}
		}
	}
}

// TestPieceSVG checks the pictures of single pieces that pages show off the board: a
// chess queen is the glyph, a Go stone a stone, a draughts king crowned, each a
// well-formed SVG with its definitions; a kind or player the game lacks gives nil.
func TestPieceSVG(t *testing.T) {
	for _, tt := range []struct {
		file, piece string
		player      engine.Player
		want        string
	}{
		{"chess.zrf", "Queen", 1, `xlink:href="#zc-bq"`},
		{"go.zrf", "Stone", 1, `fill="url(#zgffffff)"`},
		{"russian.zrf", "King", 0, `<polygon`},
		{"ur.zrf", "Veteran", 0, `<polygon`},
		{"thud.zrf", "Troll", 1, `<path d="M-0.62,0.55`},
	} {
		g := evaltest.Load(t, filepath.Join("..", "games", tt.file))
		k := engine.NoKind
		for i, pc := range g.Pieces {
			if pc.Name == tt.piece {
				k = engine.Kind(i)
			}
		}
		svg := render.PieceSVG(g.Game, tt.player, k)
		checkXML(t, svg)
		if !strings.Contains(string(svg), tt.want) || !strings.Contains(string(svg), `viewBox="0 0 50 50"`) {
			t.Errorf("%s %s: no %s in\n%s", tt.file, tt.piece, tt.want, svg)
		}
		for _, m := range regexp.MustCompile(`(?:href="#|url\(#)([^")]+)`).FindAllStringSubmatch(string(svg), -1) {
			if !strings.Contains(string(svg), `id="`+m[1]+`"`) {
				t.Errorf("%s %s: %s used, not defined", tt.file, tt.piece, m[1])
			}
		}
		if render.PieceSVG(g.Game, engine.Player(len(g.Players)), k) != nil || render.PieceSVG(g.Game, 0, engine.Kind(len(g.Pieces))) != nil {
			t.Errorf("%s: a picture of a piece the game lacks", tt.file)
		}
	}
}
