package render

// This file draws a position as an SVG picture for people: zoggo render. The picture is
// built from the board geometry of the rules, in the rules' own pixel coordinates: the
// positions of an ordinary grid are squares shaded light and dark, those of a hexagonal
// grid are hexagons in three shades, and any other position is a circle inscribed in its
// rectangle. Pieces are discs in the colour of their owner, labelled with the symbols of
// the text drawing, or the rules' own bitmaps when the image files can be read. Output
// is deterministic: the same position always gives the same bytes. Nothing here is on a
// hot path.

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// SVGOptions says what SVG draws besides the position.
type SVGOptions struct {
	// Highlight lists positions to outline: usually the sources and destinations of the
	// parts of the last turn. engine.NoLoc and positions not drawn are ignored.
	Highlight []engine.Loc
	// Files holds the image files of the rules, and Dir is the folder of the rules file
	// inside it (slash-separated, "." for its root). Image names in the rules are
	// resolved in Dir as the rules' include files are (zrf.ResolvePath): the Windows way,
	// backslashes separate folders and case is ignored, and a name may not leave Files.
	// With Files nil, no image is read: pieces are discs and the board is drawn from its
	// positions.
	Files fs.FS
	Dir   string
	// ImageURL, when set, gives the pictures instead of Files: it is asked for each
	// image file the rules name (key: pure green is transparent, as for pieces) and
	// returns the address the SVG refers to for it and its size in pixels, or an error,
	// which becomes a note. A server uses it to send each picture once, by URL, rather
	// than inside every SVG.
	ImageURL func(name string, key bool) (url string, w, h int, err error)
}

// SVG returns an SVG picture of position s of game g (the start position when s is
// nil). Notes say which image files could not be used; the picture is complete anyway,
// with discs for the pieces and positions for the board. SVG accepts any board,
// however odd, and never panics on one.
func SVG(g *engine.Game, s *engine.State, opts SVGOptions) (svg []byte, notes []string) {
	if g == nil {
		g = &engine.Game{}
	}
	r := &svgRenderer{g: g, opts: opts, images: map[string]*svgImage{}}
	if g.Board != nil {
		r.b = g.Board
	} else {
		r.b = &engine.Board{}
	}
	if s != nil {
		r.cells, r.stock = cells(s), stocks(g, s)
	} else {
		r.cells, r.stock = startCells(g), g.Stock
	}
	if g.Board != nil {
		r.values, r.held = shownValues(g, s), heldValues(g, s)
	}
	r.styles = pieceStyles(g, len(r.values) > 0)
	r.d = &drawer{g: g, b: r.b, cells: r.cells, stock: r.stock}
	r.d.symbols()
	r.colours = playerColours(g.Players)
	r.discLabels()
	r.layout()
	return r.write(), r.notes
}

// Colours of the picture.
const (
	svgLight         = "#f0d9b5"
	svgMid           = "#d2ae88"
	svgDark          = "#b58863"
	svgPoint         = "#ecdcc0" // circles of positions outside grids
	svgLine          = "#8a6d4b" // outlines of cells and circles
	svgGround        = "#e3bd72" // the ground of a board drawn as lines
	svgHighlight     = "#1c7ed6" // outline of the last move
	svgHighlightFill = "#cddc39" // and its tint
	svgInk           = "#333333"
)

// svgPalette gives the fill, outline and text colour of each player's discs; players
// beyond it reuse it from the start.
var svgPalette = [...][3]string{
	{"#ffffff", "#222222", "#222222"}, // white
	{"#222222", "#000000", "#ffffff"}, // black
	{"#d62828", "#7a1010", "#ffffff"}, // red
	{"#1d4ed8", "#0b2a80", "#ffffff"}, // blue
	{"#2a9d3f", "#145222", "#ffffff"}, // green
	{"#f4a100", "#8a5a00", "#222222"}, // amber
	{"#7b2cbf", "#41146b", "#ffffff"}, // purple
	{"#0f9aa8", "#075058", "#ffffff"}, // teal
	{"#8d5524", "#4a2a10", "#ffffff"}, // brown
	{"#ff8fc8", "#a0306a", "#222222"}, // pink
	{"#6c757d", "#343a40", "#ffffff"}, // grey
	{"#b5e48c", "#4c7a25", "#222222"}, // light green
	{"#90e0ef", "#1d6f80", "#222222"}, // light blue
	{"#ffd6a5", "#9a6a2a", "#222222"}, // peach
	{"#9d0208", "#4d0004", "#ffffff"}, // dark red
	{"#03045e", "#000000", "#ffffff"}, // navy
}

// svgNamed gives the disc colours of players named after a colour.
var svgNamed = map[string][3]string{
	"white": svgPalette[0], "black": svgPalette[1], "red": svgPalette[2], "blue": svgPalette[3],
	"green": svgPalette[4], "orange": svgPalette[5], "purple": svgPalette[6], "violet": svgPalette[6],
	"brown": svgPalette[8], "pink": svgPalette[9], "gray": svgPalette[10], "grey": svgPalette[10],
	"yellow": {"#ffd60a", "#8a7000", "#222222"}, "gold": {"#d4af37", "#75601a", "#222222"},
	"silver": {"#c0c0c0", "#5a5a5a", "#222222"},
}

// playerColours returns the disc colours of every player: the colour a player is named
// after ("Red"), or else the first colour of the palette no other player has.
func playerColours(players []engine.PlayerInfo) [][3]string {
	out := make([][3]string, len(players))
	used := map[string]bool{}
	named := make([]bool, len(players))
	for p, info := range players {
		if c, ok := svgNamed[strings.ToLower(strings.TrimPrefix(info.Name, "?"))]; ok && !used[c[0]] {
			out[p], named[p], used[c[0]] = c, true, true
		}
	}
	next := 0
	for p := range players {
		if named[p] {
			continue
		}
		for i := range len(svgPalette) {
			if c := svgPalette[(next+i)%len(svgPalette)]; !used[c[0]] {
				next = (next + i) % len(svgPalette)
				break
			}
		}
		out[p] = svgPalette[next]
		used[out[p][0]] = true
		next = (next + 1) % len(svgPalette)
	}
	return out
}

// colour returns the disc colours of player p.
func (r *svgRenderer) colour(p engine.Player) [3]string {
	if p < 0 || int(p) >= len(r.colours) {
		return [3]string{"#cccccc", "#666666", "#222222"}
	}
	return r.colours[p]
}

// Shapes of positions.
const (
	shapeRect = iota
	shapeHex
	shapeCircle
)

// svgCell is the shape drawn for one position.
type svgCell struct {
	loc    engine.Loc
	shape  int
	cx, cy float64      // centre
	w, h   float64      // rectangle size, or the circle's diameter in both
	pts    [][2]float64 // hexagon corners relative to the centre
	fill   string
	size   float64 // the diameter of the largest disc that fits
}

// svgImage is an image file embedded once and used by every piece that shows it.
type svgImage struct {
	id   string
	w, h int
	uri  string
}

// svgText is one line of text.
type svgText struct {
	x, y, size float64
	anchor     string // start, middle or end
	text       string
	disc       engine.Player // a disc of this player's colour before the text, or NoPlayer
}

// svgRenderer holds the state of one SVG call.
type svgRenderer struct {
	g     *engine.Game
	b     *engine.Board
	opts  SVGOptions
	d     *drawer // for the piece symbols
	cells []Occupant
	stock []engine.Stock
	// values are the texts (show-values ...) writes on each position, or nil, and held
	// those it writes beside each player's name.
	values []string
	held   [][]string

	board   *svgImage // the board image, or nil
	shapes  []svgCell // in position order
	byLoc   map[engine.Loc]int
	cell    float64             // typical cell size
	coords  []svgText           // file and rank labels
	below   []svgText           // the legend under the board
	pieces  []*svgImage         // [player*len(Pieces)+kind] piece image, or nil
	labels  map[Occupant]string // the label of each disc
	colours [][3]string         // disc colours of each player
	images  map[string]*svgImage
	notes   []string
	styles  []pieceStyle // how each piece type without an image is drawn (pieces.go)
	art     pieceArt     // what those pieces define once
	// stoneRad is the radius of stones in cell sizes, once stoneRadius has computed it,
	// and faces the way each player's shogi tiles point, once facing has.
	stoneRad float64
	faces    map[engine.Player]int

	minX, minY, maxX, maxY float64
}

// at returns the occupant of l, empty when cells does not cover it or names no valid
// player and piece type.
func (r *svgRenderer) at(l engine.Loc) Occupant {
	o := r.d.at(l)
	if o.Kind == engine.NoKind || !r.d.valid(o) {
		return vacant
	}
	return o
}

// discLabels computes the label of every disc: the symbol of the text drawing, without
// what only tells players apart there (the case of the second player's symbols, and the
// player's number before them in games of three players or more), since the colour does
// here. A symbol that would then clash with another of the same player stays as it was.
func (r *svgRenderer) discLabels() {
	r.labels = map[Occupant]string{}
	short := map[Occupant]string{}
	for o, sym := range r.d.sym {
		l := strings.ToUpper(sym)
		if t := strings.TrimPrefix(l, strconv.Itoa(int(o.Player)+1)); t != "" && !startsWithDigit(t) {
			l = t
		}
		short[o] = l
	}
	clash := map[engine.Player]map[string]int{}
	for o, l := range short {
		if clash[o.Player] == nil {
			clash[o.Player] = map[string]int{}
		}
		clash[o.Player][l]++
	}
	for o, sym := range r.d.sym {
		if clash[o.Player][short[o]] > 1 {
			r.labels[o] = sym
		} else {
			r.labels[o] = short[o]
		}
	}
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// grow widens the bounds to hold the rectangle x0, y0, x1, y1.
func (r *svgRenderer) grow(x0, y0, x1, y1 float64) {
	r.minX, r.minY = min(r.minX, x0), min(r.minY, y0)
	r.maxX, r.maxY = max(r.maxX, x1), max(r.maxY, y1)
}

// layout computes every shape and text and the bounds of the picture.
func (r *svgRenderer) layout() {
	r.minX, r.minY = math.Inf(1), math.Inf(1)
	r.maxX, r.maxY = math.Inf(-1), math.Inf(-1)
	r.loadImages()
	r.cellShapes()
	r.woodCells()
	if r.board != nil {
		r.grow(0, 0, float64(r.board.w), float64(r.board.h))
	} else {
		r.gridLabels()
	}
	for _, c := range r.shapes {
		r.grow(c.cx-c.w/2, c.cy-c.h/2, c.cx+c.w/2, c.cy+c.h/2)
		if im := r.pieceImage(r.at(c.loc)); im != nil {
			r.grow(c.cx-float64(im.w)/2, c.cy-float64(im.h)/2, c.cx+float64(im.w)/2, c.cy+float64(im.h)/2)
		}
	}
	if math.IsInf(r.minX, 0) {
		r.minX, r.minY, r.maxX, r.maxY = 0, 0, 0, 0
	}
	for _, t := range r.coords {
		r.growText(t)
	}
	r.legend()
	for _, t := range r.below {
		r.growText(t)
	}
	m := r.cell * 0.3
	r.minX, r.minY, r.maxX, r.maxY = r.minX-m, r.minY-m, r.maxX+m, r.maxY+m
}

// growText widens the bounds to hold t, guessing its width from its length.
func (r *svgRenderer) growText(t svgText) {
	w := 0.6 * t.size * float64(utf8.RuneCountInString(t.text))
	x0 := t.x
	switch t.anchor {
	case "middle":
		x0 -= w / 2
	case "end":
		x0 -= w
	}
	if t.disc != engine.NoPlayer {
		x0 -= t.size * 1.5
	}
	r.grow(x0, t.y-t.size, x0+w+t.size*1.5, t.y+t.size*0.3)
}

// drawn reports whether position info has a place in the picture.
func drawn(info engine.LocInfo) bool { return info.HasRect && !info.Dummy }

// gridForm is how the positions of one grid are drawn.
type gridForm struct {
	shape  int
	a, b   int          // the two dimensions of a layer (planeDims)
	tw, th float64      // tile size of a square grid
	pts    [][2]float64 // hexagon corners of a hexagonal grid
	sign   int          // hexagonal colouring: (ca + sign*cb) mod 3
	size   float64      // disc diameter of a hexagonal grid
	dark   int          // square grid: the parity of ca+cb shaded dark
}

// gridForms classifies every grid: square when the steps of its two smallest dimensions
// are horizontal and vertical, hexagonal when they are of about equal length at 60 or
// 120 degrees, and otherwise drawn as circles.
func (r *svgRenderer) gridForms() []gridForm {
	forms := make([]gridForm, len(r.b.Grids))
	for i, g := range r.b.Grids {
		f := &forms[i]
		f.shape = shapeCircle
		if len(g.Dims) < 2 {
			continue
		}
		f.a, f.b = planeDims(g)[0], planeDims(g)[1]
		u, v := g.Dims[f.a], g.Dims[f.b]
		ux, uy, vx, vy := float64(u.DX), float64(u.DY), float64(v.DX), float64(v.DY)
		lu, lv := math.Hypot(ux, uy), math.Hypot(vx, vy)
		if lu == 0 || lv == 0 {
			continue
		}
		switch {
		case uy == 0 && vx == 0:
			f.shape, f.tw, f.th, f.dark = shapeRect, math.Abs(ux), math.Abs(vy), r.darkParity(i, f)
		case ux == 0 && vy == 0:
			f.shape, f.tw, f.th, f.dark = shapeRect, math.Abs(vx), math.Abs(uy), r.darkParity(i, f)
		default:
			cos := (ux*vx + uy*vy) / (lu * lv)
			if math.Abs(lu-lv) > 0.15*max(lu, lv) || math.Abs(math.Abs(cos)-0.5) > 0.1 {
				continue
			}
			// The six neighbours of a position are ±u, ±v and ±(u+v) at 120 degrees,
			// ±(u-v) at 60; the corners of its cell (the cells tile the plane) are the
			// centroids of the triangles it makes with two neighbours in a row.
			f.shape, f.sign = shapeHex, 1
			w := [2]float64{ux + vx, uy + vy}
			if cos > 0 {
				f.sign = -1
				w = [2]float64{ux - vx, uy - vy}
			}
			nb := [][2]float64{{ux, uy}, {vx, vy}, w, {-ux, -uy}, {-vx, -vy}, {-w[0], -w[1]}}
			slices.SortFunc(nb, func(p, q [2]float64) int {
				return cmp.Compare(math.Atan2(p[1], p[0]), math.Atan2(q[1], q[0]))
			})
			inner := math.Inf(1)
			for j := range nb {
				q := nb[(j+1)%len(nb)]
				f.pts = append(f.pts, [2]float64{(nb[j][0] + q[0]) / 3, (nb[j][1] + q[1]) / 3})
				inner = min(inner, math.Hypot(nb[j][0], nb[j][1])/2)
			}
			f.size = 2 * inner
		}
	}
	return forms
}

// darkParity is the parity of the two coordinates that square grid i shades dark: 1
// (the corner at a grid's first coordinates light, as on a chess board), or 0 when
// the start position has pieces on the grid and all of them stand on squares of
// parity 0, so that draughts played on the other squares (Italian, Portuguese) show
// their pieces on dark squares.
func (r *svgRenderer) darkParity(i int, f *gridForm) int {
	n := 0
	for _, p := range r.g.Setup {
		if p.Loc < 0 || int(p.Loc) >= len(r.b.Locs) {
			continue
		}
		info := r.b.Locs[p.Loc]
		if info.Grid != i || len(info.Coords) != len(r.b.Grids[i].Dims) {
			continue
		}
		if (info.Coords[f.a]+info.Coords[f.b])%2 != 0 {
			return 1
		}
		n++
	}
	if n == 0 {
		return 1
	}
	return 0
}

// cellShapes computes the shape of every position drawn, and the typical cell size.
func (r *svgRenderer) cellShapes() {
	forms := r.gridForms()
	r.byLoc = map[engine.Loc]int{}
	var sizes []float64
	for l, info := range r.b.Locs {
		if !drawn(info) {
			continue
		}
		rc := info.Rect
		x0, y0 := float64(min(rc[0], rc[2])), float64(min(rc[1], rc[3]))
		rw, rh := math.Abs(float64(rc[2]-rc[0])), math.Abs(float64(rc[3]-rc[1]))
		c := svgCell{loc: engine.Loc(l), shape: shapeCircle, cx: x0 + rw/2, cy: y0 + rh/2, w: min(rw, rh), h: min(rw, rh), fill: svgPoint}
		var f *gridForm
		if info.Grid >= 0 && info.Grid < len(forms) && len(info.Coords) == len(r.b.Grids[info.Grid].Dims) {
			f = &forms[info.Grid]
		}
		switch {
		case f != nil && f.shape == shapeRect:
			c.shape, c.w, c.h = shapeRect, f.tw, f.th
			if rw > 0 {
				c.w = min(c.w, rw)
			}
			if rh > 0 {
				c.h = min(c.h, rh)
			}
			c.fill = svgLight
			if (info.Coords[f.a]+info.Coords[f.b])%2 == f.dark {
				c.fill = svgDark
			}
		case f != nil && f.shape == shapeHex:
			c.shape, c.pts = shapeHex, f.pts
			c.w, c.h = 0, 0
			for _, p := range f.pts {
				c.w, c.h = max(c.w, 2*math.Abs(p[0])), max(c.h, 2*math.Abs(p[1]))
			}
			c.fill = [3]string{svgLight, svgMid, svgDark}[((info.Coords[f.a]+f.sign*info.Coords[f.b])%3+3)%3]
		}
		c.size = min(c.w, c.h)
		if c.shape == shapeHex {
			c.size = forms[info.Grid].size
		}
		r.byLoc[c.loc] = len(r.shapes)
		r.shapes = append(r.shapes, c)
		if c.size > 0 {
			sizes = append(sizes, c.size)
		}
	}
	slices.Sort(sizes)
	r.cell = 50
	if len(sizes) > 0 {
		r.cell = sizes[len(sizes)/2]
	}
	// A position without a size gets a small circle.
	for i := range r.shapes {
		if c := &r.shapes[i]; c.size == 0 {
			c.shape, c.w, c.h, c.size, c.fill = shapeCircle, r.cell/2, r.cell/2, r.cell/2, svgPoint
		}
	}
}

// gridLabels labels the files and ranks of a board that is one 2-D grid: a file's label
// goes under it, a rank's to its left. On a square grid the labels line up along the
// bottom and left edges; on a hexagonal grid each follows the end of its line.
func (r *svgRenderer) gridLabels() {
	b := r.b
	if len(b.Grids) != 1 || len(b.Grids[0].Dims) != 2 || len(r.shapes) == 0 {
		return
	}
	for _, c := range r.shapes {
		if info := b.Locs[c.loc]; info.Grid != 0 || len(info.Coords) != 2 {
			return
		}
	}
	dims := b.Grids[0].Dims
	file, rank := 0, 1
	if abs(dims[0].DX) <= abs(dims[0].DY) {
		file, rank = 1, 0
	}
	if abs(dims[file].DX) <= abs(dims[file].DY) || abs(dims[rank].DY) <= abs(dims[rank].DX) {
		return
	}
	// The steps, turned to point right (files) and down (ranks).
	fstep := [2]float64{float64(dims[file].DX), float64(dims[file].DY)}
	if fstep[0] < 0 {
		fstep = [2]float64{-fstep[0], -fstep[1]}
	}
	rs := [2]float64{float64(dims[rank].DX), float64(dims[rank].DY)}
	if rs[1] < 0 {
		rs = [2]float64{-rs[0], -rs[1]}
	}
	square := r.shapes[0].shape == shapeRect
	size := 0.3 * r.cell
	dot := func(c svgCell, s [2]float64) float64 { return c.cx*s[0] + c.cy*s[1] }
	// ends returns, for each label of dimension k, the drawn position furthest along s
	// (or against it, when last is false).
	ends := func(k int, s [2]float64, last bool) map[int]svgCell {
		out := map[int]svgCell{}
		for _, c := range r.shapes {
			i := b.Locs[c.loc].Coords[k]
			if i < 0 || i >= len(dims[k].Labels) {
				continue
			}
			e, ok := out[i]
			if d := dot(c, s) - dot(e, s); !ok || last && d > 0 || !last && d < 0 {
				out[i] = c
			}
		}
		return out
	}
	bottom, left := math.Inf(-1), math.Inf(1)
	for _, c := range r.shapes {
		bottom, left = max(bottom, c.cy), min(left, c.cx)
	}
	// A label must keep clear of the positions and of the labels placed before it.
	var placed [][2]float64
	clear := func(x, y float64) bool {
		for _, c := range r.shapes {
			if math.Hypot(c.cx-x, c.cy-y) < 0.5*r.cell {
				return false
			}
		}
		for _, p := range placed {
			if math.Hypot(p[0]-x, p[1]-y) < 0.6*r.cell {
				return false
			}
		}
		return true
	}
	add := func(x, y float64, text string) {
		placed = append(placed, [2]float64{x, y})
		r.coords = append(r.coords, svgText{x: x, y: y + 0.35*size, size: size, anchor: "middle", text: text, disc: engine.NoPlayer})
	}
	files := ends(file, rs, true)
	for _, i := range sortedKeys(files) {
		c := files[i]
		x, y := c.cx+0.75*rs[0], c.cy+0.75*rs[1]
		if square {
			y = bottom + 0.75*rs[1]
		}
		if clear(x, y) {
			add(x, y, dims[file].Labels[i])
		}
	}
	// A rank is labelled at its left end, or else at its right end: on a hexagonal board
	// some ranks begin on a slanting edge, where the files end.
	ranks, rightEnds := ends(rank, fstep, false), ends(rank, fstep, true)
	for _, i := range sortedKeys(ranks) {
		c, e := ranks[i], rightEnds[i]
		x, y := c.cx-0.75*fstep[0], c.cy-0.75*fstep[1]
		if square {
			x = left - 0.75*fstep[0]
		}
		if !clear(x, y) {
			x, y = e.cx+0.75*fstep[0], e.cy+0.75*fstep[1]
			if !clear(x, y) {
				continue
			}
		}
		add(x, y, dims[rank].Labels[i])
	}
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// legend lays out the lines under the board: one per player with a disc of its colour,
// its name and its pieces in hand, then the occupied positions that have no place on the
// board.
func (r *svgRenderer) legend() {
	size := max(0.32*r.cell, 9)
	x, y := r.minX+size*1.5, r.maxY+size*1.8
	// Lines wrap at the width of the board, or 40 characters if that is wider.
	width := max(40, int((r.maxX-x)/(0.6*size)))
	line := func(p engine.Player, head string, items []string) {
		text := head
		for i, it := range items {
			if i < len(items)-1 {
				it += ","
			}
			if text != "" && utf8.RuneCountInString(text)+1+utf8.RuneCountInString(it) > width {
				r.below = append(r.below, svgText{x: x, y: y, size: size, anchor: "start", text: text, disc: p})
				y += size * 1.3
				text, p = "  ", engine.NoPlayer
			}
			if text != "" && text != "  " {
				text += " "
			}
			text += it
		}
		r.below = append(r.below, svgText{x: x, y: y, size: size, anchor: "start", text: text, disc: p})
		y += size * 1.5
	}
	pairs := r.d.shown()
	for p, info := range r.g.Players {
		has := false
		for _, o := range pairs {
			has = has || o.Player == engine.Player(p)
		}
		counts := make([]int, len(r.g.Pieces))
		for _, s := range r.stock {
			if s.Player == engine.Player(p) && s.Kind >= 0 && int(s.Kind) < len(counts) && s.N > 0 {
				counts[s.Kind] += s.N
			}
		}
		var hand []string
		for k, n := range counts {
			if n > 0 {
				hand = append(hand, fmt.Sprintf("%d %s", n, r.g.Pieces[k].Name))
			}
		}
		var held []string
		if p < len(r.held) {
			held = r.held[p]
		}
		if !has && len(hand) == 0 && len(held) == 0 && info.Random {
			continue // a seat that only throws dice, say
		}
		switch {
		case len(hand) > 0:
			line(engine.Player(p), info.Name+", in hand:", append(hand, held...))
		case len(held) > 0:
			line(engine.Player(p), info.Name+":", held)
		default:
			line(engine.Player(p), info.Name, nil)
		}
	}
	var off []string
	for l, info := range r.b.Locs {
		if o := r.at(engine.Loc(l)); !drawn(info) && o.Kind != engine.NoKind {
			off = append(off, fmt.Sprintf("%s %s %s", info.Name, r.g.Players[o.Player].Name, r.g.Pieces[o.Kind].Name))
		}
	}
	if len(off) > 0 {
		line(engine.NoPlayer, "Off the board:", off)
	}
}

// loadImages reads the board image and the first image of every piece type of every
// player, when the options give the files.
func (r *svgRenderer) loadImages() {
	np, nk := len(r.g.Players), len(r.g.Pieces)
	r.pieces = make([]*svgImage, np*nk)
	if r.opts.Files == nil && r.opts.ImageURL == nil {
		return
	}
	if len(r.b.Image) > 0 {
		r.board = r.image(r.b.Image[0], false)
	}
	for k, pc := range r.g.Pieces {
		for p := range np {
			if names := pc.Images[engine.Player(p)]; len(names) > 0 && names[0] != "" {
				r.pieces[p*nk+k] = r.image(names[0], true)
			}
		}
	}
}

// pieceImage returns the image of a piece, or nil to draw a disc.
func (r *svgRenderer) pieceImage(o Occupant) *svgImage {
	if o.Kind == engine.NoKind {
		return nil
	}
	i := int(o.Player)*len(r.g.Pieces) + int(o.Kind)
	if i < 0 || i >= len(r.pieces) {
		return nil
	}
	return r.pieces[i]
}

// image reads and converts one image file, once, and returns nil (with a note) when it
// cannot. Piece images are keyed: pure green is transparent.
func (r *svgRenderer) image(name string, key bool) *svgImage {
	k := name
	if key {
		k = "\x00" + name
	}
	if im, ok := r.images[k]; ok {
		return im
	}
	r.images[k] = nil
	if r.opts.ImageURL != nil {
		url, w, h, err := r.opts.ImageURL(name, key)
		if err != nil {
			r.notes = append(r.notes, fmt.Sprintf("image %q: %s", name, imageError(err)))
			return nil
		}
		im := &svgImage{w: w, h: h, uri: url}
		r.images[k] = im
		return im
	}
	// Image names are resolved as the rules' include files are.
	file, err := zrf.ResolvePath(r.opts.Files, r.opts.Dir, name)
	var data []byte
	if err == nil {
		data, err = fs.ReadFile(r.opts.Files, file)
	}
	if err != nil {
		r.notes = append(r.notes, fmt.Sprintf("image %q: %s", name, imageError(err)))
		return nil
	}
	img, err := DecodeBMP(data, key)
	if err != nil {
		r.notes = append(r.notes, fmt.Sprintf("image %q: %v", name, err))
		return nil
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		r.notes = append(r.notes, fmt.Sprintf("image %q: %v", name, err))
		return nil
	}
	im := &svgImage{w: img.Rect.Dx(), h: img.Rect.Dy(),
		uri: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}
	r.images[k] = im
	return im
}

// imageError words the failure to find an image file for a note.
func imageError(err error) string {
	switch {
	case errors.Is(err, zrf.ErrNoFile):
		return "not found"
	case errors.Is(err, zrf.ErrOutside):
		return "outside the folder of the rules"
	case errors.Is(err, zrf.ErrAbsolute):
		return "absolute path"
	}
	return err.Error()
}

// write returns the SVG document.
func (r *svgRenderer) write() []byte {
	var w strings.Builder
	vw, vh := r.maxX-r.minX, r.maxY-r.minY
	// Show small boards larger: a typical cell of at least 40 pixels.
	scale := max(1, 40/r.cell)
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%s" height="%s" viewBox="%s %s %s %s" font-family="sans-serif">`+"\n",
		num(vw*scale), num(vh*scale), num(r.minX), num(r.minY), num(vw), num(vh))
	fmt.Fprintf(&w, "<title>%s</title>\n", esc(r.g.Title))
	fmt.Fprintf(&w, `<rect x="%s" y="%s" width="%s" height="%s" fill="#ffffff"/>`+"\n", num(r.minX), num(r.minY), num(vw), num(vh))
	r.writeImages(&w)
	line := num(max(0.5, r.cell*0.015))
	if r.board != nil {
		fmt.Fprintf(&w, `<use xlink:href="#%s" x="0" y="0"/>`+"\n", r.board.id)
	} else if r.b.Lines {
		r.writeLines(&w)
	} else {
		fmt.Fprintf(&w, `<g class="board" stroke="%s" stroke-width="%s">`+"\n", svgLine, line)
		for _, c := range r.shapes {
			fmt.Fprintf(&w, "%s\n", shapeElem(c, c.fill, 0, fmt.Sprintf(` class="cell" data-loc="%s"`, esc(r.b.Locs[c.loc].Name))))
		}
		w.WriteString("</g>\n")
	}
	if r.board == nil {
		// A bitmap board shows its own special squares.
		r.writeMarks(&w)
	}
	r.writeHighlight(&w)
	if len(r.coords) > 0 {
		fmt.Fprintf(&w, `<g class="coords" fill="%s">`+"\n", svgInk)
		for _, t := range r.coords {
			writeText(&w, t)
		}
		w.WriteString("</g>\n")
	}
	r.writePieces(&w)
	r.writeValues(&w)
	if len(r.below) > 0 {
		fmt.Fprintf(&w, `<g class="legend" fill="%s">`+"\n", svgInk)
		for _, t := range r.below {
			if t.disc != engine.NoPlayer {
				col := r.colour(t.disc)
				fmt.Fprintf(&w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
					num(t.x-t.size*0.8), num(t.y-t.size*0.35), num(t.size*0.45), col[0], col[1], num(t.size*0.08))
			}
			writeText(&w, t)
		}
		w.WriteString("</g>\n")
	}
	w.WriteString("</svg>\n")
	return []byte(w.String())
}

// writeLines draws a board drawn as lines: a plain ground, a line between every two
// positions linked in some direction, and the cells, unpainted, over them so that a
// click anywhere near a point chooses it.
func (r *svgRenderer) writeLines(w *strings.Builder) {
	if len(r.shapes) == 0 {
		return
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range r.shapes {
		x0, y0, x1, y1 = min(x0, c.cx), min(y0, c.cy), max(x1, c.cx), max(y1, c.cy)
	}
	pad := r.cell / 2
	fmt.Fprintf(w, `<rect class="ground" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
		num(x0-pad), num(y0-pad), num(x1-x0+2*pad), num(y1-y0+2*pad), svgGround)
	fmt.Fprintf(w, `<g class="board" stroke="%s" stroke-width="%s">`+"\n", svgInk, num(max(0.5, r.cell*0.03)))
	seen := map[[2]engine.Loc]bool{}
	nd := r.b.NDirs()
	for _, c := range r.shapes {
		for d := 0; d < nd; d++ {
			to := r.b.Next[int(c.loc)*nd+d]
			i, ok := r.byLoc[to]
			if to == engine.NoLoc || !ok {
				continue
			}
			key := [2]engine.Loc{min(c.loc, to), max(c.loc, to)}
			if seen[key] {
				continue
			}
			seen[key] = true
			o := r.shapes[i]
			fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(c.cx), num(c.cy), num(o.cx), num(o.cy))
		}
	}
	w.WriteString("</g>\n")
	r.writeStarPoints(w)
	w.WriteString(`<g class="points" stroke="none">` + "\n")
	for _, c := range r.shapes {
		fmt.Fprintf(w, "%s\n", shapeElem(c, "#ffffff", 0, fmt.Sprintf(` class="cell" data-loc="%s" fill-opacity="0"`, esc(r.b.Locs[c.loc].Name))))
	}
	w.WriteString("</g>\n")
}

// writeImages defines the images used, each once, in order of first use.
func (r *svgRenderer) writeImages(w *strings.Builder) {
	var used []*svgImage
	add := func(im *svgImage) {
		if im != nil && im.id == "" {
			im.id = "img" + strconv.Itoa(len(used)+1)
			used = append(used, im)
		}
	}
	add(r.board)
	for _, c := range r.shapes {
		add(r.pieceImage(r.at(c.loc)))
	}
	if len(used) == 0 {
		return
	}
	w.WriteString("<defs>\n")
	for _, im := range used {
		fmt.Fprintf(w, `<image id="%s" width="%d" height="%d" xlink:href="%s"/>`+"\n", im.id, im.w, im.h, esc(im.uri))
	}
	w.WriteString("</defs>\n")
}

// writeHighlight outlines the highlighted positions.
func (r *svgRenderer) writeHighlight(w *strings.Builder) {
	var locs []engine.Loc
	for _, l := range r.opts.Highlight {
		if _, ok := r.byLoc[l]; ok && !slices.Contains(locs, l) {
			locs = append(locs, l)
		}
	}
	if len(locs) == 0 {
		return
	}
	fmt.Fprintf(w, `<g class="last" fill="%s" fill-opacity="0.45" stroke="%s">`+"\n", svgHighlightFill, svgHighlight)
	for _, l := range locs {
		c := r.shapes[r.byLoc[l]]
		sw := max(1, 0.07*c.size)
		fmt.Fprintf(w, "%s\n", shapeElem(c, "", sw, fmt.Sprintf(` stroke-width="%s" data-loc="%s"`, num(sw), esc(r.b.Locs[l].Name))))
	}
	w.WriteString("</g>\n")
}

// writePieces draws the piece on every position, as its image or as a labelled disc.
func (r *svgRenderer) writePieces(w *strings.Builder) {
	var sb strings.Builder
	for _, c := range r.shapes {
		o := r.at(c.loc)
		if o.Kind == engine.NoKind {
			continue
		}
		name := esc(r.b.Locs[c.loc].Name)
		if im := r.pieceImage(o); im != nil {
			fmt.Fprintf(&sb, `<use xlink:href="#%s" x="%s" y="%s" class="piece p%d" data-loc="%s"/>`+"\n",
				im.id, num(c.cx-float64(im.w)/2), num(c.cy-float64(im.h)/2), o.Player, name)
			continue
		}
		r.drawPiece(&sb, c, o)
	}
	if sb.Len() > 0 || len(r.art.defs) > 0 {
		w.WriteString(`<g class="pieces">` + "\n")
		r.art.write(w)
		w.WriteString(sb.String())
		w.WriteString("</g>\n")
	}
}

// shapeElem returns the element of cell c, shrunk to keep a stroke of width inset inside
// it, with the given fill ("" to inherit) and extra attributes.
func shapeElem(c svgCell, fill string, inset float64, attrs string) string {
	if fill != "" {
		attrs = fmt.Sprintf(` fill="%s"`, fill) + attrs
	}
	switch c.shape {
	case shapeRect:
		w, h := max(0, c.w-inset), max(0, c.h-inset)
		return fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s"%s/>`, num(c.cx-w/2), num(c.cy-h/2), num(w), num(h), attrs)
	case shapeHex:
		k := 1.0
		if c.size > 0 {
			k = max(0, 1-inset/c.size)
		}
		var pts []string
		for _, p := range c.pts {
			pts = append(pts, num(c.cx+k*p[0])+","+num(c.cy+k*p[1]))
		}
		return fmt.Sprintf(`<polygon points="%s"%s/>`, strings.Join(pts, " "), attrs)
	}
	return fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"%s/>`, num(c.cx), num(c.cy), num(max(0, c.w/2-inset/2)), attrs)
}

func writeText(w *strings.Builder, t svgText) {
	anchor := ""
	if t.anchor != "start" {
		anchor = fmt.Sprintf(` text-anchor="%s"`, t.anchor)
	}
	fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s"%s>%s</text>`+"\n", num(t.x), num(t.y), num(t.size), anchor, esc(t.text))
}

// num formats a coordinate with at most two decimals.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// esc makes text from the rules safe in XML: it is decoded with zrf.Decode, as everywhere
// else text from the rules is shown (a Windows code page unless it is UTF-8), then control
// characters are dropped and markup is escaped.
func esc(s string) string {
	var sb strings.Builder
	for _, r := range zrf.Decode(s) {
		switch {
		case r == '&':
			sb.WriteString("&amp;")
		case r == '<':
			sb.WriteString("&lt;")
		case r == '>':
			sb.WriteString("&gt;")
		case r == '"':
			sb.WriteString("&quot;")
		case r == '\t' || r == '\n' || r == '\r':
			sb.WriteByte(' ')
		case unicode.IsControl(r) || r == 0xfffe || r == 0xffff:
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}
