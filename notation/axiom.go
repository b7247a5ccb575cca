package notation

// This file replays the saved games of Axiom games. Their move lines are the strings the
// Forth engine printed, and Axiom matched a line against the moves it generated in their
// order, taking the first with exactly that text. Replay does the same: no tiers, no
// reordering, because a looser match could pick another move that prints alike.

import (
	"fmt"
	"strconv"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// lineText returns a move line as the engine printed it: the partial prefix the parser
// took off put back, white space folded.
func lineText(ml MoveLine) string {
	text := ml.Text
	if ml.Pass && text == "" {
		text = "Pass"
	}
	if ml.Partial >= 0 {
		text = "partial " + strconv.Itoa(ml.Partial) + " " + text
	}
	return Normalize(text)
}

// replayAxiom replays the move lines of sg in an Axiom game.
func replayAxiom(g *eval.Game, sg *SavedGame, name string, lim Limits) (*Replayed, error) {
	if len(sg.Edits) > 0 {
		return nil, &ParseError{name, sg.Edits[0].Line, "board edits in a saved game of an Axiom game are not supported"}
	}
	if err := g.Ready(); err != nil {
		return nil, err
	}
	s := g.NewState()
	r := &Replayed{Game: g, Start: s}
	ws := g.NewWorkspace()
	var turns []eval.Turn // the turns that begin with the parts made so far this turn
	made := 0             // parts of the turn in progress made so far
	for _, ml := range sg.Moves {
		before := s
		if err := lim.check(name, ml.Line); err != nil {
			r.Final = before
			return r, err
		}
		text := lineText(ml)
		if made == 0 {
			var err error
			if turns, err = ws.Turns(s); err != nil {
				r.Final = before
				return r, fmt.Errorf("%s:%d: %w", name, ml.Line, err)
			}
		}
		var cands []string
		k := -1
		for i := range turns {
			if t := &turns[i]; len(t.Parts) > made {
				if t.Parts[made].Text == text {
					k = i
					break
				}
				cands = append(cands, t.Parts[made].Text)
			}
		}
		if k < 0 && text == "Pass" && len(turns) == 0 {
			after, err := g.Pass(s)
			if err != nil {
				r.Final = before
				return r, fmt.Errorf("%s:%d: %w", name, ml.Line, err)
			}
			s = after
			r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: engine.PassMove(), Before: before, After: s, EndsTurn: true}))
			continue
		}
		if k < 0 {
			r.Final = before
			return r, &Divergence{File: name, Line: ml.Line, Recorded: ml.Text, Before: before,
				Reason: fmt.Sprintf("no move of the %d the Forth generated prints as %q", len(cands), text), Candidates: cands}
		}
		t := turns[k]
		part := t.Parts[made]
		// Keep the turns that go on the same way.
		kept := turns[:0:0]
		for i := range turns {
			if len(turns[i].Parts) > made && turns[i].Parts[made].Text == text {
				kept = append(kept, turns[i])
			}
		}
		turns = kept
		made++
		ends := len(t.Parts) == made
		if ends {
			// A turn of partial moves shows its position once it ends: its plies before
			// the last keep the position before the turn.
			s = t.After
			made = 0
		}
		r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: part, Before: before, After: s, EndsTurn: ends}))
	}
	r.Final = s
	return r, nil
}
