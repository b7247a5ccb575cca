package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/store/memstore"
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

// TestCatalogueBadVariant checks a file one of whose variants has move code that does
// not compile: the file is offered, that variant is marked and cannot be started.
func TestCatalogueBadVariant(t *testing.T) {
	dir := t.TempDir()
	src := `(game (title "Good") (players A B) (turn-order A B)
   (board (grid (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50))) (directions (n 0 -1))))
   (piece (name P) (moves (n add)))
   (board-setup (A (P a1)) (B (P c3))))
(variant (title "Bad")
   (piece (name P) (moves (nnw add))))
`
	if err := os.WriteFile(filepath.Join(dir, "two.zrf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	j := c.json()
	if len(j.Errors) != 0 || len(j.Games) != 2 {
		t.Fatalf("catalogue %+v, want the two games and no file error", j)
	}
	if j.Games[0].Error != "" || !strings.HasPrefix(j.Games[1].Error, "two.zrf:6:28: unknown instruction \"nnw\"") {
		t.Errorf("errors %q and %q, want none for Good and the position of nnw for Bad", j.Games[0].Error, j.Games[1].Error)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: c})
	seats := []map[string]string{{"kind": "human"}, {"kind": "human"}}
	rules := filepath.ToSlash(filepath.Join(dir, "two.zrf"))
	h.want(http.StatusNotFound, "POST", "/api/games", "", map[string]any{"rules": rules, "variant": "Bad", "seats": seats}, nil)
	h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"rules": rules, "variant": "Good", "seats": seats}, nil)
}

// TestCatalogueAxiomNotStarting checks an Axiom game whose Forth cannot start (here, its
// engine's folder is missing): its rules compile, but the lobby lists the file as not
// loading, with the reason, and no game of it can be started.
func TestCatalogueAxiomNotStarting(t *testing.T) {
	dir := t.TempDir()
	src := `(game (title "Forthless") (players A B) (turn-order A B)
   (engine "Missing/axiom.dll")
   (board (grid (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50))) (directions (n 0 -1))))
   (piece (name P))
   (board-setup (A (P a1)) (B (P c3))))
`
	if err := os.WriteFile(filepath.Join(dir, "forthless.zrf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	j := c.json()
	if len(j.Games) != 0 || len(j.Errors) != 1 {
		t.Fatalf("catalogue %+v, want the file listed as not loading", j)
	}
	if e := j.Errors[0]; e.Title != "Forthless" || !strings.Contains(e.Error, `no folder "Missing"`) {
		t.Errorf("error %+v, want Forthless's missing engine folder", e)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: c})
	seats := []map[string]string{{"kind": "human"}, {"kind": "human"}}
	rules := filepath.ToSlash(filepath.Join(dir, "forthless.zrf"))
	h.want(http.StatusNotFound, "POST", "/api/games", "", map[string]any{"rules": rules, "seats": seats}, nil)
}
