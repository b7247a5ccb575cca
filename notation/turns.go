package notation

// This file writes the legal turns of a position for people to choose from, in both
// notations, and finds the turn a person typed. The terminal player and the game server
// both show and read turns this way.

import (
	"slices"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// TurnText is a legal turn written in both notations: ZSG (parts joined with "; ") and
// named notation (parts joined with " + ").
type TurnText struct{ ZSG, Named string }

// DescribeTurns writes every turn of s in ZSG and in named notation. A part's named text
// is told apart from the other parts that could be made at that point: the first parts of
// all turns, then the next parts of the turns that began alike.
func DescribeTurns(g *eval.Game, s *engine.State, turns []eval.Turn) []TurnText {
	out := make([]TurnText, len(turns))
	named := make([][]string, len(turns))
	idx := make([]int, len(turns))
	for i := range turns {
		out[i].ZSG = Turn(g, s, &turns[i])
		idx[i] = i
	}
	nameParts(g, s, turns, idx, 0, named)
	for i := range turns {
		out[i].Named = strings.Join(named[i], " + ")
	}
	return out
}

// nameParts names part k of the turns idx, which agree on their first k parts, in state s
// (before part k). Its depth is bounded by the parts of a turn (eval.MaxParts).
func nameParts(g *eval.Game, s *engine.State, turns []eval.Turn, idx []int, k int, named [][]string) {
	var cands []*engine.Move
	var groups [][]int
	for _, i := range idx {
		if len(turns[i].Parts) <= k {
			continue
		}
		m := &turns[i].Parts[k]
		j := slices.IndexFunc(cands, m.Equal)
		if j < 0 {
			cands = append(cands, m)
			groups = append(groups, nil)
			j = len(cands) - 1
		}
		groups[j] = append(groups[j], i)
	}
	for j, m := range cands {
		text := Named(g, s, m, cands)
		var rest []int
		for _, i := range groups[j] {
			named[i] = append(named[i], text)
			if len(turns[i].Parts) > k+1 {
				rest = append(rest, i)
			}
		}
		if len(rest) > 0 {
			next := s.Clone()
			g.Apply(next, m)
			nameParts(g, next, turns, rest, k+1, named)
		}
	}
}

// NameTurn writes turn i of the legal turns of s in named notation, as DescribeTurns
// does, without naming the others.
func NameTurn(g *eval.Game, s *engine.State, turns []eval.Turn, i int) string {
	idx := make([]int, len(turns))
	for j := range idx {
		idx[j] = j
	}
	cur := s
	out := make([]string, len(turns[i].Parts))
	for k := range turns[i].Parts {
		mine := &turns[i].Parts[k]
		var cands []*engine.Move
		var rest []int
		for _, j := range idx {
			if len(turns[j].Parts) <= k {
				continue
			}
			m := &turns[j].Parts[k]
			if !slices.ContainsFunc(cands, m.Equal) {
				cands = append(cands, m)
			}
			if m.Equal(mine) {
				rest = append(rest, j)
			}
		}
		out[k] = Named(g, cur, mine, cands)
		idx = rest
		if k+1 < len(turns[i].Parts) {
			if cur == s {
				cur = s.Clone()
			}
			g.Apply(cur, mine)
		}
	}
	return strings.Join(out, " + ")
}

// CanonMove normalises typed or written move text: white space folded, and the
// separators of parts ("; " in ZSG, " + " in named notation) spaced alike.
func CanonMove(s string) string {
	for _, sep := range []string{";", "+"} {
		items := strings.Split(s, sep)
		for i := range items {
			items[i] = Normalize(items[i])
		}
		s = strings.Join(items, " "+sep+" ")
	}
	return Normalize(s)
}

// MatchTurn returns the indexes of the turns that text names, in either notation: those
// whose text is the same once normalised (CanonMove), or, when none is, the same but
// for case. More than one index means the text is ambiguous; none, that it names no
// legal turn.
func MatchTurn(texts []TurnText, text string) []int {
	want := CanonMove(text)
	for _, fold := range []bool{false, true} {
		var found []int
		for i, t := range texts {
			for _, c := range []string{CanonMove(t.ZSG), CanonMove(t.Named)} {
				if c == want || fold && strings.EqualFold(c, want) {
					found = append(found, i)
					break
				}
			}
		}
		if len(found) > 0 {
			return found
		}
	}
	return nil
}
