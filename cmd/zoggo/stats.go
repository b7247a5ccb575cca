package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/ai"
)

func newStats() *cobra.Command {
	var asJSON, partial bool
	var output string
	cmd := &cobra.Command{
		Use:   "stats FILE...",
		Short: "Merge the games of zoggo run --shard into the table of the whole run",
		Long: `stats reads the JSON lines that zoggo run --shard I/N --json writes, one per game, from
any number of files (- for standard input) in any order, and prints the table zoggo run
prints for the whole run: wins, draws and losses per bot with the 95% interval of the
score, the lengths of the games, how they ended, the points with --score, and the games
that failed. With the same seed, the shards of a run merged give exactly the table of
the run played on one machine, so a run can be split across processes, machines or the
pods of a Kubernetes Indexed Job.

Every line names its run (rules file by content, game, players, bots, seed, number of
games, --max-plies, --fixed-seats, --score); stats refuses lines of two different runs,
a game read twice, and, unless --partial is given, a run with games missing (a shard not
finished or not given). A bad line is reported with its file and line number.

Like zoggo run, stats exits with status 1 when some games failed on an error.`,
		Example: `  # Four shards of one run, on one machine or four (shards count from 0):
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 0/4 --json -o s0.jsonl
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 1/4 --json -o s1.jsonl
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 2/4 --json -o s2.jsonl
  zoggo run games/checkers.zrf --games 1000 --players 2,random --shard 3/4 --json -o s3.jsonl
  zoggo stats s*.jsonl                 the table of zoggo run ... --games 1000
  zoggo stats --json s*.jsonl          the same as zoggo run ... --json
  cat s*.jsonl | zoggo stats -         from standard input
  zoggo stats --partial s0.jsonl       the games of the shards read so far`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var m ai.Merge
			for _, name := range args {
				if err := readRecords(&m, cmd, name); err != nil {
					return err
				}
			}
			recs, err := m.Records()
			if err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			if missing := m.Missing(); len(missing) > 0 {
				if !partial {
					return fmt.Errorf("%d of the run's %d games are missing (games %s): give the output of every shard, or --partial to count the games read",
						len(missing), m.Info.Games, listGames(missing))
				}
				fmt.Fprintf(stderr, "zoggo: --partial: %d of the run's %d games read\n", len(recs), m.Info.Games)
			}
			st := ai.Tally(m.Info, recs)
			out, closeOut, err := openOutput(cmd.OutOrStdout(), output)
			if err != nil {
				return err
			}
			if asJSON {
				err = writeJSON(out, m.Info.Game, st)
			} else {
				err = printStats(out, m.Info.Game, st, m.Info.Score != "")
			}
			if cerr := closeOut(err == nil); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			if st.Failed > 0 {
				fmt.Fprintf(stderr, "zoggo: %d of %d games failed on an error\n", st.Failed, len(recs))
				return exitError{1}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print the table as JSON, as zoggo run --json does")
	f.BoolVar(&partial, "partial", false, "count the games read even when some of the run's are missing")
	f.StringVarP(&output, "output", "o", "", "write to this file instead of standard output")
	return cmd
}

// readRecords reads the JSON lines of the file name ("-" for standard input) into m.
func readRecords(m *ai.Merge, cmd *cobra.Command, name string) error {
	if name == "-" {
		return m.Read(cmd.InOrStdin(), "stdin")
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return m.Read(f, name)
}

// listGames lists game numbers for an error: the first few, and how many more.
func listGames(games []int) string {
	const most = 8
	var b strings.Builder
	for i, g := range games {
		if i == most {
			fmt.Fprintf(&b, " and %d more", len(games)-most)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, g)
	}
	return b.String()
}
