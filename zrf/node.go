package zrf

import (
	"strconv"
	"strings"
)

// Kind says what a Node is.
type Kind uint8

// The three kinds of node. The reader knows nothing else: keywords, numbers and names are
// all atoms until a later pass gives them meaning.
const (
	Atom   Kind = iota // a bare word: add, a1, $1-B, -12
	String             // text between double quotes, without the quotes
	List               // a parenthesised list
)

var kindNames = [...]string{Atom: "atom", String: "string", List: "list"}

// String returns the kind's name as used in messages ("expected a list, found an atom").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "node"
}

// Node is one element of the s-expression tree. Nodes are never changed once built, so
// the expander shares unchanged subtrees between expansions, and one node between the
// substitutions of a $n that come out the same, Site included (see paramKey): a node
// may stand at several places of a tree. The one exception: the List of a block that
// LoadLazy deferred is filled in once, by Expanded.Force, which a reader calls first.
//
// Expansion makes millions of nodes, so a Node is kept small (56 bytes): the expander's
// flags and a 32-bit Pos share a word with Kind, and a list keeps no position of its
// closing parenthesis, which nothing reads.
type Node struct {
	Kind  Kind
	flags uint8  // expander bookkeeping on macro bodies
	Pos   Pos    // where the node's text starts in the source
	Text  string // atom text or string contents (raw bytes, not decoded)
	List  []*Node
	Site  *Site // how macro expansion produced the node; see SiteIn
}

// fill sets the fields of n, a zero node from blocks.zero, to those of v, writing only
// the ones that are set (see blocks.zero).
func (n *Node) fill(v *Node) *Node {
	n.Kind, n.flags, n.Pos = v.Kind, v.flags, v.Pos
	if v.Text != "" {
		n.Text = v.Text
	}
	if v.List != nil {
		n.List = v.List
	}
	if v.Site != nil {
		n.Site = v.Site
	}
	return n
}

const (
	flagChecked uint8 = 1 << iota
	flagStatic
)

// SiteIn returns how expansion produced n, given the Site that applies to its parent. The
// expander shares subtrees of macro bodies that need no substitution between all the
// places a macro is used; nodes inside them have no Site of their own, and the nearest
// ancestor's applies. Walkers pass down the result: site = child.SiteIn(site).
func (n *Node) SiteIn(parent *Site) *Site {
	if n.Site != nil {
		return n.Site
	}
	return parent
}

// IsAtom reports whether n is the atom text.
func (n *Node) IsAtom(text string) bool { return n != nil && n.Kind == Atom && n.Text == text }

// Head returns the text of a list's first element when it is an atom, or "".
func (n *Node) Head() string {
	if n == nil || n.Kind != List || len(n.List) == 0 || n.List[0].Kind != Atom {
		return ""
	}
	return n.List[0].Text
}

// Args returns a list's elements after the head. It is nil for atoms and empty lists.
func (n *Node) Args() []*Node {
	if n == nil || n.Kind != List || len(n.List) == 0 {
		return nil
	}
	return n.List[1:]
}

// Describe names the node for a message: `atom "add"`, `string "Chess"`, `list (moves ...)`.
func (n *Node) Describe() string {
	switch n.Kind {
	case Atom:
		return "atom " + quote(n.Text)
	case String:
		return "string " + quote(n.Text)
	}
	if h := n.Head(); h != "" {
		return "list (" + h + " ...)"
	}
	if len(n.List) == 0 {
		return "empty list ()"
	}
	return "list"
}

// String prints the node as an s-expression on one line. Strings are printed between
// quotes as they were read; since ZRF strings have no escapes, printing and reading again
// gives the same tree.
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	switch n.Kind {
	case Atom:
		b.WriteString(n.Text)
	case String:
		b.WriteByte('"')
		b.WriteString(n.Text)
		b.WriteByte('"')
	case List:
		b.WriteByte('(')
		for i, c := range n.List {
			if i > 0 {
				b.WriteByte(' ')
			}
			c.write(b)
		}
		b.WriteByte(')')
	}
}

// Site records one step of macro expansion that produced a node. A node copied from a
// macro body points at the invocation; a node substituted for $n points at the $n in the
// body. Parent is the step before, so following Parent walks out to the text as written.
//
// Expansion makes millions of Sites too: the two Pos fields stand side by side so that a
// Site is 64 bytes, not 72.
type Site struct {
	Macro  string
	Call   Pos     // the invocation form
	At     Pos     // Param > 0: where $n stands in the macro body
	Param  int     // 0: copied from the body; n: substituted for $n
	Args   []*Node // the invocation's arguments, substituted (body steps only)
	Parent *Site
}

// Depth returns the number of steps in the chain.
func (s *Site) Depth() int {
	d := 0
	for ; s != nil; s = s.Parent {
		d++
	}
	return d
}

// quote quotes user text for a message, as %q does.
func quote(s string) string { return strconv.Quote(s) }
