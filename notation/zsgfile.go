package notation

// This file reads and writes the layout of a Zillions saved game (.zsg): three header
// lines, optional board-edit lines, and numbered move lines. It knows nothing of any
// game; replay.go gives the move text its meaning.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/zrf"
)

// SavedGame is a parsed .zsg file.
type SavedGame struct {
	Named     bool   // written in named notation (first line NamedMagic)
	Seats     string // one H or C per player, from the first line
	RulesFile string // as written after RulesFile=
	Variant   string // the exact title after VariantName=
	Edits     []Edit
	Moves     []MoveLine
}

// Edit is a board-edit line: (PLAYER PIECE POS) puts a piece, (x POS) empties a square.
type Edit struct {
	Line   int
	Clear  bool
	Player string
	Piece  string
	Pos    string
}

// MoveLine is one numbered line: one part of a turn.
type MoveLine struct {
	Line    int // 1-based line number in the file
	Num     int // the move number written
	Partial int // K of "partial K", or -1
	Pass    bool
	Text    string // the body after the number and any partial prefix
}

// ParseError is an error in a saved game, with its line number.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

const zsgMagic = "Zillions Save Game File Version "

// MaxSavedGameLines bounds the lines read from one file.
const MaxSavedGameLines = 1_000_000

// ParseSavedGame reads a .zsg file's text. name is used in errors. A file that is not
// UTF-8 (Zillions writes the code page of the rules) is decoded as the reader decodes
// rules files (zrf.Decode), so that its title and names are the rules' own.
func ParseSavedGame(name string, data []byte) (*SavedGame, error) {
	text := zrf.Decode(string(data))
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > MaxSavedGameLines {
		return nil, &ParseError{name, MaxSavedGameLines + 1, fmt.Sprintf("more than %d lines", MaxSavedGameLines)}
	}
	errAt := func(i int, format string, args ...any) error {
		return &ParseError{name, i + 1, fmt.Sprintf(format, args...)}
	}
	if len(lines) == 0 || !strings.HasPrefix(strings.TrimSpace(lines[0]), zsgMagic) && !strings.HasPrefix(strings.TrimSpace(lines[0]), NamedMagic) {
		return nil, &ParseError{name, 1, fmt.Sprintf("not a Zillions saved game: the first line should start with %q", zsgMagic)}
	}
	if len(lines) < 3 {
		return nil, &ParseError{name, len(lines) + 1, "truncated header: a saved game starts with three lines (version, RulesFile=, VariantName=)"}
	}
	sg := &SavedGame{}
	first := strings.TrimSpace(lines[0])
	var f []string
	switch {
	case strings.HasPrefix(first, zsgMagic):
		f = strings.Fields(strings.TrimPrefix(first, zsgMagic))
		if len(f) >= 2 {
			f = f[1:]
		} else {
			f = nil
		}
	case strings.HasPrefix(first, NamedMagic):
		sg.Named = true
		f = strings.Fields(strings.TrimPrefix(first, NamedMagic))
	default:
		return nil, errAt(0, "not a Zillions saved game: the first line should start with %q", zsgMagic)
	}
	if len(f) >= 1 {
		sg.Seats = f[0]
		for _, c := range sg.Seats {
			if c != 'H' && c != 'C' {
				return nil, errAt(0, "seat letters must be H or C, found %q", sg.Seats)
			}
		}
	}
	var ok bool
	if sg.RulesFile, ok = strings.CutPrefix(strings.TrimSpace(lines[1]), "RulesFile="); !ok {
		return nil, errAt(1, "expected RulesFile=..., found %q", clip(lines[1]))
	}
	if sg.Variant, ok = strings.CutPrefix(strings.Trim(lines[2], " \t"), "VariantName="); !ok {
		return nil, errAt(2, "expected VariantName=..., found %q", clip(lines[2]))
	}
	last := 0
	for i := 3; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "(") {
			if len(sg.Moves) > 0 {
				return nil, errAt(i, "board-edit line after the moves")
			}
			if !strings.HasSuffix(line, ")") {
				return nil, errAt(i, "board-edit line not closed: %q", clip(line))
			}
			w := strings.Fields(line[1 : len(line)-1])
			switch {
			case len(w) == 2 && w[0] == "x":
				sg.Edits = append(sg.Edits, Edit{Line: i + 1, Clear: true, Pos: w[1]})
			case len(w) == 3:
				sg.Edits = append(sg.Edits, Edit{Line: i + 1, Player: w[0], Piece: w[1], Pos: w[2]})
			default:
				return nil, errAt(i, "expected (PLAYER PIECE POSITION) or (x POSITION), found %q", clip(line))
			}
			continue
		}
		dot := strings.Index(line, ". ")
		if dot <= 0 {
			if strings.HasSuffix(line, ".") {
				return nil, errAt(i, "truncated move line %q", clip(line))
			}
			return nil, errAt(i, "expected a move line \"N. MOVE\", found %q", clip(line))
		}
		num, err := strconv.Atoi(line[:dot])
		if err != nil || num < 1 {
			return nil, errAt(i, "bad move number %q", clip(line[:dot]))
		}
		if num < last {
			return nil, errAt(i, "move number %d after %d", num, last)
		}
		last = num
		body := strings.TrimSpace(line[dot+2:])
		ml := MoveLine{Line: i + 1, Num: num, Partial: -1, Text: body}
		if rest, ok := strings.CutPrefix(body, "partial "); ok {
			w := strings.SplitN(rest, " ", 2)
			k, err := strconv.Atoi(w[0])
			if err != nil || k < 0 || len(w) < 2 {
				return nil, errAt(i, "expected \"partial K MOVE\", found %q", clip(body))
			}
			ml.Partial, ml.Text = k, strings.TrimSpace(w[1])
		}
		if ml.Text == "" {
			return nil, errAt(i, "truncated move line %q", clip(line))
		}
		ml.Pass = ml.Text == "Pass"
		sg.Moves = append(sg.Moves, ml)
	}
	return sg, nil
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Format writes a saved game in the layout Zillions reads, with CRLF line ends.
func (sg *SavedGame) Format() []byte {
	var b strings.Builder
	if sg.Named {
		b.WriteString(strings.TrimSpace(NamedMagic+" "+sg.Seats) + "\r\n")
	} else {
		b.WriteString(strings.TrimSpace(zsgMagic+"0.02 "+sg.Seats) + "\r\n")
	}
	b.WriteString("RulesFile=" + sg.RulesFile + "\r\n")
	b.WriteString("VariantName=" + sg.Variant + "\r\n")
	for _, e := range sg.Edits {
		if e.Clear {
			fmt.Fprintf(&b, "(x %s)\r\n", e.Pos)
		} else {
			fmt.Fprintf(&b, "(%s %s %s)\r\n", e.Player, e.Piece, e.Pos)
		}
	}
	for _, m := range sg.Moves {
		fmt.Fprintf(&b, "%d. ", m.Num)
		if m.Partial >= 0 {
			fmt.Fprintf(&b, "partial %d ", m.Partial)
		}
		b.WriteString(m.Text)
		b.WriteString("\r\n")
	}
	return []byte(b.String())
}
