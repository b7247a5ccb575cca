package engines

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/render"
)

// Size returns n when g's board is one square grid of n by n positions, else 0.
func Size(g *eval.Game) int { return size(g.Game) }

func size(g *engine.Game) int {
	b := g.Board
	if len(b.Grids) != 1 || len(b.Grids[0].Dims) != 2 {
		return 0
	}
	n := len(b.Grids[0].Dims[0].Labels)
	if n != len(b.Grids[0].Dims[1].Labels) {
		return 0
	}
	return n
}

// GoLike reports whether GTP can play g: its board is one square grid (Size) and its
// pieces are only dropped, never moved, as stones are.
func GoLike(g *eval.Game) bool { return GoLikeRules(g.Game) }

// GoLikeRules is GoLike on the rules of a game, compiled or not.
func GoLikeRules(g *engine.Game) bool {
	if size(g) == 0 {
		return false
	}
	drops := false
	for _, p := range g.Pieces {
		if p.HasMoves {
			return false
		}
		drops = drops || p.HasDrops
	}
	return drops
}

// GTP is zoggo answering the Go Text Protocol for the games of one rules file whose
// moves are drops on a square board (Go): boardsize chooses among the variants of that
// size, the first in the file. Black is the rules' first player, White the second. The
// bot chooses genmove's move.
type GTP struct {
	games []*eval.Game
	bot   ai.Agent
	g     *eval.Game
	m     *match.Match
	rng   *rand.Rand
}

// NewGTP returns a GTP engine over games (the variants of a file; the first is the
// game it starts with) with bot to choose moves.
func NewGTP(games []*eval.Game, bot ai.Agent) (*GTP, error) {
	if len(games) == 0 {
		return nil, fmt.Errorf("no game to play")
	}
	if !GoLike(games[0]) {
		return nil, errNoGTP(games[0])
	}
	e := &GTP{games: games, bot: bot, rng: rand.New(rand.NewPCG(1, 2))}
	return e, e.start(games[0])
}

func (e *GTP) start(g *eval.Game) error {
	m, err := match.New(g, nil)
	if err != nil {
		return err
	}
	e.g, e.m = g, m
	return nil
}

var gtpCommands = []string{"protocol_version", "name", "version", "known_command", "list_commands",
	"quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo", "final_score",
	"showboard", "time_settings", "time_left"}

// Serve answers the commands read from in on out until "quit" or the end of in. Failed
// commands get GTP's "?" answer with the reason. It returns an error only when reading
// or writing fails.
func (e *GTP) Serve(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	for sc.Scan() {
		line := strings.TrimSpace(strings.SplitN(sc.Text(), "#", 2)[0])
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		id := ""
		if _, err := strconv.Atoi(f[0]); err == nil {
			id, f = f[0], f[1:]
			if len(f) == 0 {
				continue
			}
		}
		res, err := e.command(strings.ToLower(f[0]), f[1:])
		mark := "="
		if err != nil {
			mark, res = "?", err.Error()
		}
		sep := " "
		if strings.HasPrefix(res, "\n") || res == "" {
			sep = ""
		}
		if _, werr := fmt.Fprintf(out, "%s%s%s%s\n\n", mark, id, sep, res); werr != nil {
			return werr
		}
		if f[0] == "quit" {
			return nil
		}
	}
	return sc.Err()
}

// color returns the player a GTP colour names: black the first, white the second.
func (e *GTP) color(s string) (engine.Player, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return 0, nil
	case "w", "white":
		if len(e.g.Players) > 1 {
			return 1, nil
		}
	}
	return 0, fmt.Errorf("invalid color %q", s)
}

func (e *GTP) command(cmd string, args []string) (string, error) {
	switch cmd {
	case "protocol_version":
		return "2", nil
	case "name":
		return "zoggo", nil
	case "version":
		return e.g.Title, nil
	case "known_command":
		if len(args) == 1 {
			for _, c := range gtpCommands {
				if c == args[0] {
					return "true", nil
				}
			}
		}
		return "false", nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "quit", "time_settings", "time_left":
		return "", nil
	case "komi":
		// The rules score the game, komi included; a GUI's komi is taken as said.
		return "", nil
	case "boardsize":
		n, err := strconv.Atoi(strings.Join(args, ""))
		if err != nil {
			return "", fmt.Errorf("boardsize needs a number")
		}
		if Size(e.g) == n {
			return "", e.start(e.g)
		}
		for _, g := range e.games {
			if Size(g) == n && GoLike(g) {
				return "", e.start(g)
			}
		}
		return "", fmt.Errorf("unacceptable size: the rules offer no %dx%d variant", n, n)
	case "clear_board":
		return "", e.start(e.g)
	case "play":
		if len(args) != 2 {
			return "", fmt.Errorf("syntax error: play COLOR VERTEX")
		}
		if err := e.turnOf(args[0]); err != nil {
			return "", err
		}
		i, err := Find(e.g, e.m.State(), e.m.Legal(), args[1])
		if err != nil {
			return "", fmt.Errorf("illegal move: %v", err)
		}
		return "", e.m.Play(i)
	case "genmove":
		if len(args) != 1 {
			return "", fmt.Errorf("syntax error: genmove COLOR")
		}
		if err := e.turnOf(args[0]); err != nil {
			return "", err
		}
		i, err := ai.Choose(e.bot, e.m, e.rng)
		if err != nil {
			return "", err
		}
		t := e.m.Legal()[i]
		mv := Text(e.g, e.m.State(), &t)
		if err := e.m.Play(i); err != nil {
			return "", err
		}
		return strings.ToUpper(mv), nil
	case "undo":
		if !e.m.Undo() {
			return "", fmt.Errorf("cannot undo")
		}
		return "", nil
	case "final_score":
		if !e.m.Over() {
			return "", fmt.Errorf("cannot score: the game is not over (the rules score it after it ends)")
		}
		r := e.m.Result()
		switch {
		case r.Draw:
			return "0", nil
		case len(r.Winners) == 1 && r.Winners[0] == 0:
			return "B+" + e.margin(r), nil
		case len(r.Winners) == 1:
			return "W+" + e.margin(r), nil
		}
		return "", fmt.Errorf("cannot score: %s", r)
	case "showboard":
		return "\n" + strings.TrimRight(render.Text(e.g.Game, e.m.State()), "\n"), nil
	}
	return "", fmt.Errorf("unknown command")
}

// margin returns the points by which the winner of r leads, as GTP writes them after
// B+ or W+ (7.5), when the goal that decided compares two players' scores (eval's
// Scores: area plus komi in games/go.zrf); else "", the winner alone.
func (e *GTP) margin(r eval.Result) string {
	if r.Goal == nil {
		return ""
	}
	sc, ok := e.g.Scores(r.Goal, e.m.State())
	if !ok || len(sc) != 2 {
		return ""
	}
	d := math.Abs(sc[0].Points + sc[0].Bonus - sc[1].Points - sc[1].Bonus)
	if d == 0 {
		return ""
	}
	return strconv.FormatFloat(d, 'f', -1, 64)
}

// turnOf checks that colour s is to move: the rules alternate, and a GUI that plays
// out of turn is told so.
func (e *GTP) turnOf(s string) error {
	p, err := e.color(s)
	if err != nil {
		return err
	}
	if e.m.Over() {
		return fmt.Errorf("the game is over (%s)", e.m.Result().Reason)
	}
	if e.m.Mover() != p {
		return fmt.Errorf("it is %s's turn", e.g.Players[e.m.Mover()].Name)
	}
	return nil
}
