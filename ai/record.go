package ai

// This file holds what the statistics keep of a game once it is played (Record), the run
// it belongs to (RunInfo), the count over records (Tally) and the merge of records read
// back from the JSON lines of `zoggo run --shard I/N --json` (Merge). Summarise and
// Merge both count through Tally, in game order, so that the shards of a run merged give
// the very table of the run played in one go, to the last bit of every mean.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// RunInfo says which run a game belongs to: everything that decides its games and how
// they are counted. Two records belong to the same run when their RunInfos are equal
// (Rules, the file's name, is only shown: the same bytes may be named otherwise on
// another machine).
type RunInfo struct {
	Rules      string   `json:"rules"`   // the rules file's name, without its folder
	SHA256     string   `json:"sha256"`  // of the rules file's bytes, in hex
	Game       string   `json:"game"`    // the title of the game or variant played
	Players    []string `json:"players"` // the players who choose their moves, in the rules' order
	Bots       []string `json:"bots"`    // one per such player, in --players order
	Seed       uint64   `json:"seed"`
	Games      int      `json:"games"` // in the whole run, every shard
	MaxPlies   int      `json:"maxPlies"`
	FixedSeats bool     `json:"fixedSeats"`
	Score      string   `json:"score,omitempty"` // --score as given; points are kept when set
	// Adjudicate, with Score, decides a game stopped at MaxPlies: a player whose points
	// lead every other's by at least Adjudicate wins it (0: such games are draws).
	Adjudicate float64 `json:"adjudicate,omitempty"`
}

// Record is one game as the statistics count it: who sat where, how it ended, its
// length; not its moves.
type Record struct {
	Game    int      `json:"game"` // from 1
	Seed    uint64   `json:"seed"`
	Seats   []Seat   `json:"seats"`  // the players who choose their moves, in the rules' order
	Result  string   `json:"result"` // one of ResultWin, ResultDraw, ResultStopped, ResultFailed
	Winners []string `json:"winners,omitempty"`
	Losers  []string `json:"losers,omitempty"`
	Turns   int      `json:"turns"`           // turns played (up to the error of a failed game)
	Ended   string   `json:"ended,omitempty"` // how the game ended, in words
	Error   string   `json:"error,omitempty"` // what stopped a failed game
}

// The results of a Record.
const (
	ResultWin     = "win"     // the rules ended the game with winners or losers
	ResultDraw    = "draw"    // the rules ended the game in a draw
	ResultStopped = "stopped" // --max-plies stopped it; counted as a draw
	ResultFailed  = "failed"  // an error stopped it; it counts only among the failed
)

// Seat is a player of a Record and the bot that played it.
type Seat struct {
	Player  string   `json:"player"`
	Bot     string   `json:"bot"`
	Outcome string   `json:"outcome,omitempty"` // "win", "draw" or "loss"; none in a failed game
	Points  *float64 `json:"points,omitempty"`  // the material score at the end, with --score
}

// seatRow returns the bot (its index in the run's bots) that plays the k-th player who
// chooses moves in game i (from 0) of a run among n such players.
func seatRow(k, i, n int, rotate bool) int {
	if !rotate {
		return k
	}
	return (k + i) % n
}

// realPlayers lists the players who choose their moves (not the rules' random players).
func realPlayers(g *eval.Game) []int {
	var real []int
	for p, pl := range g.Players {
		if !pl.Random {
			real = append(real, p)
		}
	}
	return real
}

// NewRecord returns what the statistics keep of game i (from 0) of a run described by
// info, played by Run with agents seated by SeatAgents. points, when not nil, scores the
// final position per player.
func NewRecord(g *eval.Game, info *RunInfo, i int, rec *Game, points func(*engine.State, engine.Player) float64) Record {
	r := Record{Game: i + 1, Seed: rec.Seed}
	if rec.Match != nil {
		r.Turns = len(rec.Match.History())
	}
	switch {
	case rec.Err != nil:
		r.Result, r.Error = ResultFailed, rec.Err.Error()
	case rec.Capped:
		r.Result = ResultStopped
	case rec.Result.Draw:
		r.Result = ResultDraw
	default:
		r.Result = ResultWin
	}
	if rec.Err == nil {
		r.Ended = rec.Result.Reason
		for _, p := range rec.Result.Winners {
			r.Winners = append(r.Winners, g.Players[p].Name)
		}
		for _, p := range rec.Result.Losers {
			r.Losers = append(r.Losers, g.Players[p].Name)
		}
	}
	real := realPlayers(g)
	if len(real) > 0 {
		r.Seats = make([]Seat, 0, len(real)) // one allocation: a run makes a record per game
	}
	for k, p := range real {
		s := Seat{Player: g.Players[p].Name}
		if j := seatRow(k, i, len(real), !info.FixedSeats); j < len(info.Bots) {
			s.Bot = info.Bots[j]
		}
		if rec.Err == nil {
			pl := engine.Player(p)
			switch {
			case rec.Result.Draw || rec.Capped:
				s.Outcome = "draw"
			case contains(rec.Result.Winners, pl):
				s.Outcome = "win"
			case contains(rec.Result.Losers, pl):
				s.Outcome = "loss"
			default:
				s.Outcome = "draw"
			}
			if points != nil {
				x := points(rec.Match.State(), pl)
				s.Points = &x
			}
		}
		r.Seats = append(r.Seats, s)
	}
	if r.Result == ResultStopped && info.Adjudicate > 0 && points != nil {
		adjudicate(info, &r)
	}
	return r
}

// adjudicate decides a game stopped at the ply cap by the points of its seats: the
// player whose points lead every other's by info.Adjudicate or more wins, the others
// lose; otherwise it stays a draw. The record stays a stopped game.
func adjudicate(info *RunInfo, r *Record) {
	lead := -1
	for k, s := range r.Seats {
		if s.Points == nil {
			return
		}
		if lead < 0 || *s.Points > *r.Seats[lead].Points {
			lead = k
		}
	}
	if lead < 0 {
		return
	}
	for k, s := range r.Seats {
		if k != lead && *r.Seats[lead].Points-*s.Points < info.Adjudicate {
			return
		}
	}
	r.Winners, r.Losers = nil, nil
	for k := range r.Seats {
		s := &r.Seats[k]
		if k == lead {
			s.Outcome = "win"
			r.Winners = append(r.Winners, s.Player)
		} else {
			s.Outcome = "loss"
			r.Losers = append(r.Losers, s.Player)
		}
	}
	r.Ended += fmt.Sprintf(", adjudicated: %s ahead on points by %g or more", r.Seats[lead].Player, info.Adjudicate)
}

// Tally counts records of the run described by info into its statistics. It sorts recs
// by game first: the means are sums in game order, whatever order the games were
// played or read in. The records must fit info (Merge checks those it reads).
func Tally(info *RunInfo, recs []Record) *Stats {
	sort.SliceStable(recs, func(a, b int) bool { return recs[a].Game < recs[b].Game })
	st := &Stats{Endings: map[string]int{}}
	n := len(info.Players)
	st.Seats = make([]SeatStats, n)
	for k := range st.Seats {
		if k < len(info.Bots) {
			st.Seats[k].Agent = info.Bots[k]
		}
		st.Seats[k].Player = "(alternating)"
		if info.FixedSeats {
			st.Seats[k].Player = info.Players[k]
		}
	}
	for _, r := range recs {
		if r.Result == ResultFailed {
			st.Failed++
			if len(st.Errors) < MaxErrors {
				st.Errors = append(st.Errors, GameError{Game: r.Game, Seed: r.Seed, Err: r.Error})
			}
			continue
		}
		st.Games++
		st.Lengths = append(st.Lengths, r.Turns)
		st.Endings[r.Ended]++
		if r.Result == ResultStopped {
			st.Capped++
		}
		for k, s := range r.Seats {
			row := &st.Seats[seatRow(k, r.Game-1, n, !info.FixedSeats)]
			switch s.Outcome {
			case "win":
				row.Wins++
			case "loss":
				row.Losses++
			default:
				row.Draws++
			}
			if s.Points != nil {
				row.Points += *s.Points
			}
		}
	}
	for k := range st.Seats {
		row := &st.Seats[k]
		n := float64(row.Wins + row.Draws + row.Losses)
		if n == 0 {
			continue
		}
		row.Score = (float64(row.Wins) + 0.5*float64(row.Draws)) / n
		row.Low, row.High = scoreInterval(row.Wins, row.Draws, row.Losses)
		row.Points /= n
	}
	st.Margins, st.Pairs = margins(info, recs), pairs(info, recs)
	return st
}

// Line is one line of `zoggo run --shard I/N --json`: a game and the run it belongs to.
type Line struct {
	Record
	Run *RunInfo `json:"run"`
}

// MaxLine bounds the length of a line Merge reads.
const MaxLine = 16 << 20

// Merge gathers the records of one run from any number of inputs, each read by Read:
// the outputs of its shards, in any order. It refuses a record of another run and a game
// read twice, naming the input and line.
type Merge struct {
	Info    *RunInfo // of the first record read
	entries []entry
	names   []string
	first   source // where Info was read
	strs    map[string]string
}

type entry struct {
	Record
	src source
}

// source is a line of an input: names[file], line from 1.
type source struct{ file, line int }

func (m *Merge) where(s source) string { return fmt.Sprintf("%s:%d", m.names[s.file], s.line) }

// Read reads the JSON lines of r, an input called name in errors. Blank lines are
// skipped. The first bad line ends the reading with an error that names it.
func (m *Merge) Read(r io.Reader, name string) error {
	m.names = append(m.names, name)
	src := source{file: len(m.names) - 1}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	for sc.Scan() {
		src.line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if err := m.add(text, src); err != nil {
			return fmt.Errorf("%s: %w", m.where(src), err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: line longer than %d bytes", name, src.line+1, MaxLine)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// add checks one line and keeps its record.
func (m *Merge) add(text string, src source) error {
	if !strings.HasPrefix(text, "{") || !strings.HasSuffix(text, "}") {
		return errors.New("expected a JSON object on one line, as zoggo run --shard I/N --json writes for each game")
	}
	var l Line
	if err := json.Unmarshal([]byte(text), &l); err != nil {
		return fmt.Errorf("not a game of zoggo run --shard I/N --json: %v", err)
	}
	if l.Run == nil {
		return errors.New(`not a game of zoggo run --shard I/N --json: no "run"`)
	}
	if m.Info == nil {
		if err := l.Run.check(); err != nil {
			return err
		}
		m.Info, m.first = l.Run, src
		m.strs = map[string]string{}
	} else if d := m.Info.diff(l.Run); d != "" {
		return fmt.Errorf("a game of another run than %s: %s", m.where(m.first), d)
	}
	if err := m.Info.checkRecord(&l.Record); err != nil {
		return fmt.Errorf("game %d: %w", l.Game, err)
	}
	l.Record.intern(m.strs)
	m.entries = append(m.entries, entry{l.Record, src})
	return nil
}

// Records returns the records read, in game order. It fails when no game was read or
// a game was read twice.
func (m *Merge) Records() ([]Record, error) {
	if len(m.entries) == 0 {
		return nil, errors.New("no games read")
	}
	sort.SliceStable(m.entries, func(a, b int) bool { return m.entries[a].Game < m.entries[b].Game })
	recs := make([]Record, len(m.entries))
	for i, e := range m.entries {
		if i > 0 && m.entries[i-1].Game == e.Game {
			prev := m.entries[i-1].src
			if m.names[prev.file] == m.names[e.src.file] && prev.line == e.src.line {
				return nil, fmt.Errorf("%s: game %d again: %s is given twice", m.where(e.src), e.Game, m.names[e.src.file])
			}
			return nil, fmt.Errorf("%s: game %d again: it was read at %s (is a shard given twice, or shards of different N?)",
				m.where(e.src), e.Game, m.where(prev))
		}
		recs[i] = e.Record
	}
	return recs, nil
}

// Missing returns the games of the run that were not read, by number from 1, once
// Records has sorted them.
func (m *Merge) Missing() []int {
	var out []int
	next := 1
	for _, e := range m.entries {
		for ; next < e.Game; next++ {
			out = append(out, next)
		}
		next = e.Game + 1
	}
	if m.Info != nil {
		for ; next <= m.Info.Games; next++ {
			out = append(out, next)
		}
	}
	return out
}

// check checks a run's description read from a line.
func (ri *RunInfo) check() error {
	switch {
	case ri.Games < 1:
		return fmt.Errorf(`"run": "games" must be at least 1, found %d`, ri.Games)
	case len(ri.Players) == 0:
		return errors.New(`"run": no "players"`)
	case len(ri.Bots) != len(ri.Players):
		return fmt.Errorf(`"run": %d "bots" for %d "players"`, len(ri.Bots), len(ri.Players))
	}
	return nil
}

// diff describes the first difference between the run ri and the run o, or returns "".
func (ri *RunInfo) diff(o *RunInfo) string {
	list := func(l []string) string { return strings.Join(l, ",") }
	switch {
	case ri.SHA256 != o.SHA256:
		return fmt.Sprintf("rules %s (sha256 %.12s…), not %s (sha256 %.12s…)", o.Rules, o.SHA256, ri.Rules, ri.SHA256)
	case ri.Game != o.Game:
		return fmt.Sprintf("game %q, not %q", o.Game, ri.Game)
	case !slices.Equal(ri.Players, o.Players):
		return fmt.Sprintf("players %s, not %s", list(o.Players), list(ri.Players))
	case !slices.Equal(ri.Bots, o.Bots):
		return fmt.Sprintf("bots %s, not %s", list(o.Bots), list(ri.Bots))
	case ri.Seed != o.Seed:
		return fmt.Sprintf("seed %d, not %d", o.Seed, ri.Seed)
	case ri.Games != o.Games:
		return fmt.Sprintf("%d games, not %d", o.Games, ri.Games)
	case ri.MaxPlies != o.MaxPlies:
		return fmt.Sprintf("max-plies %d, not %d", o.MaxPlies, ri.MaxPlies)
	case ri.FixedSeats != o.FixedSeats:
		return fmt.Sprintf("fixed-seats %t, not %t", o.FixedSeats, ri.FixedSeats)
	case ri.Score != o.Score:
		return fmt.Sprintf("score %q, not %q", o.Score, ri.Score)
	case ri.Adjudicate != o.Adjudicate:
		return fmt.Sprintf("adjudicate %g, not %g", o.Adjudicate, ri.Adjudicate)
	}
	return ""
}

// checkRecord checks that r is a game of the run ri could have played, so that Tally
// can count it.
func (ri *RunInfo) checkRecord(r *Record) error {
	if r.Game < 1 || r.Game > ri.Games {
		return fmt.Errorf("the run has games 1 to %d", ri.Games)
	}
	if r.Turns < 0 {
		return fmt.Errorf(`"turns" is %d`, r.Turns)
	}
	switch r.Result {
	case ResultWin, ResultDraw, ResultStopped, ResultFailed:
	default:
		return fmt.Errorf(`"result" %q: expected %q, %q, %q or %q`, r.Result, ResultWin, ResultDraw, ResultStopped, ResultFailed)
	}
	if r.Result == ResultFailed && r.Error == "" {
		return errors.New(`a failed game without "error"`)
	}
	if len(r.Seats) != len(ri.Players) {
		return fmt.Errorf(`%d "seats" for the run's %d players`, len(r.Seats), len(ri.Players))
	}
	for k, s := range r.Seats {
		if s.Player != ri.Players[k] {
			return fmt.Errorf("seat %d is %q, the run's player there is %q", k+1, s.Player, ri.Players[k])
		}
		if want := ri.Bots[seatRow(k, r.Game-1, len(ri.Players), !ri.FixedSeats)]; s.Bot != want {
			return fmt.Errorf("%s is played by %q, the run seats %q there", s.Player, s.Bot, want)
		}
		if r.Result == ResultFailed {
			continue
		}
		switch s.Outcome {
		case "win", "draw", "loss":
		default:
			return fmt.Errorf(`%s's "outcome" %q: expected "win", "draw" or "loss"`, s.Player, s.Outcome)
		}
		if (s.Points != nil) != (ri.Score != "") {
			if s.Points == nil {
				return fmt.Errorf(`%s has no "points" in a run with --score`, s.Player)
			}
			return fmt.Errorf(`%s has "points" in a run without --score`, s.Player)
		}
	}
	return nil
}

// intern makes the record share the strings that repeat from game to game, so that a
// merge of many games keeps one copy of each.
func (r *Record) intern(strs map[string]string) {
	in := func(s string) string {
		if t, ok := strs[s]; ok {
			return t
		}
		strs[s] = s
		return s
	}
	for k := range r.Seats {
		s := &r.Seats[k]
		s.Player, s.Bot, s.Outcome = in(s.Player), in(s.Bot), in(s.Outcome)
	}
	for k := range r.Winners {
		r.Winners[k] = in(r.Winners[k])
	}
	for k := range r.Losers {
		r.Losers[k] = in(r.Losers[k])
	}
	r.Result, r.Ended = in(r.Result), in(r.Ended)
}

// scoreInterval is the 95% confidence interval of a score (win 1, draw 1/2, loss 0) over
// the games counted: Wilson's score interval, which stays inside [0, 1] and does not
// shrink to a point when every game went one way (4 wins of 4 give 0.51-1, where the
// normal approximation would say 1-1). Draws make the per-game scores vary less than a
// win-or-loss coin with the same mean; the interval takes that into account by counting
// the games as n*p(1-p)/v coin flips, v being the sample variance of the per-game scores
// (without draws, exactly n).
func scoreInterval(wins, draws, losses int) (low, high float64) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 1
	}
	p := (float64(wins) + 0.5*float64(draws)) / n
	v := (float64(wins)*(1-p)*(1-p) + float64(draws)*(0.5-p)*(0.5-p) + float64(losses)*p*p) / n
	if v > 0 && p > 0 && p < 1 {
		n *= p * (1 - p) / v
	}
	const z = 1.96
	d := 1 + z*z/n
	centre := (p + z*z/(2*n)) / d
	half := z / d * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}
