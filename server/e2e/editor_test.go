package e2e

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestEditor drives the position editor of the game page on a game of chess: pieces
// taken away and put by clicks, the text it exports read back by the server, the player
// to move set, a count of the moves from there that agrees with the API's, a setup with
// an error shown with its place, and a new game started from the position.
func TestEditor(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games/chess.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)
	c := humans(t, ts.URL, "games/chess.zrf", "Chess", 2)
	b.open(c.ID, c.Secret)

	b.run("opening the editor", chromedp.Click(chromedp.CSS(`#editor summary`)))
	b.wait("the editor's board", `!!document.querySelector("#editboard svg .targets rect[data-pos='e2']") && document.getElementById("edittext").value.includes("(King e1)")`, 10*time.Second)
	text := func() string { return js[string](b, `document.getElementById("edittext").value`) }
	click := func(choice, at string) {
		t.Helper()
		before := text()
		b.run("choosing "+choice, chromedp.SetValue(chromedp.ID("editpiece"), choice))
		b.run("clicking "+at, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#editboard .targets rect[data-pos=%q]`, at)), chromedp.NodeVisible))
		b.wait("the position after the click on "+at, fmt.Sprintf(`document.getElementById("edittext").value !== %q`, before), 10*time.Second)
	}
	click("", "e2")
	if got := text(); !strings.Contains(got, "(Pawn a2 b2 c2 d2 f2 g2 h2)") {
		t.Errorf("after taking the pawn of e2 away, the setup is\n%s", got)
	}
	click("White\tQueen", "e4")
	if got := text(); !strings.Contains(got, "(Queen e4 d1)") && !strings.Contains(got, "(Queen d1 e4)") {
		t.Errorf("after putting a white queen on e4, the setup is\n%s", got)
	}
	before := text()
	b.run("Black to move", chromedp.SetValue(chromedp.ID("edittomove"), "Black"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("edittomove").dispatchEvent(new Event("change"))`))
	b.run("depth 2", chromedp.SetValue(chromedp.ID("editdepth"), "2"), chromedp.Click(chromedp.ID("editperft")))
	b.wait("the count", `document.getElementById("editperftout").textContent.startsWith("depth 1: ")`, 20*time.Second)
	b.screenshot("editor")
	var want struct{ Counts []int64 }
	call(t, ts.URL, "POST", "/api/games/"+c.ID+"/setup/perft", c.Secret, map[string]any{"setup": before, "toMove": "Black", "depth": 2}, &want)
	if got, w := js[string](b, `document.getElementById("editperftout").textContent`), fmt.Sprintf("depth 1: %d, depth 2: %d", want.Counts[0], want.Counts[1]); got != w {
		t.Errorf("the page counts %q, the API %q", got, w)
	}

	b.run("a bad setup", chromedp.SetValue(chromedp.ID("edittext"), "(board-setup (White (Kong e1)))"), chromedp.Click(chromedp.ID("editapply")))
	b.wait("the setup's error", `!document.getElementById("editerrors").hidden`, 10*time.Second)
	b.screenshot("editor-error")
	if got := js[string](b, `document.getElementById("editerrors").textContent`); !strings.Contains(got, `setup:1:22: unknown piece type "Kong" (did you mean "King"?)`) || !strings.Contains(got, "\n                     ^") {
		t.Errorf("the error shown is\n%s", got)
	}

	b.run("the position again", chromedp.SetValue(chromedp.ID("edittext"), before), chromedp.Click(chromedp.ID("editapply")))
	b.wait("the error gone", `document.getElementById("editerrors").hidden`, 10*time.Second)
	b.run("starting a game", chromedp.Click(chromedp.ID("editgame")))
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`location.pathname !== "/g/`+c.ID+`" && !!document.querySelector("#board svg .targets") && document.getElementById("status").textContent !== ""`))
		if err == nil && ok {
			break
		}
		if time.Since(start) > 10*time.Second {
			b.screenshot("failed")
			t.Fatalf("the page did not open the new game within 10 s (%v)", err)
		}
	}
	b.screenshot("editor-game")
	id := strings.TrimPrefix(js[string](b, `location.pathname`), "/g/")
	var nw gameJSON
	call(t, ts.URL, "GET", "/api/games/"+id, c.Secret, nil, &nw)
	if nw.ToMove != 1 || nw.Ply != 0 || len(nw.Legal) != int(want.Counts[0]) {
		t.Errorf("the new game: player %d to move at ply %d with %d legal turns; want Black at 0 with %d", nw.ToMove, nw.Ply, len(nw.Legal), want.Counts[0])
	}
}
