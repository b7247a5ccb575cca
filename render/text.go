package render

// This file draws a position as plain text for people: zoggo show and test failures. The
// picture follows the board's geometry (the centres of the position rectangles), so square,
// hexagonal and irregular boards all come out recognisable. Nothing here is on a hot path.

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/zoggo/zoggo/engine"
)

// Occupant is what stands on one position: a piece of type Kind owned by Player, or nothing
// when Kind is engine.NoKind.
type Occupant struct {
	Player engine.Player
	Kind   engine.Kind
}

// vacant is the occupant of an empty position.
var vacant = Occupant{Player: engine.NoPlayer, Kind: engine.NoKind}

// Limits of a picture; a larger board is drawn layer by layer or listed.
const (
	maxDrawWidth  = 160 // characters
	maxDrawHeight = 100 // lines
)

// Board returns a text picture of a position: the board laid out by its geometry, with a
// piece symbol or '.' on every position, then the occupied positions that have no place in
// the picture, then a legend of the symbols and the off-board counts of each player. cells
// is indexed by engine.Loc; stock holds the off-board counts. Board accepts any board,
// however odd, and cells and stocks that do not fit it, and never panics.
func Board(g *engine.Game, cells []Occupant, stock []engine.Stock) string {
	if g == nil {
		g = &engine.Game{}
	}
	d := &drawer{g: g, cells: cells, stock: stock}
	if g.Board != nil {
		d.b = g.Board
	} else {
		d.b = &engine.Board{}
	}
	d.symbols()
	d.board()
	d.offPicture()
	d.legend()
	return strings.Join(d.out, "\n") + "\n"
}

// drawer holds the state of one Board call.
type drawer struct {
	g     *engine.Game
	b     *engine.Board
	cells []Occupant
	stock []engine.Stock

	sym    map[Occupant]string // symbol of each (player, kind) shown
	width  int                 // widest symbol, in runes
	hidden []engine.Loc        // occupied positions that are not in the picture
	out    []string            // lines of output
}

// at returns the occupant of l, empty when cells does not cover it.
func (d *drawer) at(l engine.Loc) Occupant {
	if l < 0 || int(l) >= len(d.cells) || d.cells[l].Kind == engine.NoKind {
		return vacant
	}
	return d.cells[l]
}

// valid reports whether o names a player and a piece type of the game.
func (d *drawer) valid(o Occupant) bool {
	return o.Player >= 0 && int(o.Player) < len(d.g.Players) && o.Kind >= 0 && int(o.Kind) < len(d.g.Pieces)
}

// symbolOf returns the symbol drawn for a non-empty occupant.
func (d *drawer) symbolOf(o Occupant) string {
	if s, ok := d.sym[o]; ok {
		return s
	}
	return "?"
}

// shown returns every valid (player, kind) pair on the board or in stock, sorted.
func (d *drawer) shown() []Occupant {
	seen := map[Occupant]bool{}
	for l := range d.b.Locs {
		if o := d.at(engine.Loc(l)); o.Kind != engine.NoKind && d.valid(o) {
			seen[o] = true
		}
	}
	for _, s := range d.stock {
		if o := (Occupant{s.Player, s.Kind}); s.N > 0 && d.valid(o) {
			seen[o] = true
		}
	}
	var list []Occupant
	for o := range seen {
		list = append(list, o)
	}
	slices.SortFunc(list, func(a, b Occupant) int {
		return cmp.Or(cmp.Compare(a.Player, b.Player), cmp.Compare(a.Kind, b.Kind))
	})
	return list
}

// candidates returns the possible symbols of a piece type before case is applied, in order
// of preference: its notation if short, its name if already short, the first letter of
// its name, the initials of the words in its name with its digits ("Pa2" for Pawn-a2, "PD"
// for PawnDead), then longer and longer beginnings of its name.
func candidates(p *engine.Piece) []string {
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || unicode.IsControl(r) || r == utf8.RuneError {
				return -1
			}
			return r
		}, s)
	}
	var list []string
	add := func(s string) {
		if s != "" && s != "." && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	if n := clean(p.Notation); utf8.RuneCountInString(n) <= 3 {
		// Longer notations are names ("Aide de camp"), not symbols.
		add(n)
	}
	name := []rune(clean(p.Name))
	if len(name) == 2 || len(name) == 3 && !strings.ContainsFunc(string(name), unicode.IsLower) {
		// A name this short is a symbol already ("AG", "Ma", "BYA").
		add(string(name))
	}
	if len(name) > 0 {
		add(string(name[:1]))
		// The initials of the words, and every digit; then the same with more and more
		// letters of the last word ("WGe" for WestGeneral when WestGuard is "WG").
		var initials []rune
		last := 0 // where the last word starts
		for i, r := range name {
			if i == 0 || unicode.IsDigit(r) || alnum(r) && !alnum(name[i-1]) ||
				unicode.IsUpper(r) && unicode.IsLower(name[i-1]) {
				initials = append(initials, r)
				if !unicode.IsDigit(r) {
					last = i
				}
			}
		}
		if len(initials) > 1 {
			add(string(initials))
			if !unicode.IsDigit(initials[len(initials)-1]) {
				for j := last + 2; j <= len(name) && alnum(name[j-1]); j++ {
					add(string(initials) + string(name[last+1:j]))
				}
			}
		}
		for i := 2; i <= len(name); i++ {
			add(string(name[:i]))
		}
	}
	if len(list) == 0 {
		list = append(list, "?")
	}
	return list
}

// symbols gives every (player, kind) shown a distinct symbol. The first player's are upper
// case and the second's lower case. When piece types clash, the one whose notation it is,
// or else the one with the shortest name, keeps the symbol and the others take more
// letters of their names. With three or more players, the symbols of a piece type that
// case cannot tell apart get the player's number in front.
func (d *drawer) symbols() {
	pairs := d.shown()
	pieces := d.g.Pieces
	cands := make([][]string, len(pieces))
	for _, o := range pairs {
		if cands[o.Kind] == nil {
			cands[o.Kind] = candidates(pieces[o.Kind])
		}
	}
	prefix := map[engine.Kind]bool{}
	if len(d.g.Players) >= 3 {
		// Case tells apart only two players: a piece type that would get the same symbol
		// for two players is numbered.
		for i, a := range pairs {
			for _, b := range pairs[i+1:] {
				c := cands[a.Kind][0]
				if a.Kind == b.Kind && caseFor(a.Player, c) == caseFor(b.Player, c) {
					prefix[a.Kind] = true
				}
			}
		}
	}
	level := make([]int, len(pieces))
	symbol := func(o Occupant) string {
		s := cands[o.Kind][level[o.Kind]]
		if prefix[o.Kind] {
			return strconv.Itoa(int(o.Player)+1) + strings.ToUpper(s)
		}
		return caseFor(o.Player, s)
	}
	canRaise := func(k engine.Kind) bool { return level[k] < len(cands[k])-1 }
	sym := map[Occupant]string{}
	for range 1000 {
		by := map[string][]engine.Kind{}
		var order []string
		for _, o := range pairs {
			s := symbol(o)
			sym[o] = s
			if by[s] == nil {
				order = append(order, s)
			}
			by[s] = append(by[s], o.Kind)
		}
		raise := map[engine.Kind]bool{}
		for _, s := range order {
			kinds := by[s]
			if len(kinds) < 2 {
				continue
			}
			keep := owner(kinds, pieces, cands, level)
			n := 0
			for _, k := range kinds {
				if k != keep && canRaise(k) {
					raise[k] = true
					n++
				}
			}
			if n == 0 && keep != engine.NoKind && canRaise(keep) {
				raise[keep] = true
			}
		}
		if len(raise) == 0 {
			break
		}
		for k := range raise {
			level[k]++
		}
	}
	// Whatever still clashes (names that differ only in case, say) gets a number.
	used := map[string]bool{".": true}
	for _, o := range pairs {
		s := sym[o]
		for i := 2; used[s]; i++ {
			s = sym[o] + strconv.Itoa(i)
		}
		used[s] = true
		sym[o] = s
	}
	d.sym = sym
	d.width = 1
	for _, s := range sym {
		d.width = max(d.width, utf8.RuneCountInString(s))
	}
}

// owner returns the piece type that keeps a symbol shared by kinds: the only one showing
// its own notation, or else the only one with the shortest name. It returns NoKind when
// there is no such type, or when the symbol is shared by one type of several players.
func owner(kinds []engine.Kind, pieces []*engine.Piece, cands [][]string, level []int) engine.Kind {
	distinct := slices.Clone(kinds)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	if len(distinct) != len(kinds) {
		return engine.NoKind
	}
	keep := engine.NoKind
	for _, k := range kinds {
		if level[k] == 0 && pieces[k].Notation != "" && cands[k][0] == pieces[k].Notation {
			if keep != engine.NoKind {
				return engine.NoKind
			}
			keep = k
		}
	}
	if keep != engine.NoKind {
		return keep
	}
	short := -1
	for _, k := range kinds {
		n := utf8.RuneCountInString(pieces[k].Name)
		switch {
		case short < 0 || n < short:
			keep, short = k, n
		case n == short:
			keep = engine.NoKind
		}
	}
	return keep
}

// caseFor writes s in the case of player p: upper case for the first player and from the
// third on, lower case for the second.
func caseFor(p engine.Player, s string) string {
	if p == 1 {
		return strings.ToLower(s)
	}
	return strings.ToUpper(s)
}

// pad left-aligns s in a field of w runes.
func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// board appends the picture of the board, choosing between one picture, one picture per
// grid layer and a list.
func (d *drawer) board() {
	b := d.b
	var all []engine.Loc
	for l, info := range b.Locs {
		if info.HasRect {
			all = append(all, engine.Loc(l))
		}
	}
	if len(all) == 0 {
		return
	}
	inOneGrid := len(b.Grids) == 1
	for _, l := range all {
		if b.Locs[l].Grid != 0 {
			inOneGrid = false
			break
		}
	}
	var labels *labelDims
	if inOneGrid {
		switch len(b.Grids[0].Dims) {
		case 2:
			labels = &labelDims{grid: 0, dims: [2]int{0, 1}}
		case 0, 1:
		default:
			// A grid of three or more dimensions reads best one layer at a time.
			if d.layers(all) {
				return
			}
			labels = &labelDims{grid: 0, dims: planeDims(b.Grids[0])}
		}
	}
	if lines, ok := d.picture(all, labels); ok {
		d.out = append(d.out, lines...)
		return
	}
	if len(b.Grids) > 0 && d.layers(all) {
		return
	}
	d.list(all)
}

// labelDims names the grid dimensions whose labels may go beside and under a picture.
type labelDims struct {
	grid int
	dims [2]int
}

// layers draws the positions of each grid one 2-D layer at a time: the two dimensions with
// the smallest steps span a layer and the others tell layers apart. Positions outside
// grids come last. It reports false when there is only one layer, which would be drawn no
// better than the whole board.
func (d *drawer) layers(all []engine.Loc) bool {
	b := d.b
	type layer struct {
		title  string
		locs   []engine.Loc
		labels *labelDims
	}
	var list []*layer
	byKey := map[string]*layer{}
	var other []engine.Loc
	for _, l := range all {
		info := b.Locs[l]
		if info.Grid < 0 || info.Grid >= len(b.Grids) || len(info.Coords) != len(b.Grids[info.Grid].Dims) {
			other = append(other, l)
			continue
		}
		g := b.Grids[info.Grid]
		plane := planeDims(g)
		var title []string
		if len(b.Grids) > 1 {
			title = append(title, fmt.Sprintf("grid %d", info.Grid+1))
		}
		var key []string
		for k, c := range info.Coords {
			if k != plane[0] && k != plane[1] && c >= 0 && c < len(g.Dims[k].Labels) {
				key = append(key, g.Dims[k].Labels[c])
			}
		}
		if len(key) > 0 {
			title = append(title, "layer "+strings.Join(key, " "))
		}
		t := strings.Join(title, ", ")
		if t == "" {
			t = "grid"
		}
		ly := byKey[strconv.Itoa(info.Grid)+"\x00"+t]
		if ly == nil {
			ly = &layer{title: t}
			if len(g.Dims) >= 2 {
				ly.labels = &labelDims{grid: info.Grid, dims: plane}
			}
			byKey[strconv.Itoa(info.Grid)+"\x00"+t] = ly
			list = append(list, ly)
		}
		ly.locs = append(ly.locs, l)
	}
	if len(other) > 0 {
		list = append(list, &layer{title: "other positions", locs: other})
	}
	if len(list) < 2 {
		return false
	}
	for i, ly := range list {
		if i > 0 {
			d.out = append(d.out, "")
		}
		d.out = append(d.out, ly.title+":")
		if lines, ok := d.picture(ly.locs, ly.labels); ok {
			d.out = append(d.out, lines...)
		} else {
			d.list(ly.locs)
		}
	}
	return true
}

// planeDims returns the two dimensions of g with the smallest steps on the screen, in
// dimension order.
func planeDims(g engine.Grid) [2]int {
	idx := make([]int, len(g.Dims))
	for i := range idx {
		idx[i] = i
	}
	size := func(k int) int { return abs(g.Dims[k].DX) + abs(g.Dims[k].DY) }
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(size(a), size(b)) })
	if len(idx) < 2 {
		return [2]int{0, 0}
	}
	return [2]int{min(idx[0], idx[1]), max(idx[0], idx[1])}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// list appends the occupied positions among locs, one "name: symbol" per line, under a
// line that says why.
func (d *drawer) list(locs []engine.Loc) {
	var lines []string
	for _, l := range locs {
		if o := d.at(l); o.Kind != engine.NoKind {
			lines = append(lines, fmt.Sprintf("  %s: %s", d.b.Locs[l].Name, d.symbolOf(o)))
		}
	}
	if len(lines) == 0 {
		d.out = append(d.out, fmt.Sprintf("%d positions, too many to draw; none occupied", len(locs)))
		return
	}
	d.out = append(d.out, fmt.Sprintf("%d positions, too many to draw; the occupied ones:", len(locs)))
	d.out = append(d.out, lines...)
}

// offPicture appends the occupied positions that have no place in the picture: dummy
// positions, and positions hidden under another with the same centre.
func (d *drawer) offPicture() {
	var list []engine.Loc
	for l, info := range d.b.Locs {
		if !info.HasRect && d.at(engine.Loc(l)).Kind != engine.NoKind {
			list = append(list, engine.Loc(l))
		}
	}
	list = append(list, d.hidden...)
	if len(list) == 0 {
		return
	}
	slices.Sort(list)
	list = slices.Compact(list)
	if len(d.out) > 0 {
		d.out = append(d.out, "")
	}
	d.out = append(d.out, "not in the picture:")
	for _, l := range list {
		d.out = append(d.out, fmt.Sprintf("  %s: %s", d.b.Locs[l].Name, d.symbolOf(d.at(l))))
	}
}

// legend appends one line per player: the symbols of its pieces and its off-board counts.
func (d *drawer) legend() {
	pairs := d.shown()
	if len(d.out) > 0 {
		d.out = append(d.out, "")
	}
	for p, info := range d.g.Players {
		var syms, hand []string
		for _, o := range pairs {
			if o.Player == engine.Player(p) {
				syms = append(syms, d.sym[o]+" "+d.g.Pieces[o.Kind].Name)
			}
		}
		counts := make([]int, len(d.g.Pieces))
		for _, s := range d.stock {
			if s.Player == engine.Player(p) && s.Kind >= 0 && int(s.Kind) < len(counts) && s.N > 0 {
				counts[s.Kind] += s.N
			}
		}
		for k, n := range counts {
			if n > 0 {
				hand = append(hand, fmt.Sprintf("%d %s", n, d.g.Pieces[k].Name))
			}
		}
		if len(syms) == 0 && len(hand) == 0 && info.Random {
			continue // a seat that only throws dice, say
		}
		if len(syms) == 0 {
			syms = []string{"no pieces"}
		}
		if len(hand) > 0 {
			syms[len(syms)-1] += ";"
			hand[0] = "in hand: " + hand[0]
			for i := range hand[:len(hand)-1] {
				hand[i] += ","
			}
		}
		for i := range syms[:len(syms)-1] {
			syms[i] += ","
		}
		d.out = append(d.out, wrap(info.Name+":", append(syms, hand...))...)
	}
}

// wrap joins words with spaces after head into lines of at most legendWidth characters,
// indenting the lines after the first; a word too long for any line gets one of its own.
func wrap(head string, words []string) []string {
	const legendWidth = 100
	var lines []string
	line, fresh := head, true
	for _, w := range words {
		if !fresh && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > legendWidth {
			lines = append(lines, line)
			line = "   "
		}
		line += " " + w
		fresh = false
	}
	return append(lines, line)
}

// cluster groups nearby centres, given with the sizes of their rectangles (doubled, like
// the centres). Sorted, a centre starts a new group when it lies more than a third of a
// cell beyond the first centre of the current group, the cell being the smaller of the two
// positions, or def for positions without a size. So a board that mixes large squares with
// small counters keeps both apart. It returns the group of each centre and the first
// centre of each group.
func cluster(centres, sizes []int, def int) (group map[int]int, starts []int) {
	size := map[int]int{} // the smallest size of the positions at each centre
	for i, v := range centres {
		sz := sizes[i]
		if sz <= 0 {
			sz = def
		}
		if old, ok := size[v]; !ok || sz < old {
			size[v] = sz
		}
	}
	sorted := slices.Clone(centres)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	group = make(map[int]int, len(sorted))
	for _, v := range sorted {
		if len(starts) == 0 {
			starts = append(starts, v)
		} else if start := starts[len(starts)-1]; v-start > min(size[start], size[v])/3 {
			starts = append(starts, v)
		}
		group[v] = len(starts) - 1
	}
	return group, starts
}

// median returns the median of vals, or 0 for none.
func median(vals []int) int {
	if len(vals) == 0 {
		return 0
	}
	s := slices.Clone(vals)
	slices.Sort(s)
	return s[len(s)/2]
}

// scale returns the typical cell size along one axis, in the doubled units of centres: the
// median size of the rectangles, or when they have no size, the median gap between
// distinct centres.
func scale(sizes, centres []int) int {
	if m := median(sizes); m > 0 {
		return m
	}
	s := slices.Clone(centres)
	slices.Sort(s)
	s = slices.Compact(s)
	var gaps []int
	for i := 1; i < len(s); i++ {
		gaps = append(gaps, s[i]-s[i-1])
	}
	return median(gaps)
}

// wideGaps marks the groups that start far from the previous one: more than twice the
// cell size or the usual gap between groups, whichever is larger.
func wideGaps(starts []int, cell int) []bool {
	var gaps []int
	for i := 1; i < len(starts); i++ {
		gaps = append(gaps, starts[i]-starts[i-1])
	}
	ref := max(cell, median(gaps))
	wide := make([]bool, len(starts))
	for i := 1; i < len(starts); i++ {
		wide[i] = ref > 0 && starts[i]-starts[i-1] > 2*ref
	}
	return wide
}

// picture lays out locs by the centres of their rectangles and returns the lines, or false
// when the picture would be too large. Positions that fall on a cell already taken are
// added to d.hidden. With labels, rows and columns whose positions share a grid label are
// labelled, as in a chess diagram.
func (d *drawer) picture(locs []engine.Loc, labels *labelDims) ([]string, bool) {
	b := d.b
	xs := make([]int, len(locs))
	ys := make([]int, len(locs))
	var ws, hs []int
	for i, l := range locs {
		r := b.Locs[l].Rect
		xs[i], ys[i] = r[0]+r[2], r[1]+r[3]
		ws = append(ws, 2*abs(r[2]-r[0]))
		hs = append(hs, 2*abs(r[3]-r[1]))
	}
	cw, ch := scale(ws, xs), scale(hs, ys)
	colOf, cols := cluster(xs, ws, cw)
	rowOf, rows := cluster(ys, hs, ch)
	wideCol, wideRow := wideGaps(cols, cw), wideGaps(rows, ch)

	height := len(rows)
	for _, w := range wideRow {
		if w {
			height++
		}
	}
	if height > maxDrawHeight || len(cols) > maxDrawWidth {
		return nil, false
	}

	// Place the positions; a later one on a taken cell is left out of the picture.
	cell := make([][]engine.Loc, len(rows))
	for r := range cell {
		cell[r] = make([]engine.Loc, len(cols))
		for c := range cell[r] {
			cell[r][c] = engine.NoLoc
		}
	}
	var hidden []engine.Loc
	for i, l := range locs {
		r, c := rowOf[ys[i]], colOf[xs[i]]
		if cell[r][c] == engine.NoLoc {
			cell[r][c] = l
		} else if d.at(l).Kind != engine.NoKind {
			hidden = append(hidden, l)
		}
	}

	rowLabel, colLabel := d.labels(labels, cell)
	w := d.width
	for _, s := range colLabel {
		w = max(w, utf8.RuneCountInString(s))
	}
	// Separate the columns with a space, unless no row has positions in two neighbouring
	// columns: then the rows are staggered, as on a hexagonal board, and fit together.
	sep := 0
	for r := range cell {
		for c := 1; c < len(cols); c++ {
			if cell[r][c-1] != engine.NoLoc && cell[r][c] != engine.NoLoc {
				sep = 1
			}
		}
	}
	if sep == 0 && w > 1 && colLabel != nil {
		sep = 1
	}
	lw := 0
	for _, s := range rowLabel {
		lw = max(lw, utf8.RuneCountInString(s))
	}
	width := len(cols) * w
	if len(cols) > 1 {
		width += (len(cols) - 1) * sep
	}
	for _, wc := range wideCol {
		if wc {
			width += w + max(sep, 1)
		}
	}
	if lw > 0 {
		width += lw + 1
	}
	if width > maxDrawWidth {
		return nil, false
	}

	line := func(label string, text func(c int) string) string {
		var sb strings.Builder
		if lw > 0 {
			sb.WriteString(strings.Repeat(" ", lw-utf8.RuneCountInString(label)))
			sb.WriteString(label)
			sb.WriteByte(' ')
		}
		for c := range cols {
			if c > 0 {
				sb.WriteString(strings.Repeat(" ", sep))
			}
			if wideCol[c] {
				sb.WriteString(strings.Repeat(" ", w+max(sep, 1)))
			}
			sb.WriteString(pad(text(c), w))
		}
		return strings.TrimRight(sb.String(), " ")
	}
	var lines []string
	for r := range rows {
		if wideRow[r] {
			lines = append(lines, "")
		}
		lab := ""
		if rowLabel != nil {
			lab = rowLabel[r]
		}
		lines = append(lines, line(lab, func(c int) string {
			l := cell[r][c]
			switch {
			case l == engine.NoLoc:
				return ""
			case d.at(l).Kind == engine.NoKind:
				return "."
			}
			return d.symbolOf(d.at(l))
		}))
	}
	if colLabel != nil {
		lines = append(lines, line("", func(c int) string { return colLabel[c] }))
	}
	d.hidden = append(d.hidden, hidden...)
	return lines, true
}

// labels returns the row and column labels of a laid-out grid, each nil unless every row
// (column) holds positions of one label of the same dimension.
func (d *drawer) labels(ld *labelDims, cell [][]engine.Loc) (rowLabel, colLabel []string) {
	if ld == nil || ld.grid < 0 || ld.grid >= len(d.b.Grids) || len(cell) == 0 {
		return nil, nil
	}
	g := d.b.Grids[ld.grid]
	// consistent returns the label of dimension k for each line of cells, or nil.
	consistent := func(k int, nlines int, at func(i, j int) engine.Loc, nper int) []string {
		if k < 0 || k >= len(g.Dims) {
			return nil
		}
		out := make([]string, nlines)
		for i := range nlines {
			label := -1
			for j := range nper {
				l := at(i, j)
				if l == engine.NoLoc {
					continue
				}
				info := d.b.Locs[l]
				if info.Grid != ld.grid || k >= len(info.Coords) {
					return nil
				}
				c := info.Coords[k]
				if c < 0 || c >= len(g.Dims[k].Labels) || label >= 0 && c != label {
					return nil
				}
				label = c
			}
			if label >= 0 {
				out[i] = g.Dims[k].Labels[label]
			}
		}
		return out
	}
	nrows, ncols := len(cell), len(cell[0])
	byRow := func(i, j int) engine.Loc { return cell[i][j] }
	byCol := func(i, j int) engine.Loc { return cell[j][i] }
	a, b := ld.dims[0], ld.dims[1]
	if a < 0 || b < 0 || a >= len(g.Dims) || b >= len(g.Dims) {
		return nil, nil
	}
	dy := func(k int) int { return abs(g.Dims[k].DY) }
	dx := func(k int) int { return abs(g.Dims[k].DX) }
	rowDim := -1
	for _, k := range order(a, b, dy) {
		if rowLabel = consistent(k, nrows, byRow, ncols); rowLabel != nil {
			rowDim = k
			break
		}
	}
	for _, k := range order(a, b, dx) {
		if k == rowDim {
			continue
		}
		if colLabel = consistent(k, ncols, byCol, nrows); colLabel != nil {
			break
		}
	}
	return rowLabel, colLabel
}

// order returns a and b, the one with the larger size first.
func order(a, b int, size func(int) int) []int {
	if size(b) > size(a) {
		return []int{b, a}
	}
	return []int{a, b}
}
