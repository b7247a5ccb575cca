package render_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/render"
)

// TestSVGShowValues checks that a board with (show-values seeds) writes the non-zero
// seeds of each pit on it: Bao's start position, with six seeds in each house and two
// in each of the two pits beside it.
func TestSVGShowValues(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "bao.zrf"))
	svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
	re := regexp.MustCompile(`<g class="value" data-loc="([a-h][1-4])">.*?>(\d+)</text></g>`)
	var got []string
	for _, m := range re.FindAllStringSubmatch(string(svg), -1) {
		got = append(got, m[1]+":"+m[2])
	}
	slices.Sort(got)
	want := []string{"b3:2", "c3:2", "d3:6", "e2:6", "f2:2", "g2:2"}
	if !slices.Equal(got, want) {
		t.Errorf("values drawn: %v, want %v", got, want)
	}
	// After South's first turn the picture follows the state.
	s := g.NewState()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil || len(turns) == 0 {
		t.Fatalf("turns: %v", err)
	}
	svg, _ = render.SVG(g.Game, turns[0].After, render.SVGOptions{})
	if n := len(re.FindAllString(string(svg), -1)); n < 6 {
		t.Errorf("after a turn: %d values drawn", n)
	}
}

// TestSVGHeldValues checks the variables (show-values (PLAYER VARIABLE TEXT)) writes
// beside the players' names: Bao's 22 seeds in each hand, then 21 in South's after
// South has sown one.
func TestSVGHeldValues(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "bao.zrf"))
	held := regexp.MustCompile(`>(South|North): (\d+) seeds in hand</text>`)
	read := func(svg []byte) map[string]string {
		out := map[string]string{}
		for _, m := range held.FindAllStringSubmatch(string(svg), -1) {
			out[m[1]] = m[2]
		}
		return out
	}
	svg, _ := render.SVG(g.Game, nil, render.SVGOptions{})
	if got := read(svg); got["South"] != "22" || got["North"] != "22" || len(got) != 2 {
		t.Errorf("at the start: %v, want 22 in each hand", got)
	}
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil || len(turns) == 0 {
		t.Fatalf("turns: %v", err)
	}
	svg, _ = render.SVG(g.Game, turns[0].After, render.SVGOptions{})
	if got := read(svg); got["South"] != "21" || got["North"] != "22" {
		t.Errorf("after South's first turn: %v, want South 21, North 22", got)
	}
}
