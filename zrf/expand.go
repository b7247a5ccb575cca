package zrf

// Expansion turns the forms read from a rules file into forms with no include and no
// define left. It runs in three steps:
//
//  1. include forms at the top level are replaced by the top-level forms of the named
//     file, recursively, with cycles reported;
//  2. every top-level define is collected; definitions are global and order-independent,
//     and the last definition of a name wins (with a warning);
//  3. every other top-level form is expanded: a list whose head atom names a macro is
//     replaced by the macro's body, spliced into the parent list, with $1..$9 replaced in
//     whole atoms, inside atoms and inside strings.
//
// Parameters are scoped dynamically: when a body names $n and its invocation gave fewer
// than n arguments, $n comes from the enclosing invocation, and so on outward; at the
// outermost level it stays as written. Arguments are substituted in the caller's scope when
// the macro is invoked and are not substituted again.
//
// Every expanded node keeps the position where its text was written and a Site chain
// saying how expansion brought it there. Expansion is bounded in nesting depth and in the
// number of nodes it creates; exceeding either is an error, never a hang.

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Limits bound the work that a rules file can ask of the expander.
type Limits struct {
	MaxDepth int // nested macro invocations
	MaxNodes int // nodes created by expansion, over the whole file
}

// DefaultLimits are generous for every real file and bound what a hostile one costs (a
// file is loaded by a server from folders that strangers may fill): the largest corpus
// file creates about 1.4 million nodes expanded at once and nests macros eleven deep;
// four million nodes take about a second and 250 MB, where 40 million took half a minute
// and 2.5 GB.
var DefaultLimits = Limits{MaxDepth: 200, MaxNodes: 4_000_000}

// Macro is a define form.
type Macro struct {
	Name string
	Pos  Pos // the name in the define form
	Body []*Node
}

// Expanded is the result of Load or Expand: the top-level forms other than define and
// include, macro-expanded, and the macros that were defined.
type Expanded struct {
	Forms    []*Node
	Macros   map[string]*Macro
	Warnings ErrorList
	Created  int // nodes created by expansion (by LoadLazy: outside the deferred blocks)

	lazy *lazyBlocks // the blocks LoadLazy deferred, or nil
}

// Load reads the rules file name from fsys, splices its includes, and expands its macros.
// Names are slash-separated paths within fsys. The error, if any, is an ErrorList.
func Load(fset *FileSet, fsys fs.FS, name string, lim Limits) (*Expanded, error) {
	return load(fset, fsys, name, lim, false)
}

// load is Load, and LoadLazy when lazy is set.
func load(fset *FileSet, fsys fs.FS, name string, lim Limits, lazy bool) (*Expanded, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, ErrorList{{Pos: Position{Filename: name}, Msg: "cannot read rules file: " + errText(err)}}
	}
	nodes, err := Read(fset, name, src)
	if err != nil {
		return nil, AsList(err)
	}
	return expandWith(fset, fsys, name, nodes, lim, true, lazy)
}

func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Expand splices includes (read from fsys relative to the file name) and expands macros in
// the top-level nodes of one file.
func Expand(fset *FileSet, fsys fs.FS, name string, top []*Node, lim Limits) (*Expanded, error) {
	return expandWith(fset, fsys, name, top, lim, true, false)
}

// expand is Expand; without share, every substitution of a whole-atom $n makes a node of
// its own (see paramKey), which the tests use as the general path to compare with.
func expand(fset *FileSet, fsys fs.FS, name string, top []*Node, lim Limits, share bool) (res *Expanded, err error) {
	return expandWith(fset, fsys, name, top, lim, share, false)
}

// expandWith is expand; with lazy, move blocks are deferred (lazy.go).
func expandWith(fset *FileSet, fsys fs.FS, name string, top []*Node, lim Limits, share, lazy bool) (res *Expanded, err error) {
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = DefaultLimits.MaxDepth
	}
	if lim.MaxNodes <= 0 {
		lim.MaxNodes = DefaultLimits.MaxNodes
	}
	x := &expander{fset: fset, fsys: fsys, lim: lim, macros: map[string]*Macro{},
		slab: blocks[Node]{size: 4096}, sites: blocks[Site]{size: 1024}, items: blocks[*Node]{size: 4096},
		texts: map[string]string{}}
	if share {
		x.params = map[paramKey]*Node{}
	}
	if lazy {
		x.lazy = &lazyBlocks{x: x, todo: map[*Node]*lazyBlock{}}
	}
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(bailout); ok {
				x.errs.Add(b.err)
				x.errs.Sort()
				res, err = nil, x.errs
				return
			}
			res, err = nil, ErrorList{fset.NewError(NoPos, nil, "internal error: expander: %v", r)}
		}
	}()
	forms := x.includes(name, top, []string{name})
	var rest []*Node
	for _, f := range forms {
		if f.Head() == "define" {
			x.define(f)
			continue
		}
		rest = append(rest, f)
	}
	out := &Expanded{Macros: x.macros, lazy: x.lazy}
	for _, f := range rest {
		if f.Kind == List && len(f.List) > 0 {
			if _, ok := x.macros[f.Head()]; ok {
				x.errs.Add(fset.NodeError(f, "macro %q invoked at the top level; only game, variant, define, include and version may stand there", f.Head()))
				continue
			}
		}
		n, _ := x.node(f, nil, false)
		out.Forms = append(out.Forms, n)
	}
	out.Warnings = x.errs.Warnings()
	out.Created = x.nodes
	if x.errs.Err() != nil {
		x.errs.Sort()
		return nil, x.errs
	}
	return out, nil
}

type expander struct {
	fset   *FileSet
	fsys   fs.FS
	lim    Limits
	macros map[string]*Macro
	errs   ErrorList
	nodes  int
	slab   blocks[Node]
	sites  blocks[Site]       // Sites of macro invocations
	items  blocks[*Node]      // list items
	text   []byte             // substAtom's buffer
	texts  map[string]string  // the texts substitution made; see intern
	envs   []*env             // envs of finished invocations, for reuse
	params map[paramKey]*Node // the substitutions of whole-atom $n made so far (nil: none kept); see paramKey
	lazy   *lazyBlocks        // the blocks deferred (nil: none are); see lazy.go
	inArgs int                // > 0 while the arguments of an invocation are expanded: no block is deferred
}

// bailout stops expansion at once; Expand recovers it.
type bailout struct{ err *Error }

// includes replaces top-level include forms by the forms of the files they name.
func (x *expander) includes(name string, top []*Node, stack []string) []*Node {
	var out []*Node
	for _, f := range top {
		if f.Head() != "include" {
			out = append(out, f)
			continue
		}
		args := f.Args()
		if len(args) != 1 || args[0].Kind != String {
			x.errs.Add(x.fset.NodeError(f, "include takes one file name in double quotes"))
			continue
		}
		inc, err := resolvePath(x.fsys, path.Dir(name), args[0].Text)
		if err != nil {
			x.errs.Add(x.fset.NodeError(args[0], "cannot include %q: %v", args[0].Text, err))
			continue
		}
		for _, s := range stack {
			if s == inc {
				x.errs.Add(x.fset.NodeError(args[0], "include cycle: %s", strings.Join(append(stack, inc), " includes ")))
				inc = ""
				break
			}
		}
		if inc == "" {
			continue
		}
		if len(stack) > 50 {
			x.errs.Add(x.fset.NodeError(args[0], "includes nested more than 50 deep"))
			continue
		}
		src, err := fs.ReadFile(x.fsys, inc)
		if err != nil {
			x.errs.Add(x.fset.NodeError(args[0], "cannot include %q: %s", args[0].Text, errText(err)))
			continue
		}
		nodes, err := Read(x.fset, inc, src)
		if err != nil {
			x.errs = append(x.errs, AsList(err)...)
			continue
		}
		out = append(out, x.includes(inc, nodes, append(stack, inc))...)
	}
	return out
}

// The errors of ResolvePath, for callers that tell them apart.
var (
	ErrAbsolute = errors.New("absolute paths are not allowed")
	ErrOutside  = errors.New("path leaves the folder of the rules files")
	ErrNoFile   = errors.New("no such file")
)

// ResolvePath finds a file named in a rules file, relative to the folder dir of fsys.
// Names come from Windows: backslashes separate folders (doubled ones count once) and
// each component matches case-insensitively when no exact match exists. It fails with
// ErrAbsolute, ErrOutside or ErrNoFile.
func ResolvePath(fsys fs.FS, dir, name string) (string, error) {
	return resolvePath(fsys, dir, name)
}

func resolvePath(fsys fs.FS, dir, name string) (string, error) {
	name = strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(name, "/") || len(name) > 1 && name[1] == ':' {
		return "", ErrAbsolute
	}
	p := path.Clean(path.Join(dir, name))
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", ErrOutside
	}
	if _, err := fs.Stat(fsys, p); err == nil {
		return p, nil
	}
	// Match each component without regard to case.
	cur := "."
	for _, part := range strings.Split(p, "/") {
		entries, err := fs.ReadDir(fsys, cur)
		if err != nil {
			return "", ErrNoFile
		}
		found := ""
		for _, e := range entries {
			if e.Name() == part {
				found = part
				break
			}
			if found == "" && strings.EqualFold(e.Name(), part) {
				found = e.Name()
			}
		}
		if found == "" {
			return "", ErrNoFile
		}
		cur = path.Join(cur, found)
	}
	return cur, nil
}

func (x *expander) define(f *Node) {
	args := f.Args()
	if len(args) == 0 || args[0].Kind != Atom {
		x.errs.Add(x.fset.NodeError(f, "define needs a macro name"))
		return
	}
	name := args[0].Text
	if reserved[name] {
		x.errs.Add(x.fset.NodeError(args[0], "cannot define a macro named %q: it is a ZRF keyword", name))
		return
	}
	if old, ok := x.macros[name]; ok {
		e := x.fset.NodeError(args[0], "macro %q defined again; the last definition is used", name)
		e.Warn = true
		e.Notes = append(e.Notes, Note{Pos: x.fset.Position(old.Pos), Msg: "earlier definition"})
		x.errs.Add(e)
	}
	m := &Macro{Name: name, Pos: args[0].Pos, Body: args[1:]}
	x.macros[name] = m
}

// static reports whether a macro body node can be shared between expansions: it holds no
// $ and no list whose head could name a macro. Such a subtree carries no Site of its own;
// its nearest ancestor with a Site tells how it got where it is (see Node.Site).
func (x *expander) static(n *Node) bool {
	if n.flags&flagChecked != 0 {
		return n.flags&flagStatic != 0
	}
	st := true
	switch n.Kind {
	case Atom, String:
		st = strings.IndexByte(n.Text, '$') < 0
	case List:
		if h := n.Head(); h != "" {
			if _, ok := x.macros[h]; ok {
				st = false
			}
		}
		for _, c := range n.List {
			if !x.static(c) {
				st = false
			}
		}
	}
	n.flags |= flagChecked
	if st {
		n.flags |= flagStatic
	}
	return st
}

// reserved are the keywords that structure a file; a macro with one of these names would
// change the meaning of every file that uses it.
var reserved = map[string]bool{
	"define": true, "include": true, "game": true, "variant": true, "version": true,
}

// env is the scope of one macro invocation.
type env struct {
	macro  *Macro
	args   []*Node
	parent *env
	site   *Site // the Site of every node copied from this invocation's body
	depth  int
	kept   bool // a deferred block expands in this scope later: it is not reused
}

// lookup finds the argument for $n, looking outward when this invocation has fewer than n.
func (e *env) lookup(n int) *Node {
	for ; e != nil; e = e.parent {
		if n <= len(e.args) {
			return e.args[n-1]
		}
	}
	return nil
}

func (x *expander) newNode(n Node) *Node {
	x.count(&n)
	return x.slab.zero().fill(&n)
}

// count counts one node placed by expansion, made or shared, against the size bound.
func (x *expander) count(n *Node) {
	x.nodes++
	if x.nodes > x.lim.MaxNodes {
		x.runaway(n.Pos, n.Site)
	}
}

// runaway bails out of an expansion past MaxNodes. The error is at the outermost macro
// call that led to pos (the invocation in the file's own forms, where its author looks),
// with the chain of expansions down to pos as its notes.
func (x *expander) runaway(pos Pos, site *Site) {
	for s := site; s != nil; s = s.Parent {
		pos = s.Call
	}
	panic(bailout{x.fset.NewError(pos, site, "macro expansion creates more than %d nodes; is a macro runaway?", x.lim.MaxNodes)})
}

// newSite returns a new Site holding s, taken from a larger block. It writes only the
// fields that are set, one by one, as Node.fill does: copying the whole value goes through
// a bulk write barrier while the collector runs, for every pointer field, set or not.
func (x *expander) newSite(s Site) *Site {
	p := x.sites.zero()
	p.Macro, p.Call, p.At, p.Param = s.Macro, s.Call, s.At, s.Param
	if s.Args != nil {
		p.Args = s.Args
	}
	if s.Parent != nil {
		p.Parent = s.Parent
	}
	return p
}

// itemList returns an empty slice of nodes with room for n, taken from a larger block;
// appending past n moves it out.
func (x *expander) itemList(n int) []*Node { return x.items.slice(n)[:0] }

// node expands one node that is not itself an invocation. With subst, the node is macro
// body text of invocation e and is copied with its $n replaced. Without subst, it is text
// used as written (or an argument already substituted) and is shared unless a macro
// invocation inside it changes it. It reports whether the result differs from n.
func (x *expander) node(n *Node, e *env, subst bool) (*Node, bool) {
	switch n.Kind {
	case Atom, String:
		if !subst {
			return n, false
		}
		if strings.IndexByte(n.Text, '$') < 0 {
			return n, true
		}
		return x.substAtom(n, e), true
	}
	if subst && len(n.List) > 0 && x.static(n) {
		// Copy only the top of a static subtree, to carry the Site; share the rest.
		return x.newNode(Node{Kind: List, Pos: n.Pos, List: n.List, Site: e.site}), true
	}
	items, changed := x.list(n.List, e, subst)
	if !changed {
		return n, false
	}
	c := Node{Kind: List, Pos: n.Pos, List: items, Site: n.Site}
	if subst {
		c.Site = e.site
	}
	return x.newNode(c), true
}

// list expands the items of a list, splicing macro invocations.
func (x *expander) list(items []*Node, e *env, subst bool) ([]*Node, bool) {
	blocks := x.lazy != nil && x.inArgs == 0 && isBlocks(items)
	if subst {
		out := x.splice(x.itemList(len(items)), items, e, blocks)
		return out[:len(out):len(out)], true
	}
	var out []*Node
	changed := false
	for i, it := range items {
		if it.Kind == List && len(it.List) > 0 && it.List[0].Kind == Atom {
			if m, ok := x.macros[it.List[0].Text]; ok {
				if !changed {
					out = x.itemList(len(items) + len(m.Body))
					out = append(out, items[:i]...)
					changed = true
				}
				out = x.invoke(out, m, it, e, false, blocks)
				continue
			}
		}
		r, ch := x.node(it, e, false)
		if ch && !changed {
			out = x.itemList(len(items))
			out = append(out, items[:i]...)
			changed = true
		}
		if changed {
			out = x.push(out, r)
		}
	}
	if !changed {
		return items, false
	}
	return out[:len(out):len(out)], true
}

// splice appends to out the items of macro body text of invocation e, with their $n
// replaced and the invocations among them spliced. An invocation's body goes straight
// into the list it is spliced into, not through a list of its own.
//
// With blocks, the items go into a moves or drops list, and the blocks among them that
// may be deferred are (lazy.go).
func (x *expander) splice(out, items []*Node, e *env, blocks bool) []*Node {
	out = x.room(out, len(items))
	for _, it := range items {
		if it.Kind == List && len(it.List) > 0 && it.List[0].Kind == Atom {
			head := it.List[0]
			if strings.IndexByte(head.Text, '$') >= 0 {
				if a := x.param(head, e); a != nil {
					head = a
				} else {
					head = x.substAtom(head, e)
				}
			}
			if head.Kind == Atom {
				if m, ok := x.macros[head.Text]; ok {
					out = x.invoke(out, m, it, e, true, blocks)
					continue
				}
			}
		}
		// A whole-atom $n is replaced by the argument, which may be a list (and then may
		// itself be an invocation).
		if an := x.param(it, e); an != nil {
			if an.Kind == List {
				out = x.list2(out, an, e, blocks)
			} else {
				out = x.push(out, an)
			}
			continue
		}
		if blocks && x.deferrable(it, e) {
			out = x.push(out, x.deferBlock(it, e))
			continue
		}
		r, _ := x.node(it, e, true)
		out = x.push(out, r)
	}
	return out
}

// room returns out with capacity for n more items, moving it to a larger slice from the
// item blocks when it has not.
func (x *expander) room(out []*Node, n int) []*Node {
	if len(out)+n <= cap(out) {
		return out
	}
	c := max(2*cap(out), len(out)+n)
	grown := x.items.slice(c)[:len(out)]
	copy(grown, out)
	return grown
}

// push appends n to out, growing it from the item blocks.
func (x *expander) push(out []*Node, n *Node) []*Node {
	return append(x.room(out, 1), n)
}

// param returns the argument for a whole-atom $n of a macro body, marked with where it was
// substituted, or nil if it is not such an atom or has no argument.
func (x *expander) param(it *Node, e *env) *Node {
	if it.Kind != Atom || len(it.Text) < 2 || it.Text[0] != '$' {
		return nil
	}
	arg, num, width := paramAt(it.Text, 0, e)
	if arg == nil || width != len(it.Text) {
		return nil
	}
	k := paramKey{at: it, arg: arg, macro: e.macro, call: e.site.Call}
	if p, ok := x.params[k]; ok {
		x.count(p)
		return p
	}
	a := *arg
	a.Site = x.newSite(Site{Macro: e.macro.Name, Call: e.site.Call, Param: num, At: it.Pos, Parent: arg.Site})
	p := x.newNode(a)
	if x.params != nil {
		x.params[k] = p
	}
	return p
}

// paramKey names a substitution of a whole-atom $n: the $n in a macro body, the argument
// put there, and the invocation's macro and position. The node param makes, its Site
// included, depends on nothing else: not on the Site of the invocation, only on its
// position. So a macro whose body invokes another with the same arguments (a helper
// called from a body that is itself expanded many times) gets one node and one Site for
// each such substitution, not one for every expansion of the outer body: 2.6M
// substitutions in the corpus make 0.74M distinct nodes. Nodes are never changed, so
// sharing them is safe, as sharing static subtrees is.
type paramKey struct {
	at, arg *Node
	macro   *Macro
	call    Pos
}

// grow counts n items spliced by an expansion against the size bound.
func (x *expander) grow(n int, at *Node, site *Site) {
	x.nodes += n
	if x.nodes > x.lim.MaxNodes {
		x.runaway(at.Pos, site)
	}
}

// list2 appends an argument list that was substituted for a whole $n: an invocation is
// spliced, anything else is expanded without substitution.
func (x *expander) list2(out []*Node, an *Node, e *env, blocks bool) []*Node {
	if h := an.Head(); h != "" {
		if m, ok := x.macros[h]; ok {
			return x.invoke(out, m, an, e, false, blocks)
		}
	}
	r, _ := x.node(an, e, false)
	if r != an {
		r2 := *r
		r2.Site = an.Site
		r = x.newNode(r2)
	}
	return x.push(out, r)
}

// invoke expands an invocation of m and appends the spliced body to out; blocks says
// that out is a moves or drops list (see splice).
func (x *expander) invoke(out []*Node, m *Macro, call *Node, e *env, subst, blocks bool) []*Node {
	depth := 1
	if e != nil {
		depth = e.depth + 1
	}
	site := x.newSite(Site{Macro: m.Name, Call: call.Pos})
	if subst {
		site.Parent = e.site
	} else {
		site.Parent = call.Site
	}
	if depth > x.lim.MaxDepth {
		panic(bailout{x.depthError(m, call, e, site)})
	}
	args := call.List[1:]
	if subst {
		sub := x.itemList(len(args))[:len(args)]
		x.inArgs++
		for i, a := range args {
			if an := x.param(a, e); an != nil {
				sub[i] = an
				continue
			}
			sub[i], _ = x.node(a, e, true)
		}
		x.inArgs--
		args = sub
	}
	site.Args = args
	inner := x.newEnv()
	*inner = env{macro: m, args: args, parent: e, site: site, depth: depth}
	n0 := len(out)
	out = x.splice(out, m.Body, inner, blocks)
	x.grow(len(out)-n0, call, site)
	if !inner.kept {
		x.envs = append(x.envs, inner)
	}
	return out
}

// newEnv returns an env to fill in. Nothing keeps an env once its invocation is expanded
// (Sites copy what they need), so invoke hands it back to x.envs for the next invocation.
func (x *expander) newEnv() *env {
	if n := len(x.envs); n > 0 {
		p := x.envs[n-1]
		x.envs = x.envs[:n-1]
		return p
	}
	return new(env)
}

func (x *expander) depthError(m *Macro, call *Node, e *env, site *Site) *Error {
	// Name the cycle: the innermost invocations, outermost first.
	var names []string
	for s := e; s != nil && len(names) < 8; s = s.parent {
		names = append(names, s.macro.Name)
	}
	for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
		names[i], names[j] = names[j], names[i]
	}
	names = append(names, m.Name)
	err := x.fset.NewError(call.Pos, site.Parent, "macro expansion nested more than %d deep (a macro that invokes itself?): ... %s",
		x.lim.MaxDepth, strings.Join(names, " → "))
	if len(err.Notes) > 3 {
		err.Notes = err.Notes[:3]
	}
	err.Notes = append(err.Notes, Note{Pos: x.fset.Position(m.Pos), Msg: fmt.Sprintf("macro %q is defined here", m.Name)})
	return err
}

// unresolved reports a $n that no invocation, this one or an enclosing one, gives a value.
func (x *expander) unresolved(n *Node, num int, e *env) {
	x.errs.Add(x.fset.NewError(n.Pos, e.site, "$%d has no value: macro %q was invoked with %d argument%s, and no enclosing invocation has %d",
		num, e.macro.Name, len(e.args), plural(len(e.args)), num))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// paramAt reads the parameter reference at t[i] == '$'. Parameters are $1 to $9, and
// $10 and up when the invocation has that many arguments: Chu Shogi passes fifteen
// arguments and reads $10 to $15. Otherwise $10 is $1 followed by 0. It returns the
// argument (nil if none), its number and the width of the reference in bytes (0 if t[i:]
// is not a reference).
func paramAt(t string, i int, e *env) (*Node, int, int) {
	if i+1 >= len(t) || t[i+1] < '1' || t[i+1] > '9' {
		return nil, 0, 0
	}
	d1 := int(t[i+1] - '0')
	if i+2 < len(t) && t[i+2] >= '0' && t[i+2] <= '9' {
		n := d1*10 + int(t[i+2]-'0')
		if a := e.lookup(n); a != nil {
			return a, n, 3
		}
	}
	return e.lookup(d1), d1, 2
}

// substAtom replaces every $n inside an atom or string of a macro body. An argument that
// is a list can only replace a whole atom.
func (x *expander) substAtom(n *Node, e *env) *Node {
	t := n.Text
	if strings.IndexByte(t, '$') < 0 {
		return x.newNode(Node{Kind: n.Kind, Pos: n.Pos, Text: t, Site: e.site})
	}
	b := x.text[:0]
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c == '$' {
			arg, num, width := paramAt(t, i, e)
			if width > 0 {
				if arg == nil {
					x.unresolved(n, num, e)
					b = append(b, c)
					continue
				}
				if arg.Kind == List {
					x.errs.Add(x.fset.NewError(n.Pos, e.site, "$%d is part of %q but its argument is a list %s; a list can only replace a whole atom",
						num, t, arg.String()))
					b = append(b, c)
					continue
				}
				b = append(b, arg.Text...)
				i += width - 1
				continue
			}
		}
		b = append(b, c)
	}
	x.text = b
	return x.newNode(Node{Kind: n.Kind, Pos: n.Pos, Text: x.intern(b), Site: e.site})
}

// intern returns b as a string, the same string for the same bytes: the texts made by
// substitution repeat (a macro that pastes $1 into twenty atoms is invoked for every
// piece and player), and one copy of each is kept for the whole file.
func (x *expander) intern(b []byte) string {
	if s, ok := x.texts[string(b)]; ok {
		return s
	}
	s := string(b)
	x.texts[s] = s
	return s
}
