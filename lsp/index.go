package lsp

import (
	"strings"

	"github.com/zoggo/zoggo/zrf"
)

// This file finds the names a rules file defines, where, and every place an atom is
// written, in the sources as written (macro bodies included). The names are found by
// the shape of the forms that define them, wherever they stand: a piece defined in a
// macro body is found in the body.

// symKind says what a name names.
type symKind uint8

const (
	symMacro symKind = iota
	symGame
	symVariant
	symPiece
	symAttribute
	symDirection
	symPosition
	symZone
)

var symNames = [...]string{
	symMacro: "macro", symGame: "game", symVariant: "variant", symPiece: "piece",
	symAttribute: "attribute", symDirection: "direction", symPosition: "position", symZone: "zone",
}

func (k symKind) String() string { return symNames[k] }

// maxGridNames bounds the position names one grid's dimensions make.
const maxGridNames = 1 << 14

// def is one definition of a name.
type def struct {
	kind     symKind
	name     string
	src      *source
	off, end int       // the name where it is defined (for a grid's positions, its dimensions)
	form     *zrf.Node // the defining form: (define ...), (piece ...), (game ...)
}

// ref is one place an atom is written.
type ref struct {
	src      *source
	off, end int
}

// index holds the definitions and the atoms of an analysis's sources.
type index struct {
	defs  map[string][]*def
	refs  map[string][]ref
	order []*def // in the order found
}

func buildIndex(srcs []*source) *index {
	x := &index{defs: map[string][]*def{}, refs: map[string][]ref{}}
	for _, s := range srcs {
		for _, n := range s.nodes {
			x.walk(s, n, 0)
		}
	}
	return x
}

func (x *index) add(k symKind, s *source, n, form *zrf.Node) {
	name := n.Text
	if name == "" || strings.IndexByte(name, '$') >= 0 {
		return
	}
	if k == symDirection {
		for _, d := range x.defs[name] {
			if d.kind == symDirection {
				return // links name a direction again: the first place defines it
			}
		}
	}
	d := &def{kind: k, name: name, src: s, off: s.offset(n.Pos), end: s.end(n), form: form}
	x.defs[name] = append(x.defs[name], d)
	x.order = append(x.order, d)
}

// child returns the first argument of the list headed by head among n's arguments.
func child(n *zrf.Node, head string) *zrf.Node {
	for _, c := range n.Args() {
		if c.Head() == head {
			if a := c.Args(); len(a) > 0 {
				return a[0]
			}
		}
	}
	return nil
}

func (x *index) walk(s *source, n *zrf.Node, depth int) {
	if n.Kind == zrf.Atom {
		off := s.offset(n.Pos)
		x.refs[n.Text] = append(x.refs[n.Text], ref{s, off, off + len(n.Text)})
		return
	}
	if n.Kind != zrf.List || depth > zrf.MaxNesting {
		return
	}
	args := n.Args()
	switch n.Head() {
	case "define":
		if len(args) > 0 && args[0].Kind == zrf.Atom {
			x.add(symMacro, s, args[0], n)
		}
	case "game", "variant":
		k := symGame
		if n.Head() == "variant" {
			k = symVariant
		}
		if t := child(n, "title"); t != nil && t.Kind == zrf.String {
			x.add(k, s, t, n)
		}
	case "piece":
		if t := child(n, "name"); t != nil && t.Kind == zrf.Atom {
			x.add(symPiece, s, t, n)
		}
	case "zone":
		if t := child(n, "name"); t != nil && t.Kind == zrf.Atom {
			x.add(symZone, s, t, n)
		}
	case "attribute":
		if len(args) > 0 && args[0].Kind == zrf.Atom {
			x.add(symAttribute, s, args[0], n)
		}
	case "directions":
		for _, a := range args {
			if a.Kind == zrf.List && len(a.List) > 0 && a.List[0].Kind == zrf.Atom {
				x.add(symDirection, s, a.List[0], n)
			}
		}
	case "links":
		if len(args) > 0 && args[0].Kind == zrf.Atom {
			x.add(symDirection, s, args[0], n)
		}
	case "positions":
		for _, a := range args {
			if a.Kind == zrf.List && len(a.List) > 0 && a.List[0].Kind == zrf.Atom {
				x.add(symPosition, s, a.List[0], n)
			}
		}
	case "dummy":
		for _, a := range args {
			if a.Kind == zrf.Atom {
				x.add(symPosition, s, a, n)
			}
		}
	case "dimensions":
		x.grid(s, n)
	}
	for _, c := range n.List {
		x.walk(s, c, depth+1)
	}
}

// grid defines the positions a dimensions form names: one name of each dimension,
// joined, at the form's first string.
func (x *index) grid(s *source, n *zrf.Node) {
	var dims [][]string
	var at *zrf.Node
	total := 1
	for _, d := range n.Args() {
		if d.Kind != zrf.List || len(d.List) == 0 || d.List[0].Kind != zrf.String {
			return
		}
		if at == nil {
			at = d.List[0]
		}
		names := strings.Split(d.List[0].Text, "/")
		total *= len(names)
		if total > maxGridNames || strings.IndexByte(d.List[0].Text, '$') >= 0 {
			return
		}
		dims = append(dims, names)
	}
	if at == nil {
		return
	}
	names := []string{""}
	for _, d := range dims {
		var next []string
		for _, p := range names {
			for _, q := range d {
				next = append(next, p+q)
			}
		}
		names = next
	}
	off, end := s.offset(at.Pos), s.end(at)
	for _, name := range names {
		if name == "" {
			continue
		}
		d := &def{kind: symPosition, name: name, src: s, off: off, end: end, form: n}
		x.defs[name] = append(x.defs[name], d)
		x.order = append(x.order, d)
	}
}

// path returns the nodes of s that hold offset off, outermost first.
func (s *source) path(off int) []*zrf.Node {
	var out []*zrf.Node
	nodes := s.nodes
	for len(out) <= zrf.MaxNesting {
		var next *zrf.Node
		for _, n := range nodes {
			if o := s.offset(n.Pos); o <= off && off <= s.end(n) {
				next = n
				break
			}
		}
		if next == nil {
			break
		}
		out = append(out, next)
		if next.Kind != zrf.List {
			break
		}
		nodes = next.List
	}
	return out
}
