package e2e

// The player's table in a real browser: the result in words over the board and in the
// lobby's list, royal pieces in check marked on the board, the move list in the short
// notation (and the others), and reviewing earlier positions while the game goes on.

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// shortMoves returns the move list as the page shows it.
func shortMoves(b *browser) []string {
	b.t.Helper()
	return js[[]string](b, `[...document.querySelectorAll("#moves .mv")].map(m => m.textContent)`)
}

// checks returns the positions marked in check on the board shown.
func checks(b *browser) []string {
	b.t.Helper()
	return js[[]string](b, `[...document.querySelectorAll("#board .checks circle")].map(c => c.dataset.pos)`)
}

// pieceOn reports whether the board shown has a piece on pos.
func pieceOn(b *browser, pos string) bool {
	b.t.Helper()
	return js[bool](b, `!!document.querySelector('#board .piece[data-loc="`+pos+`"]')`)
}

func TestBrowserTable(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games/chess.zrf", "games/go.zrf", "games/ur.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)

	t.Run("fool's mate by clicks", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/chess.zrf", "Chess", 2)
		b.open(c.ID, c.Secret)
		for i, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
			b.wait("the player's turns", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
			b.square(mv[:2])
			b.square(mv[2:])
			b.waitMoves(i+1, 10*time.Second)
		}
		b.wait("the outcome", `!document.getElementById("outcome").hidden`, 10*time.Second)
		b.screenshot("fools-mate")
		if got := js[string](b, `document.getElementById("outcome").textContent`); got != "Black wins by checkmate" {
			t.Errorf("the banner over the board says %q", got)
		}
		if got, want := shortMoves(b), []string{"f3", "e5", "g4", "Qh4#"}; !slices.Equal(got, want) {
			t.Errorf("the move list is %q, want %q", got, want)
		}
		if got := checks(b); !slices.Equal(got, []string{"e1"}) {
			t.Errorf("marked in check: %q, want e1", got)
		}
		// The other notations, chosen in the page, and back.
		b.run("the named notation", chromedp.SetValue(chromedp.ID("notation"), "named"))
		js[any](b, `document.getElementById("notation").dispatchEvent(new Event("change"))`)
		named := shortMoves(b)
		if named[3] != js[string](b, `document.querySelectorAll("#moves .mv")[3].dataset.named`) || named[3] == "Qh4#" {
			t.Errorf("in the named notation the list is %q", named)
		}
		b.run("the short notation", chromedp.SetValue(chromedp.ID("notation"), "short"))
		js[any](b, `document.getElementById("notation").dispatchEvent(new Event("change"))`)
		// The lobby lists the game with its result.
		b.run("the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.ID("yourgames")))
		b.screenshot("lobby-with-result")
		if got := js[string](b, `document.getElementById("yourgames").textContent`); !strings.Contains(got, "Black wins by checkmate") {
			t.Errorf("the lobby's list of games says %q", got)
		}
	})

	t.Run("check, review and back", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/chess.zrf", "Chess", 2)
		for _, mv := range []string{"e2e4", "f7f5", "d1h5"} {
			play(t, ts.URL, c, mv[:2], mv[2:])
		}
		b.open(c.ID, c.Secret)
		b.waitMoves(3, 10*time.Second)
		b.screenshot("check")
		if got, want := shortMoves(b), []string{"e4", "f5", "Qh5+"}; !slices.Equal(got, want) {
			t.Errorf("the move list is %q, want %q", got, want)
		}
		if got := checks(b); !slices.Equal(got, []string{"e8"}) {
			t.Errorf("marked in check: %q, want e8", got)
		}
		if !js[bool](b, `document.getElementById("outcome").hidden`) {
			t.Error("an outcome is shown while the game goes on")
		}
		// A click on 1.e4 shows the position after it.
		js[any](b, `document.querySelectorAll("#moves .mv")[0].click()`)
		b.wait("the review", `!document.getElementById("reviewbar").hidden && document.querySelector("#board.reviewing")`, 10*time.Second)
		b.screenshot("review-e4")
		if !pieceOn(b, "e4") || pieceOn(b, "f5") || !pieceOn(b, "f7") || len(checks(b)) != 0 {
			t.Errorf("the review of 1.e4: e4 %v f5 %v f7 %v, checks %q", pieceOn(b, "e4"), pieceOn(b, "f5"), pieceOn(b, "f7"), checks(b))
		}
		if got := js[string](b, `document.querySelector("#moves .mv.last").textContent`); got != "e4" {
			t.Errorf("the move marked in the list is %q, want e4", got)
		}
		// The arrow key steps forward.
		b.run("the right arrow", chromedp.KeyEvent(kb.ArrowRight))
		b.wait("the next position", `document.querySelector("#moves .mv.last")?.textContent === "f5"`, 10*time.Second)
		if !pieceOn(b, "f5") || pieceOn(b, "h5") {
			t.Errorf("the review of 1…f5: f5 %v h5 %v", pieceOn(b, "f5"), pieceOn(b, "h5"))
		}
		// The game goes on meanwhile: Black answers through the API; the list shows it,
		// the board stays where it was.
		play(t, ts.URL, c, "g7", "g6")
		b.waitMoves(4, 10*time.Second)
		if pieceOn(b, "g6") || js[bool](b, `document.getElementById("reviewbar").hidden`) {
			t.Error("a move played meanwhile left the review")
		}
		b.screenshot("review-while-game-goes-on")
		b.run("back to the game", chromedp.Click(chromedp.ID("backtogame"), chromedp.NodeVisible))
		b.wait("the game", `document.getElementById("reviewbar").hidden && !document.querySelector("#board.reviewing")`, 10*time.Second)
		if !pieceOn(b, "g6") || !pieceOn(b, "h5") || len(checks(b)) != 0 {
			t.Errorf("back in the game: g6 %v h5 %v, checks %q", pieceOn(b, "g6"), pieceOn(b, "h5"), checks(b))
		}
		b.screenshot("back-to-game")
		// And the board takes clicks again.
		b.wait("White's turns", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.square("h5")
		b.square("g6")
		b.waitMoves(5, 10*time.Second)
		if got := shortMoves(b); got[4] != "Qxg6+" {
			t.Errorf("the move clicked reads %q, want Qxg6+", got[4])
		}
		// A move typed while reviewing ends the review.
		js[any](b, `document.querySelectorAll("#moves .mv")[0].click()`)
		b.wait("the review", `!document.getElementById("reviewbar").hidden`, 10*time.Second)
		b.run("typing hxg6", chromedp.SendKeys(chromedp.ID("movetext"), "h7g6"+kb.Enter))
		b.waitMoves(6, 10*time.Second)
		b.wait("the game", `document.getElementById("reviewbar").hidden && !document.querySelector("#board.reviewing")`, 10*time.Second)
		if pieceOn(b, "h7") || !pieceOn(b, "g6") || pieceOn(b, "h5") {
			t.Errorf("after hxg6 typed in review: h7 %v g6 %v h5 %v", pieceOn(b, "h7"), pieceOn(b, "g6"), pieceOn(b, "h5"))
		}
		b.screenshot("typed-in-review")
	})

	t.Run("go 9x9 by clicks to the end, scored in words", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/go.zrf", "Go 9x9", 2)
		b.open(c.ID, c.Secret)
		// Black walls off the corner a1 a2 b1; White takes j9 with two stones and puts a
		// third in the middle, where the empty points touch both colours.
		stones := []string{"a3", "j8", "b2", "h9", "c1", "e5"}
		for i, p := range stones {
			b.wait("the player's turn", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
			if !b.clickSquare(p) {
				t.Fatalf("no point %s to click", p)
			}
			b.waitMoves(i+1, 10*time.Second)
		}
		b.screenshot("go-stones-clicked")
		for i := len(stones) + 1; i <= len(stones)+2; i++ {
			b.wait("the player's turn", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
			if !b.clickOn("#pass") {
				t.Fatalf("no pass control shown before turn %d", i)
			}
			b.waitMoves(i, 10*time.Second)
		}
		b.wait("the outcome", `!document.getElementById("outcome").hidden`, 10*time.Second)
		b.screenshot("go-score")
		// Black: 3 stones and the 3 points walled off; White: 3 stones, j9, and 7.5 komi.
		if got, want := js[string](b, `document.getElementById("outcome").textContent`), "White wins by 5.5 points (Black 6, White 4 + 7.5)"; got != want {
			t.Errorf("the banner over the board says %q, want %q", got, want)
		}
		want := append(slices.Clone(stones), "pass", "pass")
		if got := shortMoves(b); !slices.Equal(got, want) {
			t.Errorf("the move list is %q, want %q", got, want)
		}
		if n := js[int](b, `document.querySelectorAll("#board .piece").length`); n != len(stones) {
			t.Errorf("the final board shows %d stones, want %d", n, len(stones))
		}
	})

	t.Run("dice as the faces rolled", func(t *testing.T) {
		b.t = t
		var c created
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/ur.zrf", "variant": "",
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}, {"kind": "random"}}}, &c)
		b.open(c.ID, c.Secret)
		b.waitMoves(1, 10*time.Second)
		b.screenshot("ur-roll")
		first := js[string](b, `document.querySelector("#moves .mv").textContent`)
		dice := js[bool](b, `document.querySelector("#moves .mv").classList.contains("dice")`)
		if !strings.HasPrefix(first, "rolled ") || strings.Count(first, " ") != 3 || !dice {
			t.Errorf("the dice's first turn reads %q (shown as dice: %v), want three faces rolled", first, dice)
		}
	})

	t.Run("review keeps the board turned", func(t *testing.T) {
		// Black against a bot: the board is turned, and so is a position reviewed.
		b.t = t
		var c created
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "variant": "Chess",
			"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "human"}}}, &c)
		b.open(c.ID, c.Secret)
		b.waitMoves(1, 30*time.Second)
		pieceBelow := `(() => { const r = (p) => document.querySelector('#board .piece[data-loc="' + p + '"]').getBoundingClientRect();
			return r("e8").top > r("e1").top; })()`
		if !js[bool](b, pieceBelow) {
			t.Fatal("playing Black, the king on e8 is not drawn below e1")
		}
		b.run("the start position", chromedp.KeyEvent(kb.Home))
		b.wait("the review", `!document.getElementById("reviewbar").hidden && document.querySelector("#board.reviewing")`, 10*time.Second)
		b.screenshot("review-turned")
		if !js[bool](b, pieceBelow) {
			t.Error("the start position reviewed is not turned as the game is")
		}
		if n := js[int](b, `document.querySelectorAll("#board .piece").length`); n != 32 {
			t.Errorf("the start position shows %d pieces", n)
		}
		b.run("the end", chromedp.KeyEvent(kb.End))
		b.wait("the game", `document.getElementById("reviewbar").hidden`, 10*time.Second)
	})
}
