package zrf

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Note is a secondary position attached to an error: a macro expansion step, an earlier
// definition.
type Note struct {
	Pos Position `json:"pos"`
	Msg string   `json:"msg"`
}

// Error is a static error in a rules file: where, what, and the source line to show.
type Error struct {
	Pos    Position `json:"pos"`
	Msg    string   `json:"msg"`
	Source string   `json:"source,omitempty"` // the source line, without its line end
	Notes  []Note   `json:"notes,omitempty"`
	Warn   bool     `json:"warning,omitempty"`
}

// Error returns the one-line form "file:line:col: message".
func (e *Error) Error() string {
	kind := ""
	if e.Warn {
		kind = "warning: "
	}
	if !e.Pos.IsValid() {
		if e.Pos.Filename != "" {
			return e.Pos.Filename + ": " + kind + e.Msg
		}
		return kind + e.Msg
	}
	return e.Pos.String() + ": " + kind + e.Msg
}

// Detail returns the error with its source line, a caret under the offending text, and
// its notes, one per line, as the CLI prints it.
func (e *Error) Detail() string {
	var b strings.Builder
	b.WriteString(e.Error())
	if e.Source != "" || e.Pos.IsValid() && e.Pos.Column == 1 {
		line, col := excerpt(e.Source, e.Pos.Column)
		b.WriteString("\n")
		b.WriteString(line)
		b.WriteString("\n")
		b.WriteString(caret(line, col))
	}
	for _, n := range e.Notes {
		b.WriteString("\n")
		if n.Pos.IsValid() {
			b.WriteString(n.Pos.String())
			b.WriteString(": ")
		}
		b.WriteString("note: ")
		b.WriteString(n.Msg)
	}
	return b.String()
}

// Source lines longer than maxExcerpt bytes are shown as a window of about excerptWidth
// bytes around the column, so that a generated file with one huge line does not flood
// the terminal.
const (
	maxExcerpt   = 120
	excerptWidth = 100
	cutMark      = "..."
)

// excerpt returns the part of a source line to show for an error at col (1-based, in
// bytes) and the column of the same byte in that part. A line of at most maxExcerpt bytes
// is returned whole. A longer one is cut to about excerptWidth bytes around the column,
// never inside a UTF-8 sequence, with cutMark at each end that was cut.
func excerpt(line string, col int) (string, int) {
	if len(line) <= maxExcerpt {
		return line, col
	}
	col = min(col, len(line)+1)
	at := max(col-1, 0) // the offending byte, or the end of the line
	start := max(at-excerptWidth/2, 0)
	end := min(start+excerptWidth, len(line))
	start = max(min(start, end-excerptWidth), 0)
	// Move both cuts back to the start of a character, by at most utf8.UTFMax-1 bytes
	// (bytes that are not UTF-8 are cut anywhere): start stays at or before the column,
	// and end stays far after it.
	for i := 1; i < utf8.UTFMax && start > 0 && !utf8.RuneStart(line[start]); i++ {
		start--
	}
	for i := 1; i < utf8.UTFMax && end < len(line) && !utf8.RuneStart(line[end]); i++ {
		end--
	}
	out := line[start:end]
	if start > 0 {
		out = cutMark + out
		col += len(cutMark)
	}
	if end < len(line) {
		out += cutMark
	}
	return out, col - start
}

// caret builds the line under a source line: the line's own tabs are copied so that the
// caret lines up whatever the tab width, every other byte becomes a space.
func caret(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	for i := len(line); i < col-1; i++ {
		b.WriteByte(' ')
	}
	b.WriteByte('^')
	return b.String()
}

// displayLine makes a source line safe to print: bytes that are not UTF-8 are decoded with
// the file's code page.
func displayLine(f *File, n int) string {
	return Decode(f.Line(n))
}

// NewError builds an error at p. Notes follow the macro expansion chain in site, innermost
// first, so the user sees where the text was written and how it got there.
func (fs *FileSet) NewError(p Pos, site *Site, format string, args ...any) *Error {
	e := &Error{Msg: fmt.Sprintf(format, args...)}
	if f := fs.File(p); f != nil {
		e.Pos = f.Position(int(p) - f.base)
		e.Source = displayLine(f, e.Pos.Line)
	}
	depth := 0
	for s := site; s != nil; s = s.Parent {
		depth++
		if depth > maxNotes {
			e.Notes = append(e.Notes, Note{Msg: fmt.Sprintf("... and %d more macro expansion steps", site.Depth()-maxNotes)})
			break
		}
		if s.Param > 0 {
			e.Notes = append(e.Notes, Note{Pos: fs.Position(s.At), Msg: fmt.Sprintf("substituted for $%d in macro %q", s.Param, s.Macro)})
		} else {
			e.Notes = append(e.Notes, Note{Pos: fs.Position(s.Call), Msg: fmt.Sprintf("in expansion of macro %q", s.Macro)})
		}
	}
	return e
}

// NodeError builds an error at a node, with the node's expansion chain as notes.
func (fs *FileSet) NodeError(n *Node, format string, args ...any) *Error {
	if n == nil {
		return fs.NewError(NoPos, nil, format, args...)
	}
	return fs.NewError(n.Pos, n.Site, format, args...)
}

const maxNotes = 12

// ErrorList is a list of errors, sorted by position when printed. Err returns nil for an
// empty list, so it can be returned as an error.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(e *Error) { *l = append(*l, e) }

// Len, Less and Swap sort the list by file, then line, then column.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

// Errors returns the entries that are not warnings.
func (l ErrorList) Errors() ErrorList {
	var out ErrorList
	for _, e := range l {
		if !e.Warn {
			out = append(out, e)
		}
	}
	return out
}

// Warnings returns the entries that are warnings.
func (l ErrorList) Warnings() ErrorList {
	var out ErrorList
	for _, e := range l {
		if e.Warn {
			out = append(out, e)
		}
	}
	return out
}

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Err returns the list as an error if it holds any real error (not only warnings), or nil.
func (l ErrorList) Err() error {
	if len(l.Errors()) == 0 {
		return nil
	}
	return l
}

// AsList returns the errors inside err: an ErrorList as it is, a single *Error as a list
// of one, anything else as an error without position.
func AsList(err error) ErrorList {
	if err == nil {
		return nil
	}
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return ErrorList{{Msg: err.Error()}}
}
