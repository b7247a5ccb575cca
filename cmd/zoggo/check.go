package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/zrf"
)

// checkOptions are the flags of check.
type checkOptions struct {
	asJSON, allErrors, warnings, dump bool
	variant                           string
}

func newCheck() *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Load rules files and summarise every game and variant in them",
		Long: `check reads each rules file, expands its macros and compiles every game and
variant in it. For each one it prints a line: the title, the players, and the counts of
positions, piece types and directions. When several games share a title, a line after
them gives their numbers: --variant N (here and in every other command) chooses the
N-th game of the file, counting from 1. Problems are printed as file:line:col: message,
with the source line, a caret under the offending text and the macro calls that led
there. The exit status is 1 if any file has an error. Several files are checked at
once (as many as GOMAXPROCS, the number of cores unless set) and reported in the
order given.

Games whose moves are written for the Axiom engine (Forth) are checked by loading their
Forth, found beside the rules (or one folder up) as Zillions found it, and setting up
their start position; an error there names the Forth file, line and word. (With
--dump the Forth is not loaded: it has no compiled code to show.)

With --dump, check also prints what the move and drop blocks compiled to, after the
summary: for each game (or only the one --variant names) a header line, then each piece
type with its blocks in file order, one instruction a line, nested ones indented
deeper. A block's first line gives its move type, whose pieces it moves and the rule
it produces (the move-list entry, named after the macro call that wrote the block):

  tiny.zrf: 2 games
    game    "Tiny": players White Black; 9 positions, 2 piece types, 4 directions
    variant "Tiny Kings": players White Black; 9 positions, 2 piece types, 4 directions

  game "Tiny":
    piece Pawn
      move 1: type jumps, owner friend, rule 0 "hop n"
        step n
        verify enemy?
        capture
        step n
        verify empty?
        if (in-zone? last-row)
          add Queen
        else
          add-partial jumps
      move 2: type steps, owner friend, rule 1 "Pawn"
  ...

The instructions are ZRF's with every name resolved (directions, positions, piece
types, zones, flags, attributes), so a macro's $1 shows as the text that replaced it.
A direction is printed as step DIR, a position as jump POS, (go from) as go-from.
Games in the zoggo-1 dialect also show their actions, checks and formulas.`,
		Example: `  zoggo check games/thud.zrf
  zoggo check --json games/*.zrf
  zoggo check --dump games/checkers.zrf
  zoggo check --dump --variant Kiwipete games/chess.zrf`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.dump && o.asJSON {
				return errors.New("--dump cannot be used with --json")
			}
			if o.variant != "" && !o.dump {
				return errors.New("--variant only chooses the game that --dump prints: add --dump")
			}
			defer checkCollector()()
			return runCheck(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, o)
		},
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON object per file")
	cmd.Flags().BoolVar(&o.allErrors, "all-errors", false, "print every error, not just the first 10 of a file")
	cmd.Flags().BoolVarP(&o.warnings, "warnings", "w", false, "print warnings too")
	cmd.Flags().BoolVar(&o.dump, "dump", false, "print the compiled move code of every game after the summary")
	cmd.Flags().StringVar(&o.variant, "variant", "", "with --dump, print the code of this game or variant only (a title, or its number from 1)")
	return cmd
}

// VariantSummary is one game or variant in check's output.
type VariantSummary struct {
	Index      int      `json:"index"` // from 1, in file order: what --variant N chooses
	Title      string   `json:"title"`
	Variant    bool     `json:"variant"`
	Players    []string `json:"players"`
	Positions  int      `json:"positions"`
	Pieces     int      `json:"pieceTypes"`
	Directions int      `json:"directions"`
	Zones      int      `json:"zones"`
	Axiom      string   `json:"axiom,omitempty"`
}

// FileSummary is check's output for one file.
type FileSummary struct {
	File     string           `json:"file"`
	OK       bool             `json:"ok"`
	Games    []VariantSummary `json:"games"`
	Errors   []*zrf.Error     `json:"errors,omitempty"`
	Warnings []*zrf.Error     `json:"warnings,omitempty"`
}

// Summarise describes one compiled game.
func Summarise(g *compile.Game) VariantSummary {
	s := VariantSummary{Title: g.Title, Variant: g.Variant, Positions: len(g.Board.Locs),
		Pieces: len(g.Pieces), Directions: len(g.Board.Dirs), Zones: len(g.Board.Zones)}
	for _, p := range g.Players {
		s.Players = append(s.Players, p.Name)
	}
	if g.Axiom() {
		s.Axiom = g.Engine
	}
	return s
}

// checked is one file loaded and checked, waiting to be printed: either its report,
// already written out (out and errOut, with its exit status), or, with --dump, the
// compiled file itself, whose code is printed from it.
type checked struct {
	f           *compile.File
	err         error
	out, errOut []byte
	status      int
}

// checkFile loads one file and checks it: its move code compiled, the Forth of its Axiom
// games started (unless the code is to be dumped). Without --dump it writes the file's
// report at once, so that the compiled file can be dropped while it waits to be
// printed.
func checkFile(path string, o checkOptions) checked {
	f, err := compile.LoadFileEager(path)
	if err == nil {
		err = f.Check()
	}
	if err == nil && !o.dump {
		err = eval.CheckForth(f, eval.DiskLocator(path))
	}
	r := checked{f: f, err: err}
	if o.dump {
		return r
	}
	var out, errOut bytes.Buffer
	// Writing to a buffer does not fail, and neither does the report without --dump.
	r.status, _ = report(&out, &errOut, path, r, o)
	return checked{out: out.Bytes(), errOut: errOut.Bytes(), status: r.status}
}

// checkAll checks the files on as many goroutines as GOMAXPROCS allows and returns, for
// each file in order, a channel that gives its result. Call done after taking each
// result; stop ends the starting of files early. Without --dump a result is only the
// text of the report, so every file may be checked before the files ahead of it are
// printed, and no goroutine waits for a slow file to be printed. With --dump a result
// holds the whole compiled file, so only as many results as goroutines are kept: a file
// starts only when fewer than that many are started and not yet taken.
func checkAll(files []string, o checkOptions) (results []chan checked, done, stop func()) {
	results = make([]chan checked, len(files))
	for i := range results {
		results[i] = make(chan checked, 1)
	}
	procs := runtime.GOMAXPROCS(0)
	ahead := len(files)
	if o.dump {
		ahead = procs
	}
	slots := make(chan struct{}, max(ahead, 1))
	quit := make(chan struct{})
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range files {
			select {
			case slots <- struct{}{}:
			case <-quit:
				return
			}
			select {
			case next <- i:
			case <-quit:
				return
			}
		}
	}()
	for range min(procs, len(files)) {
		go func() {
			for i := range next {
				results[i] <- checkFile(files[i], o)
			}
		}()
	}
	return results, func() { <-slots }, func() { close(quit) }
}

// runCheck checks the files. It compiles them, and starts the Forth of Axiom games;
// nothing here runs move code. Files are checked in parallel and reported in the order
// given.
func runCheck(stdout, stderr io.Writer, files []string, o checkOptions) error {
	status := 0
	results, done, stop := checkAll(files, o)
	defer stop()
	for i, path := range files {
		r := <-results[i]
		done()
		if !o.dump {
			if _, err := stderr.Write(r.errOut); err != nil {
				return err
			}
			if _, err := stdout.Write(r.out); err != nil {
				return err
			}
			status = max(status, r.status)
			continue
		}
		st, err := report(stdout, stderr, path, r, o)
		if err != nil {
			return err
		}
		status = max(status, st)
	}
	if status != 0 {
		return exitError{status}
	}
	return nil
}

// report writes what check says of one file, r, and returns the exit status it calls
// for (0, 1 for an error in the file, 2 when --variant names no game of it). An error
// is returned only when writing fails.
func report(stdout, stderr io.Writer, path string, r checked, o checkOptions) (status int, err error) {
	f, err := r.f, r.err
	sum := FileSummary{File: path, OK: err == nil}
	if f != nil {
		for i, g := range f.Games {
			v := Summarise(g)
			v.Index = i + 1
			sum.Games = append(sum.Games, v)
		}
	}
	list := zrf.AsList(err)
	if f != nil && err == nil {
		list = f.Warnings
	}
	sum.Errors, sum.Warnings = list.Errors(), list.Warnings()
	if err != nil {
		status = 1
	}
	if o.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return status, enc.Encode(sum)
	}
	if err != nil {
		max := 10
		if o.allErrors {
			max = 0
		}
		printErrors(stderr, err, max)
		fmt.Fprintf(stderr, "%s: %d error%s\n", path, len(sum.Errors), plural(len(sum.Errors)))
		return status, nil
	}
	if o.warnings {
		for _, w := range sum.Warnings {
			fmt.Fprintln(stderr, w.Detail())
		}
	}
	fmt.Fprintf(stdout, "%s: %d game%s\n", path, len(sum.Games), plural(len(sum.Games)))
	for _, g := range sum.Games {
		fmt.Fprintf(stdout, "  %s\n", formatSummary(g))
	}
	repeatedTitles(stdout, f.Games)
	if o.dump {
		games, err := chooseGames(f, path, o.variant)
		if err != nil {
			fmt.Fprintln(stderr, "zoggo:", err)
			return 2, nil
		}
		if err := dumpGames(stdout, games); err != nil {
			return status, err
		}
	}
	return status, nil
}

// chooseGames returns the games of f whose code --dump prints: the one that name
// chooses (a title, or a number as check lists them), or all of them for "".
func chooseGames(f *compile.File, path, name string) ([]*compile.Game, error) {
	if name == "" {
		return f.Games, nil
	}
	i, err := compile.Choose(f.Games, path, name, true)
	if err != nil {
		return nil, err
	}
	return []*compile.Game{f.Games[i]}, nil
}

// repeatedTitles writes a line for every title that several games of f share, with the
// numbers that --variant takes to choose each of them.
func repeatedTitles(w io.Writer, games []*compile.Game) {
	for _, idx := range compile.Repeats(games) {
		var nums, flags []string
		for _, i := range idx {
			nums = append(nums, fmt.Sprint(i+1))
			flags = append(flags, fmt.Sprintf("--variant %d", i+1))
		}
		last := len(nums) - 1
		fmt.Fprintf(w, "  %q is the title of games %s and %s: choose one with %s\n",
			zrf.Decode(games[idx[0]].Title), strings.Join(nums[:last], ", "), nums[last], strings.Join(flags, " or "))
	}
}

// dumpGames prints the compiled code of each game under a header line, indented by two
// spaces, with a blank line before each game.
func dumpGames(w io.Writer, games []*compile.Game) error {
	for _, g := range games {
		kind := "game"
		if g.Variant {
			kind = "variant"
		}
		var b bytes.Buffer
		fmt.Fprintf(&b, "\n%s %q:\n", kind, zrf.Decode(g.Title))
		var code bytes.Buffer
		if err := g.Dump(&code); err != nil {
			return err
		}
		for line := range strings.Lines(code.String()) {
			b.WriteString("  ")
			b.WriteString(line)
		}
		if _, err := w.Write(b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

func formatSummary(s VariantSummary) string {
	kind := "game"
	if s.Variant {
		kind = "variant"
	}
	line := fmt.Sprintf("%-7s %q: players %s; %d positions, %d piece types, %d directions",
		kind, zrf.Decode(s.Title), strings.Join(s.Players, " "), s.Positions, s.Pieces, s.Directions)
	if s.Axiom != "" {
		line += "; moves in Forth for the Axiom engine (it loads)"
	}
	return line
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
