package e2e

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// seatsServer starts a server on the bundled games, the test rules that do not load,
// and with the corpus the first 30 levels of a Sokoban series (three files).
func seatsServer(t *testing.T) *httptest.Server {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	paths := []string{"games", "server/testdata/broken.zrf", "server/testdata/badmoves.zrf"}
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		for _, f := range []string{"levels_01_10.zrf", "levels_11_20.zrf", "levels_21_30.zrf"} {
			paths = append(paths, filepath.Join(dir, "glukkazan-zog", "Rules", f))
		}
	}
	cat, err := server.LoadCatalogue(paths)
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

	t.Run("ur: the dice are no opponent", func(t *testing.T) {
		b.t = t
		var c created
		call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/ur.zrf",
			"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "random"}}}, &c)
		b.open(c.ID, c.Secret)
		b.screenshot("seats-ur-black")
		if line := js[string](b, `document.getElementById("seatline").textContent`); line != "You play Black against random." {
			t.Errorf("the seat line is %q, want %q", line, "You play Black against random.")
		}
		// Black's reserve (rb1…) is drawn above the board, White's (rw1…) below.
		if !js[bool](b, below("rb1", "rw1")) {
			t.Errorf("playing Black, Black's reserve is not drawn below White's")
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

// TestLobby checks the lobby's cards: one per rules file with a chooser of its variants
// (chess and its test position Kiwipete), rules that do not load shown as such and not
// offered, and with the corpus a series of level files in one card.
func TestLobby(t *testing.T) {
	ts := seatsServer(t)
	b := newBrowser(t, ts.URL)
	b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	// The cards in view show the renderer's pictures of their games.
	b.wait("the first pictures", `[...document.querySelectorAll(".card img")].slice(0, 6).every(i => i.complete && i.naturalWidth > 0)`, 20*time.Second)
	b.screenshot("lobby")
	card := func(title string) string {
		return `[...document.querySelectorAll(".card")].filter(c => c.querySelector("h3").textContent === ` + fmt.Sprintf("%q", title) + `)`
	}
	if n := js[int](b, card("Chess")+`.length`); n != 1 {
		t.Errorf("%d cards titled Chess, want 1", n)
	}
	if n := js[int](b, card("Kiwipete")+`.length`); n != 0 {
		t.Errorf("Kiwipete has a card of its own")
	}
	opts := js[[]string](b, card("Chess")+`[0].querySelector("select.variants").options.length ? [...`+card("Chess")+`[0].querySelectorAll("select.variants option")].map(o => (o.parentElement.label || "") + ":" + o.textContent) : []`)
	if !slices.Contains(opts, ":Chess") || !slices.Contains(opts, "Other start positions:Kiwipete") {
		t.Errorf("the chess card's chooser offers %q, want Chess and, among other start positions, Kiwipete", opts)
	}
	// Every playable rules file is in exactly one card.
	var cat struct {
		Games []struct {
			Rules  string `json:"rules"`
			Series string `json:"series"`
		} `json:"games"`
	}
	call(t, ts.URL, "GET", "/api/catalogue", "", nil, &cat)
	files, series := map[string]bool{}, map[string]bool{}
	for _, g := range cat.Games {
		files[g.Rules] = true
		if g.Series != "" {
			series[g.Series] = true
		}
	}
	playable := js[int](b, `document.querySelectorAll(".card:not(.broken)").length`)
	if want := len(files); len(series) == 0 && playable != want || len(series) > 0 && playable >= want {
		t.Errorf("%d cards for %d rules files in %d series", playable, want, len(series))
	}

	// Choosing Kiwipete shows its picture and starts it.
	src := js[string](b, card("Chess")+`[0].querySelector("img").src`)
	js[any](b, `(() => { const s = `+card("Chess")+`[0].querySelector("select.variants");
		s.value = [...s.options].find(o => o.textContent === "Kiwipete").value; s.dispatchEvent(new Event("change")); })()`)
	if now := js[string](b, card("Chess")+`[0].querySelector("img").src`); now == src || !strings.Contains(now, "Kiwipete") {
		t.Errorf("after choosing Kiwipete the card's picture is %q (was %q)", now, src)
	}
	b.screenshot("lobby-kiwipete-chosen")
	js[any](b, card("Chess")+`[0].querySelector(".play").click()`)
	b.run("the setup dialog", chromedp.WaitVisible(chromedp.ID("setup")))
	if v := js[string](b, `document.getElementById("variant").value`); v != "Kiwipete" {
		t.Errorf("the setup dialog's variant is %q, want Kiwipete", v)
	}
	b.run("closing the dialog", chromedp.Click(chromedp.ID("cancel")))

	// The rules that do not load: a card each, marked, with the positioned error, and
	// no Play button.
	broken := js[[]string](b, `[...document.querySelectorAll(".card.broken")].map(c => c.querySelector("h3").textContent + "|" + c.textContent.includes("does not load") + "|" + !!c.querySelector(".play") + "|" + c.querySelector("pre.error").textContent)`)
	var sawRead, sawCode bool
	for _, c := range broken {
		parts := strings.SplitN(c, "|", 4)
		if parts[1] != "true" || parts[2] != "false" || !regexp.MustCompile(`^\w+\.zrf:\d+:\d+: `).MatchString(parts[3]) {
			t.Errorf("broken card %q: want \"does not load\", no Play button and a positioned error", c)
		}
		sawRead = sawRead || parts[0] == "broken.zrf" && strings.Contains(parts[3], "(frobnicate)")
		sawCode = sawCode || parts[0] == "Bad moves" && strings.Contains(parts[3], "unknown instruction (nnw")
	}
	if !sawRead || !sawCode {
		t.Errorf("broken cards %q: want server/testdata/broken.zrf (its game form) and badmoves.zrf (its move code)", broken)
	}
	if n := js[int](b, card("Bad moves")+`.length + `+card("broken.zrf")+`.length`); n != 2 {
		t.Errorf("%d cards for the two files that do not load, want 2", n)
	}
	b.run("showing the broken cards", chromedp.ScrollIntoView(chromedp.CSS(".card.broken")))
	b.screenshot("lobby-broken")

	if os.Getenv("ZOGGO_CORPUS") != "" {
		if n := js[int](b, card("Sokoban")+`.length`); n != 1 {
			t.Errorf("%d cards titled Sokoban, want 1 for its three files", n)
		}
		if n := js[int](b, card("Sokoban")+`[0].querySelectorAll("select.variants option").length`); n != 30 {
			t.Errorf("the Sokoban card offers %d levels, want 30", n)
		}
		b.run("showing the Sokoban card", chromedp.ScrollIntoView(chromedp.CSS(".card:last-of-type")))
		js[any](b, card("Sokoban")+`[0].scrollIntoView()`)
		b.screenshot("lobby-sokoban")
	}
}
