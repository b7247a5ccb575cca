package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// The click-coverage test plays random legal turns in every game of games/ and in games
// of the corpus, each chosen from the API's legal list but made only by clicks on the
// board, the hand and the page's buttons, as a person would make it: click the piece,
// then where it lands; click an empty point to put a piece there (or the hand first);
// pick from a chooser; turn a part of the board by its handle. It fails on any turn
// that the clicks did not make, and lists the games where that happened.

// clickSample lists the corpus files of the quick run, chosen for variety: captures to a
// hand and drops (Dobutsu), sowing (Toguz Kumalak), a Go (MarGo), drops from a stock
// shown beside the board (Simple Shogi), turns of several parts (Duel), dice (Ur).
var clickSample = []string{
	"dagazproject-zrf/DobutsuShogi/Dobutsu.zrf",
	"dagazproject-zrf/ToguzKumalak/ToguzKumalak.zrf",
	"glukkazan-zog/Rules/margo.zrf",
	"dagazproject-zrf/LittleShogiPack/SimpleShogi.zrf",
	"dagazproject-zrf/Duel/Duel.zrf",
	"glukkazan-zog/Rules/Ur.zrf",
}

type clickPart struct {
	Moves []struct {
		From   string `json:"from"`
		To     string `json:"to"`
		Put    string `json:"put"`
		Player int    `json:"player"`
	} `json:"moves"`
	Drop     string   `json:"drop"`
	Captures []string `json:"captures"`
	Path     []string `json:"path"`
	Permutes [][]struct {
		From string `json:"from"`
		To   string `json:"to"`
	} `json:"permutes"`
	Changes []string `json:"changes"`
}

type clickTurn struct {
	Index int         `json:"index"`
	Named string      `json:"named"`
	ZSG   string      `json:"zsg"`
	Parts []clickPart `json:"parts"`
}

type clickGame struct {
	Ply     int         `json:"ply"`
	ToMove  int         `json:"toMove"`
	Over    bool        `json:"over"`
	Result  string      `json:"result"`
	Outcome string      `json:"outcome"`
	Legal   []clickTurn `json:"legal"`
	Moves   []struct {
		Named string `json:"named"`
		ZSG   string `json:"zsg"`
	} `json:"moves"`
	Stock []struct {
		Player int    `json:"player"`
		Piece  string `json:"piece"`
		N      int    `json:"n"`
	} `json:"stock"`
}

type catalogueJSON struct {
	Games []struct {
		Rules   string   `json:"rules"`
		Variant string   `json:"variant"`
		Default bool     `json:"default"`
		Players []string `json:"players"`
		Random  []bool   `json:"random"`
		Error   string   `json:"error"`
	} `json:"games"`
	Errors []struct {
		Rules string `json:"rules"`
		Error string `json:"error"`
	} `json:"errors"`
}

func (p *clickPart) isDrop() bool {
	if p.Drop == "" || len(p.Moves) == 0 {
		return false
	}
	for _, m := range p.Moves {
		if m.From != "" {
			return false
		}
	}
	return true
}

func (p *clickPart) inPlace() bool {
	if p.Drop != "" || len(p.Moves) == 0 {
		return false
	}
	for _, m := range p.Moves {
		if m.From != m.To {
			return false
		}
	}
	return true
}

func (p *clickPart) empty() bool {
	return len(p.Moves) == 0 && p.Drop == "" && len(p.Captures) == 0 && len(p.Permutes) == 0 && len(p.Changes) == 0
}

// twistKey names the permutations of a part as the page's handles do.
func (p *clickPart) twistKey() string {
	var out []string
	for _, pm := range p.Permutes {
		var s []string
		for _, m := range pm {
			s = append(s, m.From+">"+m.To)
		}
		sort.Strings(s)
		out = append(out, strings.Join(s, " "))
	}
	return strings.Join(out, " | ")
}

// put is where a movement puts its piece: put, when a permutation carried it on to to.
func put(to, at string) string {
	if at != "" {
		return at
	}
	return to
}

func isPassTurn(t *clickTurn) bool {
	for i := range t.Parts {
		if !t.Parts[i].empty() {
			return false
		}
	}
	return true
}

// pageState is what the page shows of the selection in progress.
type pageState struct {
	Ply    int    `json:"ply"`
	Part   int    `json:"part"`
	State  string `json:"state"`
	Choice bool   `json:"choice"`
	Stop   bool   `json:"stop"`
	Sel    string `json:"sel"`
	Banner string `json:"banner"` // the page's error line, when shown
}

const pageStateJS = `(() => { const b = document.getElementById("board"); return {
  ply: +b.dataset.ply, part: +b.dataset.part, state: b.dataset.state || "",
  choice: !document.getElementById("choice").hidden, stop: !document.getElementById("stop").hidden,
  sel: document.querySelector("#board .targets rect.sel")?.dataset.pos || "",
  banner: document.getElementById("banner").hidden ? "" : document.getElementById("banner").textContent }; })()`

// clickOn clicks the middle of the element a CSS selector finds, with the mouse, where
// the page shows it. It reports false when there is no such element or it is hidden.
func (b *browser) clickOn(css string) bool {
	b.t.Helper()
	// Where the element shows: its middle, or else the first point of a grid over it
	// where nothing covers it.
	xy := js[[]float64](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q);
  if (!e || e.closest("[hidden]") || e.disabled) return [];
  e.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return [];
  const on = (x, y) => { const h = document.elementFromPoint(x, y); return h === e || e.contains(h); };
  for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .3], [.3, .7], [.7, .7], [.5, .2], [.5, .8], [.2, .5], [.8, .5], [.1, .1], [.9, .9], [.9, .1], [.1, .9]]) {
    const x = r.x + r.width * fx, y = r.y + r.height * fy;
    if (on(x, y)) return [x, y];
  }
  return [-1, -1]; })()`, css))
	if len(xy) != 2 {
		return false
	}
	if xy[0] < 0 {
		b.clicks = append(b.clicks, css+" (covered)")
		return false
	}
	b.run("clicking "+css, chromedp.MouseClickXY(xy[0], xy[1]))
	st := b.state()
	c := fmt.Sprintf("%s → %s part %d sel %s", strings.TrimPrefix(css, "#board .targets "), st.State, st.Part, st.Sel)
	if st.Banner != "" {
		c += fmt.Sprintf(" (the page says %q)", st.Banner)
	}
	b.clicks = append(b.clicks, c)
	return true
}

// hover moves the mouse over the middle of an element.
func (b *browser) hover(css string) {
	b.t.Helper()
	xy := js[[]float64](b, fmt.Sprintf(`(() => { const r = document.querySelector(%q)?.getBoundingClientRect();
  return r ? [r.x + r.width / 2, r.y + r.height / 2] : []; })()`, css))
	if len(xy) != 2 {
		b.t.Fatalf("nothing to hover: %s", css)
	}
	b.run("hovering "+css, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]))
}

func (b *browser) clickSquare(pos string) bool {
	return b.clickOn(fmt.Sprintf(`#board .targets rect[data-pos=%q]`, pos))
}

// played says whether the page sent a turn made at ply: it says so, or it shows the
// state after it already.
func (st pageState) played(ply int) bool {
	return st.State == "played" || st.Ply != ply
}

// way counts a way the test made a part or a turn.
func (b *browser) way(w string) {
	if b.ways == nil {
		b.ways = map[string]int{}
	}
	b.ways[w]++
}

// pieceChooser says whether the page asks which piece to put.
func (b *browser) pieceChooser() bool {
	return js[bool](b, `!document.getElementById("choice").hidden && !!document.querySelector("#choice button.piece")`)
}

func (b *browser) state() pageState {
	b.t.Helper()
	return js[pageState](b, pageStateJS)
}

func (b *browser) lit() map[string]bool {
	out := map[string]bool{}
	for _, p := range js[[]string](b, `[...document.querySelectorAll("#board .targets rect.dest")].map(r => r.dataset.pos)`) {
		out[p] = true
	}
	return out
}

// clickTurnOn makes turn by clicks on the page, as a person would: it looks at what the
// page marks after each click. It returns why it could not, or "".
func (b *browser) clickTurnOn(gj *clickGame, turn *clickTurn, rng *rand.Rand) string {
	b.t.Helper()
	if isPassTurn(turn) {
		if !b.clickOn("#pass") {
			return "no pass button"
		}
		b.way("pass button")
		return ""
	}
	for i := range turn.Parts {
		p := &turn.Parts[i]
		st := b.state()
		if st.played(gj.Ply) {
			return fmt.Sprintf("the page played a turn after part %d of %d", i, len(turn.Parts))
		}
		if st.Part != i {
			return fmt.Sprintf("the page is at part %d, the turn at part %d", st.Part, i)
		}
		switch {
		case p.empty():
			return fmt.Sprintf("part %d changes nothing the page can show", i+1)
		case len(p.Moves) == 0 && len(p.Captures) == 0 && len(p.Changes) == 0: // a permutation alone: its handle
		case p.inPlace() || len(p.Moves) == 0:
			// One click on the square; a second one when the first selected the piece
			// there, which may also move: the page then marks its square.
			sq := slices.Concat(p.Captures, p.Changes)
			if p.inPlace() {
				sq = []string{p.Moves[0].From}
			}
			if !b.clickSquare(sq[0]) {
				return "no square " + sq[0]
			}
			if st := b.state(); !st.played(gj.Ply) && st.Sel == sq[0] && b.lit()[sq[0]] {
				b.clickSquare(sq[0])
				b.way("in place: two clicks on the square")
			} else {
				b.way("in place: one click on the square")
			}
		case p.isDrop():
			at := put(p.Moves[0].To, p.Moves[0].Put)
			hand := fmt.Sprintf(`#hand .stock[data-piece=%q]`, p.Drop)
			if rng.IntN(2) == 0 && b.clickOn(hand) {
				if !b.clickSquare(at) {
					return "no square " + at
				}
				b.way("drop: hand, then square")
			} else {
				b.way("drop: square")
				if !b.clickSquare(at) {
					return "no square " + at
				}
				if b.pieceChooser() {
					if !b.clickOn(fmt.Sprintf(`#choice button.piece[data-piece=%q]`, p.Drop)) {
						return "the piece chooser does not offer " + p.Drop
					}
					b.way("drop: piece chooser")
				}
			}
		default:
			if why := b.clickMove(gj, turn, i); why != "" {
				return why
			}
		}
		st = b.state()
		if st.played(gj.Ply) || st.Choice {
			break
		}
		if len(p.Permutes) > 0 && (st.State == "twist" || len(p.Moves) == 0) {
			k := p.twistKey()
			if !b.clickOn(fmt.Sprintf(`#board .handles .handle[data-key=%q]`, k)) {
				return "no handle for the permutation " + k
			}
			b.way("permutation handle")
		}
	}
	for range 3 {
		st := b.state()
		switch {
		case st.played(gj.Ply):
			return ""
		case st.Choice:
			ok := js[bool](b, fmt.Sprintf(`(() => { const c = [...document.querySelectorAll("#choice button")].find(b => b.title === %q && b.textContent.startsWith(%q));
  if (!c) return false; c.scrollIntoView({block: "nearest"}); return true; })()`, turn.ZSG, turn.Named))
			if !ok {
				return "the chooser does not offer the turn"
			}
			xy := js[[]float64](b, fmt.Sprintf(`(() => { const c = [...document.querySelectorAll("#choice button")].find(b => b.title === %q && b.textContent.startsWith(%q));
  const r = c.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, turn.ZSG, turn.Named))
			b.run("choosing "+turn.Named, chromedp.MouseClickXY(xy[0], xy[1]))
			b.way("chooser")
		case st.Stop && st.Part == len(turn.Parts):
			b.clickOn("#stop")
			b.way("stop here")
		case st.State == "idle" && st.Part == 0:
			return "" // played, and drawn again: the API tells which turn
		default:
			return fmt.Sprintf("after the clicks the page is in state %q at part %d", st.State, st.Part)
		}
	}
	return "the page asked too many questions"
}

// clickMove makes part i of turn, which moves a piece: a click on the piece (unless the
// page selected it already), then on the marked square where a piece of the player
// lands (and none leaves) that tells the turn best from the others.
func (b *browser) clickMove(gj *clickGame, turn *clickTurn, i int) string {
	p := &turn.Parts[i]
	// The piece to click: the player's, or the first one moved when none is.
	picks := func(q *clickPart, k int) bool {
		m := q.Moves[k]
		if m.From == "" {
			return false
		}
		if m.Player == gj.ToMove {
			return true
		}
		for j, o := range q.Moves {
			if o.From != "" && (o.Player == gj.ToMove || j < k) {
				return false
			}
		}
		return true
	}
	// square finds, for a click on from, the best square to click next among those
	// lit (any, when lit is nil), and how many turns it leaves (1<<29 and more: none).
	square := func(from string, lit map[string]bool) (best string, bestN, nOthers int) {
		// The turns that the clicks so far may still make.
		var others []*clickTurn
		for j := range gj.Legal {
			o := &gj.Legal[j]
			if len(o.Parts) <= i || o.Index == turn.Index {
				continue
			}
			same := false // it moves the piece clicked
			for _, m := range o.Parts[i].Moves {
				same = same || m.From == from
			}
			for k := 0; k < i && same; k++ {
				same = partEq(&o.Parts[k], &turn.Parts[k])
			}
			if same {
				others = append(others, o)
			}
		}
		// A click fits the turns whose piece clicked moves and one of whose player's pieces
		// lands there; of those, the page keeps the ones that move no more than another one
		// does (a smaller group in line), and asks when several are left. The best square is
		// one where this turn is kept, with the fewest others beside it.
		lands := func(q *clickPart) map[string]bool {
			left, out := map[string]bool{}, map[string]bool{}
			for k, m := range q.Moves {
				if m.From != "" && (m.From == from || picks(q, k)) {
					left[m.From] = true
				}
			}
			for k, m := range q.Moves {
				if at := put(m.To, m.Put); m.From != "" && (m.From == from || picks(q, k)) && !left[at] {
					out[at] = true
				}
			}
			if len(out) == 0 { // a ring of pieces: where the piece clicked goes
				for _, m := range q.Moves {
					if m.From == from {
						out[put(m.To, m.Put)] = true
					}
				}
			}
			return out
		}
		best, bestN = "", 1<<30
		for at := range lands(p) {
			if lit != nil && !lit[at] {
				continue
			}
			fit := []*clickPart{p}
			for _, o := range others {
				if lands(&o.Parts[i])[at] {
					fit = append(fit, &o.Parts[i])
				}
			}
			n := 0
			for j, q := range fit {
				smallest := true
				for k, r := range fit {
					if k != j && len(q.Moves) > len(r.Moves) && contains(q, r) && ownExtras(q, r, gj.ToMove) {
						smallest = false
					}
				}
				if smallest {
					n++
				} else if j == 0 {
					n = 1 << 29 // the page keeps a smaller group: not this square
					break
				}
			}
			if n < bestN || n == bestN && at < best {
				best, bestN = at, n
			}
		}
		if bestN >= 1<<29 {
			best = ""
		}
		return best, bestN, len(others)
	}
	// The piece to click: of a group in line, the piece at its back, from which a click
	// on the front's square makes this group and no shorter one (the page makes the
	// longer groups by a click further back: f6 g6 with e6 following is e6, then g6).
	// The pieces whose squares no other piece of the part takes are tried first.
	var froms []string
	taken := map[string]bool{}
	for k, m := range p.Moves {
		if m.From != m.To && picks(p, k) {
			taken[put(m.To, m.Put)] = true
		}
	}
	for _, back := range []bool{true, false} {
		for k, m := range p.Moves {
			if m.From != m.To && picks(p, k) && taken[m.From] != back && !slices.Contains(froms, m.From) {
				froms = append(froms, m.From)
			}
		}
	}
	if len(froms) == 0 {
		return fmt.Sprintf("part %d moves no piece", i+1)
	}
	from := froms[0]
	for _, f := range froms {
		if _, n, _ := square(f, nil); n < 1<<29 {
			from = f
			break
		}
	}
	if st := b.state(); st.Sel != from {
		if !b.clickSquare(from) {
			return "no square " + from
		}
	}
	st := b.state()
	if st.played(gj.Ply) || st.Choice || st.Part > i {
		b.way("move: one click on the piece")
		return ""
	}
	b.way("move: piece, then square")
	lit := b.lit()
	best, bestN, nOthers := square(from, lit)
	litList := make([]string, 0, len(lit))
	for l := range lit {
		litList = append(litList, l)
	}
	sort.Strings(litList)
	b.clicks = append(b.clicks, fmt.Sprintf("(marked %v; %d other turns; chose %s of %d)", litList, nOthers, best, bestN))
	if best == "" {
		return fmt.Sprintf("after a click on %s, no marked square makes part %d", from, i+1)
	}
	if !b.clickSquare(best) {
		return "no square " + best
	}
	return ""
}

// contains says whether part a makes every movement of part b.
func contains(a, b *clickPart) bool {
	for _, m := range b.Moves {
		if !slices.Contains(a.Moves, m) {
			return false
		}
	}
	return true
}

// ownExtras says whether the movements of part a that part b does not make all move
// pieces of player on the board.
func ownExtras(a, b *clickPart, player int) bool {
	for _, m := range a.Moves {
		if !slices.Contains(b.Moves, m) && (m.From == "" || m.Player != player) {
			return false
		}
	}
	return true
}

func partEq(a, b *clickPart) bool {
	if len(a.Moves) != len(b.Moves) || a.Drop != b.Drop || !slices.Equal(a.Captures, b.Captures) || a.twistKey() != b.twistKey() {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			return false
		}
	}
	return true
}

// rulesFault matches the outcome of a game that its rules' own code stopped at a place
// known to fault in Axiom too (testdata/axiom-coverage.txt, at its top, says why): a game
// that ends so is no failure of the clicks. Any other rules error is.
var rulesFault = regexp.MustCompile(`(?i)^Game stopped: rules error at \S*/axiom/jofur/code\.4th:334:3: `)

// clickStats counts what a game's run clicked.
type clickStats struct {
	game          string
	turns, clicks int
	stopped       string // the outcome of a game that a known fault of its rules stopped
	failures      []string
}

// clickGameRun plays up to maxTurns random turns of a game by clicks.
func clickGameRun(t *testing.T, b *browser, base, rules, variant string, random []bool, maxTurns int, rng *rand.Rand) clickStats {
	t.Helper()
	stats := clickStats{game: rules + " " + variant}
	seats := make([]map[string]string, len(random))
	for i := range seats {
		seats[i] = map[string]string{"kind": "human"}
		if random[i] {
			seats[i]["kind"] = "random"
		}
	}
	status, body := try(t, base, "POST", "/api/games", "", map[string]any{"rules": rules, "variant": variant, "seats": seats})
	if status != 201 {
		stats.failures = append(stats.failures, fmt.Sprintf("the game does not start: %d %s", status, body))
		return stats
	}
	var c created
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	// A page that does not open (in time, on a loaded machine) is this game's failure;
	// the run goes on with the other games.
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/g/%s#t=%s", b.base, c.ID, c.Secret)),
		chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)),
		chromedp.Poll[chromedp.Void](`document.querySelector("#status").textContent !== ""`, chromedp.WithPollingInterval(50*time.Millisecond)))
	cancel()
	if err != nil {
		stats.failures = append(stats.failures, fmt.Sprintf("the page did not open: %v", err))
		t.Logf("%s: %s", stats.game, stats.failures[0])
		b.screenshot("unopened-" + strings.NewReplacer("/", "_", " ", "_").Replace(filepath.Base(rules)+"-"+variant))
		return stats
	}
	b.checkConsole()
	for stats.turns < maxTurns {
		var gj clickGame
		deadline := time.Now().Add(20 * time.Second)
		for {
			call(t, base, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
			if gj.Over || len(gj.Legal) > 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond) // dice on the server
		}
		if gj.Over || len(gj.Legal) == 0 {
			if gj.Over && rulesFault.MatchString(gj.Outcome) {
				stats.stopped = gj.Outcome // after a turn the server made
			}
			break
		}
		turn := &gj.Legal[rng.IntN(len(gj.Legal))]
		b.clicks = b.clicks[:0]
		stats.turns++
		// A page that does not come to the state is this game's failure; the run goes on
		// with the other games.
		ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
		err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById("board").dataset.ply === "%d" && document.getElementById("board").dataset.legal === "%d"`, gj.Ply, len(gj.Legal)),
			chromedp.WithPollingInterval(50*time.Millisecond)))
		cancel()
		if err != nil {
			st := b.state()
			stats.failures = append(stats.failures, fmt.Sprintf("ply %d: the page shows ply %d, not the game's state (%v)", gj.Ply, st.Ply, err))
			t.Logf("%s: %s", stats.game, stats.failures[len(stats.failures)-1])
			b.screenshot("behind-" + strings.NewReplacer("/", "_", " ", "_").Replace(filepath.Base(rules)+"-"+variant))
			break
		}
		why := b.clickTurnOn(&gj, turn, rng)
		var after clickGame
		if why == "" {
			deadline := time.Now().Add(10 * time.Second)
			for {
				call(t, base, "GET", "/api/games/"+c.ID, c.Secret, nil, &after)
				if after.Ply > gj.Ply || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			switch {
			case after.Ply <= gj.Ply && after.Over && rulesFault.MatchString(after.Outcome):
				// The page sent the turn, and the rules' own code failed on the
				// position it led to: the server ended the game with the error.
				stats.clicks++
				stats.stopped = after.Outcome
				t.Logf("%s: ply %d: %s (%s) clicked; then %s", stats.game, gj.Ply, turn.Named, turn.ZSG, after.Outcome)
				b.screenshot("stopped-" + strings.NewReplacer("/", "_", " ", "_").Replace(filepath.Base(rules)+"-"+variant))
				return stats
			case after.Ply <= gj.Ply:
				why = "the page sent no turn"
				if st := b.state(); st.Banner != "" {
					why += fmt.Sprintf(" (it says %q)", st.Banner)
				}
			case after.Moves[gj.Ply].Named != turn.Named || after.Moves[gj.Ply].ZSG != turn.ZSG:
				why = fmt.Sprintf("the page played %q (%s)", after.Moves[gj.Ply].Named, after.Moves[gj.Ply].ZSG)
			}
		}
		if why == "" {
			stats.clicks++
			continue
		}
		stats.failures = append(stats.failures, fmt.Sprintf("ply %d: %s (%s): %s; clicks: %s", gj.Ply, turn.Named, turn.ZSG, why, strings.Join(b.clicks, ", ")))
		t.Logf("%s: %s", stats.game, stats.failures[len(stats.failures)-1])
		if len(stats.failures) <= 2 {
			b.screenshot("unclicked-" + strings.NewReplacer("/", "_", " ", "_").Replace(filepath.Base(rules)+"-"+variant))
		}
		if after.Ply > gj.Ply {
			continue
		}
		b.run("escape", chromedp.KeyEvent(kb.Escape))
		call(t, base, "GET", "/api/games/"+c.ID, c.Secret, nil, &after)
		if after.Ply <= gj.Ply { // make it through the API, and go on
			call(t, base, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]int{"ply": gj.Ply, "index": turn.Index}, nil)
		}
	}
	return stats
}

func TestClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("the click-coverage test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	paths := []string{"games", "server/e2e/testdata/drops.zrf", "server/e2e/testdata/ring.zrf"}
	corpus := os.Getenv("ZOGGO_CORPUS")
	if corpus != "" {
		if clicksLong {
			paths = append(paths, clickCorpusFiles(t, corpus)...)
		} else {
			for _, f := range clickSample {
				paths = append(paths, filepath.Join(corpus, f))
			}
		}
	} else {
		t.Log("ZOGGO_CORPUS is not set: the games of games/ only")
	}
	cat, err := server.LoadCatalogue(paths)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, CreateRate: -1, Bots: 1, Logf: func(string, ...any) {}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)
	b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	js[any](b, `localStorage.setItem("zoggo.animate", "0"), null`) // no animations: quicker

	var cj catalogueJSON
	call(t, ts.URL, "GET", "/api/catalogue", "", nil, &cj)
	// One variant of each rules file first, then (in the long run) the others.
	var order []int
	seen := map[string]bool{}
	for i, gm := range cj.Games {
		if !seen[gm.Rules] {
			order = append(order, i)
		}
		seen[gm.Rules] = true
	}
	if clicksLong {
		for i := range cj.Games {
			if !slices.Contains(order, i) {
				order = append(order, i)
			}
		}
	}
	shard, shards := clickShard(t)
	if shards > 1 {
		// Shard k of n takes every n-th variant of the whole order, so that the
		// shards' union is the whole catalogue and each gets its share of big files.
		var mine []int
		for k, i := range order {
			if k%shards == shard {
				mine = append(mine, i)
			}
		}
		t.Logf("shard %d of %d: %d of %d variants", shard+1, shards, len(mine), len(order))
		order = mine
	}
	// A run on some games (names separated by |), while looking into them.
	picked := func(name string) bool {
		only := os.Getenv("ZOGGO_CLICKS_ONLY")
		return only == "" || slices.ContainsFunc(strings.Split(only, "|"), func(o string) bool { return strings.Contains(name, o) })
	}
	// Our own files must all load. A corpus file that does not (its rules fail to compile
	// or its Forth to start) is not offered by the lobby, which shows it as not loading:
	// there is no turn of it to click, and it is listed, not failed here (the corpus
	// tests keep each such file's error in testdata).
	ours := func(rules string) bool {
		return strings.HasPrefix(rules, "games/") || strings.HasPrefix(rules, "server/")
	}
	notOffered := 0
	for _, e := range cj.Errors {
		if shard == 0 && picked(e.Rules) {
			if ours(e.Rules) {
				t.Errorf("%s does not load: %s", e.Rules, e.Error)
			} else {
				notOffered++
				t.Logf("not offered (the lobby shows it as not loading): %s: %s", e.Rules, e.Error)
			}
		}
	}
	var all []clickStats
	files := map[string]bool{}
	for _, i := range order {
		gm := cj.Games[i]
		bundled := strings.HasPrefix(gm.Rules, "games/")
		if !picked(gm.Rules + " " + gm.Variant) {
			continue
		}
		if gm.Error != "" {
			if ours(gm.Rules) {
				t.Errorf("%s %s does not load: %s", gm.Rules, gm.Variant, gm.Error)
			} else {
				notOffered++
				t.Logf("not offered (the lobby shows it as not loading): %s %s: %s", gm.Rules, gm.Variant, gm.Error)
			}
			continue
		}
		files[gm.Rules] = true
		// Each game draws its turns from its own seed, so that a run of one game
		// (ZOGGO_CLICKS_ONLY) or of one shard plays the turns the whole run played.
		h := fnv.New64a()
		h.Write([]byte(gm.Rules + "\x00" + gm.Variant))
		rng := rand.New(rand.NewPCG(23, h.Sum64()))
		turns := clickTurnsQuick
		if clicksLong {
			turns = clickTurnsLong
		} else if !bundled {
			turns = clickTurnsCorpus
		}
		start := time.Now()
		s := clickGameRun(t, b, ts.URL, gm.Rules, gm.Variant, gm.Random, turns, rng)
		t.Logf("%s: %d of %d turns clicked (%.1f s)", s.game, s.clicks, s.turns, time.Since(start).Seconds())
		all = append(all, s)
	}
	games, turns, clicked := 0, 0, 0
	var bad, stopped []string
	for _, s := range all {
		games++
		turns += s.turns
		clicked += s.clicks
		if len(s.failures) > 0 {
			bad = append(bad, fmt.Sprintf("%s: %d of %d turns not clicked, e.g. %s", s.game, s.turns-s.clicks, s.turns, s.failures[0]))
		}
		if s.stopped != "" {
			stopped = append(stopped, fmt.Sprintf("%s, after %d turns: %s", s.game, s.turns, s.stopped))
		}
	}
	if len(stopped) > 0 {
		t.Logf("games that a known fault of their rules stopped (every turn before clicked):\n%s", strings.Join(stopped, "\n"))
	}
	t.Logf("click coverage: %d files, %d games, %d turns, %d made by clicks (%.1f%%); %d games with a turn not clicked; %d not offered (they do not load)",
		len(files), games, turns, clicked, 100*float64(clicked)/float64(max(turns, 1)), len(bad), notOffered)
	var ways []string
	for w, n := range b.ways {
		ways = append(ways, fmt.Sprintf("%s %d", w, n))
	}
	sort.Strings(ways)
	t.Logf("clicks made: %s", strings.Join(ways, ", "))
	if turns < 5*games/2 {
		t.Errorf("only %d turns over %d games: too few to tell", turns, games)
	}
	if len(bad) > 0 {
		t.Errorf("turns that clicks did not make, in %d games:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

// clickCorpusFiles lists the rules files of the corpus that the long run loads: all of
// them, or with ZOGGO_CLICKS_ONLY those whose paths the run's patterns name (a pattern's
// part up to ".zrf"), so that a run on a few games does not compile the whole corpus
// first. A pattern that names no path (a variant's title alone) loads them all.
func clickCorpusFiles(t *testing.T, corpus string) []string {
	var all []string
	err := filepath.WalkDir(corpus, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".zrf") {
			all = append(all, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	only := os.Getenv("ZOGGO_CLICKS_ONLY")
	if only == "" {
		return []string{corpus}
	}
	var out []string
	for _, o := range strings.Split(only, "|") {
		if i := strings.Index(o, ".zrf "); i >= 0 {
			o = o[:i+len(".zrf")]
		}
		n := 0
		for _, f := range all {
			if strings.Contains(f, o) {
				n++
				if !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		}
		if n == 0 {
			return []string{corpus}
		}
	}
	return out
}

// clickShard reads ZOGGO_CLICKS_SHARD, "k/n" (1 <= k <= n): the run plays the k-th of n
// shards of the variants, so that a long run fits its timeout; unset, it plays them all.
func clickShard(t *testing.T) (shard, shards int) {
	v := os.Getenv("ZOGGO_CLICKS_SHARD")
	if v == "" {
		return 0, 1
	}
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		t.Fatalf("ZOGGO_CLICKS_SHARD=%q: want k/n with 1 <= k <= n", v)
	}
	return k - 1, n
}

// TestClickExamples makes by clicks the turns that users could not click before: a stone
// on an empty point of Go, a Pentago marble and the quarter turn after it, a Dobutsu
// capture by a click on the enemy piece, a Toguz Kumalak sowing by a click on the pit.
func TestClickExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	paths := []string{"games", "server/e2e/testdata/drops.zrf", "server/e2e/testdata/ring.zrf"}
	corpus := os.Getenv("ZOGGO_CORPUS")
	if corpus != "" {
		paths = append(paths, filepath.Join(corpus, clickSample[0]), filepath.Join(corpus, clickSample[1]))
	}
	cat, err := server.LoadCatalogue(paths)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, CreateRate: -1, Bots: 1, Logf: func(string, ...any) {}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)
	lastMove := func(c created) string {
		var gj clickGame
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		if len(gj.Moves) == 0 {
			return ""
		}
		return gj.Moves[len(gj.Moves)-1].Named
	}
	waitPly := func(ply int) {
		b.wait(fmt.Sprintf("ply %d", ply), fmt.Sprintf(`document.getElementById("board").dataset.ply === "%d"`, ply), 10*time.Second)
	}

	t.Run("go: a stone by one click", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/go.zrf", "Go 9x9", 2)
		b.open(c.ID, c.Secret)
		if hand := js[string](b, `[...document.querySelectorAll("#hand .stock")].map((e) => (e.querySelector("img")?.alt || "") + " " + e.textContent).join(" ")`); !strings.Contains(hand, "Stone") || !strings.Contains(hand, "∞") {
			t.Errorf("the hand shows %q, want the stones, without end", hand)
		}
		b.hover(`#board .targets rect[data-pos="e5"]`)
		b.screenshot("go-hover-e5")
		if !b.clickSquare("e5") {
			t.Fatal("no point e5")
		}
		waitPly(1)
		if m := lastMove(c); !strings.HasPrefix(m, "e5 ") {
			t.Errorf("a click on e5 played %q", m)
		}
		b.screenshot("go-e5-played")
	})

	t.Run("pentago: a marble, then a quarter turn", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/pentago.zrf", "Pentago", 2)
		b.open(c.ID, c.Secret)
		// No turn of a quarter is legal before a marble is placed: no handles yet.
		if n := js[int](b, `document.querySelectorAll("#board .handles .handle").length`); n != 0 {
			b.screenshot("pentago-handles-too-soon")
			t.Errorf("before a marble is placed, %d handles, want none", n)
		}
		b.clickSquare("b5")
		if n := js[int](b, `document.querySelectorAll("#board .handles .handle").length`); n != 8 {
			t.Fatalf("after a marble on b5, %d handles, want 8 (four quarters, two ways)", n)
		}
		b.hover(`#board .handles .handle[data-turn="cw"]`)
		b.screenshot("pentago-handles")
		// The north-east quarter, clockwise: its handle is the one whose positions are d4-f6.
		key := js[string](b, `[...document.querySelectorAll("#board .handles .handle[data-turn=cw]")].map(h => h.dataset.key).find(k => k.includes("d6>f6"))`)
		if key == "" {
			t.Fatal("no clockwise handle on the north-east quarter")
		}
		b.clickOn(fmt.Sprintf(`#board .handles .handle[data-key=%q]`, key))
		waitPly(1)
		if m := lastMove(c); m != "b5 twist ne cw White Marble" {
			t.Errorf("the turn played is %q, want b5 twist ne cw White Marble", m)
		}
		// Black's marble in the quarter that turns: it is put on d6 and lands on f6.
		b.clickSquare("d6")
		key = js[string](b, `[...document.querySelectorAll("#board .handles .handle[data-turn=cw]")].map(h => h.dataset.key).find(k => k.includes("d6>f6"))`)
		b.clickOn(fmt.Sprintf(`#board .handles .handle[data-key=%q]`, key))
		waitPly(2)
		if m := lastMove(c); m != "f6 twist ne cw Black Marble" {
			t.Errorf("the turn played is %q, want f6 twist ne cw Black Marble", m)
		}
		// The move list says where the marbles were put and which quarter turned how.
		b.waitMoves(2, 10*time.Second)
		if got, want := shortMoves(b), []string{"b5 ne↻", "d6 ne↻"}; !slices.Equal(got, want) {
			t.Errorf("the move list reads %q, want %q", got, want)
		}
		b.screenshot("pentago-turned")
	})

	t.Run("drops: a click on an empty square asks which piece", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "server/e2e/testdata/drops.zrf", "", 2)
		b.open(c.ID, c.Secret)
		b.clickSquare("b1")
		pieces := js[string](b, `[...document.querySelectorAll("#choice button.piece")].map(b => b.dataset.piece).join(" ")`)
		if pieces != "Man King" {
			t.Fatalf("a click on the empty b1 offers the pieces %q, want Man King", pieces)
		}
		b.screenshot("drops-which-piece")
		b.clickOn(`#choice button.piece[data-piece="King"]`)
		waitPly(1)
		if m := lastMove(c); !strings.Contains(m, "King") || !strings.HasPrefix(m, "b1 ") {
			t.Errorf("the turn played is %q, want a king on b1", m)
		}
		// Picked from the hand first, the piece goes where the next click says.
		b.clickOn(`#hand .stock[data-piece="Man"]`)
		b.clickSquare("c2")
		waitPly(2)
		if m := lastMove(c); !strings.Contains(m, "Man") || !strings.HasPrefix(m, "c2 ") {
			t.Errorf("the turn played is %q, want a man on c2", m)
		}
	})

	t.Run("ring: a row pushed round, by its piece and where it goes", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "server/e2e/testdata/ring.zrf", "", 2)
		b.open(c.ID, c.Secret)
		b.clickSquare("c1")
		if d := js[string](b, `[...document.querySelectorAll("#board .targets rect.dest")].map(r => r.dataset.pos).join(" ")`); d != "a1" {
			t.Fatalf("after a click on the king on c1, the marked squares are %q, want a1 (every square of the ring is left by another piece)", d)
		}
		b.clickSquare("a1")
		waitPly(1)
		var gj clickGame
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		if z := gj.Moves[0].ZSG; !strings.HasPrefix(z, "King c1 x a1") {
			t.Errorf("c1 then a1 played %q, want the turn the king starts (King c1 x a1 ...)", z)
		}
	})

	t.Run("a move drawn scrolls the move list, not the page", func(t *testing.T) {
		b.t = t
		// A short window, so that the move list ends below it: scrolling the list's last
		// move into view the page's way would scroll the page, moving the buttons under
		// the mouse (a click on Pass then missed it).
		b.run("a short window", chromedp.EmulateViewport(1000, 480))
		defer b.run("the window again", chromedp.EmulateViewport(1280, 900))
		c := humans(t, ts.URL, "games/chess.zrf", "", 2)
		b.open(c.ID, c.Secret)
		js[any](b, `window.scrollTo(0, 0), null`)
		below := 0
		for ply := 0; ply < 30; ply++ {
			var gj clickGame
			call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
			if gj.Over {
				break
			}
			call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]int{"ply": ply, "index": gj.Legal[0].Index}, nil)
			waitPly(ply + 1)
			if y := js[float64](b, `window.scrollY`); y != 0 {
				b.screenshot("page-scrolled")
				t.Fatalf("after ply %d the page is scrolled by %.0f px, want 0", ply+1, y)
			}
			if js[bool](b, `document.getElementById("moves").getBoundingClientRect().bottom > window.innerHeight`) {
				below++
			}
			// The list itself shows its last move.
			if !js[bool](b, `(() => { const ol = document.getElementById("moves"), m = ol.querySelector(".mv.last");
  const r = m.getBoundingClientRect(), o = ol.getBoundingClientRect(); return r.top >= o.top - 1 && r.bottom <= o.bottom + 1; })()`) {
				t.Errorf("after ply %d the move list does not show its last move", ply+1)
			}
		}
		if below < 10 {
			t.Errorf("the move list ended below the window after %d plies only: too few to tell", below)
		}
	})

	t.Run("a turn's answer later than the next state: clicks play, not premove", func(t *testing.T) {
		b.t = t
		c := humans(t, ts.URL, "games/chess.zrf", "", 2)
		b.open(c.ID, c.Secret)
		// The answer to a turn sent comes a second late; the event stream's state first.
		js[any](b, `(() => { const f = window.fetch; window.fetch = async (u, o) => {
  const r = await f(u, o); if (o && o.method === "POST") await new Promise((ok) => setTimeout(ok, 1500)); return r; }; return null; })()`)
		b.clickSquare("e2")
		b.clickSquare("e4")
		waitPly(1)
		b.clickSquare("e7")
		if st := b.state(); st.State != "from" || st.Sel != "e7" {
			t.Errorf("a click on e7 once Black's turn shows, before the answer to 1.e4: state %q sel %q, want the pawn selected (premove %q)",
				st.State, st.Sel, js[string](b, `document.getElementById("board").dataset.premove || ""`))
		}
		b.clickSquare("e5")
		waitPly(2)
		b.run("reload", chromedp.Reload()) // without the slow answers
		b.wait("the game", `document.querySelector("#status").textContent !== ""`, 10*time.Second)
	})

	t.Run("dobutsu: a capture on the enemy piece", func(t *testing.T) {
		b.t = t
		if corpus == "" {
			t.Skip("ZOGGO_CORPUS is not set")
		}
		c := humans(t, ts.URL, filepath.ToSlash(filepath.Join(corpus, clickSample[0])), "", 2)
		b.open(c.ID, c.Secret)
		b.clickSquare("b2")
		if d := js[string](b, `[...document.querySelectorAll("#board .targets rect.dest")].map(r => r.dataset.pos).sort().join(" ")`); !strings.Contains(d, "b3") {
			t.Errorf("after a click on the chick on b2, the marked squares are %q, want b3 (the enemy chick) among them", d)
		}
		b.screenshot("dobutsu-capture-selected")
		b.clickSquare("b3")
		waitPly(1)
		if m := lastMove(c); !strings.HasPrefix(m, "b2 x b3") {
			t.Errorf("the turn played is %q, want b2 x b3", m)
		}
		b.screenshot("dobutsu-captured")
	})

	t.Run("toguz kumalak: a sowing by one click on the pit", func(t *testing.T) {
		b.t = t
		if corpus == "" {
			t.Skip("ZOGGO_CORPUS is not set")
		}
		c := humans(t, ts.URL, filepath.ToSlash(filepath.Join(corpus, clickSample[1])), "", 2)
		b.open(c.ID, c.Secret)
		b.hover(`#board .targets rect[data-pos="c1"]`)
		if n := js[int](b, `document.querySelectorAll("#board .targets rect.can").length`); n != 9 {
			t.Errorf("%d pits are marked as ones that can be sown, want South's 9", n)
		}
		b.screenshot("toguz-start")
		b.clickSquare("c1")
		waitPly(1)
		if m := lastMove(c); !strings.HasPrefix(m, "c1 ") {
			t.Errorf("a click on the pit c1 played %q", m)
		}
		b.screenshot("toguz-sown")
	})
}
