package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

func newPlay() *cobra.Command {
	var variant, as string
	var level int
	var seed uint64
	var think time.Duration
	var threads int
	var watch bool
	cmd := &cobra.Command{
		Use:   "play FILE",
		Short: "Play a game against the computer in the terminal",
		Long: `play starts a game of FILE in the terminal: you play one side (--as, by default the
first player), the computer plays every other side at --level (1 to 12; higher is
stronger and slower), and random players of the rules (?Dice) move at random.

On your turn the board is drawn and the legal moves are listed, numbered, each in the
dialect of Zillions saved games and in named notation. Changes of attributes (@ e2 0 0)
are listed only where two moves differ in nothing else. Type a number, a move as listed
in either notation, its squares as players write them (e2e4, e2 e4, e2-e4, e2xd3; a
capture chain a3xc5xe7 or a3xe7; e7e8q or e7e8=Queen for what the piece becomes) when
they name one legal move, or one of these commands:
` + playHelp + `
The game is deterministic for a --seed: the same moves typed give the same replies.
With --think the computer searches on a clock instead, as deep as it gets in that time
(its replies then depend on the machine's speed too), on --threads goroutines at once
(by default one per core of the machine).

With --watch, for rules authors, the rules file is loaded again whenever it changes:
its errors are printed at once, as zoggo check prints them, or the restart is offered
("restart" replays the moves so far while they stay legal under the new rules and says
where they stop; "restart fresh" starts again). Until then the game goes on under the
rules it started with.`,
		Example: `  zoggo play games/chess.zrf
  zoggo play games/thud.zrf --as Troll --level 3
  zoggo play games/checkers.zrf --think 2s
  zoggo play mygame.zrf --watch            edit mygame.zrf while you play it`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if level < 1 || level > 12 {
				return fmt.Errorf("--level must be a number from 1 to 12")
			}
			if think != 0 && (think < ai.MinThink || think > ai.MaxThink) {
				return fmt.Errorf("--think must be from %v to %v", ai.MinThink, ai.MaxThink)
			}
			if threads < 1 || threads > ai.MaxThreads {
				return fmt.Errorf("--threads must be a number from 1 to %d", ai.MaxThreads)
			}
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			s, err := newSession(g, args[0], as, level, seed)
			if err == nil && think > 0 {
				err = s.onClock(think, threads)
			}
			if err != nil {
				return err
			}
			in := cmd.InOrStdin()
			s.echo = !isTerminalReader(in)
			out := cmd.OutOrStdout()
			if watch {
				stop, err := s.watch(out)
				if err != nil {
					return err
				}
				defer stop()
				out = s.out
			}
			return s.run(in, out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	f.StringVar(&as, "as", "", "the player you play, by name (default: the first player)")
	f.IntVar(&level, "level", 2, "strength of the computer, 1 to 12")
	f.Uint64Var(&seed, "seed", 1, "seed of the computer's random choices")
	f.DurationVar(&think, "think", 0, "let the computer think this long for each move (e.g. 2s), searching on a clock instead of --level")
	f.BoolVar(&watch, "watch", false, "load the rules file again when it changes: print its errors, or offer to restart under it (command restart)")
	f.IntVar(&threads, "threads", min(runtime.NumCPU(), ai.MaxThreads), "with --think, the goroutines that search at once")
	return cmd
}

const playHelp = `  NUMBER       play the move with that number in the list
  MOVE         play a move written as listed (either notation)
  e2e4         play the move between these squares (also e2-e4, e2 e4, e2xd3; e7e8q
               to choose what the piece becomes)
  moves        list the legal moves again
  board        draw the board again
  hint         ask the computer for a move at your level (it is not played)
  undo         take back your last move and the replies to it
  save F.zsg   write the game so far as a Zillions saved game
  restart      with --watch, play on under the rules file as changed, its moves
               replayed while legal (restart fresh: from the start)
  help         this list
  quit         leave the game
`

// isTerminalReader reports whether r is a terminal; when it is not, play echoes the lines
// it reads so that a transcript shows them.
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// session is one game of zoggo play.
type session struct {
	g      *eval.Game
	rules  string // the rules file as given
	human  engine.Player
	level  int
	bot    string // how the computer plays, as zoggo run spells it
	seed   uint64
	agents []ai.Agent // per player; nil for the human and random players
	echo   bool
	m      *match.Match
	w      *rulesWatch // the rules file watched (play_watch.go), or nil

	out io.Writer
}

func newSession(g *eval.Game, rules, as string, level int, seed uint64) (*session, error) {
	ps := &session{g: g, rules: rules, level: level, bot: strconv.Itoa(level), seed: seed, human: engine.NoPlayer}
	if as == "" {
		for p, pl := range g.Players {
			if !pl.Random {
				ps.human = engine.Player(p)
				break
			}
		}
		if ps.human == engine.NoPlayer {
			return nil, fmt.Errorf("%q has no player who chooses moves", g.Title)
		}
	} else {
		var names []string
		for p, pl := range g.Players {
			if strings.EqualFold(pl.Name, as) {
				ps.human = engine.Player(p)
			}
			if !pl.Random {
				names = append(names, pl.Name)
			}
		}
		switch {
		case ps.human == engine.NoPlayer:
			return nil, fmt.Errorf("--as: %q has no player %q; its players are %s", g.Title, as, strings.Join(names, ", "))
		case g.Players[ps.human].Random:
			return nil, fmt.Errorf("--as: %s moves at random and cannot be played; choose one of %s", g.Players[ps.human].Name, strings.Join(names, ", "))
		}
	}
	ps.agents = make([]ai.Agent, len(g.Players))
	for p, pl := range g.Players {
		if engine.Player(p) == ps.human || pl.Random {
			continue
		}
		a, err := ai.Parse(ps.bot, g)
		if err != nil {
			return nil, err
		}
		ps.agents[p] = a
	}
	m, err := match.New(g, nil)
	if err != nil {
		return nil, err
	}
	ps.m = m
	return ps, nil
}

// rng returns the random source of the turn about to be made: derived from the seed and
// the number of turns played, so that after an undo the same moves get the same replies.
// stream separates the hint's source from the players'.
func (ps *session) rng(stream uint64) *rand.Rand {
	n := uint64(len(ps.m.History()))
	return rand.New(rand.NewPCG(ps.seed, (n+1)*0x9e3779b97f4a7c15^stream))
}

func (ps *session) name(p engine.Player) string { return ps.g.Players[p].Name }

// run plays the game, reading the human's commands from in.
func (ps *session) run(in io.Reader, out io.Writer) error {
	ps.out = out
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	fmt.Fprintf(out, "%s: you play %s", ps.g.Title, ps.name(ps.human))
	var others []string
	for p, pl := range ps.g.Players {
		if engine.Player(p) != ps.human && !pl.Random {
			others = append(others, pl.Name)
		}
	}
	if len(others) > 0 {
		if ps.bot != strconv.Itoa(ps.level) {
			think, _, _ := strings.Cut(strings.TrimPrefix(ps.bot, "search:"), ":")
			fmt.Fprintf(out, "; the computer plays %s, thinking %s a move", strings.Join(others, ", "), think)
		} else {
			fmt.Fprintf(out, "; the computer plays %s at level %d", strings.Join(others, ", "), ps.level)
		}
	}
	fmt.Fprintln(out, ". Type help for the commands.")
	for !ps.m.Over() {
		mover := ps.m.Mover()
		if ps.m.MustPass() {
			fmt.Fprintf(out, "%s cannot move and passes.\n", ps.name(mover))
			if err := ps.m.Play(0); err != nil {
				return err
			}
			continue
		}
		if mover != ps.human {
			if err := ps.computer(mover); err != nil {
				return err
			}
			continue
		}
		done, err := ps.humanTurn(sc)
		if err != nil || done {
			return err
		}
	}
	fmt.Fprintln(out)
	fmt.Fprint(out, render.Text(ps.g.Game, ps.m.State()))
	fmt.Fprintln(out, ps.describeResult())
	return nil
}

// computer lets the AI or a random player choose.
func (ps *session) computer(mover engine.Player) error {
	rng := ps.rng(0)
	turns := ps.m.Legal()
	var i int
	who := ps.name(mover)
	if ps.g.Players[mover].Random || ps.agents[mover] == nil {
		i = rng.IntN(len(turns))
	} else {
		var err error
		if i, err = ai.Choose(ps.agents[mover], ps.m, rng); err != nil {
			return fmt.Errorf("%s (computer): %w", who, err)
		}
		who += " (computer)"
	}
	texts := notation.DescribeTurns(ps.g, ps.m.State(), turns)
	fmt.Fprintf(ps.out, "%d. %s plays %s   %s\n", ps.m.MoveNumber(), who, texts[i].Short, texts[i].Named)
	return ps.m.Play(i)
}

// humanTurn shows the position and reads commands until a move is made (false) or the
// player leaves (true).
func (ps *session) humanTurn(sc *bufio.Scanner) (bool, error) {
	out := ps.out
	texts := notation.DescribeTurns(ps.g, ps.m.State(), ps.m.Legal())
	fmt.Fprintln(out)
	fmt.Fprint(out, render.Text(ps.g.Game, ps.m.State()))
	fmt.Fprintf(out, "Move %d: %s to move (you).\n", ps.m.MoveNumber(), ps.name(ps.human))
	listTurns(out, texts)
	for {
		fmt.Fprint(out, "> ")
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return true, err
			}
			fmt.Fprintln(out)
			fmt.Fprintln(out, "End of input: the game is left unfinished.")
			return true, nil
		}
		line := strings.TrimSpace(sc.Text())
		if ps.echo {
			fmt.Fprintln(out, line)
		}
		cmd, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch strings.ToLower(cmd) {
		case "":
			continue
		case "quit", "exit":
			if arg == "" {
				fmt.Fprintln(out, "Game left unfinished. Bye.")
				return true, nil
			}
		case "help", "?":
			if arg == "" {
				fmt.Fprint(out, "Type a number from the list, a move as listed or by its squares (e2e4), or a command:\n"+playHelp)
				continue
			}
		case "moves":
			if arg == "" {
				listTurns(out, texts)
				continue
			}
		case "board":
			if arg == "" {
				fmt.Fprint(out, render.Text(ps.g.Game, ps.m.State()))
				continue
			}
		case "hint":
			if arg == "" {
				ps.hint(texts)
				continue
			}
		case "undo":
			if arg == "" {
				if !ps.undo() {
					fmt.Fprintln(out, "Nothing to undo: you have not moved yet.")
					continue
				}
				return false, nil
			}
		case "save":
			ps.save(arg)
			continue
		case "restart":
			if ps.restart(arg) {
				return false, nil
			}
			continue
		}
		i, err := ps.parseMove(line, texts)
		if err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		fmt.Fprintf(out, "%d. %s (you) plays %s   %s\n", ps.m.MoveNumber(), ps.name(ps.human), texts[i].Short, texts[i].Named)
		return false, ps.m.Play(i)
	}
}

// parseMove finds the turn the player typed: a number of the list, a turn written in
// either notation (white space and, failing an exact match, case do not matter), or its
// squares (notation.MatchTurn).
func (ps *session) parseMove(line string, texts []notation.TurnText) (int, error) {
	n := len(texts)
	choices := fmt.Sprintf("type a number from 1 to %d, a move as listed, or help", n)
	if n == 1 {
		choices = "type 1, the move as listed, or help"
	}
	if k, err := strconv.Atoi(line); err == nil {
		if k >= 1 && k <= n {
			return k - 1, nil
		}
		return 0, fmt.Errorf("there is no move %d; %s", k, choices)
	}
	switch found := notation.MatchTurn(texts, line); len(found) {
	case 0:
		return 0, fmt.Errorf("%q is not a legal move; %s", line, choices)
	case 1:
		return found[0], nil
	default:
		var nums []string
		for _, i := range found {
			nums = append(nums, strconv.Itoa(i+1))
		}
		return 0, fmt.Errorf("%q could be moves %s; type the number of the one you mean", line, strings.Join(nums, ", "))
	}
}

// onClock makes the computer search for d on each of its moves, on threads goroutines,
// instead of at a level.
func (ps *session) onClock(d time.Duration, threads int) error {
	ps.bot = "search:" + d.String()
	if threads > 1 {
		ps.bot += ":threads=" + strconv.Itoa(threads)
	}
	for p, a := range ps.agents {
		if a == nil {
			continue
		}
		b, err := ai.Parse(ps.bot, ps.g)
		if err != nil {
			return err
		}
		ps.agents[p] = b
	}
	return nil
}

// hint asks the computer at the player's level and prints its choice, without playing it.
func (ps *session) hint(texts []notation.TurnText) {
	a, err := ai.Parse(ps.bot, ps.g)
	if err != nil {
		fmt.Fprintln(ps.out, "hint:", err)
		return
	}
	i, err := ai.Choose(a, ps.m, ps.rng(1))
	if err != nil {
		fmt.Fprintln(ps.out, "hint:", err)
		return
	}
	fmt.Fprintf(ps.out, "Hint: %d. %s   %s\n", i+1, texts[i].Short, texts[i].Named)
}

// undo takes back the human's last chosen turn and everything after it. It reports false
// when there is none.
func (ps *session) undo() bool {
	h := ps.m.History()
	for i := len(h) - 1; i >= 0; i-- {
		if _, mover := ps.g.Side(h[i].Before); mover != ps.human || h[i].Forced {
			continue
		}
		taken := len(h) - i
		for range taken {
			ps.m.Undo()
		}
		switch taken {
		case 1:
			fmt.Fprintln(ps.out, "Took back your last move.")
		case 2:
			fmt.Fprintln(ps.out, "Took back your last move and the reply to it.")
		default:
			fmt.Fprintf(ps.out, "Took back your last move and the %d turns after it.\n", taken-1)
		}
		return true
	}
	return false
}

// save writes the game so far as a Zillions saved game naming the rules file by its base
// name (so that it replays with the rules file beside it).
func (ps *session) save(path string) {
	out := ps.out
	if path == "" {
		fmt.Fprintln(out, "save: give a file name, e.g. save game.zsg")
		return
	}
	if same(path, ps.rules) {
		fmt.Fprintf(out, "save: %q is the rules file; choose another name\n", path)
		return
	}
	if !strings.EqualFold(filepath.Ext(path), ".zsg") {
		fmt.Fprintf(out, "save: %q: the file name must end in .zsg\n", path)
		return
	}
	seats := make([]byte, len(ps.g.Players))
	for p := range seats {
		seats[p] = 'C'
		if engine.Player(p) == ps.human {
			seats[p] = 'H'
		}
	}
	base := filepath.Base(ps.rules)
	sg := notation.Record(ps.m, base, string(seats))
	if err := os.WriteFile(path, sg.Format(), 0o644); err != nil {
		fmt.Fprintln(out, "save:", err)
		return
	}
	fmt.Fprintf(out, "Saved %d turns to %s.\n", len(ps.m.History()), path)
	if !same(filepath.Join(filepath.Dir(path), base), ps.rules) {
		if _, err := os.Stat(filepath.Join(filepath.Dir(path), base)); err != nil {
			fmt.Fprintf(out, "Note: to replay it, put %s in the same folder.\n", base)
		}
	}
}

func (ps *session) describeResult() string {
	r := ps.m.Result()
	names := func(ps2 []engine.Player) string {
		var out []string
		for _, p := range ps2 {
			out = append(out, ps.name(p))
		}
		return strings.Join(out, " and ")
	}
	var b strings.Builder
	b.WriteString("Game over: ")
	switch {
	case r.Draw:
		b.WriteString("draw")
	case len(r.Winners) > 0:
		b.WriteString(names(r.Winners))
		if len(r.Winners) == 1 {
			b.WriteString(" wins")
		} else {
			b.WriteString(" win")
		}
	case len(r.Losers) > 0:
		b.WriteString(names(r.Losers))
		if len(r.Losers) == 1 {
			b.WriteString(" loses")
		} else {
			b.WriteString(" lose")
		}
	default:
		b.WriteString("no winner")
	}
	b.WriteString(" (" + r.Reason + ")")
	switch {
	case r.Draw:
	case slices.Contains(r.Winners, ps.human):
		b.WriteString(". You win!")
	case slices.Contains(r.Losers, ps.human) || len(r.Winners) > 0:
		b.WriteString(". You lose.")
	}
	return b.String()
}

func listTurns(w io.Writer, texts []notation.TurnText) {
	width := len(strconv.Itoa(len(texts)))
	zw := 0
	for _, t := range texts {
		zw = max(zw, len(t.Short))
	}
	for i, t := range texts {
		fmt.Fprintf(w, "%*d. %-*s   %s\n", width, i+1, zw, t.Short, t.Named)
	}
}
