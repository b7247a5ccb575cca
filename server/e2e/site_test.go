package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// siteServer starts a server on the bundled games that starts as many games as the
// tests ask for, with its store.
func siteServer(t *testing.T) (*httptest.Server, *memstore.Store) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games/chess.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	st := memstore.New()
	srv := server.New(server.Options{Store: st, Catalogue: cat, Rate: -1, CreateRate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, st
}

var twoPeople = []map[string]string{{"kind": "human"}, {"kind": "invite"}}

type createdInv struct {
	ID      string `json:"id"`
	Secret  string `json:"secret"`
	View    string `json:"view"`
	Invites []struct {
		Seat   int    `json:"seat"`
		Secret string `json:"secret"`
	} `json:"invites"`
}

// TestPremove queues a turn by clicks while a bot thinks: it is played as soon as the
// bot has answered; one that is not legal then is dropped with a note.
func TestPremove(t *testing.T) {
	ts, st := siteServer(t)
	b := newBrowser(t, ts.URL)
	var c created
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "search:2s"}}}, &c)
	b.open(c.ID, c.Secret)
	b.wait("the legal moves", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	b.mouseSquare("e2")
	b.mouseSquare("e4")
	// The bot thinks for two seconds: queue d2-d4 meanwhile.
	b.mouseSquare("d2")
	b.mouseSquare("d4")
	if got := js[string](b, `document.getElementById("board").dataset.premove`); got != "d2 d4" {
		t.Fatalf("the premove queued is %q, want \"d2 d4\"", got)
	}
	if n := js[int](b, `document.querySelectorAll("#board .targets rect.premove").length`); n != 2 {
		t.Errorf("%d squares marked as the premove, want 2", n)
	}
	if n := js[int](b, `document.querySelectorAll("#moves .mv").length`); n > 1 {
		t.Fatalf("the bot answered before the premove was queued (%d moves): the test proves nothing", n)
	}
	b.screenshot("premove-queued")
	b.waitMoves(3, 30*time.Second)
	_, turns, err := st.Game(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) < 3 || !strings.HasSuffix(turns[2].Text, "d2 - d4") {
		t.Fatalf("the third turn stored is %v, want d2 - d4", turns)
	}
	if gap := turns[2].At.Sub(turns[1].At); gap > 2*time.Second {
		t.Errorf("the premove was stored %v after the bot's answer; want it at once", gap)
	} else {
		t.Logf("the premove was stored %v after the bot's answer", gap)
	}
	if got := js[string](b, `document.body.dataset.sound || ""`); got == "" {
		t.Errorf("no sound was made for the moves")
	}

	// A premove that is not legal when the turn comes (the rook on a1 is blocked) is
	// dropped with a note, and the player is to move.
	b.wait("the premove played", `document.getElementById("board").dataset.premove === ""`, 10*time.Second)
	b.wait("the bot thinking", `!document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	b.mouseSquare("a1")
	b.mouseSquare("a5")
	b.waitMoves(4, 30*time.Second)
	b.wait("the note", `!document.getElementById("premovenote").hidden`, 10*time.Second)
	if note := js[string](b, `document.getElementById("premovenote").textContent`); !strings.Contains(note, "dropped") {
		t.Errorf("the note of the premove dropped is %q", note)
	}
	b.wait("the player's turn", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	b.screenshot("premove-dropped")

	// Escape cancels a premove.
	b.mouseSquare("g1")
	b.mouseSquare("f3")
	b.waitMoves(5, 30*time.Second)
	b.wait("the bot thinking", `!document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	b.mouseSquare("b1")
	b.run("pressing Escape", chromedp.KeyEvent(kb.Escape))
	if got := js[string](b, `document.getElementById("board").dataset.premove`); got != "" {
		t.Errorf("after Escape the premove is %q", got)
	}
}

// TestRematch: one player offers a rematch from their page, the other accepts it from
// theirs; both pages go to the new game with the seats swapped, and the old link leads
// there. Then "play from here" starts a game from a reviewed position.
func TestRematchPages(t *testing.T) {
	ts, _ := siteServer(t)
	a := newBrowser(t, ts.URL)
	bb := newBrowser(t, ts.URL)
	var c createdInv
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "seats": twoPeople}, &c)
	inv := c.Invites[0].Secret
	call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "e4"}, nil)
	call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", inv, map[string]any{"ply": 1, "text": "e5"}, nil)
	a.open(c.ID, c.Secret)
	bb.open(c.ID, inv)
	call(t, ts.URL, "POST", "/api/games/"+c.ID+"/resign", inv, map[string]any{}, nil)
	a.wait("the rematch button", `!document.getElementById("rematch").hidden`, 10*time.Second)
	if got := js[string](a, `document.body.dataset.sound || ""`); got != "end" {
		t.Errorf("the sound of the end: %q, want end", got)
	}
	a.run("offering a rematch", chromedp.Click(chromedp.ID("rematch")))
	a.wait("the offer noted", `document.getElementById("rematchnote").textContent.includes("waiting")`, 10*time.Second)
	bb.wait("the offer on the other page", `!document.getElementById("acceptrematch").hidden`, 10*time.Second)
	if note := js[string](bb, `document.getElementById("rematchnote").textContent`); !strings.Contains(note, "White offers a rematch") {
		t.Errorf("the other page says %q of the offer", note)
	}
	bb.screenshot("rematch-offered")
	bb.run("accepting", chromedp.Click(chromedp.ID("acceptrematch")))
	for _, p := range []*browser{a, bb} {
		p.waitAcross("the rematch page", fmt.Sprintf(`location.pathname !== "/g/%s" && !!document.querySelector("#board svg .targets")`, c.ID), 15*time.Second)
		p.wait("the seat line", `document.getElementById("seatline").textContent !== ""`, 10*time.Second)
	}
	if line := js[string](a, `document.getElementById("seatline").textContent`); !strings.HasPrefix(line, "You play Black") {
		t.Errorf("the offerer, White before, reads %q in the rematch", line)
	}
	if line := js[string](bb, `document.getElementById("seatline").textContent`); !strings.HasPrefix(line, "You play White") {
		t.Errorf("the one who accepted, Black before, reads %q in the rematch", line)
	}
	bb.wait("White to move in the rematch", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	bb.screenshot("rematch-accepted")
	newPath := js[string](a, `location.pathname`)

	// The old link still works and leads to the rematch; the finished game offers its
	// record and a new game from a reviewed position.
	bb.open(c.ID, inv)
	bb.wait("the link to the rematch", `!document.getElementById("gorematch").hidden`, 10*time.Second)
	if href := js[string](bb, `new URL(document.getElementById("gorematch").href).pathname`); href != newPath {
		t.Errorf("the old game links to %s, want %s", href, newPath)
	}
	if text := js[string](bb, `document.getElementById("outcome").textContent`); !strings.Contains(text, "resigned") {
		t.Errorf("the result banner of the old game says %q", text)
	}
	bb.run("reviewing the first move", chromedp.Click(chromedp.CSS(`#moves .mv[data-ply="0"]`)))
	bb.wait("the review", `!document.getElementById("reviewbar").hidden`, 10*time.Second)
	bb.run("playing from here", chromedp.Click(chromedp.ID("playfrom")))
	bb.waitAcross("the new game", fmt.Sprintf(`location.pathname !== "/g/%s" && location.pathname !== %q && !!document.querySelector("#board svg .targets")`, c.ID, newPath), 15*time.Second)
	bb.waitMoves(1, 10*time.Second)
	bb.wait("Black to move from the position", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	if line := js[string](bb, `document.getElementById("seatline").textContent`); !strings.HasPrefix(line, "You play Black against") {
		t.Errorf("the game from the reviewed position: %q, want Black against a bot", line)
	}
	if n := js[int](bb, `document.querySelectorAll("#moves .mv").length`); n != 1 {
		t.Errorf("the game from after the first move has %d moves", n)
	}
	if !js[bool](bb, `document.getElementById("undo").hidden`) {
		t.Errorf("Undo is offered before the player has made a turn")
	}
	bb.screenshot("play-from-here")
}

// TestYourGames: the lobby lists the games this browser has links to, "your turn"
// first, and follows a move made elsewhere.
func TestYourGames(t *testing.T) {
	ts, _ := siteServer(t)
	b := newBrowser(t, ts.URL)
	var mine, theirs createdInv
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "seats": twoPeople}, &theirs)
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "seats": twoPeople}, &mine)
	// The browser holds White's link of both: it is White's turn in mine; in theirs
	// White has moved.
	call(t, ts.URL, "POST", "/api/games/"+theirs.ID+"/moves", theirs.Secret, map[string]any{"ply": 0, "text": "d4"}, nil)
	b.open(theirs.ID, theirs.Secret)
	b.open(mine.ID, mine.Secret)
	b.run("the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.ID("yourgames")))
	b.wait("your turn", `document.querySelectorAll("#yourrows tr").length === 2 && document.querySelector("#yourrows tr .turn").textContent === "your turn"`, 15*time.Second)
	rows := js[[]string](b, `[...document.querySelectorAll("#yourrows tr")].map(r => r.dataset.id + " " + r.querySelector(".turn").textContent)`)
	if len(rows) != 2 || rows[0] != mine.ID+" your turn" || rows[1] != theirs.ID+" Black to move" {
		t.Errorf("your games: %q, want %s first with your turn, then %s with Black to move", rows, mine.ID, theirs.ID)
	}
	if opp := js[string](b, `document.querySelector("#yourrows tr td:nth-child(2)").textContent`); opp != "Black: a person" {
		t.Errorf("the opponent is %q", opp)
	}
	b.screenshot("your-games")
	// Black moves elsewhere: the lobby shows both games as your turn.
	call(t, ts.URL, "POST", "/api/games/"+theirs.ID+"/moves", theirs.Invites[0].Secret, map[string]any{"ply": 1, "text": "d5"}, nil)
	b.wait("the move heard", `[...document.querySelectorAll("#yourrows tr .turn")].every(td => td.textContent === "your turn")`, 15*time.Second)
	// The link is there to follow again. (The rows are drawn anew at each update: the
	// mouse clicks where the link shows.)
	xy := js[[]float64](b, fmt.Sprintf(`(() => { const r = document.querySelector('#yourrows tr[data-id=%q] a').getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`, theirs.ID))
	b.run("following the link", chromedp.MouseClickXY(xy[0], xy[1]))
	b.waitAcross("the game page", `!!document.querySelector("#board svg .targets")`, 10*time.Second)
	b.wait("the game found again", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
}

// TestLiveGames: a public game is listed on the live page with a picture that follows
// its moves; a spectator who opens it there sees moves arrive.
func TestLiveGames(t *testing.T) {
	ts, _ := siteServer(t)
	b := newBrowser(t, ts.URL)
	var priv, pub createdInv
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "seats": twoPeople}, &priv)
	call(t, ts.URL, "POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf", "seats": twoPeople, "public": true}, &pub)
	b.run("the live page", chromedp.Navigate(ts.URL+"/live"))
	b.wait("the public game", fmt.Sprintf(`!!document.querySelector('.livegame[data-id=%q]')`, pub.ID), 15*time.Second)
	if n := js[int](b, `document.querySelectorAll(".livegame").length`); n != 1 {
		t.Errorf("%d games listed live, want only the public one", n)
	}
	b.wait("its picture", fmt.Sprintf(`document.querySelector('.livegame[data-id=%q] img').naturalWidth > 0`, pub.ID), 10*time.Second)
	call(t, ts.URL, "POST", "/api/games/"+pub.ID+"/moves", pub.Secret, map[string]any{"ply": 0, "text": "e4"}, nil)
	b.wait("the picture following the move", fmt.Sprintf(`document.querySelector('.livegame[data-id=%q] img').src.endsWith("ply=1")`, pub.ID), 15*time.Second)
	b.screenshot("live")
	b.run("watching", chromedp.Click(chromedp.CSS(fmt.Sprintf(`.livegame[data-id=%q]`, pub.ID))),
		chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	b.waitMoves(1, 10*time.Second)
	if line := js[string](b, `document.getElementById("seatline").textContent`); !strings.HasPrefix(line, "You watch") {
		t.Errorf("the spectator reads %q", line)
	}
	call(t, ts.URL, "POST", "/api/games/"+pub.ID+"/moves", pub.Invites[0].Secret, map[string]any{"ply": 1, "text": "c5"}, nil)
	b.waitMoves(2, 10*time.Second)
	if got := js[string](b, `[...document.querySelectorAll("#moves .mv")].map(m => m.dataset.short).join(" ")`); got != "e4 c5" {
		t.Errorf("the spectator's move list: %q", got)
	}
	if got := js[string](b, `document.body.dataset.sound || ""`); got != "move" {
		t.Errorf("the sound of the move that arrived: %q, want move", got)
	}
	// Muted, a move makes no sound.
	b.run("muting", chromedp.Click(chromedp.ID("sound")))
	call(t, ts.URL, "POST", "/api/games/"+pub.ID+"/moves", pub.Secret, map[string]any{"ply": 2, "text": "Nf3"}, nil)
	b.waitMoves(3, 10*time.Second)
	if got := js[string](b, `document.body.dataset.sound + " " + localStorage.getItem("zoggo.sound")`); got != "muted:move 0" {
		t.Errorf("muted: %q, want muted:move 0", got)
	}
	b.screenshot("spectator")

	// The lobby's "Public" box makes a game public.
	b.run("the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card .play`)))
	b.run("the setup dialog", chromedp.Click(chromedp.CSS(`.card .play`)), chromedp.WaitVisible(chromedp.ID("setup")),
		chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "bot:random"),
		chromedp.Click(chromedp.ID("public")))
	b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	id := js[string](b, `decodeURIComponent(location.pathname.split("/").pop())`)
	var live struct {
		Games []struct {
			ID string `json:"id"`
		} `json:"games"`
	}
	for range 30 { // the server makes the list at most once a second
		call(t, ts.URL, "GET", "/api/live", "", nil, &live)
		if len(live.Games) == 2 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(live.Games) != 2 || live.Games[0].ID != id {
		t.Errorf("after starting a public game in the lobby, the live games are %+v, want %s first", live.Games, id)
	}
}

// waitAcross polls a JavaScript expression until it is true, through the navigations of
// the page (which fail the evaluations made while they happen).
func (b *browser) waitAcross(what, expr string, timeout time.Duration) {
	b.t.Helper()
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			b.checkConsole()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.screenshot("failed")
	b.t.Fatalf("waiting for %s: not after %v", what, timeout)
}

// mouseSquare clicks a board position with the mouse where the page shows it: unlike
// square, it does not hold on to the element, which the page may draw anew meanwhile
// (the state a move answers comes while the premove is being clicked).
func (b *browser) mouseSquare(pos string) {
	b.t.Helper()
	if !b.clickSquare(pos) {
		b.t.Fatalf("no square %s to click", pos)
	}
}
