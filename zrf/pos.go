package zrf

import (
	"fmt"
	"math"
	"sort"
	"sync"
)

// Pos is a place in the source text: an offset into a FileSet, plus one, so that the zero
// value means "no position". It becomes file:line:col only when printed. It is 32 bits
// because every expanded node carries one; a FileSet refuses files past MaxSetSize bytes.
type Pos int32

// MaxSetSize is the most bytes a FileSet holds over all its files (each counts one byte
// more, for its end-of-file position), so that every Pos fits in 32 bits.
const MaxSetSize = math.MaxInt32 - 1

// NoPos is the zero Pos: no position is known.
const NoPos Pos = 0

// IsValid reports whether p names a place in some file.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a printable source position. Line and Column are 1-based; Column counts
// bytes, because rules files are not always UTF-8.
type Position struct {
	Filename string `json:"file"`
	Offset   int    `json:"offset"` // byte offset in the file, 0-based
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// IsValid reports whether the position is known.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col.
func (p Position) String() string {
	s := p.Filename
	if s == "" {
		s = "-"
	}
	if p.IsValid() {
		s += fmt.Sprintf(":%d:%d", p.Line, p.Column)
	}
	return s
}

// File is one source file held by a FileSet: its name, its bytes and where its lines start.
type File struct {
	name  string
	base  int // Pos of the first byte
	src   []byte
	lines []int // offset of the first byte of each line
}

// Name returns the file name as it was given to the FileSet.
func (f *File) Name() string { return f.name }

// Src returns the file's bytes. The caller must not change them.
func (f *File) Src() []byte { return f.src }

// Pos returns the Pos of a byte offset in f.
func (f *File) Pos(offset int) Pos { return Pos(f.base + offset) }

// Position converts an offset in f to a printable position.
func (f *File) Position(offset int) Position {
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.name, Offset: offset, Line: i + 1, Column: offset - f.lines[i] + 1}
}

// Line returns line n (1-based) of f without its line end, or "" if there is none.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	start := f.lines[n-1]
	end := len(f.src)
	if n < len(f.lines) {
		end = f.lines[n]
	}
	line := f.src[start:end]
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	return string(line)
}

// FileSet holds every file read for one load, includes too, so that a single Pos names a
// place in any of them. It is safe for concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	limit int // the largest base; MaxSetSize + 1 but in tests
	files []*File
}

// NewFileSet returns an empty FileSet.
func NewFileSet() *FileSet { return &FileSet{base: 1, limit: MaxSetSize + 1} }

// AddFile adds a file's contents to the set and returns it. Lines end at "\n", at "\r\n"
// and at a lone "\r" (some files mix line ends). It returns nil, and adds nothing, when
// the set would then hold more than MaxSetSize bytes.
func (fs *FileSet) AddFile(name string, src []byte) *File {
	fs.mu.Lock()
	if len(src) >= fs.limit-fs.base {
		fs.mu.Unlock()
		return nil
	}
	fs.mu.Unlock()
	f := &File{name: name, src: src, lines: lineStarts(src)}
	fs.mu.Lock()
	if len(src) >= fs.limit-fs.base {
		fs.mu.Unlock()
		return nil
	}
	f.base = fs.base
	fs.base += len(src) + 1 // +1 so that the end-of-file offset has a Pos of its own
	fs.files = append(fs.files, f)
	fs.mu.Unlock()
	return f
}

func lineStarts(src []byte) []int {
	lines := make([]int, 1, len(src)/32+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines = append(lines, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		}
	}
	return lines
}

// File returns the file that contains p, or nil.
func (fs *FileSet) File(p Pos) *File {
	if fs == nil || !p.IsValid() {
		return nil
	}
	fs.mu.RLock()
	defer fs.mu.RUnlock()
	i := sort.Search(len(fs.files), func(i int) bool { return fs.files[i].base > int(p) }) - 1
	if i < 0 {
		return nil
	}
	f := fs.files[i]
	if int(p) > f.base+len(f.src) {
		return nil
	}
	return f
}

// Position converts p to a printable position; it is the zero Position if p is unknown.
func (fs *FileSet) Position(p Pos) Position {
	f := fs.File(p)
	if f == nil {
		return Position{}
	}
	return f.Position(int(p) - f.base)
}
