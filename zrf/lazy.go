package zrf

// Deferred move blocks. Nearly every node expansion makes (97% over the corpus) stands
// inside a move block, the list of instructions of a (moves ...) or (drops ...) form, and
// loading a file for play compiles the move code of the variant played only. LoadLazy
// therefore leaves the inside of such blocks unexpanded: the block's node is made, with
// its position and Site, but its List stays nil until Expanded.Force expands it, with the
// same scope, arguments and bounds as expanding it at once would have used, giving the
// same nodes and Sites.
//
// A block is deferred only where expanding it could not change what a reader sees of it
// before it is forced: it is a list that is not an invocation, its first element is not
// an atom with a $ or a list whose head could name a macro (so its head stays what it
// is), it is not a (move-type ...) or (owner ...) header, and it is not static (a static
// block costs one node either way). Blocks in arguments of invocations and in text
// substituted for $n are expanded at once.

import (
	"io/fs"
	"strings"
	"sync"
)

// lazyBlocks holds the blocks an expansion deferred, for Force.
type lazyBlocks struct {
	mu   sync.Mutex
	x    *expander
	todo map[*Node]*lazyBlock
}

// lazyBlock is the expansion of one deferred block: the body text and the scope it is
// expanded in, then its errors once forced.
type lazyBlock struct {
	src  *Node
	env  *env
	done bool
	err  ErrorList
}

// LoadLazy is Load, but the move blocks of the file are expanded only when Force asks
// for them (see the head of lazy.go). Errors inside a deferred block are not reported by
// LoadLazy but by Force, and Created counts the nodes made so far.
func LoadLazy(fset *FileSet, fsys fs.FS, name string, lim Limits) (*Expanded, error) {
	return load(fset, fsys, name, lim, true)
}

// Force expands n if it is a deferred block, filling in its List, and returns the errors
// its expansion met (an ErrorList), the same errors on every call. Any other node is
// left as it is. It is safe for concurrent use, and a reader of n.List must call it first.
func (ex *Expanded) Force(n *Node) error {
	if ex == nil || ex.lazy == nil {
		return nil
	}
	l := ex.lazy
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.todo[n]
	if b == nil {
		return nil
	}
	if !b.done {
		b.done = true
		b.err = l.x.force(n, b)
	}
	if len(b.err) == 0 {
		return nil
	}
	return b.err
}

// force expands the items of the deferred block n as node would have, with its bail-outs
// recovered, and returns the errors added meanwhile.
func (x *expander) force(n *Node, b *lazyBlock) (errs ErrorList) {
	n0 := len(x.errs)
	defer func() {
		if r := recover(); r != nil {
			if bo, ok := r.(bailout); ok {
				x.errs.Add(bo.err)
			} else {
				x.errs.Add(x.fset.NewError(n.Pos, n.Site, "internal error: expander: %v", r))
			}
		}
		errs = append(ErrorList(nil), x.errs[n0:]...)
		x.errs = x.errs[:n0]
		errs.Sort()
	}()
	items, _ := x.list(b.src.List, b.env, true)
	n.List = items
	return nil
}

// deferrable reports whether the item it of a macro body of invocation e, spliced into
// a moves or drops list, may be deferred (see the head of the file).
func (x *expander) deferrable(it *Node, e *env) bool {
	return it.Kind == List && len(it.List) > 0 && x.plainHead(it.List, e, 0) && !x.static(it)
}

// plainHead reports whether the first element that expanding items in invocation e
// gives is sure not to be an atom "move-type" or "owner", the heads that compile reads
// of a block before its move code: an atom without $ other than those, a whole $n of e
// whose argument is such an atom or a string, a list that is not an invocation, or an
// invocation whose body begins so (looked into at most eight deep). Anything else may
// turn into anything, and is expanded at once.
func (x *expander) plainHead(items []*Node, e *env, depth int) bool {
	if len(items) == 0 || depth > 8 {
		return false
	}
	switch h := items[0]; h.Kind {
	case Atom:
		if depth == 0 && len(h.Text) > 1 && h.Text[0] == '$' {
			// A whole $n of this invocation: its argument, substituted already.
			if arg, _, width := paramAt(h.Text, 0, e); arg != nil && width == len(h.Text) {
				return arg.Kind == String || arg.Kind == Atom && arg.Text != "move-type" && arg.Text != "owner"
			}
		}
		return strings.IndexByte(h.Text, '$') < 0 && h.Text != "move-type" && h.Text != "owner"
	case String:
		return true
	}
	h := items[0].List
	if len(h) == 0 || h[0].Kind != Atom {
		return true
	}
	if strings.IndexByte(h[0].Text, '$') >= 0 {
		return false
	}
	m, ok := x.macros[h[0].Text]
	if !ok {
		return true
	}
	return x.plainHead(m.Body, e, depth+1)
}

// deferBlock makes the node of a deferred block of invocation e, as node(it, e, true)
// would make it but for its List, and keeps e and every scope around it from reuse.
func (x *expander) deferBlock(it *Node, e *env) *Node {
	n := x.newNode(Node{Kind: List, Pos: it.Pos, Site: e.site})
	for s := e; s != nil && !s.kept; s = s.parent {
		s.kept = true
	}
	x.lazy.todo[n] = &lazyBlock{src: it, env: e}
	return n
}

// isBlocks reports whether items are those of a moves or drops list.
func isBlocks(items []*Node) bool {
	return len(items) > 0 && items[0].Kind == Atom && (items[0].Text == "moves" || items[0].Text == "drops")
}

// Alike reports whether a and b are blocks LoadLazy deferred (forced or not) that expand
// to trees with the same kinds, atoms and strings in the same lists, known without
// expanding them: the same body text, expanded in scopes that are the same invocations
// of the same macros, as deep, with alike arguments all the way out. Their positions and
// Sites may differ. When it returns false, they may still be alike.
func (ex *Expanded) Alike(a, b *Node) bool {
	if ex == nil || ex.lazy == nil {
		return false
	}
	l := ex.lazy
	l.mu.Lock()
	defer l.mu.Unlock()
	p, q := l.todo[a], l.todo[b]
	if p == nil || q == nil || p.src != q.src {
		return false
	}
	e, f := p.env, q.env
	for ; e != nil && f != nil && e != f; e, f = e.parent, f.parent {
		if e.macro != f.macro || e.depth != f.depth || len(e.args) != len(f.args) {
			return false
		}
		for i := range e.args {
			if !alikeTrees(e.args[i], f.args[i]) {
				return false
			}
		}
	}
	return e == f
}

// alikeTrees reports whether two trees hold the same kinds, atoms and strings in the
// same lists. The depth of a tree is bounded by the reader and by expansion's MaxDepth.
func alikeTrees(a, b *Node) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind || a.Text != b.Text || len(a.List) != len(b.List) {
		return false
	}
	for i := range a.List {
		if !alikeTrees(a.List[i], b.List[i]) {
			return false
		}
	}
	return true
}

// MayHold reports whether n, a block LoadLazy deferred and not yet forced, may hold an
// atom of names once expanded; it is false only when none can appear: no atom of names
// in the block's text, in the bodies of the macros it may invoke, or in the arguments of
// the invocations around it, and no atom there pasted from parts ("x-$1"). For any other
// node it is true: the caller reads the node itself.
func (ex *Expanded) MayHold(n *Node, names map[string]bool) bool {
	if ex == nil || ex.lazy == nil {
		return true
	}
	l := ex.lazy
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.todo[n]
	if b == nil || b.done {
		return true
	}
	for name := range names {
		if strings.IndexByte(name, '$') >= 0 {
			return true
		}
	}
	h := holder{x: l.x, names: names, seen: map[*Macro]bool{}}
	if h.may(b.src) {
		return true
	}
	for e := b.env; e != nil; e = e.parent {
		for _, a := range e.args {
			if h.may(a) {
				return true
			}
		}
	}
	return false
}

// holder walks text for MayHold.
type holder struct {
	x     *expander
	names map[string]bool
	seen  map[*Macro]bool // macros whose bodies were walked
}

// may reports whether expanding n may give an atom of h.names: whole $n atoms stand for
// arguments, which MayHold walks apart.
func (h *holder) may(n *Node) bool {
	switch n.Kind {
	case Atom:
		if i := strings.IndexByte(n.Text, '$'); i >= 0 {
			return !wholeParam(n.Text)
		}
		if h.names[n.Text] {
			return true
		}
		if m, ok := h.x.macros[n.Text]; ok && !h.seen[m] {
			// Any atom naming a macro may head an invocation, here or once spliced.
			h.seen[m] = true
			for _, c := range m.Body {
				if h.may(c) {
					return true
				}
			}
		}
	case List:
		for _, c := range n.List {
			if h.may(c) {
				return true
			}
		}
	}
	return false
}

// wholeParam reports whether t is $1 to $9 and nothing else. ($10 and up are $1 followed
// by a digit when the invocation has fewer arguments: a pasted atom.)
func wholeParam(t string) bool {
	return len(t) == 2 && t[0] == '$' && t[1] >= '1' && t[1] <= '9'
}
