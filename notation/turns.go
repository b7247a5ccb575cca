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
// named notation (parts joined with " + "). Short is the ZSG text without the changes of
// attributes ("@ e2 0 0"), unless another turn needs them to be told apart; Path is the
// squares the turn goes through (from, to, and each later part's destination), which is
// what players type (e2e4, e2-e4, e2xd3); Becomes, for a turn whose piece changes type
// at its destination (a promotion), that type's name and notation (e7e8q, e7e8=Queen).
type TurnText struct {
	ZSG, Named, Short string
	Path, Becomes     []string
}

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
		out[i].Path = path(g, &turns[i])
		out[i].Becomes = becomes(g, &turns[i])
	}
	shorten(out)
	return out
}

// shorten sets the Short text of every turn: its ZSG without attribute changes, unless
// that is the short text of another turn whose ZSG differs, when it keeps them.
func shorten(texts []TurnText) {
	count := map[string]int{}
	for i := range texts {
		texts[i].Short = withoutAttrs(texts[i].ZSG)
		count[texts[i].Short]++
	}
	full := map[string]int{}
	for _, t := range texts {
		full[t.ZSG]++
	}
	for i, t := range texts {
		if count[t.Short] > full[t.ZSG] {
			texts[i].Short = t.ZSG
		}
	}
}

// withoutAttrs removes the "@ POS I V" changes from each part of a ZSG turn; a part that
// is nothing else stays as it is.
func withoutAttrs(zsg string) string {
	parts := strings.Split(zsg, "; ")
	for k, p := range parts {
		w := strings.Fields(p)
		var keep []string
		for i := 0; i < len(w); i++ {
			if w[i] == "@" && i+3 < len(w) {
				i += 3
				continue
			}
			keep = append(keep, w[i])
		}
		if len(keep) > 0 {
			parts[k] = strings.Join(keep, " ")
		}
	}
	return strings.Join(parts, "; ")
}

// becomes returns the name and notation of the type that the piece of a turn's last part
// ends as, when it changes type there (Named writes that "= TYPE" when other turns make
// the same move), or nil.
func becomes(g *eval.Game, t *eval.Turn) []string {
	if len(t.Parts) == 0 || choice(g, &t.Parts[len(t.Parts)-1]) == "" {
		return nil
	}
	m := &t.Parts[len(t.Parts)-1]
	dest := m.Dest()
	for i := len(m.Changes) - 1; i >= 0; i-- {
		if c := &m.Changes[i]; c.Op == engine.OpType && c.To == dest {
			p := g.Pieces[c.Kind]
			if p.Notation != "" {
				return []string{p.Name, p.Notation}
			}
			return []string{p.Name}
		}
	}
	return nil
}

// path returns the squares a turn goes through: the first movement of each part, from and
// to (castling gives the king's), or a drop's square, with a square that repeats the one
// before it (the next part of a capture chain) written once.
func path(g *eval.Game, t *eval.Turn) []string {
	var out []string
	add := func(l engine.Loc) {
		n := g.Board.Locs[l].Name
		if len(out) == 0 || out[len(out)-1] != n {
			out = append(out, n)
		}
	}
	for k := range t.Parts {
		for _, c := range t.Parts[k].Changes {
			if (c.Op == engine.OpMove || c.Op == engine.OpCopy) && c.From != c.To {
				add(c.From)
				add(c.To)
				break
			}
			if c.Op == engine.OpDrop {
				add(c.To)
				break
			}
		}
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
	// Every candidate is named once, told apart from the others (Named would name them
	// all again for each).
	names := namedAll(g, s, cands)
	for j, m := range cands {
		text := names[j]
		if m.Text != "" {
			text = m.Text // an Axiom move: its text is its name
		}
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

// MatchTurn returns the indexes of the turns that text names: those whose text, in
// either notation or without its attribute changes (Short), is the same once normalised
// (CanonMove); when none is, the same but for case; when none is, those whose squares it
// gives as players type them (MatchPath). More than one index means the text is
// ambiguous; none, that it names no legal turn.
func MatchTurn(texts []TurnText, text string) []int {
	want := CanonMove(text)
	for _, fold := range []bool{false, true} {
		var found []int
		for i, t := range texts {
			for _, c := range []string{t.ZSG, t.Named, t.Short} {
				if c == "" {
					continue
				}
				c = CanonMove(c)
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
	var found []int
	for i, t := range texts {
		if MatchPath(t.Path, text) || matchBecomes(t, text) {
			found = append(found, i)
		}
	}
	return found
}

// matchBecomes reports whether text gives the squares of a turn followed by the type its
// piece becomes: its name, notation or initial, after "=" or not (e7e8q, e7e8=Q,
// e7-e8=Queen), ignoring case.
func matchBecomes(t TurnText, text string) bool {
	in := strings.Join(strings.Fields(text), "")
	for _, b := range t.Becomes {
		for _, mark := range []string{b, b[:1]} {
			if len(in) <= len(mark) || !strings.EqualFold(in[len(in)-len(mark):], mark) {
				continue
			}
			rest := strings.TrimSuffix(in[:len(in)-len(mark)], "=")
			if MatchPath(t.Path, rest) {
				return true
			}
		}
	}
	return false
}

// MatchPath reports whether text gives the squares of path as players type them: every
// square in order, or only the first and the last, ignoring case and white space, joined
// by nothing, "-", "x" or ":" (e2e4, e2 e4, e2-e4, e2xd3, a3xc5xe7, a3xe7).
func MatchPath(path []string, text string) bool {
	if len(path) == 0 {
		return false
	}
	in := strings.Join(strings.Fields(text), "")
	if in == "" {
		return false
	}
	if matchSquares(path, in) {
		return true
	}
	return len(path) > 2 && matchSquares([]string{path[0], path[len(path)-1]}, in)
}

// matchSquares matches in against the squares joined by separators. Square names may
// themselves hold a separator's character, so every way is tried; the depth is the
// length of the path.
func matchSquares(sq []string, in string) bool {
	if len(sq) == 0 {
		return in == ""
	}
	n := len(sq[0])
	if len(in) < n || !strings.EqualFold(in[:n], sq[0]) {
		return false
	}
	rest := in[n:]
	if len(sq) == 1 {
		return rest == ""
	}
	if matchSquares(sq[1:], rest) {
		return true
	}
	for _, sep := range []string{"-", "x", "X", ":"} {
		if strings.HasPrefix(rest, sep) && matchSquares(sq[1:], rest[len(sep):]) {
			return true
		}
	}
	return false
}
