package render

// This file draws the pieces that the rules give no picture of, in the look players know
// from the piece's name and the kind of game, never from the game's own name:
//
//   - chess men (King, Queen, Rook, Bishop, Knight, Pawn in a game with at least one of
//     the officers) as the Cburnett chess pieces of pieces/cburnett.svg;
//   - shogi pieces (a game with a Lance, a Tokin, a Gold or a Silver) as pentagonal tiles
//     pointing away from their owner's side, with the name written on them (promoted
//     ones in red), on a board of plain wood;
//   - draughts men (Man, Checker, Pedina…, or a Pawn without officers) as grooved discs,
//     and the kings of such a game (King, Dama, Damone…, or its only other piece type)
//     as discs with a crown;
//   - stones (Stone, Marble, Pebble, Bead, Rock…, or a Man or a Disc dropped on a board
//     that starts empty) as shaded stones, in holes on a wooden
//     board when the game starts empty or the board is of hexagons, with the star
//     points on a Go board of lines;
//   - the pieces on a board that writes values on its positions (show-values: the seeds
//     of a mancala) as pits holding that many seeds, and the less common kinds as square
//     pits (Bao's nyumba); in plain ZRF, a family of piece types named for counts (p1 …
//     p54) as pits with that many seeds, the count written; but such a family numbered
//     no further than 6 in a game whose words speak of dice as dice in their owner's
//     colour, showing the number;
//   - the pieces of a seat that moves at random and that have no moves of their own (a
//     throw's dice) as dice: pips for a number in the name, a pyramid with a white or a
//     dark tip for a two-sided die (Up, Down);
//   - the folk of fantasy games by name (Dwarf, Troll or Ogre, Sorcerer or Wizard) as
//     tokens in their owner's colour with the figure's head drawn on them;
//   - in a game with dice, the players' pieces that nothing above recognises as the
//     counters of a race game: flat discs with five pips, the commonest kind at the
//     start, and the others (pieces promoted on the way) with a crown;
//   - a piece named Taken (or Captured, Dead) as a faded man;
//   - anything else as a bevelled disc with the piece's letter.

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/zoggo/zoggo/engine"
)

//go:embed pieces/cburnett.svg
var cburnettSVG string

// Styles of pieces.
const (
	styleDisc    = iota // a bevelled disc with a label
	styleChess          // a Cburnett chess glyph
	styleTile           // a shogi tile with the name written
	styleMan            // a draughts man
	styleKing           // a crowned draughts man
	styleStone          // a shaded stone
	stylePit            // a mancala pit holding seeds
	styleHouse          // a square pit
	styleDie            // a die
	styleCounter        // a race game's counter: five pips, or a crown (mark)
	styleFigure         // a token with a figure's head
)

// pieceStyle is how one piece type is drawn.
type pieceStyle struct {
	style    int
	glyph    string   // styleChess: k q r b n p
	lines    []string // styleTile: the words written on the tile
	promoted bool     // styleTile: written in red
	mark     bool     // styleKing: the second and later royal kinds write their label too
	faded    bool     // a piece already taken, still on the board until the turn ends
	count    int      // stylePit of a piece that stands for a count of seeds ("p3"), or 0
	pips     int      // styleDie: the number shown, 0 for a two-sided die
	up       bool     // styleDie with pips 0: the marked face is up
	owned    bool     // styleDie: a player's die, in the player's colour
	figure   string   // styleFigure: a key of figureArt
}

// Names of pieces, lower case and letters only.
var (
	chessGlyphs = map[string]string{
		"king": "k", "queen": "q", "rook": "r", "castle": "r", "bishop": "b", "knight": "n", "pawn": "p",
	}
	chessOfficers = map[string]bool{"queen": true, "rook": true, "castle": true, "bishop": true, "knight": true}
	manNames      = map[string]bool{
		"man": true, "men": true, "checker": true, "draught": true, "pedina": true, "piece": true,
		"counter": true, "disc": true, "disk": true, "soldier": true, "pawn": true,
	}
	stoneNames = map[string]bool{
		"stone": true, "stones": true, "marble": true, "ball": true, "bead": true, "pebble": true,
		"rock": true, "boulder": true, "seed": true,
	}
	kingWords  = []string{"king", "dam", "queen", "lady", "crown", "emperor", "officer"}
	takenNames = map[string]bool{"taken": true, "captured": true, "dead": true, "removed": true}
	countName  = regexp.MustCompile(`^([A-Za-z]+)-?0*([1-9][0-9]{0,2})$`)
	shogiWords = []string{"lance", "tokin", "gold", "silver"} // not "general": Xiangqi has one
	dieWords   = []string{"die", "dice"}
	upFaces    = map[string]bool{"up": true, "heads": true, "head": true, "marked": true, "on": true, "white": true, "yes": true}
	downFaces  = map[string]bool{"down": true, "tails": true, "tail": true, "blank": true, "off": true, "black": true, "no": true}
	numWords   = [...]string{1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
	// Words in a piece's name (letters, lower case) for the figures of figureArt.
	figureWords = []struct{ word, figure string }{
		{"dwarf", "dwarf"}, {"dwarv", "dwarf"}, {"troll", "troll"}, {"ogre", "troll"},
		{"sorcer", "sorcerer"}, {"wizard", "sorcerer"}, {"warlock", "sorcerer"}, {"witch", "sorcerer"},
	}
)

// letters returns the letters of s in lower case.
func letters(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// words splits a piece name into its words: at spaces, hyphens, underscores and where a
// capital letter follows a small one ("GoldGeneral").
func words(s string) []string {
	var out []string
	var cur []rune
	prev := rune(0)
	for _, r := range s {
		switch {
		case r == ' ' || r == '-' || r == '_' || r == '.':
			if len(cur) > 0 {
				out = append(out, string(cur))
			}
			cur = nil
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			out = append(out, string(cur))
			cur = []rune{r}
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	if len(cur) > 0 {
		out = append(out, string(cur))
	}
	return out
}

// pieceStyles returns the style of every piece type of g. values says whether the board
// writes values on its positions.
func pieceStyles(g *engine.Game, values bool) []pieceStyle {
	out := make([]pieceStyle, len(g.Pieces))
	names := make([]string, len(g.Pieces))
	chess, shogi, draughts := false, false, false
	for k, pc := range g.Pieces {
		n := letters(pc.Name)
		names[k] = n
		chess = chess || chessOfficers[n]
		for _, w := range shogiWords {
			shogi = shogi || strings.Contains(n, w)
		}
		draughts = draughts || manNames[n]
	}
	// The owners of each kind at the start, and how many of each there are.
	random := make([]bool, len(g.Pieces))
	count := make([]int, len(g.Pieces))
	for _, p := range g.Setup {
		if p.Kind < 0 || int(p.Kind) >= len(g.Pieces) {
			continue
		}
		count[p.Kind]++
		if p.Player >= 0 && int(p.Player) < len(g.Players) && g.Players[p.Player].Random {
			random[p.Kind] = true
		}
	}
	most := 0
	for k := range count {
		if count[k] > count[most] {
			most = k
		}
	}
	// Plain ZRF has no numbers: a mancala gives each count of seeds a piece type of its
	// own, a family of names with one prefix and a number (p1, p2 … p54).
	counts := make([]int, len(g.Pieces))
	family := map[string]int{}
	top := map[string]int{} // the largest number of each family
	for k, pc := range g.Pieces {
		if m := countName.FindStringSubmatch(pc.Name); m != nil {
			counts[k], _ = strconv.Atoi(m[2])
			f := strings.ToLower(m[1])
			family[f]++
			top[f] = max(top[f], counts[k])
		}
	}
	// Such a family numbered no further than 6, in a game whose words (its description,
	// or its pieces' help) speak of dice, is the faces of dice that the players move
	// (Chase): each piece a die showing its number.
	diceGame := dieText(g)
	// A game that starts on an empty board and drops its pieces plays with stones, whatever
	// it calls them (a Piece, a Disc).
	dropped := len(g.Setup) == 0 && len(g.Pieces) > 0
	for _, pc := range g.Pieces {
		dropped = dropped && pc.HasDrops
	}
	// The other kinds of a draughts game are kings when their names say so, or when
	// there is only one of them.
	others := 0
	for k := range g.Pieces {
		if !manNames[names[k]] && !stoneNames[names[k]] && !takenNames[names[k]] {
			others++
		}
	}
	kings := 0
	for k, pc := range g.Pieces {
		n := names[k]
		s := &out[k]
		switch {
		case values:
			s.style = styleHouse
			if k == most {
				s.style = stylePit
			}
		case counts[k] > 0 && family[strings.ToLower(countName.FindStringSubmatch(pc.Name)[1])] >= 5:
			if f := strings.ToLower(countName.FindStringSubmatch(pc.Name)[1]); diceGame && top[f] <= 6 {
				s.style, s.pips, s.owned = styleDie, counts[k], !random[k]
				break
			}
			s.style, s.count = stylePit, counts[k]
		case (random[k] || pc.HasDrops) && !pc.HasMoves && dieName(pc.Name, g):
			s.style = styleDie
			s.pips, s.up = dieFace(pc.Name)
		case shogi:
			s.style = styleTile
			s.lines, s.promoted = tileLines(pc.Name)
		case chess && chessGlyphs[n] != "":
			s.style, s.glyph = styleChess, chessGlyphs[n]
		case figureOf(n) != "":
			s.style, s.figure = styleFigure, figureOf(n)
		case stoneNames[n] || dropped && manNames[n]:
			s.style = styleStone
		case takenNames[n]:
			s.style, s.faded = styleMan, true
		case draughts && manNames[n] && !(chess && n == "pawn"):
			s.style = styleMan
		case draughts && !chess && (others == 1 || kingName(n)):
			s.style, s.mark = styleKing, kings > 0
			kings++
		}
	}
	// A game with dice races counters: the kinds that move and are drawn as nothing
	// else, the commonest at the start plain, the others crowned.
	if slices.ContainsFunc(out, func(s pieceStyle) bool { return s.style == styleDie }) {
		plain := -1
		for k, pc := range g.Pieces {
			if out[k].style == styleDisc && pc.HasMoves && !random[k] && (plain < 0 || count[k] > count[plain]) {
				plain = k
			}
		}
		for k, pc := range g.Pieces {
			if out[k].style == styleDisc && pc.HasMoves && !random[k] {
				out[k].style, out[k].mark = styleCounter, k != plain
			}
		}
	}
	return out
}

// figureOf returns the figure that a piece name (letters only, lower case) names, or "".
func figureOf(n string) string {
	for _, f := range figureWords {
		if strings.Contains(n, f.word) {
			return f.figure
		}
	}
	return ""
}

// kingName reports whether a piece name (letters only, lower case) is a draughts king's.
func kingName(n string) bool {
	for _, w := range kingWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// dieName reports whether a piece that a seat drops or holds without moving it is a
// die: its name speaks of dice, or the game has a seat that moves at random and either
// that seat's name speaks of dice or the piece's name is a face (a number, Up, Down).
func dieName(name string, g *engine.Game) bool {
	dice := func(s string) bool {
		n := letters(s)
		for _, w := range dieWords {
			if strings.Contains(n, w) {
				return true
			}
		}
		return false
	}
	if dice(name) {
		return true
	}
	for _, p := range g.Players {
		if !p.Random {
			continue
		}
		if dice(p.Name) {
			return true
		}
		n := letters(name)
		if pips, _ := dieFace(name); pips > 0 || upFaces[n] || downFaces[n] {
			return true
		}
	}
	return false
}

// dieText reports whether the words of game g, its description or a piece's help or
// description, speak of a die or dice.
func dieText(g *engine.Game) bool {
	texts := []string{g.Description}
	for _, pc := range g.Pieces {
		texts = append(texts, pc.Help, pc.Description)
	}
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if slices.Contains(dieWords, strings.ToLower(w)) {
				return true
			}
		}
	}
	return false
}

// dieFace reads the face a die's name shows: a number from 1 to 6 (digits or words), or
// for a two-sided die whether its marked face is up.
func dieFace(name string) (pips int, up bool) {
	if i := strings.IndexAny(name, "123456"); i >= 0 {
		return int(name[i] - '0'), false
	}
	n := letters(name)
	for v, w := range numWords {
		if v > 0 && (strings.HasSuffix(n, w) || strings.HasPrefix(n, w)) {
			return v, false
		}
	}
	for w := range upFaces {
		if strings.HasSuffix(n, w) {
			return 0, true
		}
	}
	return 0, false
}

// tileLines returns the words written on a shogi tile, at most two, each of at most six
// letters or cut to three and a dot ("Gold General" is "Gold", "Gen."), and whether the
// piece is promoted: its name starts with "Promoted" or "+", or ends in a capital P
// ("PawnP"), which is left out.
func tileLines(name string) (lines []string, promoted bool) {
	ws := words(strings.TrimPrefix(name, "+"))
	promoted = strings.HasPrefix(name, "+")
	if len(ws) > 1 && strings.EqualFold(ws[0], "promoted") {
		ws, promoted = ws[1:], true
	}
	if len(ws) > 1 && ws[len(ws)-1] == "P" {
		ws, promoted = ws[:len(ws)-1], true
	}
	if len(ws) == 0 {
		return []string{"?"}, promoted
	}
	if len(ws) > 2 {
		ws = ws[:2]
	}
	for _, w := range ws {
		if r := []rune(w); len(r) > 6 {
			w = string(r[:3]) + "."
		}
		lines = append(lines, w)
	}
	return lines, promoted
}

// chessDefs holds the groups of the chess pieces of cburnett.svg, by id (wk, bq…),
// without their ids and those of their parts.
var chessDefs = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	idAttr := regexp.MustCompile(`\s+id="[^"]*"`)
	space := regexp.MustCompile(`\s+`)
	for _, side := range "wb" {
		for _, p := range "kqrbnp" {
			id := string(side) + string(p)
			i := strings.Index(cburnettSVG, `<g id="`+id+`"`)
			if i < 0 {
				continue
			}
			depth, j := 0, i
			for j < len(cburnettSVG) {
				open := strings.Index(cburnettSVG[j:], "<g")
				shut := strings.Index(cburnettSVG[j:], "</g>")
				if shut < 0 {
					break
				}
				if open >= 0 && open < shut {
					depth++
					j += open + 2
					continue
				}
				depth--
				j += shut + 4
				if depth == 0 {
					break
				}
			}
			if depth != 0 {
				continue
			}
			g := idAttr.ReplaceAllString(cburnettSVG[i:j], "")
			out[id] = space.ReplaceAllString(g, " ")
		}
	}
	return out
})

// pieceArt collects what the pieces drawn need defined once: gradients and glyphs.
type pieceArt struct {
	defs  []string
	ids   map[string]bool
	chess bool // a chess glyph is drawn: the picture names its authors
}

// def adds a definition once, made by mk, and returns its id.
func (a *pieceArt) def(id string, mk func() string) string {
	if a.ids == nil {
		a.ids = map[string]bool{}
	}
	if !a.ids[id] {
		a.ids[id] = true
		a.defs = append(a.defs, mk())
	}
	return id
}

// write writes the definitions.
func (a *pieceArt) write(w *strings.Builder) {
	if len(a.defs) == 0 {
		return
	}
	if a.chess {
		w.WriteString("<!-- Chess pieces: Colin M.L. Burnett (Cburnett) and Rfc1394, in Stefan Haack's sprite; CC BY-SA 3.0 -->\n")
	}
	w.WriteString("<defs>\n")
	for _, d := range a.defs {
		w.WriteString(d)
		w.WriteByte('\n')
	}
	w.WriteString("</defs>\n")
}

// rgb parses a colour #rrggbb (black when it cannot).
func rgb(c string) [3]float64 {
	var out [3]float64
	if len(c) != 7 || c[0] != '#' {
		return out
	}
	for i := range 3 {
		v, err := strconv.ParseUint(c[1+2*i:3+2*i], 16, 8)
		if err == nil {
			out[i] = float64(v)
		}
	}
	return out
}

// mix returns colour c moved a fraction t towards colour d.
func mix(c, d string, t float64) string {
	a, b := rgb(c), rgb(d)
	var out [3]int
	for i := range 3 {
		out[i] = int(math.Round(a[i] + (b[i]-a[i])*t))
	}
	return fmt.Sprintf("#%02x%02x%02x", out[0], out[1], out[2])
}

// luma is the brightness of a colour, from 0 to 255.
func luma(c string) float64 {
	v := rgb(c)
	return 0.299*v[0] + 0.587*v[1] + 0.114*v[2]
}

// dark reports whether a colour is dark.
func dark(c string) bool { return luma(c) < 110 }

// gradient defines a radial gradient lit from the top left, from a light tint of fill to
// a shade of it at the edge, and returns its id.
func (a *pieceArt) gradient(fill string) string {
	id := "zg" + strings.TrimPrefix(fill, "#")
	return a.def(id, func() string {
		hi, lo := mix(fill, "#ffffff", 0.55), mix(fill, "#000000", 0.25)
		if dark(fill) {
			hi, lo = mix(fill, "#ffffff", 0.35), mix(fill, "#000000", 0.5)
		}
		return fmt.Sprintf(`<radialGradient id="%s" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="%s"/><stop offset="0.55" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient>`,
			id, hi, fill, lo)
	})
}

// pitGradient defines the shading of a hollow: dark at its upper edge, lighter at the
// bottom, and returns its id.
func (a *pieceArt) pitGradient() string {
	return a.def("zgpit", func() string {
		return `<radialGradient id="zgpit" cx="0.5" cy="0.62" r="0.6"><stop offset="0" stop-color="#a8743f"/><stop offset="0.7" stop-color="#8a5a2c"/><stop offset="1" stop-color="#5e3a18"/></radialGradient>`
	})
}

// chessGlyph defines the chess piece glyph of a player whose colour is fill and returns
// its id: the black pieces for black, the white ones for white, and for any other colour
// the white ones filled with it.
func (a *pieceArt) chessGlyph(glyph string, fill string) string {
	defs := chessDefs()
	a.chess = true
	switch {
	case luma(fill) < 60: // black, not a dark red or blue
		return a.def("zc-b"+glyph, func() string { return `<g id="zc-b` + glyph + `">` + defs["b"+glyph] + `</g>` })
	case strings.EqualFold(fill, "#ffffff"):
		return a.def("zc-w"+glyph, func() string { return `<g id="zc-w` + glyph + `">` + defs["w"+glyph] + `</g>` })
	}
	id := "zc-w" + glyph + strings.TrimPrefix(fill, "#")
	return a.def(id, func() string {
		g := strings.ReplaceAll(defs["w"+glyph], `"#FFFFFF"`, `"`+fill+`"`)
		return `<g id="` + id + `">` + g + `</g>`
	})
}

// drawPiece writes the piece o on cell c in its style, as one group of class piece.
func (r *svgRenderer) drawPiece(w *strings.Builder, c svgCell, o Occupant) {
	st := pieceStyle{}
	if int(o.Kind) < len(r.styles) {
		st = r.styles[o.Kind]
	}
	col := r.colour(o.Player)
	x, y, size := c.cx, c.cy, c.size
	faded := ""
	if st.faded {
		faded = ` opacity="0.45"`
	}
	name := ""
	if c.loc >= 0 && int(c.loc) < len(r.b.Locs) {
		name = r.b.Locs[c.loc].Name
	}
	fmt.Fprintf(w, `<g class="piece p%d" data-loc="%s"%s>`, o.Player, esc(name), faded)
	a := &r.art
	switch st.style {
	case styleChess:
		id := a.chessGlyph(st.glyph, col[0])
		s := size / 38
		fmt.Fprintf(w, `<use xlink:href="#%s" transform="translate(%s %s) scale(%s)"/>`, id, num(x-20*s), num(y-20*s), num(s))
	case styleTile:
		r.drawTile(w, st, o, x, y, size, col)
	case styleMan, styleKing:
		rad := 0.42 * size
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#000000" fill-opacity="0.25"/>`, num(x+0.04*size), num(y+0.05*size), num(rad))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(rad), a.gradient(col[0]), col[1], num(max(0.5, 0.05*rad)))
		groove := mix(col[0], "#000000", 0.3)
		if dark(col[0]) {
			groove = mix(col[0], "#ffffff", 0.3)
		}
		for _, k := range []float64{0.78, 0.56} {
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`,
				num(x), num(y), num(k*rad), groove, num(max(0.4, 0.04*rad)))
		}
		if st.style == styleKing {
			if !st.mark {
				writeCrown(w, x, y, rad*0.62, crownInk(col[0]))
			} else {
				writeCrown(w, x, y-0.12*rad, rad*0.5, crownInk(col[0]))
				fsz := rad * 0.42
				fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`,
					num(x), num(y+0.66*rad), num(fsz), col[2], esc(r.labels[o]))
			}
		}
	case styleStone:
		rad := r.stoneRadius() * size
		if int(o.Player) < len(r.g.Players) && r.g.Players[o.Player].Random {
			col = [3]string{"#8d8a84", "#55524c", "#ffffff"} // a neutral stone: grey
		}
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#000000" fill-opacity="0.3"/>`, num(x+0.035*size), num(y+0.045*size), num(rad))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(rad), a.gradient(col[0]), mix(col[0], "#000000", 0.45), num(max(0.3, 0.025*rad)))
	case stylePit, styleHouse:
		r.drawPit(w, st, c, x, y, size, col)
	case styleDie:
		r.drawDie(w, st, x, y, size, col)
	case styleCounter:
		rad := 0.42 * size
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#000000" fill-opacity="0.25"/>`, num(x+0.035*size), num(y+0.045*size), num(rad))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(rad), a.gradient(col[0]), col[1], num(max(0.5, 0.05*rad)))
		if st.mark {
			writeCrown(w, x, y, rad*0.6, crownInk(col[0]))
			break
		}
		for _, p := range [][2]float64{{0, 0}, {-0.42, -0.42}, {0.42, -0.42}, {-0.42, 0.42}, {0.42, 0.42}} {
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(x+p[0]*rad), num(y+p[1]*rad), num(0.13*rad), col[2])
		}
	case styleFigure:
		rad := 0.42 * size
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#000000" fill-opacity="0.25"/>`, num(x+0.04*size), num(y+0.05*size), num(rad))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(rad), a.gradient(col[0]), col[1], num(max(0.5, 0.05*rad)))
		art := figureArt[st.figure]
		fmt.Fprintf(w, `<g transform="translate(%s %s) scale(%s)"><path d="%s" fill="%s"/><path d="%s" fill="%s"/></g>`,
			num(x), num(y), num(0.78*rad), art[0], col[2], art[1], col[0])
	default:
		rad := 0.42 * size
		label := r.labels[o]
		n := len([]rune(label))
		fsz := rad * [...]float64{1.05, 0.8, 0.6, 0.48}[min(max(n, 1), 4)-1]
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#000000" fill-opacity="0.25"/>`, num(x+0.04*size), num(y+0.05*size), num(rad))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(rad), a.gradient(col[0]), col[1], num(max(0.5, 0.05*rad)))
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-opacity="0.5" stroke-width="%s"/>`,
			num(x), num(y), num(0.82*rad), col[1], num(max(0.4, 0.035*rad)))
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s" font-family="Georgia, serif" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`,
			num(x), num(y+0.35*fsz), num(fsz), col[2], esc(label))
	}
	w.WriteString("</g>\n")
}

// figureArt holds the figures' heads drawn on tokens, in units of the token's radius
// about its middle (y down): what is drawn in the ink of the owner's letters, then what
// is cut out of it again in the token's colour (eyes, mouths, a star).
var figureArt = map[string][2]string{
	// A bearded head in a horned helmet.
	"dwarf": {
		"M-0.55,-0.12 A0.55,0.55 0 0 1 0.55,-0.12 Z M-0.62,-0.22 H0.62 V-0.08 H-0.62 Z " +
			"M-0.5,-0.36 Q-0.95,-0.45 -0.82,-0.95 Q-0.72,-0.6 -0.4,-0.55 Z M0.5,-0.36 Q0.95,-0.45 0.82,-0.95 Q0.72,-0.6 0.4,-0.55 Z " +
			"M-0.08,-0.06 H0.08 L0.06,0.16 H-0.06 Z " +
			"M-0.52,0.02 Q-0.58,0.5 -0.22,0.78 L0,0.98 L0.22,0.78 Q0.58,0.5 0.52,0.02 Q0.36,0.24 0.14,0.22 L0,0.28 L-0.14,0.22 Q-0.36,0.24 -0.52,0.02 Z",
		"M-0.3,0.04 a0.08,0.08 0 1 0 0.16,0 a0.08,0.08 0 1 0 -0.16,0 Z M0.14,0.04 a0.08,0.08 0 1 0 0.16,0 a0.08,0.08 0 1 0 -0.16,0 Z " +
			"M-0.14,0.42 Q0,0.5 0.14,0.42 Q0,0.56 -0.14,0.42 Z",
	},
	// A broad head with ears and tusks.
	"troll": {
		"M-0.62,0.55 Q-0.82,-0.1 -0.5,-0.58 Q0,-0.88 0.5,-0.58 Q0.82,-0.1 0.62,0.55 Q0,0.82 -0.62,0.55 Z " +
			"M-0.68,-0.2 L-0.98,-0.42 L-0.72,0.08 Z M0.68,-0.2 L0.98,-0.42 L0.72,0.08 Z",
		"M-0.36,-0.16 a0.11,0.11 0 1 0 0.22,0 a0.11,0.11 0 1 0 -0.22,0 Z M0.14,-0.16 a0.11,0.11 0 1 0 0.22,0 a0.11,0.11 0 1 0 -0.22,0 Z " +
			"M-0.12,0.1 a0.045,0.045 0 1 0 0.09,0 a0.045,0.045 0 1 0 -0.09,0 Z M0.03,0.1 a0.045,0.045 0 1 0 0.09,0 a0.045,0.045 0 1 0 -0.09,0 Z " +
			"M-0.42,0.3 Q0,0.56 0.42,0.3 Q0,0.42 -0.42,0.3 Z M-0.32,0.36 L-0.25,0.06 L-0.17,0.4 Z M0.17,0.4 L0.25,0.06 L0.32,0.36 Z",
	},
	// A pointed hat with a star over a long beard.
	"sorcerer": {
		"M-0.4,0.26 Q-0.1,-0.3 0.08,-0.95 Q0.2,-0.4 0.42,0.26 Z M-0.85,0.34 Q0,0.12 0.85,0.34 Q0,0.56 -0.85,0.34 Z " +
			"M-0.36,0.5 Q0,0.6 0.36,0.5 L0.05,0.98 L-0.05,0.98 Z",
		"M0.04,-0.38 L0.09,-0.24 L0.23,-0.24 L0.12,-0.15 L0.16,-0.01 L0.04,-0.09 L-0.08,-0.01 L-0.04,-0.15 L-0.15,-0.24 L-0.01,-0.24 Z",
	},
}

// crownInk is the colour of a crown on a disc of colour fill.
func crownInk(fill string) string {
	if dark(fill) {
		return "#e8c547"
	}
	return "#b8860b"
}

// writeCrown draws a crown of width 2*half centred on x, y.
func writeCrown(w *strings.Builder, x, y, half float64, ink string) {
	h := half * 0.95
	top, base := y-h*0.55, y+h*0.45
	pts := [][2]float64{
		{x - half, base}, {x - half, top + 0.1*h}, {x - 0.5*half, y - 0.05*h}, {x, top - 0.15*h},
		{x + 0.5*half, y - 0.05*h}, {x + half, top + 0.1*h}, {x + half, base},
	}
	var s []string
	for _, p := range pts {
		s = append(s, num(p[0])+","+num(p[1]))
	}
	sw := num(max(0.4, 0.08*half))
	fmt.Fprintf(w, `<polygon points="%s" fill="%s" stroke="#5a4100" stroke-width="%s" stroke-linejoin="round"/>`, strings.Join(s, " "), ink, sw)
	for _, p := range [][2]float64{pts[1], pts[3], pts[5]} {
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#5a4100" stroke-width="%s"/>`, num(p[0]), num(p[1]), num(0.13*half), ink, sw)
	}
	fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#5a4100" stroke-width="%s"/>`,
		num(x-half), num(base), num(2*half), num(0.22*h), ink, sw)
}

// drawTile draws a shogi tile pointing away from its owner's side, with the name's words
// on it; with more than two players its edge is in the owner's colour.
func (r *svgRenderer) drawTile(w *strings.Builder, st pieceStyle, o Occupant, x, y, size float64, col [3]string) {
	hw, hh := 0.36*size, 0.44*size
	pts := [][2]float64{{0, -hh}, {0.78 * hw, -0.62 * hh}, {hw, hh}, {-hw, hh}, {-0.78 * hw, -0.62 * hh}}
	rot := ""
	if a := r.facing(o.Player); a != 0 {
		rot = fmt.Sprintf(` transform="rotate(%d %s %s)"`, a, num(x), num(y))
	}
	var s []string
	for _, p := range pts {
		s = append(s, num(x+p[0])+","+num(y+p[1]))
	}
	edge, ew := "#6b4a1e", max(0.5, 0.025*size)
	if len(r.g.Players) > 2 {
		edge, ew = col[1], max(1, 0.06*size)
		if luma(col[0]) > 240 { // white: a grey edge
			edge = "#9a9a9a"
		}
	}
	fmt.Fprintf(w, `<g%s><polygon points="%s" fill="#f8e6bb" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
		rot, strings.Join(s, " "), edge, num(ew))
	ink := "#1a1a1a"
	if st.promoted {
		ink = "#b01c1c"
	}
	n := 0
	for _, l := range st.lines {
		n = max(n, len([]rune(l)))
	}
	fsz := min(0.3*size, 1.35*hw/max(1, 0.6*float64(n)))
	y0 := y + 0.15*hh - float64(len(st.lines)-1)*0.5*fsz
	for i, l := range st.lines {
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`,
			num(x), num(y0+float64(i)*fsz+0.35*fsz), num(fsz), ink, esc(l))
	}
	w.WriteString("</g>")
}

// drawPit draws a pit, round or square, with the seeds that the board's shown values put
// in it (the count itself is written by writeValues), or as many as the piece stands for.
func (r *svgRenderer) drawPit(w *strings.Builder, st pieceStyle, c svgCell, x, y, size float64, col [3]string) {
	rad := 0.42 * size
	grad := r.art.pitGradient()
	if st.count > 0 {
		// A count piece belongs to a player, who may move it anywhere: a rim of its colour.
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
			num(x), num(y), num(1.1*rad), col[0], col[1], num(max(0.5, 0.04*rad)))
	}
	if st.style == styleHouse {
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="url(#%s)" stroke="#4a2c10" stroke-width="%s"/>`,
			num(x-rad), num(y-rad), num(2*rad), num(2*rad), num(0.2*rad), grad, num(max(0.5, 0.05*rad)))
	} else {
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="#4a2c10" stroke-width="%s"/>`,
			num(x), num(y), num(rad), grad, num(max(0.5, 0.05*rad)))
	}
	// The seeds, up to 40 (the count is written anyway), fill the pit from the middle out
	// along the golden angle, smaller as there are more.
	n := r.seeds(c.loc)
	if st.count > 0 {
		n = st.count
	}
	if n == 0 {
		return
	}
	defer func() {
		// A count that the board does not write as a value is written here, in the same
		// badge (see writeValues).
		if st.count > 0 {
			writeBadge(w, strconv.Itoa(n), x+0.28*size, y-0.28*size, 0.2*size)
		}
	}()
	n = min(n, 40)
	seed := r.art.gradient("#e9e2cf")
	sr := 0.2 * min(1, math.Sqrt(6/float64(n)))
	step := min(1.25*sr, (0.82-sr)/math.Sqrt(float64(n)-0.5))
	for i := range n {
		d, a := step*math.Sqrt(float64(i)+0.5), float64(i)*2.39996
		if n == 1 {
			d = 0
		}
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="url(#%s)" stroke="#6d6450" stroke-width="%s"/>`,
			num(x+d*math.Cos(a)*rad), num(y+d*math.Sin(a)*rad), num(sr*rad), seed, num(max(0.2, 0.1*sr*rad)))
	}
}

// seeds returns the number of seeds shown on position l: the sum of its shown values.
func (r *svgRenderer) seeds(l engine.Loc) int {
	if l < 0 || int(l) >= len(r.values) { // NoLoc: a piece drawn off the board, in a hand

		return 0
	}
	n := 0
	for _, part := range strings.Split(r.values[l], "/") {
		if v, err := strconv.Atoi(part); err == nil && v > 0 {
			n += v
		}
	}
	return n
}

// pipSpots are the pips of each face of a die, in units of half its side.
var pipSpots = [7][][2]float64{
	1: {{0, 0}},
	2: {{-0.5, -0.5}, {0.5, 0.5}},
	3: {{-0.5, -0.5}, {0, 0}, {0.5, 0.5}},
	4: {{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0.5}, {0.5, 0.5}},
	5: {{-0.5, -0.5}, {0.5, -0.5}, {0, 0}, {-0.5, 0.5}, {0.5, 0.5}},
	6: {{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0}, {0.5, 0}, {-0.5, 0.5}, {0.5, 0.5}},
}

// drawDie draws a die: a white cube's face with its pips (a player's die in the player's
// colour, col), or for a two-sided die a pyramid seen from above with a white tip when
// its marked face is up.
func (r *svgRenderer) drawDie(w *strings.Builder, st pieceStyle, x, y, size float64, col [3]string) {
	h := 0.36 * size
	if st.pips > 0 {
		face, edge, pip := "#f4f1ea", "#555555", "#222222"
		if st.owned {
			face, edge, pip = col[0], col[1], col[2]
		}
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#000000" fill-opacity="0.25"/>`,
			num(x-h+0.05*size), num(y-h+0.06*size), num(2*h), num(2*h), num(0.22*h))
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="url(#%s)" stroke="%s" stroke-width="%s"/>`,
			num(x-h), num(y-h), num(2*h), num(2*h), num(0.22*h), r.art.gradient(face), edge, num(max(0.5, 0.04*h)))
		for _, p := range pipSpots[st.pips] {
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(x+p[0]*h*1.05), num(y+p[1]*h*1.05), num(0.17*h), pip)
		}
		return
	}
	// A triangular pyramid: three faces round the apex, lit from the top left.
	rad := 0.46 * size
	var c [3][2]float64
	for i := range c {
		a := -math.Pi/2 + float64(i)*2*math.Pi/3
		c[i] = [2]float64{x + rad*math.Cos(a), y + 0.12*size + rad*math.Sin(a)}
	}
	ax, ay := x, y+0.12*size
	shades := [3]string{"#c9a66b", "#8c6a35", "#a8844a"}
	for i := range c {
		p, q := c[i], c[(i+1)%3]
		fmt.Fprintf(w, `<polygon points="%s,%s %s,%s %s,%s" fill="%s" stroke="#4a3512" stroke-width="%s" stroke-linejoin="round"/>`,
			num(ax), num(ay), num(p[0]), num(p[1]), num(q[0]), num(q[1]), shades[i], num(max(0.5, 0.03*rad)))
	}
	tip, edge := "#3a2a10", "#1a1a1a"
	if st.up {
		tip, edge = "#ffffff", "#4a3512"
	}
	fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
		num(ax), num(ay), num(0.2*rad), tip, edge, num(max(0.5, 0.04*rad)))
}

// woodCells paints the cells of a board of pits, or of shogi tiles, in one wooden
// colour, not as a chess board, and those of some boards of stones (every piece type a stone, the board not
// drawn as lines: Pentago, Abalone) in wood with a hole at each position.
func (r *svgRenderer) woodCells() {
	pits, stones, tiles := false, len(r.styles) > 0, false
	for _, st := range r.styles {
		pits = pits || st.style == stylePit || st.style == styleHouse
		stones = stones && st.style == styleStone
		tiles = tiles || st.style == styleTile
	}
	if r.board != nil || r.b.Lines || !pits && !stones && !tiles {
		return
	}
	if tiles && !pits { // a shogi board: plain wood, its squares ruled
		for i := range r.shapes {
			if r.shapes[i].shape == shapeRect {
				r.shapes[i].fill = "#d4a65a"
			}
		}
		return
	}
	// Stones sit in holes where the game starts on an empty board (Pentago) or on a board
	// of hexagons (Abalone); on squares with stones set up they stay on a chequered board
	// (Epaminondas).
	if !pits && len(r.g.Setup) > 0 && !slices.ContainsFunc(r.shapes, func(c svgCell) bool { return c.shape == shapeHex }) {
		return
	}
	fill := "#c8924f"
	if stones {
		// The gradient fills the cell's bounding box: keep the hole round in cells that
		// are not square (hexagons).
		tr := ""
		if c := r.shapes; len(c) > 0 && c[0].w > 0 && c[0].h > 0 && c[0].w != c[0].h {
			if k := c[0].w / c[0].h; k < 1 {
				tr = fmt.Sprintf(` gradientTransform="translate(0 0.5) scale(1 %s) translate(0 -0.5)"`, strconv.FormatFloat(k, 'f', 4, 64))
			} else {
				tr = fmt.Sprintf(` gradientTransform="translate(0.5 0) scale(%s 1) translate(-0.5 0)"`, strconv.FormatFloat(1/k, 'f', 4, 64))
			}
		}
		fill = "url(#" + r.art.def("zghole", func() string {
			return `<radialGradient id="zghole"` + tr + `><stop offset="0" stop-color="#8a5e30"/><stop offset="0.5" stop-color="#7a5028"/><stop offset="0.6" stop-color="#4e3014"/><stop offset="0.66" stop-color="#d5a86c"/><stop offset="1" stop-color="#d5a86c"/></radialGradient>`
		}) + ")"
	}
	for i := range r.shapes {
		r.shapes[i].fill = fill
	}
}

// stoneRadius is the radius of a stone in cell sizes: stones touch, as on a Go board,
// except on a board of lines with diagonal links (Fanorona), where they leave the lines
// between them in sight.
func (r *svgRenderer) stoneRadius() float64 {
	if r.stoneRad > 0 {
		return r.stoneRad
	}
	r.stoneRad = 0.47
	if !r.b.Lines {
		return r.stoneRad
	}
	nd := r.b.NDirs()
	for _, c := range r.shapes {
		seen := map[engine.Loc]bool{}
		for d := 0; d < nd && int(c.loc)*nd+d < len(r.b.Next); d++ {
			if to := r.b.Next[int(c.loc)*nd+d]; to != engine.NoLoc && to != c.loc {
				seen[to] = true
			}
		}
		if len(seen) > 4 {
			r.stoneRad = 0.36
			break
		}
	}
	return r.stoneRad
}

// facing returns the angle in degrees, a multiple of 90, by which player p's tiles turn
// from pointing up: towards the middle of the board from where the player's pieces
// stand at the start, or else up for the first player and down for the others.
func (r *svgRenderer) facing(p engine.Player) int {
	if r.faces == nil {
		r.faces = map[engine.Player]int{}
		var cx, cy, n float64
		sum := map[engine.Player][3]float64{}
		for _, c := range r.shapes {
			cx, cy, n = cx+c.cx, cy+c.cy, n+1
		}
		for _, pl := range r.g.Setup {
			if i, ok := r.byLoc[pl.Loc]; ok {
				c, v := r.shapes[i], sum[pl.Player]
				sum[pl.Player] = [3]float64{v[0] + c.cx, v[1] + c.cy, v[2] + 1}
			}
		}
		for q := range r.g.Players {
			v := sum[engine.Player(q)]
			a := 180
			if q == 0 {
				a = 0
			}
			if v[2] > 0 && n > 0 {
				dx, dy := cx/n-v[0]/v[2], cy/n-v[1]/v[2]
				switch {
				case math.Abs(dx) > math.Abs(dy) && dx > 0:
					a = 90
				case math.Abs(dx) > math.Abs(dy):
					a = 270
				case dy > 0:
					a = 180
				case dy < 0:
					a = 0
				}
			}
			r.faces[engine.Player(q)] = a
		}
	}
	return r.faces[p]
}

// writeBadge writes text in a dark badge of radius rad centred on x, y.
func writeBadge(w *strings.Builder, text string, x, y, rad float64) {
	fsz := rad * 1.2
	if n := len(text); n > 2 {
		fsz = rad * 2.4 / float64(n)
	}
	fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#ffffff" stroke-width="%s"/>`,
		num(x), num(y), num(rad), svgInk, num(max(0.5, 0.12*rad)))
	fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="#ffffff">%s</text>`,
		num(x), num(y+0.36*fsz), num(fsz), esc(text))
}

// writeStarPoints marks the star points of a board of stones drawn as lines, a square
// grid of n by n points with no diagonal links and n odd from 9 up (a Go board): the
// points on the third line from the edges (the fourth from 13 up) at the corners, the
// middle point, and from 19 up the middles of the sides.
func (r *svgRenderer) writeStarPoints(w *strings.Builder) {
	if len(r.b.Grids) != 1 || len(r.b.Grids[0].Dims) != 2 || r.stoneRadius() != 0.47 {
		return
	}
	for _, st := range r.styles {
		if st.style != styleStone {
			return
		}
	}
	g := r.b.Grids[0]
	n := len(g.Dims[0].Labels)
	if n != len(g.Dims[1].Labels) || n < 9 || n%2 == 0 {
		return
	}
	d := 2
	if n >= 13 {
		d = 3
	}
	kind := func(i int) int { // 1 on a corner line, 2 on the middle line, 0 elsewhere
		switch i {
		case d, n - 1 - d:
			return 1
		case n / 2:
			return 2
		}
		return 0
	}
	var sb strings.Builder
	for _, c := range r.shapes {
		info := r.b.Locs[c.loc]
		if info.Grid != 0 || len(info.Coords) != 2 {
			continue
		}
		a, b := kind(info.Coords[0]), kind(info.Coords[1])
		if a == 0 || b == 0 || a != b && n < 19 {
			continue
		}
		fmt.Fprintf(&sb, `<circle cx="%s" cy="%s" r="%s"/>`+"\n", num(c.cx), num(c.cy), num(0.11*c.size))
	}
	if sb.Len() > 0 {
		fmt.Fprintf(w, `<g class="stars" fill="%s">`+"\n%s</g>\n", svgInk, sb.String())
	}
}

// PieceSVG returns a picture of player p's pieces of kind k of game g as they are drawn
// on the board when the rules give no bitmap of them: a square SVG of 50 by 50 pixels,
// for a page to show pieces off the board (in hand). It returns nil for a player or a
// kind that g does not have.
func PieceSVG(g *engine.Game, p engine.Player, k engine.Kind) []byte {
	if g == nil || p < 0 || int(p) >= len(g.Players) || k < 0 || int(k) >= len(g.Pieces) {
		return nil
	}
	r := &svgRenderer{g: g, b: g.Board, images: map[string]*svgImage{}}
	if r.b == nil {
		r.b = &engine.Board{}
	}
	r.cells, r.stock = startCells(g), g.Stock
	r.styles = pieceStyles(g, len(r.b.Values) > 0)
	o := Occupant{Player: p, Kind: k}
	// The label of a piece that is neither set up nor in stock, as the text drawing
	// would give it.
	r.stock = append(slices.Clone(r.stock), engine.Stock{Player: p, Kind: k, N: 1})
	r.d = &drawer{g: g, b: r.b, cells: r.cells, stock: r.stock}
	r.d.symbols()
	r.colours = playerColours(g.Players)
	r.discLabels()
	// Shogi tiles point as they do on the board; there are no positions here to tell
	// from where.
	r.faces = map[engine.Player]int{}
	r.stoneRad = 0.47
	var pc strings.Builder
	r.drawPiece(&pc, svgCell{loc: engine.NoLoc, cx: 25, cy: 25, w: 50, h: 50, size: 50}, o)
	var w strings.Builder
	w.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50" viewBox="0 0 50 50" font-family="sans-serif">` + "\n")
	r.art.write(&w)
	w.WriteString(pc.String())
	w.WriteString("</svg>\n")
	return []byte(w.String())
}
