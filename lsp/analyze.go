package lsp

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/zrf"
)

// maxSources bounds the files one analysis reads: the document and what it includes.
const maxSources = 200

// source is one file of an analysis: the document, or a file it includes, as written
// (read again here, apart from the load that checks it, so that names can be found in
// the text as the author wrote it, inside macro bodies too).
type source struct {
	name  string // its name in the analysis's file system
	uri   string
	text  string // decoded to UTF-8 as the reader decodes it
	lines *lines
	toks  []token
	close map[int]int   // the ")" of each "(" by offset
	nodes []*zrf.Node   // nil when it does not read
	base  zrf.Pos       // the position of its first byte in the analysis's raw FileSet
	err   zrf.ErrorList // why it does not read
}

// offset returns the byte offset in s of a position of s's file in the raw FileSet.
func (s *source) offset(p zrf.Pos) int { return int(p - s.base) }

// end returns the offset just after the node at off: an atom's last byte, a string's
// closing quote, a list's ")".
func (s *source) end(n *zrf.Node) int {
	off := s.offset(n.Pos)
	switch n.Kind {
	case zrf.Atom:
		return off + len(n.Text)
	case zrf.String:
		return min(off+len(n.Text)+2, len(s.text))
	}
	if c, ok := s.close[off]; ok {
		return c + 1
	}
	return len(s.text)
}

// analysis is what the server knows of one version of a document: its diagnostics (as
// zoggo check finds them), its sources as written, the names they define, and its
// expanded forms.
type analysis struct {
	uri     string
	version int32
	doc     *source
	srcs    map[string]*source // by name
	order   []*source          // the document first, then the includes as met
	diags   zrf.ErrorList
	fset    *zrf.FileSet
	ex      *zrf.Expanded // nil when the file does not expand
	idx     *index
	next    zrf.Pos // the position the raw FileSet gives the next file
	fsys    fs.FS
}

// analyze checks the text of the document uri as zoggo check checks a file on disk,
// with the open documents (by path) read in place of their files. Includes are read
// relative to the document's folder on disk.
func analyze(uri string, version int32, text string, open map[string]string) (a *analysis) {
	a = &analysis{uri: uri, version: version, srcs: map[string]*source{}}
	defer func() {
		if r := recover(); r != nil {
			a.diags = zrf.ErrorList{{Msg: fmt.Sprintf("internal error: %v", r)}}
			if a.doc == nil {
				a.doc = &source{uri: uri, lines: newLines(""), close: map[int]int{}}
				a.order = []*source{a.doc}
			}
			if a.idx == nil {
				a.idx = buildIndex(nil)
			}
		}
	}()
	p := pathOf(uri)
	var base fs.FS
	files := map[string]string{}
	name := "untitled.zrf"
	root := ""
	if p != "" {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		// The root is the parent of the document's folder, as compile.LoadFile takes it,
		// so that includes may name "../common.inc".
		root = filepath.Dir(filepath.Dir(p))
		if rel, err := filepath.Rel(root, p); err == nil {
			name = filepath.ToSlash(rel)
		}
		base = os.DirFS(root)
		for op, t := range open {
			if rel, err := filepath.Rel(root, op); err == nil && filepath.IsLocal(rel) {
				files[filepath.ToSlash(rel)] = t
			}
		}
	}
	files[name] = text
	a.fsys = overlay{base: base, files: files}
	uriFor := func(n string) string {
		if n == name {
			return uri
		}
		if root == "" {
			return n
		}
		return uriOf(filepath.Join(root, filepath.FromSlash(n)))
	}
	raw := zrf.NewFileSet()
	a.next = 1
	a.doc = a.read(raw, name, []byte(text), uriFor)
	a.includes(raw, a.doc, uriFor, 0)
	a.idx = buildIndex(a.order)

	if a.doc.nodes != nil && !hasGame(a.doc.nodes) {
		// A file of macros or board parts, included by games: it reads, and there is
		// no game to check.
		return a
	}
	a.diags = a.check(name, p)
	return a
}

// check loads the document as zoggo check loads a file (compile.LoadFileEager, then
// every variant's move code, then the Forth of Axiom games) and returns its errors, or
// its warnings when it has none.
func (a *analysis) check(name, path string) zrf.ErrorList {
	a.fset = zrf.NewFileSet()
	ex, err := zrf.Load(a.fset, a.fsys, name, zrf.DefaultLimits)
	if err != nil {
		return zrf.AsList(err)
	}
	a.ex = ex
	f, err := compile.Compile(a.fset, ex)
	if err == nil {
		err = f.Check()
	}
	if err == nil && path != "" {
		err = eval.CheckForth(f, eval.DiskLocator(path))
	}
	if err != nil {
		return zrf.AsList(err)
	}
	return f.Warnings
}

func hasGame(nodes []*zrf.Node) bool {
	for _, n := range nodes {
		if h := n.Head(); h == "game" || h == "variant" {
			return true
		}
	}
	return false
}

// read reads one source into the raw FileSet.
func (a *analysis) read(raw *zrf.FileSet, name string, src []byte, uriFor func(string) string) *source {
	if !utf8.Valid(src) {
		src = []byte(zrf.Decode(string(src)))
	}
	s := &source{name: name, uri: uriFor(name), text: string(src)}
	s.lines = newLines(s.text)
	s.toks = scanTokens(s.text)
	s.close = closers(s.toks)
	// A FileSet places each file after the ones before it, one position past their
	// end; the file's first byte is therefore at the next position it hands out.
	s.base = a.next
	nodes, err := zrf.Read(raw, name, src)
	if err != nil {
		s.err = zrf.AsList(err)
	}
	if f := raw.File(s.base); f != nil && f.Name() == name {
		a.next += zrf.Pos(len(src) + 1)
		s.nodes = nodes
	} else {
		s.nodes = nil // not added: too much source
	}
	a.srcs[name] = s
	a.order = append(a.order, s)
	return s
}

// includes reads the files that the top-level include forms of s name, and theirs.
func (a *analysis) includes(raw *zrf.FileSet, s *source, uriFor func(string) string, depth int) {
	if depth > 50 {
		return
	}
	for _, n := range s.nodes {
		if n.Head() != "include" {
			continue
		}
		args := n.Args()
		if len(args) != 1 || args[0].Kind != zrf.String || len(a.order) >= maxSources {
			continue
		}
		inc, err := zrf.ResolvePath(a.fsys, path.Dir(s.name), args[0].Text)
		if err != nil || a.srcs[inc] != nil {
			continue
		}
		src, err := fs.ReadFile(a.fsys, inc)
		if err != nil {
			continue
		}
		a.includes(raw, a.read(raw, inc, src, uriFor), uriFor, depth+1)
	}
}

// reads reports whether the document uri is one of the files the analysis read
// besides its own.
func (a *analysis) reads(uri string) bool {
	for _, s := range a.order[1:] {
		if s.uri == uri {
			return true
		}
	}
	return false
}

// words returns the text of the atom at off in the document, and its bytes.
func (s *source) wordAt(off int) (string, int, int) {
	i := tokenAt(s.toks, off)
	if i < 0 {
		return "", 0, 0
	}
	t := s.toks[i]
	return s.text[t.off:t.end], t.off, t.end
}

// isParam reports whether an atom is a macro parameter ($1 ... $9).
func isParam(w string) bool {
	return len(w) == 2 && w[0] == '$' && w[1] >= '1' && w[1] <= '9'
}

// firstLine returns the first line of s.
func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
