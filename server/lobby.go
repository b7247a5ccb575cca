package server

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/zoggo/zoggo/engine"
)

// The lobby shows one card per rules file, with a chooser of its variants, and one card
// for a series of files. What it needs to group them is found here, from the rules.

// series returns, for the files of the catalogue that belong to a series, the series'
// name: files of one folder whose default games are titled alike once a number or a
// closing part in brackets is taken off ("Sokoban (Level 11)", "Sokoban (Level 21)").
func (c *Catalogue) series() map[*entry]string {
	groups := map[[2]string][]*entry{}
	for _, e := range c.entries {
		if e.f == nil {
			continue
		}
		t := defaultTitle(variants(e))
		k := [2]string{path.Dir(e.name), seriesStem(t)}
		if k[1] == "" {
			continue
		}
		groups[k] = append(groups[k], e)
	}
	out := map[*entry]string{}
	for k, es := range groups {
		if len(es) < 2 {
			continue
		}
		for _, e := range es {
			out[e] = k[1]
		}
	}
	return out
}

// defaultTitle returns the title of the game a file opens with (as eval.File.Default
// chooses it).
func defaultTitle(vs []*engine.Game) string {
	if i := slices.IndexFunc(vs, func(v *engine.Game) bool { return v.Default }); i >= 0 {
		return vs[i].Title
	}
	if i := slices.IndexFunc(vs, func(v *engine.Game) bool { return !v.Variant }); i >= 0 {
		return vs[i].Title
	}
	if len(vs) > 0 {
		return vs[0].Title
	}
	return ""
}

// seriesStem takes off a title's trailing numbers and closing bracketed part.
func seriesStem(title string) string {
	t := strings.TrimSpace(title)
	for range 8 {
		u := strings.TrimRight(t, " \t0123456789.,:#-_")
		if strings.HasSuffix(u, ")") {
			if i := strings.LastIndex(u, "("); i > 0 {
				u = u[:i]
			}
		}
		u = strings.TrimSpace(u)
		if u == t {
			break
		}
		t = u
	}
	return t
}

// position reports whether variant i of a file is its game from another start position
// (a test position such as Kiwipete, a puzzle's level): a variant with the players,
// board, piece types, options, move rules and goals of the game it follows in the file,
// and another setup.
func position(vs []*engine.Game, i int) bool {
	v := vs[i]
	if !v.Variant {
		return false
	}
	base := -1
	for j := i - 1; j >= 0; j-- {
		if !vs[j].Variant {
			base = j
			break
		}
	}
	if base < 0 {
		return false
	}
	b := vs[base]
	name := func(p engine.PlayerInfo) string { return p.Name }
	pname := func(p *engine.Piece) string { return p.Name }
	return slices.Equal(mapped(v.Players, name), mapped(b.Players, name)) &&
		slices.Equal(mapped(v.Pieces, pname), mapped(b.Pieces, pname)) &&
		len(v.Board.Locs) == len(b.Board.Locs) && len(v.Rules) == len(b.Rules) && len(v.Goals) == len(b.Goals) &&
		len(v.TurnOrder.Entries) == len(b.TurnOrder.Entries) && maps.Equal(v.Options.All, b.Options.All) &&
		(!slices.Equal(v.Setup, b.Setup) || !slices.Equal(v.Stock, b.Stock))
}

func mapped[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// variants returns the games of a loaded entry, in file order.
func variants(e *entry) []*engine.Game {
	out := make([]*engine.Game, len(e.f.Variants))
	for i, v := range e.f.Variants {
		out[i] = v.Game
	}
	return out
}
