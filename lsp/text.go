package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// lines holds where the lines of a text start, to convert between byte offsets and the
// protocol's positions (a line and a count of UTF-16 code units in it).
type lines struct {
	text   string
	starts []int
}

func newLines(text string) *lines {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &lines{text: text, starts: starts}
}

// line returns the bytes of line n (0-based) without its line end.
func (l *lines) line(n int) string {
	if n < 0 || n >= len(l.starts) {
		return ""
	}
	end := len(l.text)
	if n+1 < len(l.starts) {
		end = l.starts[n+1]
	}
	s := l.text[l.starts[n]:end]
	return strings.TrimRight(s, "\r\n")
}

// position converts a byte offset to a protocol position.
func (l *lines) position(off int) protocol.Position {
	off = max(min(off, len(l.text)), 0)
	n := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	n = max(n, 0)
	return protocol.Position{Line: protocol.UInteger(n), Character: protocol.UInteger(utf16Len(l.text[l.starts[n]:off]))}
}

// offset converts a protocol position to a byte offset; past the end of its line it is
// the end of the line, past the last line the end of the text.
func (l *lines) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(l.starts) {
		return len(l.text)
	}
	line := l.line(n)
	units := int(p.Character)
	i := 0
	for i < len(line) && units > 0 {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r >= 0x10000 {
			units -= 2
		} else {
			units--
		}
		i += size
	}
	return l.starts[n] + i
}

// rangeOf returns the protocol range of the bytes [off, end).
func (l *lines) rangeOf(off, end int) protocol.Range {
	return protocol.Range{Start: l.position(off), End: l.position(end)}
}

// utf16Len counts the UTF-16 code units of s; bytes that are not UTF-8 count one each.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// pathOf returns the file path of a file: URI, or "" for any other.
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // a Windows drive: file:///C:/x
	}
	return filepath.FromSlash(p)
}

// uriOf returns the file: URI of a path.
func uriOf(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// overlay is an fs.FS that reads the files of base, except those it holds: the text of
// the documents open in the editor, unsaved edits included.
type overlay struct {
	base  fs.FS // nil: no files but the open ones
	files map[string]string
}

func (o overlay) Open(name string) (fs.File, error) {
	if text, ok := o.files[name]; ok {
		return &memFile{name: filepath.Base(name), r: bytes.NewReader([]byte(text)), size: int64(len(text))}, nil
	}
	if o.base == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return o.base.Open(name)
}

// memFile is an open document read as a file.
type memFile struct {
	name string
	r    *bytes.Reader
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }
func (f *memFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *memFile) Close() error               { return nil }

var _ io.Reader = (*memFile)(nil)

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
