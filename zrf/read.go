package zrf

// This file holds the reader: bytes to a tree of lists, atoms and strings. It is the only
// file in zoggo that imports participle. participle parses the raw s-expression layer with
// a hand-written byte lexer (rules files are not UTF-8, strings have no escapes); every
// keyword is given meaning later, on the tree.

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the byte lexer. Atoms, strings and leaf lists are one type, Word, so that
// the grammar chooses between two alternatives per expression, not four (participle
// allocates a branch for each alternative it tries). A string's value keeps its opening
// quote to tell it from an atom, which never starts with one. A leaf list, a list that
// holds no list (four lists in five in the corpus), is one Word whose value runs from its
// "(" to its ")": participle's work grows with the number of captures, and the converter
// splits a leaf's words with the scanner's own rules (see leafWords).
const (
	tokWord lexer.TokenType = -(iota + 2)
	tokLParen
	tokRParen
)

var tokSymbols = map[string]lexer.TokenType{
	"EOF":    lexer.EOF,
	"Word":   tokWord,
	"LParen": tokLParen,
	"RParen": tokRParen,
}

// The grammar of the raw layer: File = Expr* . Expr = Word | List . List = "(" Expr* ")" .
// A Word is an atom or a string. Words are matched, not captured: participle gives each
// struct the tokens it spans (its Tokens field, which costs nothing per token), and the
// converter reads the words there, taking the lists in the order participle parsed them.
// A capture costs participle several allocations, and six expressions in seven are words
// (leaf lists included): reading the corpus went from 4.7M allocations to 1.7M. Expr* is
// written Word* (List Word*)*, the same sequences, so that a word costs one branch of
// participle's, not two (one for the repetition, one for the alternative): 1.5M.
type pFile struct {
	Tokens []lexer.Token
	Lists  []*pList `parser:"Word* ( @@ Word* )*"`
}

type pList struct {
	Tokens []lexer.Token // from its "(" to its ")"
	Lists  []*pList      `parser:"LParen Word* ( @@ Word* )* RParen"`
}

var sexpParser = newParser(true)

// newParser builds the parser of the raw layer. With leaves, leaf lists reach the grammar
// as single Word tokens; without, every list is parsed by the grammar, which the tests use
// to check that both give the same trees.
func newParser(leaves bool) *participle.Parser[pFile] {
	return participle.MustBuild[pFile](
		participle.Lexer(byteLexerDef{leaves: leaves}),
		participle.UseLookahead(1),
	)
}

// byteLexerDef is a participle lexer definition over raw bytes.
type byteLexerDef struct {
	leaves bool // a list that holds no list is one Word token
}

func (byteLexerDef) Symbols() map[string]lexer.TokenType { return tokSymbols }

func (d byteLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

func (d byteLexerDef) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	toks, err := scan(filename, src, d.leaves)
	if err != nil {
		return nil, err
	}
	return &tokenList{toks: toks}, nil
}

type tokenList struct {
	toks []lexer.Token
	i    int
}

func (l *tokenList) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// MaxNesting bounds how deep lists nest in a file: the reader and every pass after it
// recurse into lists, and 400,000 nested lists overflow the stack. The corpus nests 64
// deep at most.
const MaxNesting = 1000

// opener is an unclosed "(" seen by the scanner.
type opener struct {
	offset int
	col    int  // bytes from the start of its line
	first  bool // the first token on its line
	tok    int  // index of its token
	nested bool // a list was opened inside it
}

// scanError is a lexical error at a byte offset.
type scanError struct {
	offset int
	msg    string
}

func (e *scanError) Error() string { return e.msg }

// scan splits src into tokens. Only Offset is filled in token positions; line and column
// come from the FileSet when an error is printed. It checks the balance of parentheses
// itself so that an unclosed "(" is reported where it was opened. Token values are
// slices of one copy of src, not a copy each. With leaves, a list that holds no list is
// one Word token from its "(" to its ")".
func scan(filename string, src []byte, leaves bool) ([]lexer.Token, error) {
	text := string(src)
	// With leaf tokens the corpus has one token for every 18 bytes; a larger guess is
	// memory that is zeroed and never used.
	size := len(src)/4 + 1
	if leaves {
		size = len(src)/16 + 16
	}
	toks := make([]lexer.Token, 0, size)
	var open []opener // unclosed "("
	suspect := -1     // the earliest "(" left open past a list at its indentation
	lineStart, lineHasToken := 0, false
	pos := func(off int) lexer.Position { return lexer.Position{Filename: filename, Offset: off} }
	i := 0
	for i < len(src) {
		c := src[i]
		if !isSpace(c) && c != ';' {
			first := !lineHasToken
			lineHasToken = true
			if c == '(' {
				col := i - lineStart
				if first {
					// A list that starts a line at the indentation of a list still open
					// suggests that the earlier one lacks its ")".
					for _, o := range open {
						if o.first && o.col >= col && o.col > 0 {
							if suspect < 0 {
								suspect = o.offset
							}
							break
						}
					}
				}
				if len(open) >= MaxNesting {
					return nil, &scanError{i, fmt.Sprintf("lists nested more than %d deep", MaxNesting)}
				}
				if len(open) > 0 {
					open[len(open)-1].nested = true
				}
				open = append(open, opener{offset: i, col: col, first: first, tok: len(toks)})
				toks = append(toks, lexer.Token{Type: tokLParen, Value: "(", Pos: pos(i)})
				i++
				continue
			}
		}
		switch {
		case c == '\n' || c == '\r':
			i++
			lineStart, lineHasToken = i, false
		case isSpace(c):
			i++
		case c == ';':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case c == ')':
			if len(open) == 0 {
				return nil, &scanError{i, "unexpected \")\" with no \"(\" to close"}
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			if leaves && !o.nested {
				// Every token since the "(" is a word: they become one leaf token.
				toks = append(toks[:o.tok], lexer.Token{Type: tokWord, Value: text[o.offset : i+1], Pos: pos(o.offset)})
			} else {
				toks = append(toks, lexer.Token{Type: tokRParen, Value: ")", Pos: pos(i)})
			}
			i++
		case c == '"':
			j := wordEnd(text, i)
			if j >= len(src) {
				return nil, &scanError{i, "string not closed: no \" before the end of the file"}
			}
			if k := strings.LastIndexByte(text[i:j], '\n'); k >= 0 {
				lineStart = i + k + 1
			}
			toks = append(toks, lexer.Token{Type: tokWord, Value: text[i:j], Pos: pos(i)})
			i = j + 1
		default:
			j := wordEnd(text, i)
			toks = append(toks, lexer.Token{Type: tokWord, Value: text[i:j], Pos: pos(i)})
			i = j
		}
	}
	if len(open) > 0 {
		// The innermost unclosed list is the one whose ")" is missing: every list opened
		// after it was closed, by a ")" that the author meant for a list further in.
		off := open[len(open)-1].offset
		msg := "\"(\" is never closed"
		if len(open) > 1 {
			msg = fmt.Sprintf("\"(\" is never closed (%d lists are open at the end of the file)", len(open))
		}
		if suspect >= 0 {
			// Every list was closed, but one of them by a ")" meant for a list further
			// out: point at the list that was still open when a sibling started.
			off = suspect
			msg = "\"(\" is never closed (a list at the same indentation starts before it ends)"
		}
		return nil, &scanError{off, msg}
	}
	toks = append(toks, lexer.Token{Type: lexer.EOF, Pos: pos(len(src))})
	return toks, nil
}

// wordEnd returns the end of the atom or string that starts at text[i]: for a string, the
// index of its closing quote (len(text) if there is none); for an atom, the index of the
// first delimiter after it. The token's value is text[i:end] either way.
func wordEnd(text string, i int) int {
	if text[i] == '"' {
		if k := strings.IndexByte(text[i+1:], '"'); k >= 0 {
			return i + 1 + k
		}
		return len(text)
	}
	j := i
	for j < len(text) && !isDelim(text[j]) {
		j++
	}
	return j
}

// leafWords calls word with the offset in leaf and the value of each atom and string of a
// leaf list token, skipping blanks and comments as scan does. The scanner has checked
// that leaf holds words only, between its "(" and its ")".
func leafWords(leaf string, word func(off int, v string)) {
	for i := 1; i < len(leaf)-1; {
		c := leaf[i]
		switch {
		case isSpace(c):
			i++
		case c == ';':
			for i < len(leaf) && leaf[i] != '\n' && leaf[i] != '\r' {
				i++
			}
		default:
			j := wordEnd(leaf, i)
			word(i, leaf[i:j])
			i = j
			if c == '"' {
				i++
			}
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0x1A
}

func isDelim(c byte) bool {
	return isSpace(c) || c == '(' || c == ')' || c == '"' || c == ';'
}

// Read parses one file's bytes into a list of top-level nodes. The file is added to fs so
// that positions can be printed. Errors are *Error values with a position.
//
// A file that is not UTF-8 is decoded from its code page first (Decode, over the whole
// file): every title, name, description and atom of the tree is UTF-8, the same text
// wherever it is shown, stored or looked up, and positions count bytes of the decoded
// text.
func Read(fs *FileSet, filename string, src []byte) (nodes []*Node, err error) {
	return readWith(sexpParser, fs, filename, src)
}

// decodeSource returns src as UTF-8: itself when it is, else decoded with Decode.
func decodeSource(src []byte) []byte {
	if utf8.Valid(src) {
		return src
	}
	return []byte(Decode(string(src)))
}

// readWith is Read with the parser p.
func readWith(p *participle.Parser[pFile], fs *FileSet, filename string, src []byte) (nodes []*Node, err error) {
	src = decodeSource(src)
	f := fs.AddFile(filename, src)
	if f == nil {
		return nil, &Error{Pos: Position{Filename: filename},
			Msg: fmt.Sprintf("too much source: this file (%d bytes) and the files read before it for the same load pass %d bytes", len(src), MaxSetSize)}
	}
	defer func() {
		if r := recover(); r != nil {
			nodes, err = nil, fs.NewError(f.Pos(0), nil, "internal error: reader: %v", r)
		}
	}()
	pf, err := p.ParseBytes(filename, src)
	if err != nil {
		if se, ok := err.(*scanError); ok {
			return nil, fs.NewError(f.Pos(se.offset), nil, "%s", se.msg)
		}
		if pe, ok := err.(participle.Error); ok {
			return nil, fs.NewError(f.Pos(pe.Position().Offset), nil, "%s", pe.Message())
		}
		return nil, fs.NewError(f.Pos(0), nil, "%v", err)
	}
	cv := &converter{f: f, nodes: blocks[Node]{size: 1024}, items: blocks[*Node]{size: 4096}}
	return cv.words(pf.Tokens, pf.Lists, make([]*Node, 0, count(pf.Tokens, pf.Lists))), nil
}

// converter turns participle's parse tree into Nodes. It takes the nodes and the lists'
// item slices from larger blocks, as the expander does, instead of one allocation each.
type converter struct {
	f     *File
	nodes blocks[Node]
	items blocks[*Node]
}

func (cv *converter) node(n Node) *Node { return cv.nodes.zero().fill(&n) }

func (cv *converter) items0(n int) []*Node { return cv.items.slice(n)[:0] }

// words appends to out the nodes of the words and lists among toks, the tokens inside a
// list (or of the whole file), whose lists participle parsed as subs, in order.
func (cv *converter) words(toks []lexer.Token, subs []*pList, out []*Node) []*Node {
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		switch t.Type {
		case tokWord:
			if len(t.Value) > 0 && t.Value[0] == '(' {
				out = append(out, cv.leaf(t.Value, t.Pos.Offset))
			} else {
				out = append(out, cv.word(t.Value, t.Pos.Offset))
			}
		case tokLParen:
			l := subs[0]
			subs = subs[1:]
			out = append(out, cv.list(l))
			i += len(l.Tokens) - 1
		}
	}
	return out
}

// count returns the number of words and lists among toks, as words finds them.
func count(toks []lexer.Token, subs []*pList) int {
	n := 0
	for i := 0; i < len(toks); i++ {
		switch toks[i].Type {
		case tokWord:
			n++
		case tokLParen:
			n++
			i += len(subs[0].Tokens) - 1
			subs = subs[1:]
		}
	}
	return n
}

// list makes the node of a list that participle parsed.
func (cv *converter) list(l *pList) *Node {
	inner := l.Tokens[1 : len(l.Tokens)-1]
	n := count(inner, l.Lists)
	items := cv.words(inner, l.Lists, cv.items0(n))
	return cv.node(Node{Kind: List, Pos: cv.f.Pos(l.Tokens[0].Pos.Offset), List: items[:n:n]})
}

// word makes the node of an atom or string token with value v at offset off.
func (cv *converter) word(v string, off int) *Node {
	if len(v) > 0 && v[0] == '"' {
		return cv.node(Node{Kind: String, Pos: cv.f.Pos(off), Text: v[1:]})
	}
	return cv.node(Node{Kind: Atom, Pos: cv.f.Pos(off), Text: v})
}

// leaf makes the node of a leaf list token with value v at offset off.
func (cv *converter) leaf(v string, off int) *Node {
	n := 0
	leafWords(v, func(int, string) { n++ })
	items := cv.items.slice(n)
	k := 0
	leafWords(v, func(i int, w string) {
		items[k] = cv.word(w, off+i)
		k++
	})
	return cv.node(Node{Kind: List, Pos: cv.f.Pos(off), List: items})
}
