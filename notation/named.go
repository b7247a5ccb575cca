package notation

// This file writes and reads the named-rule notation: each part as its squares and the
// rule that made it (`e2 - e4 pawn-double`, `g1 - f3 jump n nw`), the generator
// recomputing the effects. docs/notation.md gives the grammar and the reasons for it.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// NamedMagic is the first line of a file in named notation.
const NamedMagic = "zoggo named notation 1"

// namedBase writes a part without disambiguation: FROM - TO RULE ARGS for a movement,
// FROM and TO being the squares of its first movement (the king's, in castling)
// (x instead of - when it captures), TO RULE ARGS PLAYER PIECE for a drop, SQUARE RULE
// ARGS for a part that moves nothing, and "Pass".
func namedBase(g *eval.Game, s *engine.State, m *engine.Move) string {
	if m.Pass {
		return "Pass"
	}
	loc := func(l engine.Loc) string { return g.Board.Locs[l].Name }
	rule := RuleName(g, m)
	from, to := engine.NoLoc, engine.NoLoc
	var drop *engine.Change
changes:
	for i := range m.Changes {
		c := &m.Changes[i]
		switch c.Op {
		case engine.OpPermute:
			break changes // what follows is carried by a permutation
		case engine.OpMove, engine.OpCopy:
			if c.From == c.To {
				continue
			}
			if from == engine.NoLoc && drop == nil {
				from, to = c.From, c.To
			}
		case engine.OpDrop:
			if drop == nil && from == engine.NoLoc {
				drop = c
			}
		}
	}
	switch {
	case from != engine.NoLoc:
		sep := "-"
		if !s.Cells[to].IsEmpty() || m.Captures(s) > 0 {
			sep = "x"
		}
		return loc(from) + " " + sep + " " + loc(to) + " " + rule
	case drop != nil:
		return loc(drop.To) + " " + rule + " " + g.Players[drop.Player].Name + " " + g.Pieces[drop.Kind].Name
	case len(m.Changes) > 0:
		return loc(m.Changes[0].To) + " " + rule
	}
	return "- " + rule
}

// choice names what a rule leaves open in m: the type the moved piece ends as, written
// "= TYPE", or "".
func choice(g *eval.Game, m *engine.Move) string {
	dest := m.Dest()
	for i := len(m.Changes) - 1; i >= 0; i-- {
		c := &m.Changes[i]
		if c.Op == engine.OpType && c.To == dest {
			return "= " + g.Pieces[c.Kind].Name
		}
	}
	return ""
}

// Named writes part m in named notation. cands are every part that could be made at this
// point (m among them); they decide how much m's text must say to be told apart: first
// the squares and the rule, then the choice after "=", and as a last resort "#N", the
// rank among the parts still alike.
func Named(g *eval.Game, s *engine.State, m *engine.Move, cands []*engine.Move) string {
	if m.Text != "" {
		return m.Text // an Axiom move: its text is its name
	}
	names := namedAll(g, s, cands)
	for i, c := range cands {
		if c.Equal(m) {
			return names[i]
		}
	}
	return namedBase(g, s, m)
}

// namedAll writes every part of cands, each told apart from the others.
func namedAll(g *eval.Game, s *engine.State, cands []*engine.Move) []string {
	names := make([]string, len(cands))
	groups := map[string][]int{}
	for i, c := range cands {
		names[i] = namedBase(g, s, c)
		groups[names[i]] = append(groups[names[i]], i)
	}
	for _, idx := range groups {
		if len(idx) <= 1 {
			continue
		}
		sub := map[string][]int{}
		for _, i := range idx {
			if ch := choice(g, cands[i]); ch != "" {
				names[i] += " " + ch
			}
			sub[names[i]] = append(sub[names[i]], i)
		}
		for _, same := range sub {
			if len(same) <= 1 {
				continue
			}
			for k, i := range same {
				names[i] += " #" + strconv.Itoa(k+1)
			}
		}
	}
	return names
}

// findNamed returns the unique part among cands written as text.
func findNamed(g *eval.Game, s *engine.State, text string, cands []*engine.Move) (*engine.Move, error) {
	want := Normalize(text)
	names := namedAll(g, s, cands)
	var found []*engine.Move
	for i, c := range cands {
		if Normalize(names[i]) == want {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, notLegal(names)
	}
	return nil, fmt.Errorf("ambiguous: %d moves are written %q", len(found), want)
}

// ToNamed converts a replayed game to named notation, keeping the saved game's header,
// board edits and move numbers. A turn of several parts is written part by part, each
// line starting with "+", and closed by a line holding a lone "+".
func ToNamed(r *Replayed, sg *SavedGame) *SavedGame {
	out := &SavedGame{Named: true, Seats: sg.Seats, RulesFile: sg.RulesFile, Variant: sg.Variant, Edits: sg.Edits}
	g := r.Game
	inTurn := false
	for _, p := range r.Plies {
		num := p.Line.Num
		if p.Move.Pass && !inTurn {
			out.Moves = append(out.Moves, MoveLine{Num: num, Partial: -1, Pass: true, Text: "Pass"})
			continue
		}
		if p.Move.Pass && inTurn {
			// A declined continuation: the turn ends here.
			out.Moves = append(out.Moves, MoveLine{Num: num, Partial: -1, Text: "+"})
			inTurn = false
			continue
		}
		cands := candidates(g, p)
		text := Named(g, p.Before, &p.Move, cands)
		if !p.EndsTurn || inTurn {
			out.Moves = append(out.Moves, MoveLine{Num: num, Partial: -1, Text: "+ " + text})
			inTurn = true
			if p.EndsTurn {
				out.Moves = append(out.Moves, MoveLine{Num: num, Partial: -1, Text: "+"})
				inTurn = false
			}
			continue
		}
		out.Moves = append(out.Moves, MoveLine{Num: num, Partial: -1, Text: text})
	}
	return out
}

// candidates returns the parts that could be made before ply p, as the walker saw them:
// the first parts of the legal turns, or the continuations of the turn in progress.
func candidates(g *eval.Game, p Ply) []*engine.Move {
	if p.cands != nil {
		return p.cands
	}
	return []*engine.Move{&p.Move}
}

// ReplayNamed replays a game written in named notation.
func ReplayNamed(g *eval.Game, sg *SavedGame, name string) (*Replayed, error) {
	if g.Axiom() {
		return replayAxiom(g, sg, name, Limits{}) // the text of an Axiom move is its name
	}
	return replayNamed(g, sg, name, Limits{})
}

// replayNamed is ReplayNamed within lim, for a game of ZRF move code.
func replayNamed(g *eval.Game, sg *SavedGame, name string, lim Limits) (*Replayed, error) {
	s, err := startState(g, sg, name)
	if err != nil {
		return nil, err
	}
	r := &Replayed{Game: g, Start: s.Clone()}
	w := newWalker(g, s)
	for _, ml := range sg.Moves {
		before := w.s
		fail := func(format string, args ...any) error {
			r.Final = before
			return &Divergence{File: name, Line: ml.Line, Recorded: ml.Text, Reason: fmt.Sprintf(format, args...),
				Before: before}
		}
		if err := lim.check(name, ml.Line); err != nil {
			r.Final = before
			return r, err
		}
		if err := w.begin(); err != nil {
			return r, fmt.Errorf("%s:%d: %w", name, ml.Line, err)
		}
		pass := match.PassMove()
		text := Normalize(ml.Text)
		switch {
		case text == "+":
			if w.made == 0 {
				return r, fail("a lone + closes a turn, but no turn is in progress")
			}
			j := w.canEnd()
			if j < 0 {
				return r, fail("the turn cannot end here: the rules continue it")
			}
			w.end(j)
			if len(r.Plies) > 0 {
				r.Plies[len(r.Plies)-1].EndsTurn = true
				if !lim.Bare {
					r.Plies[len(r.Plies)-1].After = w.s
				}
			}
			continue
		case ml.Pass:
			if w.made > 0 {
				return r, fail("Pass in the middle of a turn; close the turn with a lone +")
			}
			if j := w.passTurn(); j >= 0 {
				w.end(j)
			} else {
				_, mover := g.Side(before)
				if len(w.cand) > 0 && !g.Players[mover].Random {
					return r, fail("passing is not legal here")
				}
				if err := w.passNoMove(); err != nil {
					return r, fail("%s", err)
				}
			}
			r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: pass, Before: before, After: w.s, EndsTurn: true}))
			continue
		}
		compound := strings.HasPrefix(text, "+ ")
		if compound {
			text = strings.TrimPrefix(text, "+ ")
		} else if w.made > 0 {
			return r, fail("the turn in progress is not closed: write its parts with + and end it with a lone +")
		}
		parts := w.parts()
		m, err := findNamed(g, before, text, parts)
		if err != nil {
			return r, fail("%v", err)
		}
		cands := parts
		w.play(m)
		ply := Ply{Line: ml, Move: *m, Before: before, After: w.s, cands: cands}
		if !compound {
			j := w.canEnd()
			if j < 0 {
				return r, fail("this part does not end the turn: the rules continue it; write the turn with + lines")
			}
			w.end(j)
			ply.EndsTurn, ply.After = true, w.s
		}
		r.Plies = append(r.Plies, lim.keep(ply))
	}
	if w.made > 0 {
		return r, &ParseError{name, 0, "the last turn is not closed with a lone +"}
	}
	r.Final = w.s
	return r, nil
}

// ToZSG writes a replayed game as a Zillions saved game: each part in the ZSG dialect,
// "partial K" before the parts made by add-partial (K numbers the continuation type in the
// order the game declares its move types).
func ToZSG(r *Replayed, sg *SavedGame) *SavedGame {
	out := &SavedGame{Seats: sg.Seats, RulesFile: sg.RulesFile, Variant: sg.Variant, Edits: sg.Edits}
	for _, p := range r.Plies {
		ml := MoveLine{Num: p.Line.Num, Partial: -1}
		if p.Move.Pass {
			ml.Pass, ml.Text = true, "Pass"
		} else {
			ml.Text = Part(r.Game, p.Before, &p.Move)
			if p.Move.Cont != engine.NoMoveType {
				ml.Partial = int(p.Move.Cont) + 1
			}
		}
		out.Moves = append(out.Moves, ml)
	}
	return out
}
