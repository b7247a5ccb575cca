// Package engines speaks the protocols of external game engines: UCI (chess-like games)
// and GTP (Go-like games), both ways. zoggo serves a rules file as an engine
// (ServeUCI, ServeGTP), and an external engine plays as an ai.Agent (NewUCIPlayer,
// NewGTPPlayer). Moves are mapped through the rules' position and piece names (Text,
// Find), never per game. Nothing here prints: the protocols are read from and written
// to the streams given, and errors are returned.
package engines

import (
	"fmt"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Pass is the text of a pass; UCI writes it "0000".
const Pass = "pass"

// Text returns the coordinate text of turn t made in the position before, in lower
// case: "pass" for a pass; for a drop (the first change of the turn drops or creates a
// piece) the name of the position dropped on ("d4"); otherwise the names of the
// position the moving piece leaves and of the one it ends the turn on ("e2e4"),
// followed by the promoted type's letter when the turn changes the type of that piece
// ("e7e8q"). The moving piece is the one the first part moves first (the piece the
// block moves with its add, listed before its cascades: in castling the king, not the
// rook), followed from part to part. The letter is the type's (notation ...), else its name's first letter.
func Text(g *eval.Game, before *engine.State, t *eval.Turn) string {
	if len(t.Parts) == 0 {
		return Pass
	}
	first := &t.Parts[0]
	if first.Pass {
		return Pass
	}
	locs := g.Board.Locs
	if len(first.Changes) > 0 {
		if c := first.Changes[0]; c.Op == engine.OpDrop || c.Op == engine.OpCreate {
			return strings.ToLower(locs[c.To].Name)
		}
	}
	from := engine.NoLoc
	for _, c := range first.Changes {
		if c.Op == engine.OpMove || c.Op == engine.OpCopy {
			from = c.From
			break
		}
	}
	if from == engine.NoLoc {
		// No movement: name the first position the part changes.
		for _, c := range first.Changes {
			if c.To >= 0 && int(c.To) < len(locs) {
				return strings.ToLower(locs[c.To].Name)
			}
		}
		return Pass
	}
	kind := engine.NoKind
	if int(from) < len(before.Cells) {
		kind = before.Cells[from].Kind()
	}
	at := from
	promo := engine.NoKind
	for pi := range t.Parts {
		for _, c := range t.Parts[pi].Changes {
			switch c.Op {
			case engine.OpMove, engine.OpCopy:
				if c.From == at {
					at = c.To
				}
			}
		}
		// Type changes are made after the movements of their part (engine.Op).
		for _, c := range t.Parts[pi].Changes {
			if c.Op == engine.OpType && c.To == at {
				promo = c.Kind
			}
		}
	}
	s := strings.ToLower(locs[from].Name + locs[at].Name)
	if promo != engine.NoKind && promo != kind {
		s += Letter(g, promo)
	}
	return s
}

// Letter returns the lower-case letter of piece type k: its (notation ...) or the first
// letter of its name.
func Letter(g *eval.Game, k engine.Kind) string {
	p := g.Pieces[k]
	if p.Notation != "" {
		return strings.ToLower(p.Notation[:1])
	}
	return strings.ToLower(p.Name[:1])
}

// Find returns the index of the turn among turns (the legal turns of before) whose
// Text is text, compared without case. An unknown text and one that two turns share are
// errors that say so.
func Find(g *eval.Game, before *engine.State, turns []eval.Turn, text string) (int, error) {
	want := strings.ToLower(strings.TrimSpace(text))
	if want == "0000" {
		want = Pass
	}
	found := -1
	for i := range turns {
		if Text(g, before, &turns[i]) != want {
			continue
		}
		if found >= 0 {
			return -1, fmt.Errorf("move %q is ambiguous: two legal turns read so", text)
		}
		found = i
	}
	if found < 0 {
		return -1, fmt.Errorf("move %q is not legal here", text)
	}
	return found, nil
}
