package lsp

// This file splits the text of a document into the tokens of the ZRF reader (lists,
// atoms, strings) and its comments, tolerantly: the text being typed need not read. The
// rules are zrf's (zrf/read.go): a ";" starts a comment to the end of the line, a '"'
// a string to the next '"' (across lines), anything else that is not a blank or a
// parenthesis an atom.

// tokKind says what a token is.
type tokKind uint8

const (
	tokOpen tokKind = iota
	tokClose
	tokAtom
	tokString // from its '"' to its closing '"' included, or to the end of the text
	tokComment
)

// token is a token of the text: its kind and the bytes it spans.
type token struct {
	kind     tokKind
	off, end int
}

// isBlank reports whether c separates tokens, as the reader's isSpace does.
func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0x1A
}

// isDelim reports whether c ends an atom.
func isDelim(c byte) bool {
	return isBlank(c) || c == '(' || c == ')' || c == '"' || c == ';'
}

// scanTokens returns the tokens of src in order. It never fails: an unclosed string
// runs to the end of the text.
func scanTokens(src string) []token {
	toks := make([]token, 0, len(src)/8+1)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case isBlank(c):
			i++
		case c == '(':
			toks = append(toks, token{tokOpen, i, i + 1})
			i++
		case c == ')':
			toks = append(toks, token{tokClose, i, i + 1})
			i++
		case c == ';':
			j := i
			for j < len(src) && src[j] != '\n' && src[j] != '\r' {
				j++
			}
			toks = append(toks, token{tokComment, i, j})
			i = j
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				j++
			}
			if j < len(src) {
				j++
			}
			toks = append(toks, token{tokString, i, j})
			i = j
		default:
			j := i
			for j < len(src) && !isDelim(src[j]) {
				j++
			}
			toks = append(toks, token{tokAtom, i, j})
			i = j
		}
	}
	return toks
}

// closers returns, for the offset of every "(" of toks that is closed, the offset of
// its ")".
func closers(toks []token) map[int]int {
	out := map[int]int{}
	var open []int
	for _, t := range toks {
		switch t.kind {
		case tokOpen:
			open = append(open, t.off)
		case tokClose:
			if n := len(open); n > 0 {
				out[open[n-1]] = t.off
				open = open[:n-1]
			}
		}
	}
	return out
}

// tokenAt returns the index in toks of the atom or string that holds offset off, or
// ends at it (the cursor just after a word), or -1.
func tokenAt(toks []token, off int) int {
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].end < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(toks) && toks[i].off <= off; i++ {
		if (toks[i].kind == tokAtom || toks[i].kind == tokString) && off <= toks[i].end {
			return i
		}
	}
	return -1
}

// enclosing returns the heads of the lists that hold offset off, innermost first (""
// for a list whose first element is not an atom, or that has none yet before off).
func enclosing(src string, toks []token, off int) []string {
	type open struct{ head string }
	var stack []open
	for i, t := range toks {
		if t.off >= off {
			break
		}
		switch t.kind {
		case tokOpen:
			h := ""
			if i+1 < len(toks) && toks[i+1].kind == tokAtom && toks[i+1].end < off {
				h = src[toks[i+1].off:toks[i+1].end]
			}
			stack = append(stack, open{h})
		case tokClose:
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
		}
	}
	out := make([]string, len(stack))
	for i := range stack {
		out[i] = stack[len(stack)-1-i].head
	}
	return out
}
