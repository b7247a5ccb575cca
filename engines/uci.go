package engines

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// MaxLine bounds a line of a protocol read from the other side; a longer line is an
// error. A "position startpos moves ..." of a long game stays far below it.
const MaxLine = 1 << 20

// Think returns the time to think on a clock: the remaining time left, inc added per
// move and movesToGo moves to make before the next time control (0: unknown). The rule:
// left/(movesToGo+1), or left/30 without movesToGo, plus three quarters of inc, never
// more than half of what is left, and kept within ai.MinThink and ai.MaxThink.
func Think(left, inc time.Duration, movesToGo int) time.Duration {
	n := 30
	if movesToGo > 0 {
		n = movesToGo + 1
	}
	d := left/time.Duration(n) + inc*3/4
	d = min(d, left/2)
	return max(ai.MinThink, min(d, ai.MaxThink))
}

// UCI is zoggo answering the UCI protocol for one game: Serve reads the commands and
// writes the answers. Its bot is zoggo's alpha-beta search: the options Level (0: as
// deep as the go command's clock allows, else the search level, 1 to 12), Threads and
// Evaluation (full, the default, or material) set it.
type UCI struct {
	g       *eval.Game
	level   int
	threads int
	full    bool

	mu  sync.Mutex // guards out
	out io.Writer
	m   *match.Match

	searching sync.WaitGroup
	stop      atomic.Bool
}

// NewUCI returns a UCI engine for g.
func NewUCI(g *eval.Game) *UCI { return &UCI{g: g, threads: 1, full: true} }

func (u *UCI) say(format string, args ...any) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	_, err := fmt.Fprintf(u.out, format+"\n", args...)
	return err
}

// Serve answers the commands read from in on out until "quit" or the end of in. A
// command it does not know, or cannot follow (a position given by FEN, a move that is
// not legal), is answered by an "info string" line that says why, as the protocol
// has no error reply. At "quit" a search under way stops at once; at the end of in it
// is let finish and answer. It returns an error only when reading or writing fails.
func (u *UCI) Serve(in io.Reader, out io.Writer) error {
	u.out = out
	defer u.searching.Wait()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var err error
		switch f[0] {
		case "uci":
			err = u.hello()
		case "isready":
			err = u.say("readyok")
		case "ucinewgame":
			u.halt()
			u.m = nil
		case "setoption":
			err = u.setOption(f[1:])
		case "position":
			u.halt()
			if perr := u.position(f[1:]); perr != nil {
				u.m = nil
				err = u.say("info string %s", perr)
			}
		case "go":
			u.halt()
			err = u.goSearch(f[1:])
		case "stop":
			u.halt()
		case "quit":
			u.halt()
			return nil
		case "debug", "ponderhit", "register":
		default:
			err = u.say("info string unknown command %q", f[0])
		}
		if err != nil {
			u.halt()
			return err
		}
	}
	return sc.Err()
}

// halt stops a search under way and waits for its bestmove.
func (u *UCI) halt() {
	u.stop.Store(true)
	u.searching.Wait()
	u.stop.Store(false)
}

func (u *UCI) hello() error {
	return u.say("id name zoggo (%s)\nid author the zoggo authors\n"+
		"option name Level type spin default 0 min 0 max 12\n"+
		"option name Threads type spin default 1 min 1 max %d\n"+
		"option name Evaluation type combo default full var material var full\nuciok",
		u.g.Title, ai.MaxThreads)
}

// setOption reads "name N... value V...".
func (u *UCI) setOption(f []string) error {
	var name, value []string
	to := &name
	for _, w := range f {
		switch w {
		case "name":
			to = &name
		case "value":
			to = &value
		default:
			*to = append(*to, w)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "level", "threads":
		k, err := strconv.Atoi(v)
		lo, hi := 0, 12
		if n == "threads" {
			lo, hi = 1, ai.MaxThreads
		}
		if err != nil || k < lo || k > hi {
			return u.say("info string option %s takes a number from %d to %d, not %q", n, lo, hi, v)
		}
		if n == "level" {
			u.level = k
		} else {
			u.threads = k
		}
	case "evaluation":
		switch strings.ToLower(v) {
		case "full":
			u.full = true
		case "material":
			u.full = false
		default:
			return u.say("info string option Evaluation takes material or full, not %q", v)
		}
	default:
		return u.say("info string unknown option %q", n)
	}
	return nil
}

// position reads "startpos [moves M...]".
func (u *UCI) position(f []string) error {
	if len(f) == 0 || f[0] != "startpos" {
		return fmt.Errorf("only position startpos is supported: the rules' start position")
	}
	m, err := match.New(u.g, nil)
	if err != nil {
		return err
	}
	if len(f) > 1 {
		if f[1] != "moves" {
			return fmt.Errorf("expected moves after startpos, found %q", f[1])
		}
		for n, mv := range f[2:] {
			if m.Over() {
				return fmt.Errorf("move %d %q: the game is over (%s)", n+1, mv, m.Result().Reason)
			}
			i, err := Find(u.g, m.State(), m.Legal(), mv)
			if err != nil {
				return fmt.Errorf("move %d: %w", n+1, err)
			}
			if err := m.Play(i); err != nil {
				return fmt.Errorf("move %d %q: %w", n+1, mv, err)
			}
		}
	}
	u.m = m
	return nil
}

// goSearch reads the limits of "go" and starts the search; its bestmove comes when it
// ends, or at "stop".
func (u *UCI) goSearch(f []string) error {
	if u.m == nil {
		if err := u.position([]string{"startpos"}); err != nil {
			return u.say("info string %s\nbestmove 0000", err)
		}
	}
	var movetime, clock [2]time.Duration
	var inc [2]time.Duration
	var depth, togo int
	infinite := false
	for i := 0; i < len(f); i++ {
		key := f[i]
		if key == "infinite" || key == "ponder" {
			infinite = key == "infinite"
			continue
		}
		if i+1 >= len(f) {
			break
		}
		n, err := strconv.Atoi(f[i+1])
		if err != nil {
			continue // searchmoves and the like: not supported, skipped
		}
		i++
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch key {
		case "movetime":
			movetime[0] = ms
		case "wtime":
			clock[0] = ms
		case "btime":
			clock[1] = ms
		case "winc":
			inc[0] = ms
		case "binc":
			inc[1] = ms
		case "movestogo":
			togo = n
		case "depth":
			depth = n
		}
	}
	m := u.m
	if m.Over() {
		return u.say("info string the game is over (%s)\nbestmove 0000", m.Result().Reason)
	}
	s := &ai.Search{Threads: u.threads, Terms: u.full}
	level := u.level
	if depth > 0 {
		level = min(depth, 12)
	}
	if level > 0 {
		*s = *ai.NewSearch(level)
		s.Threads, s.Terms = u.threads, u.full
	} else {
		*s = *ai.NewClockSearch(ai.MaxThink)
		s.Threads, s.Terms = u.threads, u.full
		s.Time = 0
	}
	side := min(int(m.Mover()), 1)
	switch {
	case movetime[0] > 0:
		s.Time = max(ai.MinThink, min(movetime[0], ai.MaxThink))
	case clock[side] > 0:
		s.Time = Think(clock[side], inc[side], togo)
	case infinite:
		s.Time = ai.MaxThink
	case level == 0:
		*s = *ai.NewSearch(2) // no limit given: a quick search
		s.Threads, s.Terms = u.threads, u.full
	}
	s.Yield = func() bool { return !u.stop.Load() }
	u.searching.Add(1)
	go func() {
		defer u.searching.Done()
		start := time.Now()
		i, err := ai.Choose(s, m, rand.New(rand.NewPCG(uint64(len(m.History())), 7)))
		if err != nil {
			u.say("info string %s", err)
			i = 0
		}
		nodes, done := s.Last()
		u.say("info depth %d nodes %d time %d", done, nodes, time.Since(start).Milliseconds())
		t := m.Legal()[i]
		mv := Text(u.g, m.State(), &t)
		if mv == Pass {
			mv = "0000"
		}
		u.say("bestmove %s", mv)
	}()
	return nil
}
