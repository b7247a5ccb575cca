package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// zoggo play --watch: the rules file is looked at four times a second; a change that
// has held still for 150 ms is read, and loaded when its content differs from the last
// version loaded (one load per change). Its errors are printed at once, as zoggo check
// prints them, or, when it loads, the restart is offered: the command "restart" replays
// the turns played while they stay legal under the new rules, "restart fresh" starts
// from the start. The game in progress goes on under the old rules until then.

// Bounds of the watching (as zoggo serve --watch's).
const (
	playPollEvery = 250 * time.Millisecond
	playSettleFor = 150 * time.Millisecond
)

// syncWriter serialises the writes of the game and of the watcher.
type syncWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (w syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// rulesWatch watches the rules file of a game of zoggo play.
type rulesWatch struct {
	path, title string
	out         io.Writer // a syncWriter
	stop        chan struct{}
	done        chan struct{}

	mu      sync.Mutex
	version int
	src     []byte     // the content last loaded
	next    *eval.Game // the newest version that loads, not yet taken; nil when none
}

// watch starts watching the session's rules file: news is written to out (the session's
// output, made a syncWriter). It returns a function that stops the watching.
func (ps *session) watch(out io.Writer) (func(), error) {
	src, err := os.ReadFile(ps.rules)
	if err != nil {
		return nil, err
	}
	mu := &sync.Mutex{}
	ps.out = syncWriter{mu, out}
	w := &rulesWatch{path: ps.rules, title: ps.g.Title, out: ps.out, src: src, stop: make(chan struct{}), done: make(chan struct{})}
	ps.w = w
	go w.poll()
	return func() { close(w.stop); <-w.done }, nil
}

type fileStamp struct {
	mod  time.Time
	size int64
	ok   bool
}

func fileStampOf(path string) fileStamp {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{st.ModTime(), st.Size(), true}
}

func (w *rulesWatch) poll() {
	defer close(w.done)
	last := fileStampOf(w.path)
	tick := time.NewTicker(playPollEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-tick.C:
		}
		now := fileStampOf(w.path)
		if now == last || !now.ok {
			continue
		}
		for {
			select {
			case <-w.stop:
				return
			case <-time.After(playSettleFor):
			}
			again := fileStampOf(w.path)
			if again == now {
				break
			}
			now = again
		}
		last = now
		w.reload()
	}
}

// reload loads the rules file again if its content changed, and says what came of it.
func (w *rulesWatch) reload() {
	src, err := os.ReadFile(w.path)
	if err != nil {
		fmt.Fprintf(w.out, "\nwatching %s: %v\n> ", w.path, err)
		return
	}
	w.mu.Lock()
	same := bytes.Equal(src, w.src)
	w.mu.Unlock()
	if same {
		return
	}
	var b strings.Builder
	g, err := loadVersion(w.path, w.title)
	w.mu.Lock()
	w.version++
	w.src, w.next = src, g
	v := w.version
	w.mu.Unlock()
	if err != nil {
		fmt.Fprintf(&b, "\nThe rules file %s changed (version %d) and does not load:\n", w.path, v)
		printErrors(&b, err, 10)
		b.WriteString("The game goes on under the rules it started with. Save a fix to try again.\n> ")
	} else {
		fmt.Fprintf(&b, "\nThe rules file %s changed (version %d). Type restart to replay the moves so far under the new rules, or restart fresh to start again.\n> ", w.path, v)
	}
	io.WriteString(w.out, b.String())
}

// loadVersion loads the game of the given title from a version of the rules file,
// recovering from a panic of ours as its error.
func loadVersion(path, title string) (g *eval.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("%s: internal error while loading: %v", path, r)
		}
	}()
	f, err := eval.LoadFile(path)
	if err != nil {
		return nil, err
	}
	if g, err = f.Find(title); err != nil {
		return nil, err
	}
	return g, nil
}

// take returns the newest version that loads and forgets it, or nil.
func (w *rulesWatch) take() *eval.Game {
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.next
	w.next = nil
	return g
}

// restart plays the game again under the newest version of the rules: from the start,
// or replaying the turns played while they stay legal. It reports whether it did.
func (ps *session) restart(arg string) bool {
	out := ps.out
	if ps.w == nil {
		fmt.Fprintln(out, "restart: the rules are not watched (zoggo play --watch)")
		return false
	}
	if arg != "" && arg != "fresh" {
		fmt.Fprintln(out, "restart: type restart, or restart fresh to start from the start")
		return false
	}
	g := ps.w.take()
	if g == nil {
		fmt.Fprintln(out, "restart: no new version of the rules that loads since the last restart")
		return false
	}
	m, err := match.New(g, nil)
	if err != nil {
		fmt.Fprintln(out, "restart: the new rules fail at the start:", err)
		return false
	}
	agents := make([]ai.Agent, len(g.Players))
	if len(g.Players) != len(ps.g.Players) || int(ps.human) >= len(g.Players) || g.Players[ps.human].Random {
		fmt.Fprintf(out, "restart: the new rules have other players (%d, not %d)\n", len(g.Players), len(ps.g.Players))
		return false
	}
	for p, pl := range g.Players {
		if engine.Player(p) == ps.human || pl.Random {
			continue
		}
		if agents[p], err = ai.Parse(ps.bot, g); err != nil {
			fmt.Fprintln(out, "restart:", err)
			return false
		}
	}
	old := playedTexts(ps.g, ps.m)
	stopped := ""
	if arg == "" {
		stopped = replayTexts(g, m, old)
	}
	ps.g, ps.m, ps.agents = g, m, agents
	switch {
	case arg == "fresh":
		fmt.Fprintln(out, "Restarted under the new rules from the start.")
	case stopped == "":
		fmt.Fprintf(out, "Restarted under the new rules: all %d turns replayed.\n", len(old))
	default:
		fmt.Fprintf(out, "Restarted under the new rules: %d of %d turns replayed; the replay stopped at %s.\n", len(m.History()), len(old), stopped)
	}
	return true
}

// playedText is a turn played, in ZSG (to find it under other rules) and short notation.
type playedText struct{ zsg, short string }

// playedTexts returns the turns played in m.
func playedTexts(g *eval.Game, m *match.Match) []playedText {
	var out []playedText
	for _, h := range m.History() {
		out = append(out, playedText{turnZSG(g, h.Before, &h.Turn), notation.ShortTurn(g, h.Before, []eval.Turn{h.Turn}, 0)})
	}
	return out
}

// replayTexts plays the turns on m while each is legal (the same ZSG text), and returns
// where and why it stopped, or "".
func replayTexts(g *eval.Game, m *match.Match, turns []playedText) string {
	for k, t := range turns {
		if m.Over() {
			return fmt.Sprintf("turn %d: the game is over under the new rules", k+1)
		}
		legal := m.Legal()
		i := -1
		for j := range legal {
			if turnZSG(g, m.State(), &legal[j]) == t.zsg {
				i = j
				break
			}
		}
		if i < 0 {
			return fmt.Sprintf("turn %d (%s), which is not legal under the new rules", k+1, t.short)
		}
		if err := m.Play(i); err != nil {
			return fmt.Sprintf("turn %d (%s): %v", k+1, t.short, err)
		}
	}
	return ""
}

// turnZSG is a turn in ZSG, its parts one per line.
func turnZSG(g *eval.Game, s *engine.State, t *eval.Turn) string {
	cur := s.Clone()
	out := make([]string, len(t.Parts))
	for i := range t.Parts {
		out[i] = notation.Part(g, cur, &t.Parts[i])
		g.Apply(cur, &t.Parts[i])
	}
	return strings.Join(out, "\n")
}
