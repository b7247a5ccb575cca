package engines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Slack is how much longer than the time it was given an engine may take to answer a
// move, and the time it has to answer anything else (its start included).
const Slack = 10 * time.Second

// StartSlack is the time an engine has to start and answer uci and isready: longer than
// Slack, since a loaded machine can take that long to start a big program (a ladder's
// Fairy-Stockfish on two busy cores took more than 10 s).
const StartSlack = 60 * time.Second

// proc is an external engine's process and its lines of output.
type proc struct {
	name string
	// yield, when set, is asked every 50 ms while an answer is awaited; its false
	// answer gives up the question (and the engine, as after a timeout).
	yield func() bool
	// broken is the error after which the engine's answers cannot be trusted (one came
	// late, or its output ended): every later question fails with it.
	broken error
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	done   chan struct{} // closed when the output ends
	quit   chan struct{} // closed by close: nobody reads lines any more
	once   sync.Once
}

func start(command string) (*proc, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, fmt.Errorf("no engine command")
	}
	cmd := exec.Command(f[0], f[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q: %w", command, err)
	}
	p := &proc{name: command, cmd: cmd, in: in, lines: make(chan string, 64), done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(p.done)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), MaxLine)
		for sc.Scan() {
			select {
			case p.lines <- sc.Text():
			case <-p.quit:
				return
			}
		}
	}()
	return p, nil
}

func (p *proc) send(format string, args ...any) error {
	if p.broken != nil {
		return p.broken
	}
	if _, err := fmt.Fprintf(p.in, format+"\n", args...); err != nil {
		return fmt.Errorf("engine %q: %w", p.name, err)
	}
	return nil
}

// wait returns the next line of output for which keep is true, within d.
func (p *proc) wait(d time.Duration, what string, keep func(string) bool) (string, error) {
	t := time.NewTimer(d)
	defer t.Stop()
	var tick <-chan time.Time
	if p.yield != nil {
		tk := time.NewTicker(50 * time.Millisecond)
		defer tk.Stop()
		tick = tk.C
	}
	for {
		select {
		case <-tick:
			if !p.yield() {
				p.broken = fmt.Errorf("engine %q stopped before %s", p.name, what)
				return "", p.broken
			}
		case l := <-p.lines:
			if keep(l) {
				return l, nil
			}
		case <-p.done:
			select {
			case l := <-p.lines:
				if keep(l) {
					return l, nil
				}
				continue
			default:
			}
			p.broken = fmt.Errorf("engine %q ended before %s", p.name, what)
			return "", p.broken
		case <-t.C:
			// A late answer would be taken for the next question's.
			p.broken = fmt.Errorf("engine %q gave no %s within %v", p.name, what, d)
			return "", p.broken
		}
	}
}

// close asks the engine to quit and kills it when it has not within a second. Only
// the first call does anything.
func (p *proc) close(quit string) {
	p.once.Do(func() { p.stop(quit) })
}

func (p *proc) stop(quit string) {
	close(p.quit)
	fmt.Fprintln(p.in, quit)
	p.in.Close()
	select {
	case <-p.done:
	case <-time.After(time.Second):
	}
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

// UCIPlayer is an external UCI engine as a player: each turn it is sent the rules'
// start position with the moves so far and asked for its move.
type UCIPlayer struct {
	p        *proc
	g        *eval.Game
	movetime time.Duration
	depth    int
	mu       sync.Mutex // one question at a time
}

// NewUCIPlayer starts a UCI engine: spec is COMMAND[:OPTION=VALUE...], where the
// command is split at spaces, movetime=MS (the time per move, 100 ms unless given) and
// depth=N limit its search, and any other NAME=VALUE is sent as a setoption (such as
// "Skill Level=0").
func NewUCIPlayer(g *eval.Game, spec string) (*UCIPlayer, error) {
	u, command, opts, err := parseUCI(g, spec)
	if err != nil {
		return nil, err
	}
	p, err := start(command)
	if err != nil {
		return nil, err
	}
	u.p = p
	err = p.send("uci")
	if err == nil {
		_, err = p.wait(StartSlack, "uciok", func(l string) bool { return strings.TrimSpace(l) == "uciok" })
	}
	for _, o := range opts {
		if err == nil {
			err = p.send("setoption name %s value %s", o[0], o[1])
		}
	}
	if err == nil {
		err = u.ready()
	}
	if err != nil {
		p.close("quit")
		return nil, err
	}
	return u, nil
}

// parseUCI reads COMMAND[:OPTION=VALUE...] into a player not started, its command and
// the options to set.
func parseUCI(g *eval.Game, spec string) (*UCIPlayer, string, [][2]string, error) {
	parts := strings.Split(spec, ":")
	u := &UCIPlayer{g: g, movetime: 100 * time.Millisecond}
	var opts [][2]string
	if strings.TrimSpace(parts[0]) == "" {
		return nil, "", nil, fmt.Errorf("no engine command in %q", spec)
	}
	for _, o := range parts[1:] {
		name, val, ok := strings.Cut(o, "=")
		if !ok {
			return nil, "", nil, fmt.Errorf("engine option %q: expected NAME=VALUE", o)
		}
		switch name {
		case "movetime", "depth":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 600000 {
				return nil, "", nil, fmt.Errorf("engine option %q: expected a number from 1 to 600000", o)
			}
			if name == "depth" {
				u.depth = n
			} else {
				u.movetime = time.Duration(n) * time.Millisecond
			}
		default:
			opts = append(opts, [2]string{name, val})
		}
	}
	return u, parts[0], opts, nil
}
func (u *UCIPlayer) ready() error {
	if err := u.p.send("isready"); err != nil {
		return err
	}
	_, err := u.p.wait(StartSlack, "readyok", func(l string) bool { return strings.TrimSpace(l) == "readyok" })
	return err
}

// Name returns "uci:COMMAND".
func (u *UCIPlayer) Name() string { return "uci:" + u.p.name }

// Close ends the engine's process.
func (u *UCIPlayer) Close() { u.p.close("quit") }

// Choose asks the engine for its move. A move that is not one of the legal turns is an
// *ai.Forfeit.
func (u *UCIPlayer) Choose(m *match.Match, r *rand.Rand) (int, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if m.Over() {
		return 0, fmt.Errorf("the game is over")
	}
	var b strings.Builder
	b.WriteString("position startpos")
	for i, pl := range m.History() {
		if i == 0 {
			b.WriteString(" moves")
		}
		mv := Text(u.g, pl.Before, &pl.Turn)
		if mv == Pass {
			mv = "0000"
		}
		b.WriteString(" " + mv)
	}
	if err := u.p.send("%s", b.String()); err != nil {
		return 0, err
	}
	limit := "movetime " + strconv.Itoa(int(u.movetime.Milliseconds()))
	if u.depth > 0 {
		limit = "depth " + strconv.Itoa(u.depth)
	}
	if err := u.p.send("go %s", limit); err != nil {
		return 0, err
	}
	wait := u.movetime + Slack
	if u.depth > 0 {
		wait = ai.MaxThink
	}
	l, err := u.p.wait(wait, "bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove") })
	if err != nil {
		return 0, err
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return 0, &ai.Forfeit{Reason: fmt.Sprintf("%s answered %q, no move", u.Name(), l)}
	}
	i, err := Find(u.g, m.State(), m.Legal(), f[1])
	if err != nil {
		return 0, &ai.Forfeit{Reason: fmt.Sprintf("%s played %q: %v", u.Name(), f[1], err)}
	}
	return i, nil
}

// GTPPlayer is an external GTP engine as a player of a Go-like game: it is told the
// moves played since it last moved (or the whole game again, on a cleared board, when
// the game is not the one it knows) and asked to generate its move. Black is the rules'
// first player.
type GTPPlayer struct {
	p    *proc
	g    *eval.Game
	sent []string // the moves the engine's board holds
	id   int
	mu   sync.Mutex
}

// NewGTPPlayer starts a GTP engine (the command is split at spaces) and sets its board
// to the size of g's.
func NewGTPPlayer(g *eval.Game, command string) (*GTPPlayer, error) {
	n := Size(g)
	if !GoLike(g) {
		return nil, errNoGTP(g)
	}
	p, err := start(command)
	if err != nil {
		return nil, err
	}
	e := &GTPPlayer{p: p, g: g}
	if _, err := e.ask("boardsize %d", n); err != nil {
		p.close("quit")
		return nil, err
	}
	if _, err := e.ask("clear_board"); err != nil {
		p.close("quit")
		return nil, err
	}
	return e, nil
}

// errRefused is a "?" answer of a GTP engine.
var errRefused = errors.New("refused")

// ask sends a command and returns its answer, or an error wrapping errRefused.
func (e *GTPPlayer) ask(format string, args ...any) (string, error) {
	e.id++
	id := strconv.Itoa(e.id)
	cmd := fmt.Sprintf(format, args...)
	if err := e.p.send("%s %s", id, cmd); err != nil {
		return "", err
	}
	l, err := e.p.wait(ai.MaxThink+Slack, "answer to "+cmd, func(l string) bool {
		return strings.HasPrefix(l, "="+id) || strings.HasPrefix(l, "?"+id)
	})
	if err != nil {
		return "", err
	}
	ans := strings.TrimSpace(l[1+len(id):])
	if l[0] == '?' {
		return "", fmt.Errorf("engine %q: %s: %w: %s", e.p.name, cmd, errRefused, ans)
	}
	return ans, nil
}

// Name returns "gtp:COMMAND".
func (e *GTPPlayer) Name() string { return "gtp:" + e.p.name }

// Close ends the engine's process.
func (e *GTPPlayer) Close() { e.p.close("quit") }

func colour(p int) string {
	if p == 0 {
		return "black"
	}
	return "white"
}

// Choose tells the engine the moves it has not seen and asks for its move. A move
// that is not one of the legal turns, and a resignation, are an *ai.Forfeit.
func (e *GTPPlayer) Choose(m *match.Match, r *rand.Rand) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	hist := m.History()
	moves := make([]string, len(hist))
	movers := make([]int, len(hist))
	for i, pl := range hist {
		moves[i] = Text(e.g, pl.Before, &pl.Turn)
		_, mover := e.g.Side(pl.Before)
		movers[i] = int(mover)
	}
	from := len(e.sent)
	if len(e.sent) > len(moves) || strings.Join(e.sent, " ") != strings.Join(moves[:len(e.sent)], " ") {
		if _, err := e.ask("clear_board"); err != nil {
			return 0, err
		}
		e.sent, from = nil, 0
	}
	for i := from; i < len(moves); i++ {
		if _, err := e.ask("play %s %s", colour(movers[i]), strings.ToUpper(moves[i])); err != nil {
			return 0, err
		}
		e.sent = append(e.sent, moves[i])
	}
	ans, err := e.ask("genmove %s", colour(int(m.Mover())))
	if errors.Is(err, errRefused) {
		return 0, &ai.Forfeit{Reason: err.Error()}
	}
	if err != nil {
		return 0, err
	}
	if strings.EqualFold(ans, "resign") {
		return 0, &ai.Forfeit{Reason: e.Name() + " resigned", Resigned: true}
	}
	i, err := Find(e.g, m.State(), m.Legal(), ans)
	if err != nil {
		return 0, &ai.Forfeit{Reason: fmt.Sprintf("%s played %q: %v", e.Name(), ans, err)}
	}
	e.sent = append(e.sent, strings.ToLower(ans))
	return i, nil
}

func errNoGTP(g *eval.Game) error {
	return fmt.Errorf("%s is not played by dropping stones on a square board: GTP cannot play it", g.Title)
}

// Engine is an external engine that plays without a process of its own between turns:
// each Choose starts it (Spec: uci:COMMAND[:OPTION=VALUE...] or gtp:COMMAND, as
// NewUCIPlayer and NewGTPPlayer take them), tells it the game, asks for its move and
// ends it. No process outlives a turn, so a server can seat such engines in any number
// of games and drop games from memory at any time.
type Engine struct {
	Label, Spec string
	// MaxTime, when set, bounds a UCI engine's movetime.
	MaxTime time.Duration
	// Yield, when set, is asked every 50 ms while the engine thinks: its false answer
	// ends the engine and Choose fails.
	Yield func() bool
}

// NewEngine checks spec for g (the protocol, the options, a square board for GTP)
// without starting anything, and returns the engine named label.
func NewEngine(label, spec string, g *eval.Game) (*Engine, error) {
	proto, rest, _ := strings.Cut(spec, ":")
	switch proto {
	case "uci":
		if _, _, _, err := parseUCI(g, rest); err != nil {
			return nil, err
		}
	case "gtp":
		if strings.TrimSpace(rest) == "" {
			return nil, fmt.Errorf("no engine command in %q", spec)
		}
		if !GoLike(g) {
			return nil, errNoGTP(g)
		}
	default:
		return nil, fmt.Errorf("engine %s: %q is not uci:COMMAND or gtp:COMMAND", label, spec)
	}
	return &Engine{Label: label, Spec: spec}, nil
}

// Name returns "engine:LABEL".
func (e *Engine) Name() string { return "engine:" + e.Label }

// Choose starts the engine, asks it for its move in m, and ends it.
func (e *Engine) Choose(m *match.Match, r *rand.Rand) (int, error) {
	proto, rest, _ := strings.Cut(e.Spec, ":")
	var a interface {
		ai.Agent
		Close()
	}
	var err error
	if proto == "gtp" {
		var g *GTPPlayer
		if g, err = NewGTPPlayer(m.Game(), rest); err == nil {
			g.p.yield, a = e.Yield, g
		}
	} else {
		var u *UCIPlayer
		if u, err = NewUCIPlayer(m.Game(), rest); err == nil {
			u.p.yield, a = e.Yield, u
			if e.MaxTime > 0 {
				u.movetime = max(ai.MinThink, min(u.movetime, e.MaxTime))
			}
		}
	}
	if err != nil {
		return 0, err
	}
	defer a.Close()
	return a.Choose(m, r)
}
