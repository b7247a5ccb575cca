package render_test

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/zrf"
	"golang.org/x/text/encoding/charmap"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/render")

// TestSVG compares pictures of positions with testdata/render/*.svg; go test
// ./engine -update rewrites them (look at the pictures before committing them).
func TestSVG(t *testing.T) {
	corpus := os.Getenv("ZOGGO_CORPUS")
	for _, tt := range []struct {
		name     string
		rules    string // path from the repository root, or from $ZOGGO_CORPUS
		inCorpus bool
		from, to string // a first move to make and highlight
	}{
		{name: "chess", rules: "games/chess.zrf"},
		{name: "chess-e4", rules: "games/chess.zrf", from: "e2", to: "e4"},
		{name: "thud", rules: "games/thud.zrf"},
		{name: "glinski-cheskers", rules: "dagazproject-zrf/GlinskiCheskers/glinski-cheskers.zrf", inCorpus: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join("..", tt.rules)
			if tt.inCorpus {
				if corpus == "" {
					t.Skip("ZOGGO_CORPUS is not set")
				}
				path = filepath.Join(corpus, tt.rules)
			}
			g := evaltest.Load(t, path)
			s := g.NewState()
			var opts render.SVGOptions
			if tt.from != "" {
				from, to := g.Board.LocIndex(tt.from), g.Board.LocIndex(tt.to)
				turns, err := g.NewWorkspace().Turns(s)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, turn := range turns {
					if m := turn.Parts[0]; len(turn.Parts) == 1 && m.Source() == from && m.Dest() == to {
						s, found = turn.After, true
						break
					}
				}
				if !found {
					t.Fatalf("no move %s-%s", tt.from, tt.to)
				}
				opts.Highlight = []engine.Loc{from, to}
			}
			got, notes := render.SVG(g.Game, s, opts)
			if len(notes) > 0 {
				t.Errorf("notes without image files: %q", notes)
			}
			checkXML(t, got)
			if again, _ := render.SVG(g.Game, s, opts); !bytes.Equal(got, again) {
				t.Errorf("two renderings differ")
			}
			golden := filepath.Join("..", "testdata", "render", tt.name+".svg")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("SVG(%s) differs from %s (run go test ./render -update and look at the picture):\n%s",
					tt.name, golden, firstDiff(string(want), string(got)))
			}
		})
	}
}

// firstDiff shows the first line where want and got differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n- " + w + "\n+ " + g
		}
	}
	return ""
}

// checkXML fails unless svg is well-formed XML with an svg root.
func checkXML(t *testing.T, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
}

// TestSVGImages draws pieces and the board from bitmaps found the Windows way,
// and discs for the images that are missing.
func TestSVGImages(t *testing.T) {
	b := gridBoard("a/b/c", "2/1", 10)
	b.Image = []string{`..\Shared\BOARD.bmp`}
	g := game(b, "White Black", "Man", "King")
	g.Pieces[0].Images = map[engine.Player][]string{0: {`Images\Man.BMP`}, 1: {"images/missing.bmp"}}
	g.Pieces[1].Images = map[engine.Player][]string{0: {`..\..\outside.bmp`}, 1: {`C:\Zillions\king.bmp`}}
	g.Setup = []engine.Placement{{Player: 0, Kind: 0, Loc: b.LocIndex("a1")}, {Player: 1, Kind: 0, Loc: b.LocIndex("c2")}}
	// The piece: 3 x 2, with green at (1, 0). The board: 30 x 20, all white.
	piece := bmpFile(3, 2, 8, 0, bmpPal, nil, []byte{3, 2, 0, 0, 0, 1, 2, 0})
	board := bmpFile(30, 20, 24, 0, nil, nil, bytes.Repeat([]byte{0xff}, 20*(30*3+2)))
	files := fstest.MapFS{
		"rules/images/man.bmp": {Data: piece},
		"shared/board.bmp":     {Data: board},
	}
	svg, notes := render.SVG(g, nil, render.SVGOptions{Files: files, Dir: "rules"})
	checkXML(t, svg)
	// Names are resolved as includes are; a name that leaves the files or is absolute is
	// refused.
	wantNotes := []string{`image "images/missing.bmp": not found`,
		`image "..\\..\\outside.bmp": outside the folder of the rules`,
		`image "C:\\Zillions\\king.bmp": absolute path`}
	if d := cmp.Diff(wantNotes, notes); d != "" {
		t.Errorf("notes mismatch (-want +got):\n%s", d)
	}
	text := string(svg)
	for _, want := range []string{
		`<image id="img1" width="30" height="20" xlink:href="data:image/png;base64,`,
		`<image id="img2" width="3" height="2" xlink:href="data:image/png;base64,`,
		`<use xlink:href="#img1" x="0" y="0"/>`,
		`<use xlink:href="#img2" x="3.5" y="14" class="piece p0" data-loc="a1"/>`,
		`<g class="piece p1" data-loc="c2"><circle`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	if strings.Contains(text, `class="cell"`) {
		t.Errorf("cells drawn over the board image")
	}
	// The embedded piece is the bitmap with green made transparent.
	m := regexp.MustCompile(`id="img2" [^>]*base64,([^"]*)"`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("no piece image")
	}
	data, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for y, row := range bmpWant {
		for x, want := range row {
			r, g, b, a := img.At(x, y).RGBA()
			if want == bmpGreen {
				want = bmpClear
			}
			if r>>8 != uint32(want.R)*uint32(want.A)/255 || g>>8 != uint32(want.G)*uint32(want.A)/255 ||
				b>>8 != uint32(want.B)*uint32(want.A)/255 || a>>8 != uint32(want.A) {
				t.Errorf("pixel (%d, %d) = %v, want %v", x, y, img.At(x, y), want)
			}
		}
	}

	// Without files, no image is read and nothing is noted.
	svg, notes = render.SVG(g, nil, render.SVGOptions{})
	if len(notes) > 0 || bytes.Contains(svg, []byte("<image")) {
		t.Errorf("images without files: notes %q", notes)
	}
}

// TestSVGOdd draws boards and positions that make no sense, without panicking.
func TestSVGOdd(t *testing.T) {
	empty := &engine.Game{Title: "<&> Caf\xe9"}
	b := positions("x", 0, 0, 0, "y", 5, 5, 10)
	b.Locs = append(b.Locs, engine.LocInfo{Name: "dummy", Grid: -1, Dummy: true})
	odd := game(b, "White ?Dice Red", "Man", "Man2")
	odd.Setup = []engine.Placement{{Player: 2, Kind: 1, Loc: 2}}
	odd.Stock = []engine.Stock{{Player: 0, Kind: 0, N: 3}, {Player: 9, Kind: 0, N: 1}}
	hex := &engine.Board{Grids: []engine.Grid{{Dims: []engine.Dim{
		{Labels: []string{"a", "b"}, DX: 60, DY: -35}, {Labels: []string{"2", "1"}, DY: 70},
	}}}}
	for _, l := range []struct {
		name string
		x, y int
	}{{"a2", 0, 0}, {"b2", 1, 0}, {"a1", 0, 1}, {"b1", 1, 1}} {
		cx, cy := 60*l.x, -35*l.x+70*l.y
		hex.Locs = append(hex.Locs, engine.LocInfo{Name: l.name, Grid: 0, Coords: []int{l.x, l.y}, HasRect: true,
			Rect: [4]int{cx, cy, cx + 49, cy + 49}})
	}
	for _, tt := range []struct {
		name string
		g    *engine.Game
		opts render.SVGOptions
		want []string
	}{
		{"empty", empty, render.SVGOptions{Highlight: []engine.Loc{engine.NoLoc, 7}}, []string{"<title>&lt;&amp;&gt; Café</title>"}},
		{"odd", odd, render.SVGOptions{Highlight: []engine.Loc{0, 0, 2}}, []string{
			`<circle cx="0" cy="0" r="`, // a position without a size
			"White, in hand: 3 Man",
			"Off the board: dummy Red Man2",
			`fill="#d62828"`, // Red is red
		}},
		{"hex", game(hex, "White Black"), render.SVGOptions{}, []string{"<polygon points=", ">a</text>", ">1</text>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			svg, _ := render.SVG(tt.g, nil, tt.opts)
			checkXML(t, svg)
			for _, w := range tt.want {
				if !bytes.Contains(svg, []byte(w)) {
					t.Errorf("missing %s in\n%s", w, svg)
				}
			}
		})
	}
}

// TestSVGText checks that text from the rules is drawn as zrf.Decode reads it: a title
// and a piece name in Windows-1251 (as in glukkazan-zog's Wolfs) come out in Cyrillic,
// not read as Windows-1252, and Latin-1 text as before.
func TestSVGText(t *testing.T) {
	enc := func(s string) string {
		b, err := charmap.Windows1251.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	g := game(gridBoard("a/b", "1", 50), "White Black", enc("Волк"))
	g.Title = enc("Волки и Козленок")
	g.Stock = []engine.Stock{{Player: 0, Kind: 0, N: 2}}
	svg, _ := render.SVG(g, nil, render.SVGOptions{})
	checkXML(t, svg)
	for _, want := range []string{
		"<title>" + zrf.Decode(g.Title) + "</title>",
		"<title>Волки и Козленок</title>",
		">White, in hand: 2 " + zrf.Decode(g.Pieces[0].Name) + "</text>",
		">White, in hand: 2 Волк</text>",
	} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("missing %s in\n%s", want, svg)
		}
	}

	latin := &engine.Game{Title: "Caf\xe9 <&>"}
	if svg, _ := render.SVG(latin, nil, render.SVGOptions{}); !bytes.Contains(svg, []byte("<title>Café &lt;&amp;&gt;</title>")) {
		t.Errorf("Latin-1 title not drawn as Café:\n%s", svg)
	}

	corpus := os.Getenv("ZOGGO_CORPUS")
	if corpus == "" {
		t.Skip("ZOGGO_CORPUS is not set: the Wolfs rules not checked")
	}
	f, err := eval.LoadFile(filepath.Join(corpus, "glukkazan-zog", "Rules", "01.Wolfs.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	wolfs := f.Variants[0].Game
	if wolfs.Title != "Волки и Козленок" {
		t.Fatalf("title %q, want it decoded from the file's Windows-1251 when the file is read", wolfs.Title)
	}
	svg, _ = render.SVG(wolfs, nil, render.SVGOptions{})
	if want := "<title>Волки и Козленок</title>"; !bytes.Contains(svg, []byte(want)) || zrf.Decode(wolfs.Title) != "Волки и Козленок" {
		t.Errorf("Wolfs: missing %s", want)
	}
}

// TestSVGDraughtsShading checks the shading of square grids: as on a chess board, the
// corner at the first coordinates (a8) is light, unless every piece of the start stands
// on squares of that corner's colour. Then the other colour is the light one, so that
// draughts played with a light a1 (Portuguese: the corner at each player's right is a
// playing square) show their pieces on dark squares. Russian draughts plays on a1.
func TestSVGDraughtsShading(t *testing.T) {
	for _, tt := range []struct {
		file, dark, light string
	}{
		{"portuguese.zrf", "h1", "a1"},
		{"italian.zrf", "a8", "b8"},
		{"russian.zrf", "a1", "h1"},
		{"chess.zrf", "a1", "h1"},
	} {
		g := evaltest.Load(t, filepath.Join("..", "games", tt.file))
		svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
		for _, c := range []struct{ loc, fill string }{{tt.dark, "#b58863"}, {tt.light, "#f0d9b5"}} {
			re := regexp.MustCompile(`fill="([^"]*)" class="cell" data-loc="` + c.loc + `"`)
			m := re.FindSubmatch(svg)
			if m == nil || string(m[1]) != c.fill {
				t.Errorf("%s: %s drawn with %q, want %s", tt.file, c.loc, m, c.fill)
			}
		}
	}
}

// TestSVGLines: a board (drawn-as lines) is drawn as its lines, one between every two
// linked positions, with every position still a cell to click. Go 9x9 has 2 x 9 x 8
// lines; Fanorona's 9x5 grid has 8x5 + 9x4 orthogonal lines and a diagonal both ways
// through each strong point, 2 x 4 x 4 of them.
func TestSVGLines(t *testing.T) {
	for _, tt := range []struct {
		file        string
		lines, locs int
	}{
		{"go.zrf", 2 * 9 * 8, 81},
		{"fanorona.zrf", 8*5 + 9*4 + 2*4*4, 45},
		{"chess.zrf", 0, 64},
	} {
		g := evaltest.Load(t, filepath.Join("..", "games", tt.file))
		svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
		// The lines of the board, not those of the pieces (the cross on a chess king).
		board := svg
		if i := bytes.Index(board, []byte(`<g class="board"`)); i >= 0 {
			board = board[i:]
			board = board[:bytes.Index(board, []byte("</g>"))]
		}
		if n := bytes.Count(board, []byte("<line ")); n != tt.lines {
			t.Errorf("%s: %d lines, want %d", tt.file, n, tt.lines)
		}
		if n := bytes.Count(svg, []byte(`class="cell" data-loc=`)); n != tt.locs {
			t.Errorf("%s: %d cells, want %d", tt.file, n, tt.locs)
		}
	}
}

// TestSVGMarks checks the signs (marked ...) puts on squares: Ur's five rosettes, five
// camps, two sanctuaries and two transformation squares, each group under its name and
// with its own sign, drawn under the pieces; a board without marks has none.
func TestSVGMarks(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "ur.zrf"))
	svg, _ := render.SVG(g.Game, g.NewState(), render.SVGOptions{})
	s := string(svg)
	for _, tt := range []struct {
		name, sign string
		n          int
	}{
		{"rosette", "<polygon ", 5},
		{"camp", "<circle ", 5},
		{"sanctuary", "<path ", 2},
		{"transformation", "<polygon ", 2},
	} {
		start := strings.Index(s, `<g class="mark" data-mark="`+tt.name+`">`)
		if start < 0 {
			t.Errorf("no group of marks %q", tt.name)
			continue
		}
		group := s[start : start+strings.Index(s[start:], "</g>")]
		if n := strings.Count(group, tt.sign); n != tt.n || strings.Count(group, "<title>"+tt.name+"</title>") != 1 {
			t.Errorf("%s: %d signs %q, want %d, titled once:\n%s", tt.name, n, tt.sign, tt.n, group)
		}
	}
	if m, p := strings.Index(s, `class="marks"`), strings.Index(s, `class="pieces"`); m < 0 || p >= 0 && p < m {
		t.Errorf("marks at %d, pieces at %d: want the marks drawn first", m, p)
	}
	chess := evaltest.Load(t, filepath.Join("..", "games", "chess.zrf"))
	if svg, _ := render.SVG(chess.Game, chess.NewState(), render.SVGOptions{}); bytes.Contains(svg, []byte(`class="marks"`)) {
		t.Error("chess has no marked squares, but its picture has marks")
	}
}
