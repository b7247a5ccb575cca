package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/zrf"
)

// TestSVGImageURL draws the pictures by the addresses ImageURL gives, asking it once per
// file and kind of picture, and draws a disc with a note for a picture it refuses.
func TestSVGImageURL(t *testing.T) {
	b := gridBoard("a/b/c", "2/1", 10)
	b.Image = []string{`Board.bmp`}
	g := game(b, "White Black", "Man")
	g.Pieces[0].Images = map[engine.Player][]string{0: {`man.bmp`}, 1: {`gone.bmp`}}
	g.Setup = []engine.Placement{{Player: 0, Kind: 0, Loc: b.LocIndex("a1")}, {Player: 0, Kind: 0, Loc: b.LocIndex("b1")},
		{Player: 1, Kind: 0, Loc: b.LocIndex("c2")}}
	asked := map[string]int{}
	url := func(name string, key bool) (string, int, int, error) {
		asked[fmt.Sprint(name, key)]++
		switch name {
		case "Board.bmp":
			return "/pic/board?a=1&b=2", 30, 20, nil
		case "man.bmp":
			return "/pic/man", 3, 2, nil
		}
		return "", 0, 0, zrf.ErrNoFile
	}
	svg, notes := render.SVG(g, nil, render.SVGOptions{ImageURL: url})
	checkXML(t, svg)
	text := string(svg)
	for _, want := range []string{
		`<image id="img1" width="30" height="20" xlink:href="/pic/board?a=1&amp;b=2"/>`,
		`<image id="img2" width="3" height="2" xlink:href="/pic/man"/>`,
		`<use xlink:href="#img2" x="3.5" y="14" class="piece p0" data-loc="a1"/>`,
		`<g class="piece p1" data-loc="c2"><circle`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	if strings.Contains(text, "data:image") {
		t.Errorf("a picture is inline")
	}
	if len(notes) != 1 || notes[0] != `image "gone.bmp": not found` {
		t.Errorf("notes %q, want the missing picture's", notes)
	}
	for k, n := range asked {
		if n != 1 {
			t.Errorf("%s asked for %d times", k, n)
		}
	}
	if len(asked) != 3 {
		t.Errorf("asked for %d pictures, want 3: %v", len(asked), asked)
	}
}
