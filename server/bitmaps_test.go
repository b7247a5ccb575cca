package server

import (
	"bytes"
	"image/png"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/store/memstore"
)

// TestBitmapsByURL checks that the board and the stock refer to the rules' bitmaps by
// address instead of carrying them, that each is encoded once, and that the address
// serves the picture for good (Cache-Control: immutable), from this server or from one
// that has not drawn the game yet.
func TestBitmapsByURL(t *testing.T) {
	dir := dropsFolder(t, "Stone.BMP")
	cat, err := LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	c := h.create(map[string]any{"rules": filepath.ToSlash(filepath.Join(dir, "drops.zrf")), "seats": seats("human", "human")})
	var s stateJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": 4}, &s)
	if strings.Contains(s.Board.SVG, "data:") {
		t.Fatalf("the board carries a picture inline")
	}
	hrefs := regexp.MustCompile(`<image [^>]*xlink:href="(/api/bitmap/[^"]*)"`).FindAllStringSubmatch(s.Board.SVG, -1)
	if len(hrefs) != 2 {
		t.Fatalf("%d pictures on the board, want the board's and the stone's:\n%s", len(hrefs), s.Board.SVG)
	}
	if len(s.Stock) != 2 || s.Stock[0].Image != s.Stock[1].Image || !strings.HasPrefix(s.Stock[0].Image, "/api/bitmap/") {
		t.Fatalf("stock %+v", s.Stock)
	}
	urls := []string{strings.ReplaceAll(hrefs[0][1], "&amp;", "&"), strings.ReplaceAll(hrefs[1][1], "&amp;", "&"), s.Stock[0].Image}
	sizes := map[int]bool{}
	for _, u := range urls {
		resp, body := h.raw("GET", u, nil, "")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("GET %s: %d, %q, Cache-Control %q", u, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("GET %s: %v", u, err)
		}
		sizes[img.Bounds().Dx()] = true
	}
	if !sizes[4] || !sizes[120] {
		t.Errorf("picture widths %v, want 4 and 120", sizes)
	}

	// The pictures are encoded once: moves draw the board again with the same ones.
	n := len(h.srv.pics.bySrc)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 1, "index": 0}, &s)
	if len(h.srv.pics.bySrc) != n || !strings.Contains(s.Board.SVG, hrefs[1][1]) {
		t.Errorf("after a move: %d pictures encoded, %d before", len(h.srv.pics.bySrc), n)
	}

	// Another server, which has not drawn the game, serves the same addresses.
	h2 := newHarness(t, memstore.New(), Options{Catalogue: cat})
	for _, u := range urls {
		if resp, _ := h2.raw("GET", u, nil, ""); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s of another server: %d", u, resp.StatusCode)
		}
	}
	// Not a file beside the rules, or a hash that is not the picture's, to a server that
	// has not made the picture.
	hash := urls[0][len("/api/bitmap/"):strings.Index(urls[0], "?")]
	for _, u := range []string{"/api/bitmap/" + strings.Repeat("0", 64) + urls[0][strings.Index(urls[0], "?"):],
		"/api/bitmap/" + hash + "?rules=nothing&file=board.bmp",
		"/api/bitmap/" + hash + "?" + strings.Replace(urls[0][strings.Index(urls[0], "?")+1:], "board.bmp", "..%2Fdrops.zrf", 1)} {
		h3 := newHarness(t, memstore.New(), Options{Catalogue: cat})
		if resp, _ := h3.raw("GET", u, nil, ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", u, resp.StatusCode)
		}
	}
}
