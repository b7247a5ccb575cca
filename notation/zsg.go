// Package notation writes and reads move text: Zillions saved games (.zsg), in which
// every part of a turn is spelled out as its effects, and zoggo's named-rule notation,
// which names the rule that made a move. It replays a saved game against its rules and
// says where it diverges, and converts between the two notations. It works on engine
// moves and needs the run-time game (eval) for names and legal moves; it never draws.
package notation

import (
	"fmt"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Part writes one part in the ZSG dialect, as seen from the state s before it: movements
// first (`Pawn e2 - e4`, `x` when the destination was occupied), a promotion of the piece
// that just moved as `= TYPE`, then the other changes in the order the rules recorded
// them: `x POS`, `PLAYER PIECE POS`, `= TYPE on POS`, `= PLAYER on POS`, `flip POS`,
// `@ POS I V`. A part an external engine made (an Axiom move) is written as that engine
// wrote it.
func Part(g *eval.Game, s *engine.State, m *engine.Move) string {
	if m.Text != "" {
		return m.Text
	}
	if m.Pass {
		return "Pass"
	}
	b := g.Board
	var parts []string
	name := func(l engine.Loc) string { return b.Locs[l].Name }
	// The short forms "= TYPE" and "= PLAYER" only ever come straight after the movement
	// (or drop) of the piece they change; anywhere else the change names its square.
	justMoved := engine.NoLoc
	for i := range m.Changes {
		c := &m.Changes[i]
		moved := engine.NoLoc
		switch c.Op {
		case engine.OpMove, engine.OpCopy:
			if c.From == c.To {
				// A piece that stays where it is (a null move) is not written; a change
				// to it is written with its square (GufuuShogi: "= EKing on 2c").
				break
			}
			sep := "-"
			if !s.Cells[c.To].IsEmpty() && c.To != c.From {
				sep = "x"
			}
			parts = append(parts, fmt.Sprintf("%s %s %s %s", g.Pieces[c.Kind].Name, name(c.From), sep, name(c.To)))
			moved = c.To
		case engine.OpDrop:
			parts = append(parts, fmt.Sprintf("%s %s %s", g.Players[c.Player].Name, g.Pieces[c.Kind].Name, name(c.To)))
			moved = c.To
		case engine.OpCreate:
			parts = append(parts, fmt.Sprintf("%s %s %s", g.Players[c.Player].Name, g.Pieces[c.Kind].Name, name(c.To)))
		case engine.OpCapture:
			// A capture of a square that is empty and that nothing enters is no removal;
			// Zillions does not list it.
			if s.Cells[c.To].IsEmpty() && !enters(m, c.To) {
				continue
			}
			parts = append(parts, "x "+name(c.To))
		case engine.OpType:
			if c.To == justMoved {
				parts = append(parts, "= "+g.Pieces[c.Kind].Name)
				moved = c.To
			} else {
				parts = append(parts, fmt.Sprintf("= %s on %s", g.Pieces[c.Kind].Name, name(c.To)))
			}
		case engine.OpOwner:
			if c.To == justMoved {
				parts = append(parts, "= "+g.Players[c.Player].Name)
				moved = c.To
			} else {
				parts = append(parts, fmt.Sprintf("= %s on %s", g.Players[c.Player].Name, name(c.To)))
			}
		case engine.OpFlip:
			parts = append(parts, "flip "+name(c.To))
		case engine.OpAttr:
			v := 0
			if c.Val {
				v = 1
			}
			parts = append(parts, fmt.Sprintf("@ %s %d %d", name(c.To), c.Attr, v))
		}
		justMoved = moved
	}
	if len(parts) == 0 {
		return "Null"
	}
	return strings.Join(parts, " ")
}

// enters reports whether a movement, drop or create of m puts a piece on l.
func enters(m *engine.Move, l engine.Loc) bool {
	for _, c := range m.Changes {
		switch c.Op {
		case engine.OpMove, engine.OpCopy, engine.OpDrop, engine.OpCreate:
			if c.To == l {
				return true
			}
		}
	}
	return false
}

// Turn writes every part of a turn, separated by "; ", from the state s before it.
func Turn(g *eval.Game, s *engine.State, t *eval.Turn) string {
	if len(t.Parts) == 1 {
		return Part(g, s, &t.Parts[0])
	}
	cur := s.Clone()
	var out []string
	for i := range t.Parts {
		out = append(out, Part(g, cur, &t.Parts[i]))
		g.Apply(cur, &t.Parts[i])
	}
	return strings.Join(out, "; ")
}

// RuleName returns the name of the rule that made a move: the move-list entry, such as
// "slide nw", or "pass".
func RuleName(g *eval.Game, m *engine.Move) string {
	if m.Pass || m.Rule < 0 {
		return "pass"
	}
	return g.Rules[m.Rule].String()
}

// Normalize folds runs of white space so that typed move text compares with written text.
func Normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// Play applies a sequence of parts written in the ZSG dialect, separated by ";", to s,
// checking each against the legal moves. It returns the state after them.
func Play(g *eval.Game, s *engine.State, text string) (*engine.State, error) {
	cur := s.Clone()
	for i, item := range strings.Split(text, ";") {
		item = Normalize(item)
		if item == "" {
			continue
		}
		next, err := playPart(g, cur, item)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, item, err)
		}
		cur = next
	}
	return cur, nil
}

// playPart finds the legal part written as text and makes it.
func playPart(g *eval.Game, s *engine.State, text string) (*engine.State, error) {
	if g.Axiom() {
		// The first move the Forth lists with exactly this text, as Axiom matched.
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			return nil, err
		}
		var cands []string
		for i := range turns {
			if t := &turns[i]; len(t.Parts) == 1 && t.Parts[0].Text == text {
				return t.After, nil
			}
			cands = append(cands, Turn(g, s, &turns[i]))
		}
		return nil, fmt.Errorf("not a move the Forth generates here; it generates %q", cands)
	}
	if s.Cont == engine.NoLoc {
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			return nil, err
		}
		var cands []string
		for i := range turns {
			t := &turns[i]
			if Normalize(Part(g, s, &t.Parts[0])) == text {
				return g.MakePart(s, &t.Parts[0])
			}
			cands = append(cands, Part(g, s, &t.Parts[0]))
		}
		return nil, notLegal(cands)
	}
	moves, err := g.Parts(s, nil)
	if err != nil {
		return nil, err
	}
	var cands []string
	for i := range moves {
		if Normalize(Part(g, s, &moves[i])) == text {
			return g.MakePart(s, &moves[i])
		}
		cands = append(cands, Part(g, s, &moves[i]))
	}
	return nil, notLegal(cands)
}

func notLegal(cands []string) error {
	if len(cands) == 0 {
		return fmt.Errorf("not legal: there is no legal move")
	}
	if len(cands) > 12 {
		cands = append(cands[:12], fmt.Sprintf("... and %d more", len(cands)-12))
	}
	return fmt.Errorf("not legal; legal moves here:\n  %s", strings.Join(cands, "\n  "))
}
