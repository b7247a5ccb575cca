package e2e

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// seatsServer starts a server on the bundled games and the test rules.
func seatsServer(t *testing.T) *httptest.Server {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games", "server/testdata/broken.zrf", "server/e2e/testdata/broken.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts
}

// below says, in the page, whether the click target of position a is drawn below that
// of position b on the screen (turning the board moves them).
func below(a, b string) string {
	return `(() => { const r = (p) => document.querySelector('#board .targets rect[data-pos="' + p + '"]').getBoundingClientRect();
		return r("` + a + `").top > r("` + b + `").top; })()`
}

// TestSeats checks the seats as players see them: the board turned so that their side
// is at the bottom, the seat line that says whom they play, and the move box's hint.
func TestSeats(t *testing.T) {
	ts := seatsServer(t)
	b := newBrowser(t, ts.URL)

	t.Run("black against a bot sees black at the bottom", func(t *testing.T) {
		b.t = t
		var c created
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "variant": "Chess",
			"seats": []map[string]string{{"kind": "bot", "bot": "search:2"}, {"kind": "human"}}}, &c)
		b.open(c.ID, c.Secret)
		b.wait("the bot's first move and Black to move", `document.querySelector("#status").classList.contains("yours")`, 60*time.Second)
		b.screenshot("seats-chess-black")
		if !js[bool](b, below("e8", "e1")) {
			t.Errorf("playing Black, e8 is not drawn below e1: the board is not turned")
		}
		if line := js[string](b, `document.getElementById("seatline").textContent`); line != "You play Black against search:2." {
			t.Errorf("the seat line is %q, want %q", line, "You play Black against search:2.")
		}
		hint := js[string](b, `document.getElementById("movetext").placeholder`)
		if !strings.Contains(hint, "Pawn") && !strings.Contains(hint, "Knight") {
			t.Errorf("the move hint is %q, want a legal move of Black's", hint)
		}
		if n := js[int](b, `document.querySelectorAll("#seatlist li img, #seatlist li .disc:not(.none)").length`); n != 2 {
			t.Errorf("%d seats show a piece of their colour, want 2", n)
		}
		// Turned by hand, the board stays as the player left it.
		b.run("turning the board back", chromedp.Click(chromedp.ID("turnboard")))
		b.run("reloading", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
		b.wait("the game", `document.querySelector("#status").textContent !== ""`, 10*time.Second)
		if js[bool](b, below("e8", "e1")) {
			t.Errorf("turned back by hand and reloaded, e8 is still drawn below e1")
		}
	})

	t.Run("white against a bot sees white at the bottom", func(t *testing.T) {
		b.t = t
		var c created
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "variant": "Chess",
			"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "search:1"}}}, &c)
		b.open(c.ID, c.Secret)
		if !js[bool](b, below("e1", "e8")) {
			t.Errorf("playing White, e1 is not drawn below e8")
		}
		if hint := js[string](b, `document.getElementById("movetext").placeholder`); hint == "Type a move" || strings.Contains(hint, "Black") {
			t.Errorf("the move hint is %q, want one of White's legal moves", hint)
		}
	})

	t.Run("the invited player is told their side", func(t *testing.T) {
		b.t = t
		var c struct {
			ID      string `json:"id"`
			Secret  string `json:"secret"`
			Invites []struct {
				Seat   int    `json:"seat"`
				Secret string `json:"secret"`
			} `json:"invites"`
		}
		// Checkers: Black moves first and starts at the top of the board as drawn.
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/checkers.zrf",
			"seats": []map[string]string{{"kind": "invite"}, {"kind": "human"}}}, &c)
		if len(c.Invites) != 1 || c.Invites[0].Seat != 0 {
			t.Fatalf("invites %+v, want one for seat 0", c.Invites)
		}
		b.open(c.ID, c.Invites[0].Secret)
		b.screenshot("seats-checkers-invited-black")
		line := js[string](b, `document.getElementById("seatline").textContent`)
		if !strings.HasPrefix(line, "You play Black against") {
			t.Errorf("the invited player's seat line is %q, want it to say they play Black", line)
		}
		// Black's men start on ranks 6-8: a man of Black's is drawn below one of White's.
		blackMan := js[string](b, `[...document.querySelectorAll("#board .piece")].map(p => p.dataset.loc).find(l => /[678]$/.test(l)) || ""`)
		whiteMan := js[string](b, `[...document.querySelectorAll("#board .piece")].map(p => p.dataset.loc).find(l => /[123]$/.test(l)) || ""`)
		if blackMan == "" || whiteMan == "" {
			t.Fatalf("no men found on the board (%q, %q)", blackMan, whiteMan)
		}
		if !js[bool](b, below(blackMan, whiteMan)) {
			t.Errorf("the invited Black player sees Black's man on %s above White's on %s", blackMan, whiteMan)
		}
		hint := js[string](b, `document.getElementById("movetext").placeholder`)
		if !strings.Contains(hint, "Man") {
			t.Errorf("the move hint in checkers is %q, want a move of a Man", hint)
		}
		// The other seat, White, sees its own men at the bottom. (A link that differs
		// only in its fragment would not load the page again.)
		b.run("leaving the page", chromedp.Navigate("about:blank"))
		b.open(c.ID, c.Secret)
		b.screenshot("seats-checkers-white")
		if js[bool](b, below(blackMan, whiteMan)) {
			t.Errorf("White sees Black's man on %s below its own on %s", blackMan, whiteMan)
		}
		if line := js[string](b, `document.getElementById("seatline").textContent`); !strings.HasPrefix(line, "You play White against") {
			t.Errorf("White's seat line is %q", line)
		}
	})
}
