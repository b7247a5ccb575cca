package lsp

import "strings"

// Indent is the indentation of one level of nesting in formatted text: three spaces, as
// in the rules files that came with Zillions of Games.
const Indent = "   "

// Format returns src re-indented: a line that does not begin inside a string starts
// one Indent deeper than the line where the innermost list open at its start was
// opened, or, when it begins with ")", as deep as the line that opened the list it
// closes; it loses the blanks at its end unless it ends inside a string. Line breaks,
// the line ends each line had, comments and every token stay as written, so the
// formatted text reads back to the same tree, and since a line's depth depends on the
// lines before it and not on their blanks, formatting it again changes nothing. The
// caller formats only text that reads (zrf.Read); other text keeps its tokens too.
func Format(src string) string {
	var b strings.Builder
	b.Grow(len(src) + len(src)/8)
	var open []int // for each list open, the depth of the line that opened it
	inString := false
	for len(src) > 0 {
		end, next := lineEnd(src)
		line, eol := src[:end], src[end:next]
		src = src[next:]
		if inString {
			// The line starts inside a string: its leading blanks are part of it. The
			// lists it opens belong to the line the string started on, whose depth
			// is that of its innermost list's line, plus one.
			depth := 0
			if n := len(open); n > 0 {
				depth = open[n-1] + 1
			}
			inString, open = scanLine(line, true, open, depth)
			if !inString {
				line = strings.TrimRight(line, " \t")
			}
			b.WriteString(line)
			b.WriteString(eol)
			continue
		}
		body := strings.TrimLeft(line, " \t")
		depth := 0
		if n := len(open); n > 0 {
			depth = open[n-1] + 1
			if strings.HasPrefix(body, ")") {
				depth = open[n-1]
			}
		}
		inString, open = scanLine(body, false, open, depth)
		if !inString {
			body = strings.TrimRight(body, " \t")
		}
		if body != "" {
			b.WriteString(strings.Repeat(Indent, depth))
			b.WriteString(body)
		}
		b.WriteString(eol)
	}
	return b.String()
}

// lineEnd returns the end of the first line of s and the start of the next: lines end
// at "\n", "\r\n" or a lone "\r", as the reader counts them.
func lineEnd(s string) (end, next int) {
	i := strings.IndexAny(s, "\r\n")
	if i < 0 {
		return len(s), len(s)
	}
	if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
		return i, i + 2
	}
	return i, i + 1
}

// scanLine follows one line, of depth depth, from the state at its start (inside a
// string or not, the lists open) to the state at its end.
func scanLine(line string, inString bool, open []int, depth int) (bool, []int) {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if inString {
			if c == '"' {
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ';':
			return false, open
		case '(':
			open = append(open, depth)
		case ')':
			if n := len(open); n > 0 {
				open = open[:n-1]
			}
		}
	}
	return inString, open
}
