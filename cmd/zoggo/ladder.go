package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

func newLadder() *cobra.Command {
	var variant, bot, opponent, steps, output, journalPath string
	var games, jobs, maxPlies int
	var seed uint64
	var think time.Duration
	var rated, asJSON bool
	cmd := &cobra.Command{
		Use:   "ladder FILE --opponent TEMPLATE --steps S1,S2,...",
		Short: "Rate a bot against an external engine at several strengths",
		Long: `ladder plays a bot (--bot, zoggo's search on a clock by default) against an opponent at
each step of a ladder, --games games a step with the colours alternating, and prints a
table: per step the bot's wins, draws and losses, its score with the 95% interval
(Wilson's, as zoggo run), the rating difference that score implies with its interval,
and the mean time per move each side took, so that the time is seen to be equal.

--opponent is a player as zoggo run's --players takes it, usually an external engine,
in which {step} stands for the step's value: each value of --steps makes one step. In
--opponent and --bot, {ms} stands for --time in milliseconds and {time} for --time as a
duration (200ms). So with Fairy-Stockfish at its calibrated strengths:

  --opponent 'uci:/usr/games/fairy-stockfish:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}'
  --steps 1350,1500,1700 --rated

With --rated the step values are the opponents' ratings (Fairy-Stockfish's UCI_Elo, on
its chess scale), and the table shows the bot's rating on that scale from each step and
from all steps at once (the rating whose expected scores against every step add up to
the scores made; its interval holds the ratings the total score does not reject at the
5% level). Without it the steps are levels (GNU Go's --level) and the table shows the
difference to each.

A game longer than --max-plies turns is stopped and counts as a draw. A game that fails
on an error is left out and reported; an engine's illegal move or resignation is its
loss. Each step is one run of zoggo run (its seed is --seed), so a step is replayed by
zoggo run with the same players, seed and --games.

A ladder of 100 games a step at 1 s a move takes hours. With --journal FILE each game is
written to FILE (one JSON line, synced) as it ends; run the same command again after a
stop and it plays only the games FILE lacks, then rates them all, as if played at once
(a game's seed and colours depend on its number only). A journal resumes only the same
ladder: the same rules file, variant, --bot, --opponent, --time, --max-plies, --seed and
zoggo binary (its revision); --games and --steps may grow. The time columns come from the
journal too, exact with --jobs 1.`,
		Example: `  # Chess against Fairy-Stockfish at three calibrated strengths, 0.2 s a move:
  zoggo ladder games/chess.zrf --time 200ms --games 20 --rated --steps 1350,1600,1900 \
      --opponent 'uci:/usr/games/fairy-stockfish:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}'
  # A variant Fairy-Stockfish knows by name:
  zoggo ladder games/gardner.zrf --time 200ms --games 20 --rated --steps 1350,1600 \
      --opponent 'uci:/usr/games/fairy-stockfish:UCI_Variant=gardner:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}'
  # A long ladder that can be stopped and run again to go on:
  zoggo ladder games/chess.zrf --time 1s --games 100 --rated --steps 1800 --journal chess-1s.jsonl \
      --opponent 'uci:/usr/games/fairy-stockfish:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}'
  # Go 9x9 against GNU Go's levels, GNU Go told the rules of games/go.zrf (area
  # scoring, komi 7.5, dead stones captured before the game ends):
  zoggo ladder games/go.zrf --time 1s --games 20 --steps 0,1,5 \
      --opponent 'gtp:/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --komi 7.5 --level {step}'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 || games > 100_000 {
				return fmt.Errorf("--games must be between 1 and 100000")
			}
			if maxPlies < 1 {
				return fmt.Errorf("--max-plies must be at least 1")
			}
			if think < ai.MinThink || think > ai.MaxThink {
				return fmt.Errorf("--time must be from %v to %v", ai.MinThink, ai.MaxThink)
			}
			if !strings.Contains(opponent, "{step}") {
				return fmt.Errorf("--opponent %q: {step} must stand where the step's value goes (UCI_Elo={step}, --level {step})", opponent)
			}
			values, err := parseSteps(steps, rated)
			if err != nil {
				return err
			}
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			if countReal(g) != 2 {
				return fmt.Errorf("%s has %d players who choose their moves: a ladder needs two", g.Title, countReal(g))
			}
			fill := func(s, step string) string {
				return strings.NewReplacer("{step}", step, "{ms}", strconv.FormatInt(think.Milliseconds(), 10), "{time}", think.String()).Replace(s)
			}
			out, closeOut, err := openOutput(cmd.OutOrStdout(), output)
			if err != nil {
				return err
			}
			var jr *journal
			if journalPath != "" {
				digest, err := rulesDigest(args[0])
				if err != nil {
					closeOut(false)
					return err
				}
				jr, err = openJournal(journalPath, ladderSetting{Journal: 1, Rules: digest, Variant: g.Title, Bot: bot, Opponent: opponent,
					Time: think.String(), MaxPlies: maxPlies, Seed: seed, Build: buildRevision()})
				if err != nil {
					closeOut(false)
					return err
				}
				defer jr.Close()
			}
			var rows []ladderRow
			for _, v := range values {
				row, err := playStep(cmd, g, args[0], fill(bot, v), fill(opponent, v), v, rated, ladderOptions{games, jobs, maxPlies, seed, jr})
				if err != nil {
					closeOut(false)
					return err
				}
				rows = append(rows, row)
			}
			if asJSON {
				err = writeLadderJSON(out, g.Title, rows, rated)
			} else {
				err = printLadder(out, g.Title, fill(bot, ""), opponent, rows, rated, think)
			}
			if cerr := closeOut(err == nil); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			for _, r := range rows {
				if r.Failed > 0 {
					return exitError{1}
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	f.StringVar(&bot, "bot", "search:{time}", "the bot rated, as in zoggo run --players")
	f.StringVar(&opponent, "opponent", "", "the opponent, as in zoggo run --players, with {step} where the step's value goes")
	f.StringVar(&steps, "steps", "", "the steps' values, comma-separated")
	f.BoolVar(&rated, "rated", false, "the steps' values are the opponents' ratings: rate the bot on their scale")
	f.DurationVar(&think, "time", 200*time.Millisecond, "the time per move, for {ms} and {time}")
	f.IntVar(&games, "games", 20, "games per step")
	f.IntVar(&jobs, "jobs", 1, "games played at once (each side's time is wall-clock time: keep a core per game)")
	f.IntVar(&maxPlies, "max-plies", 400, "stop a game after this many turns (a draw)")
	f.Uint64Var(&seed, "seed", 1, "seed of the first game of each step")
	f.BoolVar(&asJSON, "json", false, "print the table as JSON")
	f.StringVar(&journalPath, "journal", "", "keep each game in this file as it ends, and resume from it: games it holds are not played again")
	f.StringVarP(&output, "output", "o", "", "write to this file instead of standard output (only once the ladder is over)")
	cmd.MarkFlagRequired("opponent")
	cmd.MarkFlagRequired("steps")
	return cmd
}

// parseSteps reads --steps: at most 50 values, numbers when rated.
func parseSteps(s string, rated bool) ([]string, error) {
	var out []string
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		if rated {
			if x, err := strconv.ParseFloat(v, 64); err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("--steps: with --rated each step is a rating, found %q", v)
			}
		}
		out = append(out, v)
	}
	if len(out) == 0 || len(out) > 50 {
		return nil, fmt.Errorf("--steps: expected 1 to 50 values separated by commas, found %q", s)
	}
	return out, nil
}

type ladderOptions struct {
	games, jobs, maxPlies int
	seed                  uint64
	journal               *journal // nil without --journal
}

// ladderRow is one step of a ladder, from the bot's side.
type ladderRow struct {
	Step     string  `json:"step"`
	Opponent string  `json:"opponent"`
	Bot      string  `json:"bot"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Score    float64 `json:"score"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	// Diff is the rating difference to the opponent the score implies, with its
	// interval (±Inf as null in JSON: see jsonNumber).
	Diff     float64        `json:"-"`
	DiffLow  float64        `json:"-"`
	DiffHigh float64        `json:"-"`
	BotMs    float64        `json:"botMsPerMove"`
	OppMs    float64        `json:"opponentMsPerMove"`
	Stopped  int            `json:"stopped"`
	Failed   int            `json:"failed"`
	Errors   []ai.GameError `json:"errors,omitempty"`
	Endings  map[string]int `json:"endings"`
	step     ai.Step
}

// playStep plays one step of the ladder: the bot against the opponent, seats
// alternating, and counts it from the bot's side.
func playStep(cmd *cobra.Command, g *eval.Game, rules, botSpec, oppSpec, value string, rated bool, o ladderOptions) (ladderRow, error) {
	b, err := parsePlayer(botSpec, g)
	if err != nil {
		return ladderRow{}, err
	}
	bot := ai.NewTimed(b)
	defer bot.Close()
	a, err := parsePlayer(oppSpec, g)
	if err != nil {
		return ladderRow{}, err
	}
	opp := ai.NewTimed(a)
	defer opp.Close()
	agents := []ai.Agent{bot, opp}
	info, err := runInfo(rules, g, agents, o.seed, o.games, o.maxPlies, false, "")
	if err != nil {
		return ladderRow{}, err
	}
	recs := make([]ai.Record, o.games)
	had, botT, botN, oppT, oppN := o.journal.step(value, o.games)
	for i, r := range had {
		recs[i] = r
	}
	bot.Add(botT, botN)
	opp.Add(oppT, oppN)
	stderr := cmd.ErrOrStderr()
	bar := newProgress(stderr)
	done := len(had)
	var werr error
	if done > 0 {
		fmt.Fprintf(stderr, "step %s: %d of %d games from %s\n", value, done, o.games, o.journal.path)
	}
	ai.Run(g, agents, ai.Options{Games: o.games, Seed: o.seed, Jobs: o.jobs, MaxPlies: o.maxPlies, Rotate: true, Discard: true,
		Skip: func(i int) bool { _, ok := had[i]; return ok },
		Done: func(i int, game *ai.Game) {
			recs[i] = ai.NewRecord(g, info, i, game, nil)
			done++
			if o.journal != nil && werr == nil {
				bt, bn := bot.Totals()
				ot, on := opp.Totals()
				werr = o.journal.write(journalGame{Step: value, Record: recs[i], BotNs: int64(bt), BotTurns: bn, OppNs: int64(ot), OppTurns: on})
			}
			if bar.due(done, o.games) {
				fmt.Fprintf(stderr, "\rstep %s: %d/%d games", value, done, o.games)
			}
		}})
	if bar.on {
		fmt.Fprintln(stderr)
	}
	if werr != nil {
		return ladderRow{}, werr
	}
	st := ai.Tally(info, recs)
	s := st.Seats[0]
	row := ladderRow{Step: value, Opponent: oppSpec, Bot: botSpec, Games: st.Games, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
		Score: s.Score, Low: s.Low, High: s.High, Stopped: st.Capped, Failed: st.Failed, Errors: st.Errors, Endings: st.Endings}
	row.step = ai.Step{Wins: s.Wins, Draws: s.Draws, Losses: s.Losses}
	if rated {
		row.step.Rating, _ = strconv.ParseFloat(value, 64)
	}
	row.Diff, row.DiffLow, row.DiffHigh = row.step.Rate()
	row.Diff -= row.step.Rating
	row.DiffLow -= row.step.Rating
	row.DiffHigh -= row.step.Rating
	if st.Games == 0 {
		row.Diff = math.NaN()
	}
	bt, _ := bot.PerTurn()
	ot, _ := opp.PerTurn()
	row.BotMs, row.OppMs = ms(bt), ms(ot)
	return row, nil
}

func ms(d time.Duration) float64 { return math.Round(float64(d)/float64(time.Millisecond)*10) / 10 }

// elo writes a rating or a difference for the table: rounded, with its sign for a
// difference, "-inf" and "+inf" for the open ends.
func elo(x float64, signed bool) string {
	switch {
	case math.IsNaN(x):
		return "?"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsInf(x, 1):
		return "+inf"
	case signed:
		return fmt.Sprintf("%+.0f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// printLadder prints the ladder's table.
func printLadder(w io.Writer, title, bot, opponent string, rows []ladderRow, rated bool, think time.Duration) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s: %s against %s, %v a move\n\n", title, bot, opponent, think)
	head := "Elo diff (95%)"
	if rated {
		head = "rating (95%)"
	}
	fmt.Fprintf(bw, "%-6s %5s %4s %4s %4s  %-20s  %-20s  %8s %8s\n", "step", "games", "won", "drew", "lost", "score (95%)", head, "bot ms", "opp ms")
	for _, r := range rows {
		off := 0.0
		if rated {
			off = r.step.Rating
		}
		interval := fmt.Sprintf("%s (%s to %s)", elo(r.Diff+off, !rated), elo(r.DiffLow+off, !rated), elo(r.DiffHigh+off, !rated))
		fmt.Fprintf(bw, "%-6s %5d %4d %4d %4d  %-20s  %-20s  %8.1f %8.1f\n", r.Step, r.Games, r.Wins, r.Draws, r.Losses,
			fmt.Sprintf("%.3f (%.3f-%.3f)", r.Score, r.Low, r.High), interval, r.BotMs, r.OppMs)
	}
	if rated {
		var steps []ai.Step
		for _, r := range rows {
			steps = append(steps, r.step)
		}
		e, lo, hi := ai.Estimate(steps)
		fmt.Fprintf(bw, "\nrating over all steps: %s (95%%: %s to %s)\n", elo(e, false), elo(lo, false), elo(hi, false))
	}
	endings := map[string]int{}
	for _, r := range rows {
		for k, v := range r.Endings {
			endings[k] += v
		}
	}
	var reasons []string
	for k := range endings {
		reasons = append(reasons, k)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if endings[reasons[i]] != endings[reasons[j]] {
			return endings[reasons[i]] > endings[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	fmt.Fprintln(bw, "\nhow the games ended:")
	for _, k := range reasons {
		fmt.Fprintf(bw, "  %4d  %s\n", endings[k], k)
	}
	for _, r := range rows {
		for _, e := range r.Errors {
			fmt.Fprintf(bw, "step %s: game %d (seed %d) failed: %s\n", r.Step, e.Game, e.Seed, e.Err)
		}
		if more := r.Failed - len(r.Errors); more > 0 {
			fmt.Fprintf(bw, "step %s: and %d more games failed\n", r.Step, more)
		}
	}
	return bw.Flush()
}

// jsonNumber is a rating for JSON: nil (null) for an open end.
func jsonNumber(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return math.Round(x*10) / 10
}

// writeLadderJSON writes the ladder's table as JSON: the steps, each with its
// difference (and rating when rated) and their intervals, and the rating over all.
func writeLadderJSON(w io.Writer, title string, rows []ladderRow, rated bool) error {
	type jrow struct {
		ladderRow
		Diff  any `json:"diff"`
		Range any `json:"diffInterval"`
	}
	out := map[string]any{"game": title}
	var rs []jrow
	var steps []ai.Step
	for _, r := range rows {
		rs = append(rs, jrow{r, jsonNumber(r.Diff), []any{jsonNumber(r.DiffLow), jsonNumber(r.DiffHigh)}})
		steps = append(steps, r.step)
	}
	out["steps"] = rs
	if rated {
		e, lo, hi := ai.Estimate(steps)
		out["rating"] = jsonNumber(e)
		out["ratingInterval"] = []any{jsonNumber(lo), jsonNumber(hi)}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
