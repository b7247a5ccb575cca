package server

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

func TestSeriesStem(t *testing.T) {
	for _, tt := range []struct{ title, want string }{
		{"Sokoban (Level 11)", "Sokoban"},
		{"Sokoban", "Sokoban"},
		{"Walhall 3", "Walhall"},
		{"Chu (Middle) Shogi", "Chu (Middle) Shogi"},
		{"(1)", "(1)"},
	} {
		if got := seriesStem(tt.title); got != tt.want {
			t.Errorf("seriesStem(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}

// TestCatalogueGroups checks what the lobby groups by: chess's Kiwipete is another
// start position of chess, and files of levels are one series.
func TestCatalogueGroups(t *testing.T) {
	c, err := LoadCatalogue([]string{"../games/chess.zrf", "../games/checkers.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]variantJSON{}
	for _, v := range c.json().Games {
		got[v.Variant] = v
	}
	for name, want := range map[string]bool{"Chess": false, "Kiwipete": true, "Checkers": false} {
		if v, ok := got[name]; !ok || v.Position != want || v.Series != "" {
			t.Errorf("%s: %+v, want position %v and no series", name, v, want)
		}
	}

	dir := testutil.CorpusDir(t)
	var paths []string
	for _, f := range []string{"levels_01_10.zrf", "levels_11_20.zrf", "ToguzKumalak.zrf"} {
		paths = append(paths, filepath.Join(dir, "glukkazan-zog", "Rules", f))
	}
	c, err = LoadCatalogue(paths)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range c.json().Games {
		want := "Sokoban"
		if v.Variant == "Toguz Kumalak" {
			want = ""
		}
		if v.Series != want {
			t.Errorf("%s %s: series %q, want %q", v.Rules, v.Variant, v.Series, want)
		}
		n++
	}
	if n != 21 {
		t.Errorf("%d games, want 20 levels and Toguz Kumalak", n)
	}
}
