package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
)

func newRun() *cobra.Command {
	var variant, players, save, score, shard, output string
	var games, jobs, maxPlies int
	var seed uint64
	var adjudicate float64
	var asJSON, fixed bool
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Play bots against each other and report statistics",
		Long: `run plays --games games between bots and prints a table per player: wins, draws and
losses with a 95% confidence interval of the score (win 1, draw 1/2; Wilson's interval,
which stays honest when every game went one way), the mean and median length of the
games in turns, and how the games ended.

--players lists one bot per player who chooses moves, in the order of the rules'
(players ...), separated by commas: random, search:LEVEL (alpha-beta, deeper with the
level, and never longer than the level's time: 20 ms of CPU at level 1, times the square
of the level above it), search:DURATION (alpha-beta thinking that long per move, such as search:50ms),
either with options after a colon: threads=N searches on N goroutines at once (lazy
SMP; the default, 1, is deterministic for the seed) and eval=full adds mobility and
goal proximity to material where the rules make them cheap, and square terms from the
board's geometry where the rules have royal pieces (the default, eval=material, counts
material only), order=gain orders the turns by material gained alone (without the killer
and history ordering of quiet turns, to compare the two) and prune=off searches every
turn to the full depth (without null moves, late-move reductions and check extensions,
to compare the two), mcts:LEVEL (Monte
Carlo tree search, more playouts with the level, within the level's time),
mcts:DURATION (playouts for that long a move, such as mcts:1s), either with
:rave=on or :rave=off (RAVE, the results of a turn made later in a playout counted
for it too; by default on where the rules only drop pieces, as in Go) and, on a clock,
:reuse=off (a new tree every turn instead of the one kept from the turn before), and
:board=off (where the rules are drops that capture groups, as in Go, the tree and the
playouts through the rules' general path instead of the group board), :replies=on (last
good replies in the playouts on the group board), or a bare
LEVEL (search, or mcts in games with dice).

An external engine plays too: uci:COMMAND[:NAME=VALUE...] a UCI chess engine in a game
whose moves read as from-to squares (the command is split at spaces; movetime=MS, 100
unless given, or depth=N limit its search; any other NAME=VALUE is sent as a UCI option,
such as Skill Level=0), and gtp:COMMAND a GTP engine in a Go-like game of drops on a
square board (GNU Go: gtp:gnugo --mode gtp). Moves go both ways as the rules' position
names (e2e4, e7e8q, D4, pass; see zoggo uci --help); an engine's move that the rules do
not allow, or a resignation, ends the game as a loss for the engine, the reason in its
ending. In games whose moves are Forth for the
Axiom engine, axiom is the player the game's own Forth defines (its search engine,
or, where it names none, Axiom's built-in negamax over the game's evaluation
OnEvaluate), and axiom:VARIANT the player of another variant
of the same file, so that the players the authors wrote can meet (Ur's first, random,
simple and aggressive). Missing players play at random; random players of the rules
(?Dice) always do. Bots change seats from game to game, so each plays every side
equally, unless --fixed-seats is given.

In games/ur.zrf, ur:LEVEL (1 to 9) is the heuristic player the authors of the Dagaz
article on Ur describe: no search, but rules in three weighted segments (rosettes;
captures, the camp g2, the squares g1 and h1, taking pieces off, entering, blocking;
progress and safety from the enemy's next throw), more of them with each level
(ai/ur.go lists them).

Every game is deterministic for its seed (--seed plus the game number). --max-plies
stops a game that runs too long; it is then reported as stopped, not as a draw by the
rules. --score adds a material score per player at the end of each game, with piece
values given as NAME=VALUE,..., "rules" (the values the rules state with the zoggo-1
dialect's (value N) in a piece, as games/thud.zrf does: a dwarf 1, a troll 4) or
"derived" (the values the search plays by: the stated ones, or where the rules state
none, from the pieces' mobility). With --score,
--adjudicate MARGIN decides a game stopped by --max-plies: the player whose points lead
every other's by MARGIN or more wins it (the table counts it so, and its ending says
"adjudicated"); closer games stay draws. --save DIR
writes each game as a .zsg file that zoggo replay (and Zillions) can read.

A game that stops on an error (the rules' move code failing in some position, or a
bot's) does not stop the others: it is left out of the statistics, and the number of
failed games and their first errors follow the table (or fill "failed" and "errors" in
--json). zoggo run then exits with status 1. --save writes a failed game up to the turn
that failed.

--shard I/N --json plays only the games of shard I of N, counted from 0 (as Kubernetes
numbers the pods of an Indexed Job): games I+1, I+1+N, I+1+2N, ... of the run, each with
the seed and seats it has in the whole run. It writes one JSON line per game, in game
order: its number, seed, players and bots, result, winners and losers, length, how it
ended, points with --score, the error of a failed game, and the run it belongs to.
zoggo stats merges the shards' lines into the table of the whole run, exactly. A failed
game is one of those lines: the shard still exits with status 0, and zoggo stats reports
it. -o FILE writes FILE only once the run is over, so a shard stopped halfway leaves
no file behind.`,
		Example: `  zoggo run games/thud.zrf --games 20 --players search:2,search:2 --score rules
  zoggo run games/chess.zrf --games 100 --players search:3,random --jobs 2 --json
  # The search on both cores with mobility and goals against material on one thread,
  # 50ms a move, one game at a time, games stopped at 200 turns adjudicated on material:
  zoggo run games/chess.zrf --games 400 --jobs 1 --max-plies 200 --score derived --adjudicate 3 \
      --players search:50ms:threads=2:eval=full,search:50ms
  zoggo run Ur.zrf --variant Ur --max-plies 20000 --players 'axiom:Ur [aggressive],axiom:Ur [first]'
  zoggo run games/ur.zrf --games 200 --players ur:9,mcts:2 --max-plies 5000

  # zoggo against Stockfish at its weakest, 50 ms a move each; GNU Go at level 0:
  zoggo run games/chess.zrf --games 2 --jobs 1 \
      --players 'search:50ms,uci:/usr/games/fairy-stockfish:Skill Level=0:movetime=50'
  zoggo run games/go.zrf --games 2 --jobs 1 --players 'search:50ms,gtp:gnugo --mode gtp --level 0'

  # The same 1000 games as one run, in two shards (on two machines, say), merged:
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 0/2 --json -o a.jsonl
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 1/2 --json -o b.jsonl
  zoggo stats a.jsonl b.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 || games > 1_000_000 {
				return fmt.Errorf("--games must be between 1 and 1000000")
			}
			if maxPlies < 1 {
				return fmt.Errorf("--max-plies must be at least 1")
			}
			sh, err := parseShard(shard)
			if err != nil {
				return err
			}
			if sh.n > 0 && !asJSON {
				return fmt.Errorf("--shard writes one JSON line per game, for zoggo stats to merge: add --json")
			}
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			var agents []ai.Agent
			if players == "" {
				players = strings.TrimSuffix(strings.Repeat("1,", max(1, countReal(g))), ",")
			}
			for _, spec := range strings.Split(players, ",") {
				if strings.TrimSpace(spec) == "" {
					continue
				}
				a, err := parsePlayer(spec, g)
				if err != nil {
					return err
				}
				if c, ok := a.(interface{ Close() }); ok {
					defer c.Close() // an external engine's process
				}
				agents = append(agents, a)
			}
			nreal := 0
			for _, p := range g.Players {
				if !p.Random {
					nreal++
				}
			}
			if len(agents) > nreal {
				return fmt.Errorf("--players names %d bots but %q has %d players who choose moves", len(agents), g.Title, nreal)
			}
			for len(agents) < nreal {
				agents = append(agents, ai.Random{})
			}
			points, err := scoreFunc(g, score)
			if err != nil {
				return err
			}
			if adjudicate < 0 || math.IsNaN(adjudicate) || math.IsInf(adjudicate, 0) {
				return fmt.Errorf("--adjudicate: expected a margin of points of 0 or more, found %v", adjudicate)
			}
			if adjudicate > 0 && score == "" {
				return fmt.Errorf("--adjudicate decides stopped games on points: add --score (NAME=VALUE,... or derived)")
			}
			if save != "" {
				if err := os.MkdirAll(save, 0o755); err != nil {
					return err
				}
			}
			info, err := runInfo(args[0], g, agents, seed, games, maxPlies, fixed, score)
			if err != nil {
				return err
			}
			info.Adjudicate = adjudicate
			return playRun(cmd, g, agents, info, points, runOptions{
				rules: args[0], save: save, output: output, jobs: jobs, shard: sh, json: asJSON})
		},
	}
	f := cmd.Flags()
	f.StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	f.IntVar(&games, "games", 10, "number of games")
	f.StringVar(&players, "players", "", "bots, one per player, comma-separated (default: level 1 for every player)")
	f.Uint64Var(&seed, "seed", 1, "seed of the first game")
	f.IntVar(&jobs, "jobs", runtime.NumCPU(), "games played at once")
	f.IntVar(&maxPlies, "max-plies", 1000, "stop a game after this many turns")
	f.StringVar(&save, "save", "", "write every game as a .zsg file in this folder")
	f.BoolVar(&asJSON, "json", false, "print the statistics as JSON")
	f.StringVar(&score, "score", "", `material score at the end: NAME=VALUE,..., "rules" (the values the rules state) or "derived"`)
	f.Float64Var(&adjudicate, "adjudicate", 0, "with --score, a game stopped by --max-plies is won by a player this many points ahead of every other")
	f.BoolVar(&fixed, "fixed-seats", false, "keep each bot on its seat instead of alternating")
	f.StringVarP(&output, "output", "o", "", "write to this file instead of standard output (only once the run is over)")
	f.StringVar(&shard, "shard", "", "play only shard I of N (I from 0): games I+1, I+1+N, ...; with --json, one line per game")
	return cmd
}

// parsePlayer makes a player from its --players spelling: an external engine
// (uci:COMMAND..., gtp:COMMAND) or one of zoggo's bots (ai.Parse).
func parsePlayer(spec string, g *eval.Game) (ai.Agent, error) {
	spec = strings.TrimSpace(spec)
	if rest, ok := strings.CutPrefix(spec, "uci:"); ok {
		return engines.NewUCIPlayer(g, rest)
	}
	if rest, ok := strings.CutPrefix(spec, "gtp:"); ok {
		return engines.NewGTPPlayer(g, rest)
	}
	return ai.Parse(spec, g)
}

// countReal counts the players who choose their moves (not random players).
func countReal(g *eval.Game) int {
	n := 0
	for _, p := range g.Players {
		if !p.Random {
			n++
		}
	}
	return n
}

// scoreFunc parses --score.
func scoreFunc(g *eval.Game, spec string) (func(*engine.State, engine.Player) float64, error) {
	if spec == "" {
		return nil, nil
	}
	vals := make([]float64, len(g.Pieces))
	switch spec {
	case "derived":
		copy(vals, ai.PieceValues(g).Kind)
	case "rules":
		if err := statedValues(g, vals); err != nil {
			return nil, err
		}
	default:
		for _, kv := range strings.Split(spec, ",") {
			name, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			k := g.KindIndex(name)
			x, err := strconv.ParseFloat(v, 64)
			if !ok || k == engine.NoKind || err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("--score: expected PIECE=VALUE with a piece of %q, found %q", g.Title, kv)
			}
			vals[k] = x
		}
	}
	return func(s *engine.State, p engine.Player) float64 {
		sum := 0.0
		for _, c := range s.Cells {
			if !c.IsEmpty() && c.Player() == p {
				sum += vals[c.Kind()]
			}
		}
		return sum
	}, nil
}

func writeSave(stderr io.Writer, g *eval.Game, rules, dir string, i int, rec *ai.Game) {
	if rec.Match == nil {
		return // the game could not start
	}
	seats := strings.Repeat("C", len(g.Players))
	sg := notation.Record(rec.Match, filepath.Base(rules), seats)
	path := filepath.Join(dir, fmt.Sprintf("game-%04d.zsg", i+1))
	if err := os.WriteFile(path, sg.Format(), 0o644); err != nil {
		fmt.Fprintln(stderr, "zoggo: --save:", err)
		return
	}
	// The saved game replays from the rules file beside it.
	if _, err := os.Stat(filepath.Join(dir, filepath.Base(rules))); os.IsNotExist(err) {
		if data, err := os.ReadFile(rules); err == nil {
			os.WriteFile(filepath.Join(dir, filepath.Base(rules)), data, 0o644)
		}
	}
}

// printStats prints the table of a run of title's game (or of the shards of one merged).
func printStats(w io.Writer, title string, st *ai.Stats, points bool) error {
	bw := bufio.NewWriter(w)
	printTable(bw, title, st, points)
	return bw.Flush()
}

func printTable(w io.Writer, title string, st *ai.Stats, points bool) {
	mean, med := st.MeanMedian()
	failed := ""
	if st.Failed > 0 {
		failed = fmt.Sprintf(" played, %d failed", st.Failed)
	}
	fmt.Fprintf(w, "%s: %d games%s, mean length %.1f turns, median %.1f\n\n", title, st.Games, failed, mean, med)
	// The bot column is as wide as its longest name (search:50ms:threads=2:eval=full).
	width := 14
	for _, s := range st.Seats {
		width = max(width, len(s.Agent))
	}
	fmt.Fprintf(w, "%-*s %-14s %5s %5s %5s  %-22s", width, "bot", "player", "wins", "draws", "losses", "score (95% interval)")
	if points {
		fmt.Fprintf(w, "  %s", "points")
	}
	fmt.Fprintln(w)
	for _, s := range st.Seats {
		fmt.Fprintf(w, "%-*s %-14s %5d %5d %6d  %.3f (%.3f-%.3f)   ", width, s.Agent, s.Player, s.Wins, s.Draws, s.Losses, s.Score, s.Low, s.High)
		if points {
			fmt.Fprintf(w, "  %.2f", s.Points)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "\nhow the games ended:")
	var reasons []string
	for r := range st.Endings {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if st.Endings[reasons[i]] != st.Endings[reasons[j]] {
			return st.Endings[reasons[i]] > st.Endings[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	for _, r := range reasons {
		fmt.Fprintf(w, "  %4d  %s\n", st.Endings[r], r)
	}
	if st.Failed > 0 {
		fmt.Fprintf(w, "  %4d  failed on an error:\n", st.Failed)
		for _, e := range st.Errors {
			fmt.Fprintf(w, "        game %d (seed %d): %s\n", e.Game, e.Seed, e.Err)
		}
		if more := st.Failed - len(st.Errors); more > 0 {
			fmt.Fprintf(w, "        and %d more\n", more)
		}
	}
	printMargins(w, st)
}

// writeJSON prints the table of printStats as JSON.
func writeJSON(w io.Writer, title string, st *ai.Stats) error {
	mean, med := st.MeanMedian()
	out := map[string]any{"game": title, "games": st.Games, "meanLength": mean, "medianLength": med,
		"capped": st.Capped, "endings": st.Endings, "players": st.Seats, "failed": st.Failed, "errors": st.Errors}
	if st.Errors == nil {
		out["errors"] = []ai.GameError{}
	}
	if st.Margins != nil {
		out["margins"] = st.Margins
	}
	if st.Pairs != nil {
		out["pairs"] = st.Pairs
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// progress paces a progress line drawn on a terminal: a random game of draughts takes
// a few microseconds, and drawing the line after each one cost zoggo run more than a
// tenth of its time. The zero progress draws nothing.
type progress struct {
	on   bool
	last time.Time // when the line was last drawn
}

// progressEvery is the least time between two drawings of a progress line.
const progressEvery = 100 * time.Millisecond

// newProgress returns the progress of a line drawn on w, which draws only where w is a
// terminal.
func newProgress(w io.Writer) *progress { return &progress{on: isTerminal(w)} }

// due reports whether the line should be drawn now that done of total things are done:
// the first and the last time, and otherwise once progressEvery has passed.
func (p *progress) due(done, total int) bool {
	if !p.on {
		return false
	}
	now := time.Now()
	if done > 1 && done < total && now.Sub(p.last) < progressEvery {
		return false
	}
	p.last = now
	return true
}

// isTerminal reports whether w is a terminal, for the progress bar.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// shard is a part of a run, --shard I/N; n is 0 for the whole run.
type shard struct{ i, n int }

// parseShard parses --shard I/N.
func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return shard{}, fmt.Errorf("--shard: expected I/N, shard I of N counted from 0 (0/4, 1/4, 2/4 and 3/4 make a run), found %q", s)
	case n < 1 || n > 1_000_000:
		return shard{}, fmt.Errorf("--shard %s: the number of shards must be between 1 and 1000000", s)
	case i < 0 || i >= n:
		return shard{}, fmt.Errorf("--shard %s: shards are counted from 0, so the shards of %d are 0/%d to %d/%d", s, n, n, n-1, n)
	}
	return shard{i, n}, nil
}

// games returns how many of a run's games the shard plays.
func (sh shard) games(total int) int {
	if sh.n == 0 {
		return total
	}
	if sh.i >= total {
		return 0
	}
	return (total-sh.i-1)/sh.n + 1
}

// runInfo describes the run for its records: what makes its games and how they count.
func runInfo(rules string, g *eval.Game, agents []ai.Agent, seed uint64, games, maxPlies int, fixed bool, score string) (*ai.RunInfo, error) {
	data, err := os.ReadFile(rules)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	info := &ai.RunInfo{Rules: filepath.Base(rules), SHA256: hex.EncodeToString(sum[:]), Game: g.Title,
		Seed: seed, Games: games, MaxPlies: maxPlies, FixedSeats: fixed, Score: score}
	for _, p := range g.Players {
		if !p.Random {
			info.Players = append(info.Players, p.Name)
		}
	}
	for _, a := range agents {
		info.Bots = append(info.Bots, a.Name())
	}
	return info, nil
}

// runOptions are the flags of run that do not change its games.
type runOptions struct {
	rules, save, output string
	jobs                int
	shard               shard
	json                bool
}

// playRun plays the run's games (those of o.shard) and prints their table, or with a
// shard their JSON lines.
func playRun(cmd *cobra.Command, g *eval.Game, agents []ai.Agent, info *ai.RunInfo, points func(*engine.State, engine.Player) float64, o runOptions) (err error) {
	stderr := cmd.ErrOrStderr()
	out, closeOut, err := openOutput(cmd.OutOrStdout(), o.output)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := closeOut(err == nil); err == nil {
			err = cerr
		}
	}()
	total := o.shard.games(info.Games)
	bar := newProgress(stderr)
	done, failed := 0, 0
	var recs []ai.Record
	var lines *lineWriter
	if o.shard.n > 0 {
		lines = newLineWriter(out, info, o.shard)
	} else {
		recs = make([]ai.Record, info.Games)
	}
	opts := ai.Options{Games: info.Games, Seed: info.Seed, Jobs: o.jobs, MaxPlies: info.MaxPlies, Rotate: !info.FixedSeats,
		Shard: o.shard.i, Shards: o.shard.n, Discard: true, NoParts: o.save == "", // NewRecord reads no part
		Done: func(i int, game *ai.Game) {
			done++
			if bar.due(done, total) {
				w := 30
				fill := done * w / total
				fmt.Fprintf(stderr, "\r[%s%s] %d/%d games", strings.Repeat("#", fill), strings.Repeat(" ", w-fill), done, total)
			}
			if o.save != "" {
				writeSave(stderr, g, o.rules, o.save, i, game)
			}
			if game.Err != nil {
				failed++
			}
			rec := ai.NewRecord(g, info, i, game, points)
			if lines != nil {
				lines.add(i, rec)
			} else {
				recs[i] = rec
			}
		}}
	ai.Run(g, agents, opts)
	if bar.on {
		fmt.Fprintln(stderr)
	}
	if lines != nil {
		if err := lines.flush(); err != nil {
			return err
		}
		if failed > 0 {
			// The failures are in the lines: zoggo stats reports them and fails.
			fmt.Fprintf(stderr, "zoggo: shard %d/%d: %d of %d games failed on an error (their lines say which)\n", o.shard.i, o.shard.n, failed, total)
		}
		return nil
	}
	st := ai.Tally(info, recs)
	if o.json {
		err = writeJSON(out, info.Game, st)
	} else {
		err = printStats(out, info.Game, st, info.Score != "")
	}
	if err != nil {
		return err
	}
	if st.Failed > 0 {
		fmt.Fprintf(stderr, "zoggo: %d of %d games failed on an error\n", st.Failed, info.Games)
		return exitError{1}
	}
	return nil
}

// lineWriter writes the records of a shard as JSON lines in game order, whatever order
// the games end in.
type lineWriter struct {
	w       *bufio.Writer
	enc     *json.Encoder
	info    *ai.RunInfo
	next    int // the next game to write, from 0
	step    int
	pending map[int]ai.Record
	err     error
}

func newLineWriter(w io.Writer, info *ai.RunInfo, sh shard) *lineWriter {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	return &lineWriter{w: bw, enc: enc, info: info, next: sh.i, step: sh.n, pending: map[int]ai.Record{}}
}

func (lw *lineWriter) add(i int, rec ai.Record) {
	lw.pending[i] = rec
	for {
		r, ok := lw.pending[lw.next]
		if !ok {
			return
		}
		delete(lw.pending, lw.next)
		lw.next += lw.step
		if lw.err == nil {
			lw.err = lw.enc.Encode(ai.Line{Record: r, Run: lw.info})
		}
	}
}

func (lw *lineWriter) flush() error {
	if lw.err == nil && len(lw.pending) > 0 {
		lw.err = fmt.Errorf("internal error: %d games not written", len(lw.pending))
	}
	if lw.err == nil {
		lw.err = lw.w.Flush()
	}
	return lw.err
}

// openOutput returns where a command writes: stdout, or with -o FILE a temporary file
// beside FILE that close renames to FILE when ok, so that FILE never holds half an
// output (a shard killed halfway leaves no file for zoggo stats to take as whole).
func openOutput(stdout io.Writer, path string) (io.Writer, func(ok bool) error, error) {
	if path == "" {
		return stdout, func(bool) error { return nil }, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, nil, fmt.Errorf("-o: %w", err)
	}
	return f, func(ok bool) error {
		err := f.Close()
		if ok && err == nil {
			err = os.Chmod(f.Name(), 0o644) // CreateTemp makes it 0600
		}
		if ok && err == nil {
			err = os.Rename(f.Name(), path)
		}
		if !ok || err != nil {
			os.Remove(f.Name())
		}
		return err
	}, nil
}
