package zrf

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// filler is source text for long lines, with a tab and a two-byte character so that the
// cuts of a window meet both.
const filler = "(é\tx) "

// fill returns about n bytes of filler, ending at a character boundary.
func fill(n int) string {
	s := strings.Repeat(filler, n/len(filler)+1)[:n]
	for len(s) > 0 && !utf8.RuneStart(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	if r, size := utf8.DecodeLastRuneInString(s); r == utf8.RuneError && size == 1 {
		s = s[:len(s)-1] // a lead byte whose continuation was cut off
	}
	return s
}

// TestDetailLongLine checks that an error on a 400 KB line shows a window of the line
// around the column, with the caret under the offending text.
func TestDetailLongLine(t *testing.T) {
	const size = 400 << 10
	for _, tt := range []struct {
		name          string
		before        int  // bytes of the line before the offending text
		cutL, cutR    bool // whether the window is cut on the left, on the right
		atEndOfLine   bool // the error is just past the last byte
		offendingText string
	}{
		{name: "first byte", before: 0, cutR: true},
		{name: "start", before: 10, cutR: true},
		{name: "middle", before: size / 2, cutL: true, cutR: true},
		{name: "end", before: size - 10, cutL: true},
		{name: "last bytes", before: size, cutL: true},
		{name: "past the end", before: size, cutL: true, atEndOfLine: true},
	} {
		for shift := range len(filler) {
			t.Run(fmt.Sprintf("%s/%d", tt.name, shift), func(t *testing.T) {
				bad := "BAD"
				if tt.atEndOfLine {
					bad = ""
				}
				prefix := fill(max(tt.before-shift, 0))
				line := prefix + bad + fill(max(size-len(prefix), 0)*btoi(!tt.atEndOfLine))
				fs := NewFileSet()
				f := fs.AddFile("big.zrf", []byte("(game\n"+line+"\n)\n"))
				off := len("(game\n") + len(prefix)
				e := fs.NewError(f.Pos(off), nil, "unknown instruction %q", bad)
				got := strings.Split(e.Detail(), "\n")
				if len(got) != 3 {
					t.Fatalf("Detail has %d lines, want 3:\n%.500s", len(got), e.Detail())
				}
				if want := fmt.Sprintf("big.zrf:2:%d: ", len(prefix)+1); !strings.HasPrefix(got[0], want) {
					t.Errorf("first line %q, want it to start with %q", got[0], want)
				}
				shown, caretLine := got[1], got[2]
				if max := excerptWidth + 2*len(cutMark) + utf8.UTFMax; len(shown) > max {
					t.Errorf("shown line has %d bytes, want at most %d", len(shown), max)
				}
				if !utf8.ValidString(shown) {
					t.Errorf("shown line is not valid UTF-8: %q", shown)
				}
				if l := strings.HasPrefix(shown, cutMark); l != tt.cutL {
					t.Errorf("cut on the left = %v, want %v: %q", l, tt.cutL, shown)
				}
				if r := strings.HasSuffix(shown, cutMark); r != tt.cutR {
					t.Errorf("cut on the right = %v, want %v: %q", r, tt.cutR, shown)
				}
				// The shown text must be the line's own, around the offending text.
				inner := strings.TrimSuffix(strings.TrimPrefix(shown, cutMark), cutMark)
				if !strings.Contains(line, inner) {
					t.Errorf("shown text %q is not part of the line", inner)
				}
				want := strings.LastIndex(shown, "BAD")
				if tt.atEndOfLine {
					want = len(shown)
				}
				if i := strings.IndexByte(caretLine, '^'); i != want || i != len(caretLine)-1 {
					t.Errorf("caret at byte %d of %q, want %d under:\n%s\n%s", i, caretLine, want, shown, caretLine)
				}
				for i := 0; i < len(caretLine)-1; i++ {
					if w := map[bool]byte{true: '\t', false: ' '}[shown[i] == '\t']; caretLine[i] != w {
						t.Fatalf("caret line byte %d is %q, want %q", i, caretLine[i], w)
					}
				}
			})
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestExcerptShortLines checks that lines up to the limit are shown whole, as before.
func TestExcerptShortLines(t *testing.T) {
	for _, n := range []int{0, 1, 80, maxExcerpt} {
		line := strings.Repeat("a", n)
		for _, col := range []int{1, n / 2, n, n + 1, n + 5} {
			if got, gotCol := excerpt(line, col); got != line || gotCol != col {
				t.Errorf("excerpt(%d bytes, %d) = %d bytes, %d; want the line and %d", n, col, len(got), gotCol, col)
			}
		}
	}
	line := strings.Repeat("a", maxExcerpt+1)
	if got, _ := excerpt(line, 1); got == line {
		t.Errorf("excerpt of a %d-byte line is the whole line", len(line))
	}
}

// TestDetailShortLine checks the whole output for a short line with a tab.
func TestDetailShortLine(t *testing.T) {
	fs := NewFileSet()
	f := fs.AddFile("s.zrf", []byte("(game\n\t(moves (nnw add)))\n"))
	e := fs.NewError(f.Pos(strings.Index("(game\n\t(moves (nnw add)))\n", "nnw")), nil, "unknown direction %q", "nnw")
	want := "s.zrf:2:10: unknown direction \"nnw\"\n\t(moves (nnw add)))\n\t        ^"
	if got := e.Detail(); got != want {
		t.Errorf("Detail() =\n%s\nwant\n%s", got, want)
	}
}
