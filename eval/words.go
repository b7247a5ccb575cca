package eval

// This file says how a game ended in words for people ("Black wins by checkmate", "White
// wins by 7.5 points (Black 40, White 33 + 7.5)", "Draw by repetition"), from the goal
// that decided and the final position, and finds the royal pieces in check. The words
// come from the kind of the goal, its condition and the players' names, never from a
// game's name.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// Score is a player's score as a goal's formula compares it, in points: Points counted on
// the board (an area, say) and Bonus added by the formula as a constant (a komi).
type Score struct {
	Player        engine.Player
	Points, Bonus float64
}

// Words says result r, reached in the final position s, in words with the players' names.
func (g *Game) Words(r Result, s *engine.State) string {
	if !r.Over {
		return ""
	}
	if r.Goal == nil {
		return g.wordsWithoutGoal(r)
	}
	why := g.why(r, s)
	if r.Draw {
		if why == "" {
			return "Draw"
		}
		if strings.HasPrefix(why, "by ") || strings.HasPrefix(why, "on ") || strings.HasPrefix(why, "(") {
			return "Draw " + why
		}
		return "Draw: " + why
	}
	who := ""
	switch {
	case len(r.Winners) > 0:
		who = g.names(r.Winners)
		if len(r.Winners) == 1 && !g.plural(r.Winners[0]) {
			who += " wins"
		} else {
			who += " win"
		}
	case len(r.Losers) > 0:
		who = g.names(r.Losers) + " lost"
	default:
		who = "Game over"
	}
	switch {
	case why == "":
		return who
	case strings.HasPrefix(why, "by ") || strings.HasPrefix(why, "("):
		return who + " " + why
	}
	return who + ": " + why
}

// wordsWithoutGoal says a result that no goal decided: the match's and the goals' own
// draws, whose reasons are written for people already, and run-time errors.
func (g *Game) wordsWithoutGoal(r Result) string {
	reason := r.Reason
	if rest, ok := strings.CutPrefix(reason, "internal error: "); ok {
		return "Game stopped: rules error at " + rest
	}
	if rest, ok := strings.CutSuffix(reason, ": draw"); ok {
		reason = rest
		// The next player cannot move and may not pass (goalsOnTurns): a stalemate.
		for p, pl := range g.Players {
			if rest == pl.Name+" cannot move" {
				reason = pl.Name + g.has(engine.Player(p)) + "no legal move (stalemate)"
			}
		}
	}
	if strings.HasPrefix(reason, "OnIsGameOver: ") {
		reason = "" // an Axiom game's own verdict, which says no more than who won
	}
	if r.Draw {
		if reason == "" {
			return "Draw"
		}
		return "Draw: " + reason
	}
	who := g.names(r.Winners) + " wins"
	if len(r.Winners) > 1 || len(r.Winners) == 1 && g.plural(r.Winners[0]) {
		who = g.names(r.Winners) + " win"
	}
	switch {
	case len(r.Winners) > 0 && reason == "":
		return who
	case len(r.Winners) > 0:
		return who + ": " + reason
	case reason == "":
		return "Game over"
	}
	return "Game over: " + reason
}

// names joins the names of players ps: "White", "White and Red".
func (g *Game) names(ps []engine.Player) string {
	var out []string
	for _, p := range ps {
		if int(p) >= 0 && int(p) < len(g.Players) {
			out = append(out, g.Players[p].Name)
		}
	}
	return strings.Join(out, " and ")
}

// why says what made the goal of r hold, after the winner's name: "by checkmate", "Black
// cannot move", "by 7.5 points (…)"; "" when there is nothing to add.
func (g *Game) why(r Result, s *engine.State) string {
	goal, p := r.Goal, r.For
	name := ""
	if int(p) >= 0 && int(p) < len(g.Players) {
		name = g.Players[p].Name
	}
	if goal.Kind == engine.CountGoal {
		return g.countWords(r, s)
	}
	if sc, ok := g.Scores(goal, s); ok {
		return scoreWords(g, r, sc)
	}
	c := mainCond(goal.Cond)
	if c == nil {
		return resultName(goal.Result)
	}
	loss := goal.Kind == engine.LossGoal
	switch c.Op {
	case engine.CondCheckmated:
		return "by checkmate"
	case engine.CondStalemated:
		if goal.Kind == engine.DrawGoal {
			return name + g.has(p) + "no legal move (stalemate)"
		}
		return name + " cannot move"
	case engine.CondRepetition:
		return "by repetition"
	case engine.CondCaptured:
		if loss {
			return "by capturing " + name + "'s " + g.kinds(c.Kinds, "piece")
		}
		return name + "'s " + g.kinds(c.Kinds, "piece") + " captured"
	case engine.CondPiecesRemaining:
		what := g.kinds(c.Kinds, "piece")
		has := g.has(p)
		if c.N == 0 {
			return name + has + "no " + plural(what, 0) + " left"
		}
		return fmt.Sprintf("%s%s%d %s left", name, has, c.N, plural(what, c.N))
	case engine.CondTotalPieceCount:
		return fmt.Sprintf("%d %s on the board", c.N, plural(g.kinds(c.Kinds, "piece"), c.N))
	case engine.CondAbsoluteConfig, engine.CondRelativeConfig:
		if goal.Result != "" {
			return resultName(goal.Result)
		}
		return "by reaching the goal position"
	}
	return resultName(goal.Result)
}

// resultName writes the dialect's result name (result front-row-empty) for people, in
// parentheses, or "" when there is none.
func resultName(s string) string {
	if s == "" {
		return ""
	}
	return "(" + strings.ReplaceAll(s, "-", " ") + ")"
}

// kinds names piece types: "King", "Man or King", or what when there are none.
func (g *Game) kinds(ks []engine.Kind, what string) string {
	var out []string
	for _, k := range ks {
		if int(k) >= 0 && int(k) < len(g.Pieces) {
			out = append(out, g.Pieces[k].Name)
		}
	}
	if len(out) == 0 {
		return what
	}
	return strings.Join(out, " or ")
}

// plural reports whether player p's name is an English plural (Dwarfs, Trolls), which
// takes "win" and "have".
func (g *Game) plural(p engine.Player) bool {
	if int(p) < 0 || int(p) >= len(g.Players) {
		return false
	}
	n := g.Players[p].Name
	return len(n) > 2 && strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss")
}

// has returns " has " or, after a plural name, " have ".
func (g *Game) has(p engine.Player) string {
	if g.plural(p) {
		return " have "
	}
	return " has "
}

// plural adds an s to a word of one type for n other than 1.
func plural(w string, n int) string {
	if n == 1 || strings.Contains(w, " or ") {
		return w
	}
	return w + "s"
}

// findCond returns the first condition of operator op in c, or nil.
func findCond(c *engine.Cond, op engine.CondOp) *engine.Cond {
	if c == nil {
		return nil
	}
	if c.Op == op {
		return c
	}
	for _, a := range c.Args {
		if f := findCond(a, op); f != nil {
			return f
		}
	}
	return nil
}

// mainCond returns the condition that says most of why c held: the first of the
// conditions in the order of condRank found in c outside a not.
func mainCond(c *engine.Cond) *engine.Cond {
	var best *engine.Cond
	var walk func(c *engine.Cond)
	walk = func(c *engine.Cond) {
		switch c.Op {
		case engine.CondNot:
			return
		case engine.CondAnd, engine.CondOr:
			for _, a := range c.Args {
				walk(a)
			}
			return
		}
		if best == nil || condRank(c.Op) < condRank(best.Op) {
			best = c
		}
	}
	walk(c)
	return best
}

// condRank orders the conditions by how much they tell of a game's end.
func condRank(op engine.CondOp) int {
	switch op {
	case engine.CondCheckmated:
		return 0
	case engine.CondCaptured:
		return 1
	case engine.CondPiecesRemaining:
		return 2
	case engine.CondAbsoluteConfig, engine.CondRelativeConfig:
		return 3
	case engine.CondStalemated:
		return 4
	case engine.CondTotalPieceCount:
		return 5
	case engine.CondRepetition:
		return 6
	}
	return 7
}

// countWords says the result of a count goal: the pieces each player has.
func (g *Game) countWords(r Result, s *engine.State) string {
	var parts []string
	for _, p := range g.realPlayers() {
		parts = append(parts, fmt.Sprintf("%s %d", g.Players[p].Name, g.countPieces(s, p, nil)))
	}
	why := ""
	if c := mainCond(r.Goal.Cond); c != nil && c.Op == engine.CondStalemated {
		why = g.Players[r.For].Name + " cannot move; "
	}
	if c := mainCond(r.Goal.Cond); c != nil && c.Op == engine.CondRepetition {
		why = "repetition; "
	}
	return "(" + why + "pieces: " + strings.Join(parts, ", ") + ")"
}

// scoreWords says a result decided by comparing scores: "by 7.5 points (Black 40, White
// 33 + 7.5)", or for a draw "on points (…)".
func scoreWords(g *Game, r Result, sc []Score) string {
	var parts []string
	for _, x := range sc {
		t := g.Players[x.Player].Name + " " + points(x.Points)
		if x.Bonus > 0 {
			t += " + " + points(x.Bonus)
		} else if x.Bonus < 0 {
			t += " - " + points(-x.Bonus)
		}
		parts = append(parts, t)
	}
	list := "(" + strings.Join(parts, ", ") + ")"
	if r.Draw || len(sc) != 2 {
		return "on points " + list
	}
	a, b := sc[0].Points+sc[0].Bonus, sc[1].Points+sc[1].Bonus
	d := a - b
	if d < 0 {
		d = -d
	}
	unit := "points"
	if d == 1 {
		unit = "point"
	}
	return "by " + points(d) + " " + unit + " " + list
}

// points writes a number of points: 40, 7.5.
func points(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Scores finds the scores that the dialect's formula of goal compares, in the final
// position s: a comparison of two sums, each of one player's area (or another number
// counted for one player) times a factor shared by both, plus constants. The factor
// divides out, so that a formula comparing doubled scores gives the points. It reports
// false when the formula compares nothing of that shape.
func (g *Game) Scores(goal *engine.Goal, s *engine.State) (out []Score, ok bool) {
	fc := findCond(goal.Cond, engine.CondFormula)
	if fc == nil || g.code == nil || g.code.Dialect == nil || fc.N < 0 || fc.N >= len(g.code.Dialect.Formulas) {
		return nil, false
	}
	cmp := findCmp(g.code.Dialect.Formulas[fc.N])
	if cmp == nil {
		return nil, false
	}
	var err error
	func() {
		defer g.catch(nil, &err)
		var sides [2]linear
		for i := range sides {
			if sides[i], ok = linearOf(cmp.Ints[i]); !ok {
				return
			}
		}
		if sides[0].player == sides[1].player || sides[0].factor != sides[1].factor || sides[0].factor <= 0 {
			ok = false
			return
		}
		f := float64(sides[0].factor)
		for _, sd := range sides {
			v := g.formulaInt(sd.term, s, sd.player)
			out = append(out, Score{Player: sd.player, Points: float64(v*sd.factor) / f, Bonus: float64(sd.konst) / f})
		}
	}()
	if err != nil || !ok {
		return nil, false
	}
	return out, true
}

// linear is a number of the form factor*term + konst, where term counts something of one
// player.
type linear struct {
	factor, konst int64
	term          *code.Expr
	player        engine.Player
}

// findCmp returns the first comparison in c, outside a not, whose two numbers both count
// something of a player (not the comparison of passes).
func findCmp(c *code.Cond) *code.Cond {
	if c == nil {
		return nil
	}
	if c.Code == code.CondCmp && len(c.Ints) == 2 {
		a, ok0 := linearOf(c.Ints[0])
		b, ok1 := linearOf(c.Ints[1])
		if ok0 && ok1 && a.term != nil && b.term != nil {
			return c
		}
		return nil
	}
	if c.Code == code.CondNot {
		return nil
	}
	for _, a := range c.Args {
		if f := findCmp(a); f != nil {
			return f
		}
	}
	return nil
}

// linearOf reads e as factor*term + konst, where term is a player's area. Sums, constant
// factors and constants are read; anything else is not of that shape.
func linearOf(e *code.Expr) (linear, bool) {
	switch e.Code {
	case code.IntArea:
		if e.A < 0 {
			return linear{}, false
		}
		return linear{factor: 1, term: e, player: engine.Player(e.A)}, true
	case code.IntConst:
		return linear{konst: int64(e.A)}, true
	case code.IntAdd:
		var out linear
		for _, a := range e.Args {
			l, ok := linearOf(a)
			if !ok {
				return linear{}, false
			}
			if l.term != nil {
				if out.term != nil {
					return linear{}, false
				}
				out.term, out.player, out.factor = l.term, l.player, l.factor
			}
			out.konst += l.konst
		}
		return out, out.term != nil || len(e.Args) > 0
	case code.IntMul:
		if len(e.Args) != 2 {
			return linear{}, false
		}
		a, ok0 := linearOf(e.Args[0])
		b, ok1 := linearOf(e.Args[1])
		if !ok0 || !ok1 {
			return linear{}, false
		}
		if a.term != nil && b.term != nil {
			return linear{}, false
		}
		if a.term == nil {
			a, b = b, a
		}
		// b is a constant: a*b.
		return linear{factor: a.factor * b.konst, konst: a.konst * b.konst, term: a.term, player: a.player}, true
	}
	return linear{}, false
}

// formulaInt evaluates the number e of a goal's formula for player p in s, as formula
// evaluates its condition.
func (g *Game) formulaInt(e *code.Expr, s *engine.State, p engine.Player) int64 {
	x := g.formulaGen(s, p)
	defer g.putGen(x)
	return x.ival(e)
}

// Checked lists the positions of the royal pieces that another player's pieces attack in
// s: the pieces of the types that a checkmated goal names, for each player whose goals
// name them, and in the dialect the types that a check or a goal's formula counts when
// they are friends and attacked ((count (and friend? (piece? King) attacked?)), the
// check rule of games with several royal pieces), for every player. Axiom games have
// none.
func (g *Game) Checked(s *engine.State) (locs []engine.Loc, err error) {
	if g.ax != nil {
		return nil, nil
	}
	defer g.catch(nil, &err)
	dialect := g.dialectRoyal()
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		p, k := int(c.Player()), int(c.Kind())
		royal := p < len(g.royal) && k < len(g.royal[p]) && g.royal[p][k] || k < len(dialect) && dialect[k]
		if royal && g.attacked(s, engine.Player(p), engine.Loc(l), engine.NoMoveType, false) {
			locs = append(locs, engine.Loc(l))
		}
	}
	return locs, nil
}

// Attacked reports whether the piece of player side on l in s could be captured by
// another player's pieces there: the test Checked makes of the royal pieces, asked of
// any square (a search asks it of the square a capture lands on, to find the captures
// that lose the capturing piece). Axiom games answer false.
func (g *Game) Attacked(s *engine.State, side engine.Player, l engine.Loc) (hit bool, err error) {
	if g.ax != nil || l < 0 || int(l) >= len(s.Cells) {
		return false, nil
	}
	defer g.catch(nil, &err)
	return g.attacked(s, side, l, engine.NoMoveType, false), nil
}

// dialectRoyal returns the piece types that the dialect's checks and goal formulas count
// as friends under attack, indexed by type, or nil.
func (g *Game) dialectRoyal() []bool {
	if g.code == nil || g.code.Dialect == nil {
		return nil
	}
	var out []bool
	mark := func(k int32) {
		if k < 0 || int(k) >= len(g.Pieces) {
			return
		}
		if out == nil {
			out = make([]bool, len(g.Pieces))
		}
		out[k] = true
	}
	var cond func(c *code.Cond, depth int)
	var expr func(e *code.Expr, depth int)
	cond = func(c *code.Cond, depth int) {
		if c == nil || depth > maxRoyalDepth {
			return
		}
		for _, a := range c.Args {
			cond(a, depth+1)
		}
		for _, e := range c.Ints {
			expr(e, depth+1)
		}
	}
	expr = func(e *code.Expr, depth int) {
		if e == nil || depth > maxRoyalDepth {
			return
		}
		if e.Code == code.IntCount && e.Cond != nil {
			if kinds, ok := attackedFriends(e.Cond); ok {
				for _, k := range kinds {
					mark(k)
				}
			}
		}
		for _, a := range e.Args {
			expr(a, depth+1)
		}
		cond(e.Cond, depth+1)
	}
	for _, f := range g.code.Dialect.Formulas {
		cond(f, 0)
	}
	for _, ch := range g.code.Dialect.Checks {
		cond(ch.Cond, 0)
	}
	return out
}

// maxRoyalDepth bounds the walk of dialectRoyal through nested conditions.
const maxRoyalDepth = 64

// attackedFriends reads a count's condition of the form (and friend? (piece? K…)
// attacked?), in any order, and returns the types K.
func attackedFriends(c *code.Cond) ([]int32, bool) {
	if c.Code != code.CondAnd || c.Neg {
		return nil, false
	}
	var kinds []int32
	friend, attacked := false, false
	for _, a := range c.Args {
		switch {
		case a.Neg:
		case a.Code == code.CondFriend:
			friend = true
		case a.Code == code.CondAttacked:
			attacked = true
		case a.Code == code.CondPiece:
			kinds = append(kinds, a.A)
		}
	}
	return kinds, friend && attacked && len(kinds) > 0
}
