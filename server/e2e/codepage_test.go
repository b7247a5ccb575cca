package e2e

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestCodePageLobby starts from the lobby a game whose rules are written in Windows-1252
// (its title, a player and its piece are not ASCII): the card shows the title decoded,
// and its key starts the game, whose page shows the piece's name decoded too.
func TestCodePageLobby(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	dir := t.TempDir()
	src := "(game (title \"W\xf6lfe\") (description \"Caf\xe9 \x96 jeu\")\n" +
		" (players Wei\xdf Schwarz) (turn-order Wei\xdf Schwarz)\n" +
		" (board (grid (start-rectangle 0 0 50 50) (dimensions (\"a/b/c\" (50 0)) (\"3/2/1\" (0 50)))))\n" +
		" (board-setup (Wei\xdf (Sch\xe4fer off 5)) (Schwarz (Sch\xe4fer off 5)))\n" +
		" (piece (name Sch\xe4fer) (drops ((verify empty?) add)))\n" +
		" (draw-condition (Wei\xdf Schwarz) stalemated))\n"
	if err := os.WriteFile(filepath.Join(dir, "wolfs.zrf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := server.LoadCatalogue([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)
	b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	b.screenshot("codepage-lobby")
	if title := js[string](b, `document.querySelector(".card h3").textContent`); title != "Wölfe" {
		t.Fatalf("the card's title is %q, want Wölfe", title)
	}
	js[any](b, `document.querySelector(".card .play").click()`)
	b.run("the setup dialog", chromedp.WaitVisible(chromedp.ID("setup")))
	b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	b.wait("the legal moves", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	b.screenshot("codepage-game")
	if page := js[string](b, `document.body.innerText`); !strings.Contains(page, "Wölfe") || !strings.Contains(page, "Weiß") {
		t.Errorf("the game page does not show Wölfe and Weiß:\n%s", page)
	}
}
