// Package e2e drives the lobby and the game page in a real browser (Chromium, headless,
// through chromedp) against the real server, started in-process on a free port.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

const chromium = "/usr/bin/chromium"

// browser is one page of a headless Chromium on the test server.
type browser struct {
	t       *testing.T
	ctx     context.Context
	base    string // the server's URL
	out     string // where screenshots go
	shot    int
	console chan chromedp.ConsoleMessage // what the page wrote to its console, exceptions too
	clicks  []string                     // the clicks of the turn in progress (clicks_test.go)
	ways    map[string]int               // how the turns were clicked (clicks_test.go)
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	path := testutil.Tool(t, "for the browser test (Debian package chromium)", chromium, "chromium")
	out := os.Getenv("ZOGGO_E2E_OUT")
	if out == "" {
		out = t.TempDir()
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1280, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	b := &browser{t: t, ctx: ctx, base: base, out: out, console: make(chan chromedp.ConsoleMessage, 1000)}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			select {
			case b.console <- m:
			default:
			}
		}
	}()
	return b
}

// run runs browser actions and fails the test on an error or an exception in the page.
func (b *browser) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.checkConsole()
		b.screenshot("failed")
		b.t.Fatalf("%s: %v", what, err)
	}
	b.checkConsole()
}

// checkConsole logs what the page wrote to its console, and fails on an exception.
func (b *browser) checkConsole() {
	b.t.Helper()
	for {
		select {
		case m := <-b.console:
			if m.IsException() {
				b.t.Errorf("exception in the page: %s", m.String())
			} else {
				b.t.Logf("console: %s", m.String())
			}
		default:
			return
		}
	}
}

// screenshot saves a PNG of the page and logs its path.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	b.shot++
	p := filepath.Join(b.out, fmt.Sprintf("%02d-%s.png", b.shot, name))
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", p)
}

// wait polls a JavaScript expression until it is true.
func (b *browser) wait(what, expr string, timeout time.Duration) {
	b.t.Helper()
	b.run("waiting for "+what, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond)))
}

// js evaluates a JavaScript expression in the page.
func js[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	b.checkConsole()
	return v
}

// square clicks the click target of a board position.
func (b *browser) square(pos string) {
	b.t.Helper()
	b.run("clicking "+pos, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .targets rect[data-pos=%q]`, pos)), chromedp.NodeVisible))
}

// open loads a game page and waits for its board.
func (b *browser) open(id, secret string) {
	b.t.Helper()
	b.run("opening game "+id, chromedp.Navigate(fmt.Sprintf("%s/g/%s#t=%s", b.base, id, secret)),
		chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	b.wait("the game", `document.querySelector("#status").textContent !== ""`, 10*time.Second)
}

func (b *browser) waitMoves(n int, timeout time.Duration) {
	b.t.Helper()
	b.wait(fmt.Sprintf("%d moves in the list", n), fmt.Sprintf(`document.querySelectorAll("#moves .mv").length >= %d`, n), timeout)
}

// --- The API, for setting positions up -------------------------------------------------

type legalTurn struct {
	Index int    `json:"index"`
	Named string `json:"named"`
	ZSG   string `json:"zsg"`
	Parts []struct {
		Moves []struct {
			From string `json:"from"`
			To   string `json:"to"`
		} `json:"moves"`
		Drop     string   `json:"drop"`
		Captures []string `json:"captures"`
		Path     []string `json:"path"`
	} `json:"parts"`
}

type gameJSON struct {
	ID     string      `json:"id"`
	Ply    int         `json:"ply"`
	ToMove int         `json:"toMove"`
	Over   bool        `json:"over"`
	Result string      `json:"result"`
	Legal  []legalTurn `json:"legal"`
	Moves  []struct {
		Named string `json:"named"`
		ZSG   string `json:"zsg"`
	} `json:"moves"`
}

type created struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
}

func call(t *testing.T, base, method, path, secret string, body, out any) {
	t.Helper()
	status, bs := try(t, base, method, path, secret, body)
	if status >= 300 {
		t.Fatalf("%s %s: %d: %s", method, path, status, bs)
	}
	if out != nil {
		if err := json.Unmarshal(bs, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, bs)
		}
	}
}

// try makes an API request and returns the status and the body of the answer.
func try(t *testing.T, base, method, path, secret string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		bs, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(bs)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	bs, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, bs
}

// humans starts a game of rules with every seat a person on this screen.
func humans(t *testing.T, base, rules, variant string, players int) created {
	seats := make([]map[string]string, players)
	for i := range seats {
		seats[i] = map[string]string{"kind": "human"}
	}
	var c created
	call(t, base, "POST", "/api/games", "", map[string]any{"rules": rules, "variant": variant, "seats": seats}, &c)
	return c
}

// play makes the first legal turn of game c from one square to another.
func play(t *testing.T, base string, c created, from, to string) {
	t.Helper()
	var gj gameJSON
	call(t, base, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
	for _, turn := range gj.Legal {
		if m := turn.Parts[0].Moves; len(m) >= 1 && m[0].From == from && m[0].To == to {
			call(t, base, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]int{"ply": gj.Ply, "index": turn.Index}, nil)
			return
		}
	}
	t.Fatalf("no legal turn %s-%s at ply %d", from, to, gj.Ply)
}

// chain finds, by random play with a fixed seed, turns of the rules' default game that
// lead to a position where the player to move may capture in a turn of two parts or more.
func chain(t *testing.T, rules string) []int {
	t.Helper()
	g := evaltest.Load(t, rules)
	rng := rand.New(rand.NewPCG(1, 2))
	for try := 0; try < 200; try++ {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		var played []int
		for len(played) < 60 && !m.Over() {
			for _, turn := range m.Legal() {
				if len(turn.Parts) >= 2 {
					return played
				}
			}
			i := rng.IntN(len(m.Legal()))
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
			played = append(played, i)
		}
	}
	t.Fatalf("%s: no position with a two-part capture found", rules)
	return nil
}

// --- The test ----------------------------------------------------------------------------

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..") // the catalogue names the bundled games games/….zrf
	paths := []string{"games", "server/e2e/testdata/hand.zrf", "server/e2e/testdata/broken.zrf"}
	dobutsu := ""
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		dobutsu = filepath.Join(dir, "dagazproject-zrf", "DobutsuShogi", "Dobutsu.zrf")
		paths = append(paths, dobutsu)
	}
	cat, err := server.LoadCatalogue(paths)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)

	t.Run("lobby and chess against a bot", func(t *testing.T) {
		b.t = t
		b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
		b.screenshot("lobby")
		if errs := js[string](b, `document.getElementById("errors").hidden ? "" : document.getElementById("errorlist").textContent`); !strings.Contains(errs, "broken.zrf:") {
			t.Errorf("the lobby's list of rules that did not load is %q, want broken.zrf with its error", errs)
		}
		b.run("filtering", chromedp.SendKeys(chromedp.ID("filter"), "chess"))
		if !js[bool](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent === "Abalone").hidden`) {
			t.Errorf("the filter \"chess\" leaves Abalone visible")
		}
		js[any](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent === "Chess" && !c.hidden).querySelector(".play").click()`)
		b.run("the setup dialog", chromedp.WaitVisible(chromedp.ID("setup")),
			chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "bot:search:1"))
		b.screenshot("setup")
		b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
		b.wait("the legal moves", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.square("e2")
		dests := js[[]string](b, `[...document.querySelectorAll("#board .targets rect.dest")].map(r => r.dataset.pos).sort()`)
		if strings.Join(dests, " ") != "e3 e4" {
			t.Errorf("after a click on e2, the destinations are %v, want [e3 e4]", dests)
		}
		b.screenshot("chess-e2-selected")
		// Watch for the animation of the move: a moving copy of the pawn.
		js[any](b, `new MutationObserver((ms) => { if (document.querySelector("#board .piece.moving")) window.sawMoving = true; })
			.observe(document.getElementById("board"), {subtree: true, childList: true}), null`)
		b.square("e4")
		b.waitMoves(2, 60*time.Second)
		if !js[bool](b, `window.sawMoving === true`) {
			t.Errorf("e2-e4 was not animated")
		}
		b.wait("the bot's answer drawn", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.screenshot("chess-bot-answered")

		// Turn the board, reload in the middle of the game, and go on.
		b.run("turning the board", chromedp.Click(chromedp.ID("turnboard")))
		b.run("reloading", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
		if !js[bool](b, `document.querySelector("#board svg").classList.contains("turned")`) {
			t.Errorf("after a reload, the board is no longer turned")
		}
		b.waitMoves(2, 10*time.Second)
		b.wait("the legal moves after the reload", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.square("g1")
		b.run("pressing Escape", chromedp.KeyEvent(kb.Escape))
		if n := js[int](b, `document.querySelectorAll("#board .targets rect.dest").length`); n != 0 {
			t.Errorf("after Escape, %d destinations are still lit", n)
		}
		b.square("g1")
		b.square("f3")
		b.waitMoves(4, 60*time.Second)
		b.wait("the bot's second answer drawn", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.screenshot("chess-after-reload")
		b.run("undoing", chromedp.Click(chromedp.ID("undo")))
		b.wait("the undo", `document.querySelectorAll("#moves .mv").length === 2`, 10*time.Second)
		b.run("resigning", chromedp.Click(chromedp.ID("resign")), chromedp.Click(chromedp.ID("resign")))
		b.wait("the result", `!document.getElementById("result").hidden`, 10*time.Second)
		t.Logf("after resigning: %s", js[string](b, `document.getElementById("result").textContent`))
		b.run("back to the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#yourrows tr`)))
		if yours := js[int](b, `document.querySelectorAll("#yourrows tr").length`); yours != 1 {
			t.Errorf("the lobby lists %d of your games, want 1", yours)
		}
	})

	var invitedID, invitedSecret string // a game of the next subtest, with two moves
	t.Run("invitation and a dropped connection", func(t *testing.T) {
		b.t = t
		b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
		js[any](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent === "Chess").querySelector(".play").click()`)
		b.run("inviting Black", chromedp.WaitVisible(chromedp.ID("setup")),
			chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "invite"),
			chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.ID("invited")))
		b.screenshot("invitation")
		link := js[string](b, `document.querySelector("#invitelinks input").value`)
		_, frag, ok := strings.Cut(link, "#t=")
		id := link[strings.Index(link, "/g/")+3 : strings.Index(link, "#")]
		if !ok || id == "" {
			t.Fatalf("the invitation link %q has no game id and secret", link)
		}
		b.run("going to the game", chromedp.Click(chromedp.ID("gotogame")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
		b.wait("the legal moves", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.square("d2")
		b.square("d4")
		b.waitMoves(1, 10*time.Second)

		// Black moves while the page's event stream is cut: it reconnects and refetches.
		ts.CloseClientConnections()
		var gj gameJSON
		call(t, ts.URL, "GET", "/api/games/"+id, frag, nil, &gj)
		for _, turn := range gj.Legal {
			if m := turn.Parts[0].Moves; len(m) == 1 && m[0].From == "d7" && m[0].To == "d5" {
				call(t, ts.URL, "POST", "/api/games/"+id+"/moves", frag, map[string]int{"ply": gj.Ply, "index": turn.Index}, nil)
			}
		}
		b.waitMoves(2, 20*time.Second)
		b.wait("White to move again", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
		b.screenshot("invited-player-answered")

		// A move typed in ZSG notation.
		white := js[string](b, `new URLSearchParams(location.hash.slice(1)).get("t")`)
		call(t, ts.URL, "GET", "/api/games/"+id, white, nil, &gj)
		typed := ""
		for _, turn := range gj.Legal {
			if m := turn.Parts[0].Moves; len(m) == 1 && m[0].From == "g1" && m[0].To == "f3" {
				typed = turn.ZSG
			}
		}
		if typed == "" {
			t.Fatalf("no legal turn g1-f3 for White: %+v", gj.Legal)
		}
		b.run("typing "+typed, chromedp.SendKeys(chromedp.ID("movetext"), typed+kb.Enter))
		b.waitMoves(3, 10*time.Second)

		// Black offers a draw; White accepts it on the page.
		call(t, ts.URL, "POST", "/api/games/"+id+"/draw", frag, map[string]string{"action": "offer"}, nil)
		b.run("accepting the draw", chromedp.WaitVisible(chromedp.ID("acceptdraw")), chromedp.Click(chromedp.ID("acceptdraw")))
		b.wait("the result", `!document.getElementById("result").hidden`, 10*time.Second)
		b.screenshot("draw-agreed")
		invitedID, invitedSecret = id, frag
	})

	t.Run("saved game downloaded and continued", func(t *testing.T) {
		b.t = t
		id, frag := invitedID, invitedSecret
		if id == "" {
			t.Skip("no game: the subtest before failed")
		}
		// Download the game as a .zsg and continue it from the lobby.
		status, zsg := try(t, ts.URL, "GET", "/api/games/"+id+"/zsg", frag, nil)
		if status != 200 {
			t.Fatalf("GET the .zsg: %d: %s", status, zsg)
		}
		file := filepath.Join(t.TempDir(), "game.zsg")
		if err := os.WriteFile(file, zsg, 0o644); err != nil {
			t.Fatal(err)
		}
		b.run("opening the saved game", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)),
			chromedp.SetUploadFiles(chromedp.ID("zsgfile"), []string{file}), chromedp.WaitVisible(chromedp.ID("setup")))
		b.screenshot("zsg-setup")
		b.run("continuing it", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
		b.waitMoves(2, 10*time.Second)
		b.screenshot("zsg-continued")
	})

	t.Run("promotion chooser", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/chess.zrf", "Chess", 2)
		for _, mv := range []string{"a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6"} {
			play(t, ts.URL, c, mv[:2], mv[2:])
		}
		b.open(c.ID, c.Secret)
		b.square("b7")
		b.square("a8")
		b.run("the chooser", chromedp.WaitVisible(chromedp.CSS(`#choice button`)))
		b.run("typing a move that is not legal", chromedp.SendKeys(chromedp.ID("movetext"), "h2 - h5"+kb.Enter),
			chromedp.WaitVisible(chromedp.ID("banner")))
		t.Logf("the banner says: %s", js[string](b, `document.getElementById("banner").textContent`))
		b.screenshot("promotion-chooser")
		choice := js[string](b, `document.querySelector("#choice button").textContent`)
		js[any](b, `document.querySelector("#choice button").click()`)
		b.waitMoves(9, 10*time.Second)
		if last := js[string](b, `[...document.querySelectorAll("#moves .mv")].pop().dataset.named`); !strings.HasPrefix(choice, last) {
			t.Errorf("the move played is %q, want the one chosen, %q", last, choice)
		}
	})

	t.Run("bao sowing from a pit", func(t *testing.T) {
		// A Bao turn moves no piece: it sows the seeds of a pit, a move in place. One
		// click on the pit offers its two directions; the one chosen is played.
		b.t = t
		c := humans(t, ts.URL, "games/bao.zrf", "", 2)
		b.open(c.ID, c.Secret)
		b.square("f2")
		b.run("the direction chooser", chromedp.WaitVisible(chromedp.CSS(`#choice button`)))
		choices := js[[]string](b, `[...document.querySelectorAll("#choice button:not(.small)")].map(b => b.textContent)`)
		if len(choices) != 2 || !strings.HasPrefix(choices[0], "f2") || !strings.HasPrefix(choices[1], "f2") {
			t.Fatalf("a click on f2 offers %q, want its two sowings", choices)
		}
		b.screenshot("bao-directions")
		js[any](b, `document.querySelectorAll("#choice button:not(.small)")[1].click()`)
		b.waitMoves(1, 10*time.Second)
		if last := js[string](b, `[...document.querySelectorAll("#moves .mv")].pop().dataset.named`); !strings.HasPrefix(choices[1], last) {
			t.Errorf("the move played is %q, want the one chosen, %q", last, choices[1])
		}
	})

	t.Run("hand, pass and stop here", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "server/e2e/testdata/hand.zrf", "", 2)
		b.open(c.ID, c.Secret)
		b.run("picking a man from the hand", chromedp.Click(chromedp.CSS(`#hand .stock[data-piece="Man"]`)))
		if n := js[int](b, `document.querySelectorAll("#board .targets rect.dest").length`); n != 8 {
			t.Errorf("a man from the hand may drop on %d squares, want the 8 empty ones", n)
		}
		b.screenshot("hand-drop-selected")
		b.square("c2")
		b.waitMoves(1, 10*time.Second)
		b.run("passing", chromedp.WaitVisible(chromedp.ID("pass")), chromedp.Click(chromedp.ID("pass")))
		b.waitMoves(2, 10*time.Second)
		b.square("a1")
		b.square("b1")
		b.square("c1")
		b.run("the stop button", chromedp.WaitVisible(chromedp.ID("stop")))
		b.screenshot("stop-here")
		b.run("stopping", chromedp.Click(chromedp.ID("stop")))
		b.waitMoves(3, 10*time.Second)
		if last := js[string](b, `[...document.querySelectorAll("#moves .mv")].pop().title`); strings.Count(last, "Man") != 2 {
			t.Errorf("the turn played is %q, want the two steps a1-b1-c1", last)
		}
	})

	t.Run("draughts capture chain", func(t *testing.T) {
		b.t = t
		const rules = "games/russian.zrf"
		prefix := chain(t, rules)
		c := humans(t, ts.URL, rules, "", 2)
		for ply, i := range prefix {
			call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]int{"ply": ply, "index": i}, nil)
		}
		var gj gameJSON
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		var turn *legalTurn
		for i := range gj.Legal {
			if len(gj.Legal[i].Parts) >= 2 {
				turn = &gj.Legal[i]
				break
			}
		}
		if turn == nil {
			t.Fatalf("after %d turns, no legal turn of two parts: %+v", len(prefix), gj.Legal)
		}
		t.Logf("playing %s (%s) by clicks", turn.Named, turn.ZSG)
		b.open(c.ID, c.Secret)
		b.screenshot("draughts-before")
		clicks := []string{turn.Parts[0].Moves[0].From}
		for _, p := range turn.Parts {
			clicks = append(clicks, p.Moves[0].To)
		}
		for i, sq := range clicks {
			b.square(sq)
			if i == len(clicks)-2 {
				b.screenshot("draughts-chain-half")
			}
		}
		b.waitMoves(len(prefix)+1, 10*time.Second)
		last := js[string](b, `[...document.querySelectorAll("#moves .mv")].pop().dataset.named`)
		if last != turn.Named {
			t.Errorf("the last move is %q, want %q", last, turn.Named)
		}
		b.screenshot("draughts-after")
	})

	t.Run("dobutsu drop", func(t *testing.T) {
		b.t = t
		if dobutsu == "" {
			t.Skip("ZOGGO_CORPUS is not set: no shogi-family game with drops to play")
		}
		b.t = t
		rules := filepath.ToSlash(dobutsu)
		c := humans(t, ts.URL, rules, "", 2)
		// Moves 1 to 7 of testdata/notation/dobutsu.named, then the drop of move 8.
		for ply, text := range []string{
			"b2 x b3 za-leap n", "c4 x b3 leap nw", "b1 - b2 king-leap n", "a4 - a3 leap n",
			"b2 - b1 king-leap s", "b4 - a4 king-leap w", "a1 - b2 leap ne", "b3 - a2 leap nw",
			"b1 - a1 king-leap w", "a2 - b3 leap se", "b2 - c3 leap ne", "a3 - a2 leap n",
			"a1 - b1 king-leap e", "a4 - a3 king-leap n",
		} {
			call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": ply, "text": text}, nil)
		}
		var gj gameJSON
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		var drop *legalTurn
		for i := range gj.Legal {
			p := gj.Legal[i].Parts[0]
			if p.Drop != "" || strings.Contains(gj.Legal[i].Named, "drop") {
				drop = &gj.Legal[i]
				break
			}
		}
		if drop == nil {
			t.Fatalf("no drop among the legal turns: %+v", gj.Legal)
		}
		t.Logf("dropping: %s (%s)", drop.Named, drop.ZSG)
		b.open(c.ID, c.Secret)
		p := drop.Parts[0]
		if p.Drop != "" {
			b.run("picking from the hand", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#hand .stock[data-piece=%q]`, p.Drop))))
		} else {
			b.square(p.Moves[0].From)
		}
		b.screenshot("dobutsu-drop-selected")
		b.square(p.Moves[0].To)
		b.waitMoves(15, 10*time.Second)
		b.screenshot("dobutsu-after-drop")
		// The board's bitmaps come by address, each once, and the browser drew them.
		loaded := js[int](b, `performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/bitmap/") && e.responseStatus === 200).length`)
		inline := js[int](b, `document.querySelectorAll('#board image[href^="data:"], #board image[*|href^="data:"]').length`)
		images := js[int](b, `document.querySelectorAll("#board image").length`)
		if loaded == 0 || inline != 0 || images == 0 {
			t.Errorf("the board has %d images, %d inline; %d bitmaps fetched by address", images, inline, loaded)
		}
	})

	t.Run("abalone group move", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/abalone.zrf", "", 2)
		var gj gameJSON
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		var turn *legalTurn
		var rear, front string
		for i := range gj.Legal {
			tu := &gj.Legal[i]
			if len(tu.Parts) != 1 || len(tu.Parts[0].Moves) != 3 {
				continue
			}
			froms, tos := map[string]bool{}, map[string]bool{}
			for _, m := range tu.Parts[0].Moves {
				froms[m.From], tos[m.To] = true, true
			}
			rear, front = "", ""
			for _, m := range tu.Parts[0].Moves {
				if !tos[m.From] {
					rear = m.From
				}
				if !froms[m.To] {
					front = m.To
				}
			}
			inline := false // a marble lands where another leaves
			for _, m := range tu.Parts[0].Moves {
				inline = inline || tos[m.From]
			}
			if inline && rear != "" && front != "" {
				turn = tu
				break
			}
		}
		if turn == nil {
			t.Fatalf("no in-line move of three marbles at the start: %+v", gj.Legal)
		}
		t.Logf("playing %s (%s) with clicks on %s and %s", turn.Named, turn.ZSG, rear, front)
		b.open(c.ID, c.Secret)
		// A click on another marble of the group selects it and plays nothing.
		middle := ""
		for _, m := range turn.Parts[0].Moves {
			if m.From == rear {
				middle = m.To
			}
		}
		b.square(rear)
		b.square(middle)
		if got := js[string](b, `[...document.querySelectorAll("#board .targets rect.sel")].map(r => r.dataset.pos).join(" ")`); got != middle {
			t.Errorf("after clicks on %s and %s, the selection is %q, want %s", rear, middle, got, middle)
		}
		b.square(rear)
		b.screenshot("abalone-selected")
		b.square(front)
		b.waitMoves(1, 10*time.Second)
		last := js[string](b, `[...document.querySelectorAll("#moves .mv")].pop().dataset.named`)
		if last != turn.Named {
			t.Errorf("the move played is %q, want %q", last, turn.Named)
		}
		b.screenshot("abalone-after")
	})
}
