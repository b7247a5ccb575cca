package notation

// This file writes turns in a short notation that people read, derived from the legal
// turns of any game: a piece's letter (its notation, else its name; the commonest piece
// of the start has none, as chess writes its pawns), the square it goes to, "x" for a
// capture, "=Q" for a promotion, the squares of a chain of jumps, and the source square
// (or its file or rank) only where two legal turns would read the same. A royal piece
// that moves two squares along a rank while another piece of its side lands between
// is castling, "O-O" toward the nearer edge of the board and "O-O-O" toward the farther.
// Boards whose pieces all start on squares of one colour number those squares, row by
// row from the top as drawn (draughts: 11-15, 22x15x6). A drop of the letterless piece
// is its square (Go: e5). A part of the board that turns follows the rest of the part,
// named by where it lies on the board and its sense (Pentago: b5 ne↻). A turn of the
// dice is the faces rolled. Standard algebraic notation comes out of this for chess;
// Mark adds its "+" and "#".

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// shortStyle is what the short notation needs to know of a game, found from its board,
// pieces and start position.
type shortStyle struct {
	g      *eval.Game
	plain  engine.Kind        // the piece written without a letter, or -1
	royal  []bool             // [kind]: named by a checkmated goal
	coords []coord            // [loc]: file and rank, when every position is named so
	number map[engine.Loc]int // the squares' numbers, on a board that numbers them
}

// coord is a position's file and rank as its name writes them (e4: "e", "4").
type coord struct {
	file, rank string
	f, r       int // file index from a, rank number
	ok         bool
}

// splitCoord splits a position's name of lower-case letters then digits (e4, aa10) into
// its file and rank.
func splitCoord(name string) (file, rank string, ok bool) {
	i := 0
	for i < len(name) && name[i] >= 'a' && name[i] <= 'z' {
		i++
	}
	if i == 0 || i == len(name) || i > 3 || len(name)-i > 4 {
		return "", "", false
	}
	for j := i; j < len(name); j++ {
		if name[j] < '0' || name[j] > '9' {
			return "", "", false
		}
	}
	return name[:i], name[i:], true
}

func newShortStyle(g *eval.Game) *shortStyle {
	st := &shortStyle{g: g, plain: -1, royal: make([]bool, len(g.Pieces))}
	for _, goal := range g.Goals {
		var walk func(c *engine.Cond)
		walk = func(c *engine.Cond) {
			if c.Op == engine.CondCheckmated {
				for _, k := range c.Kinds {
					if int(k) < len(st.royal) {
						st.royal[k] = true
					}
				}
			}
			for _, a := range c.Args {
				walk(a)
			}
		}
		walk(goal.Cond)
	}
	// The letterless piece: the one of which the start has most, when no other has as
	// many, or the only one.
	start := g.NewState()
	count := make([]int, len(g.Pieces))
	for _, c := range start.Cells {
		if !c.IsEmpty() && int(c.Kind()) < len(count) {
			count[c.Kind()]++
		}
	}
	if nk := len(g.Pieces); nk > 0 {
		for i, n := range start.Stock {
			count[i%nk] += int(n)
		}
	}
	best, second := -1, 0
	for k, n := range count {
		switch {
		case best < 0 || n > count[best]:
			if best >= 0 {
				second = count[best]
			}
			best = k
		case n > second:
			second = n
		}
	}
	if best >= 0 && (count[best] > second || len(count) == 1) {
		st.plain = engine.Kind(best)
	}
	// Coordinates, when every position on the board is named file then rank.
	st.coords = make([]coord, len(g.Board.Locs))
	all := true
	for l, info := range g.Board.Locs {
		if info.Dummy {
			continue
		}
		file, rank, ok := splitCoord(info.Name)
		if !ok {
			all = false
			break
		}
		r, _ := strconv.Atoi(rank)
		f := 0
		for _, ch := range file {
			f = f*26 + int(ch-'a'+1)
		}
		st.coords[l] = coord{file: file, rank: rank, f: f, r: r, ok: true}
	}
	if !all {
		st.coords = nil
		return st
	}
	st.numberSquares(start)
	return st
}

// numberSquares numbers the squares of one colour when every piece of the start stands
// on that colour and the board has both: row by row from the top as drawn, left to right.
func (st *shortStyle) numberSquares(start *engine.State) {
	g := st.g
	colour, pieces, both := -1, 0, [2]bool{}
	for l, info := range g.Board.Locs {
		if info.Dummy || !st.coords[l].ok {
			continue
		}
		c := (st.coords[l].f + st.coords[l].r) % 2
		both[c] = true
		if start.Cells[l].IsEmpty() {
			continue
		}
		pieces++
		if colour >= 0 && colour != c {
			return
		}
		colour = c
	}
	if colour < 0 || pieces < 4 || !both[0] || !both[1] {
		return
	}
	var sq []engine.Loc
	for l, info := range g.Board.Locs {
		if !info.Dummy && st.coords[l].ok && (st.coords[l].f+st.coords[l].r)%2 == colour {
			sq = append(sq, engine.Loc(l))
		}
	}
	slices.SortStableFunc(sq, func(a, b engine.Loc) int {
		ia, ib := g.Board.Locs[a], g.Board.Locs[b]
		if ia.HasRect && ib.HasRect {
			ya, yb := min(ia.Rect[1], ia.Rect[3]), min(ib.Rect[1], ib.Rect[3])
			if ya != yb {
				return cmp.Compare(ya, yb)
			}
			return cmp.Compare(min(ia.Rect[0], ia.Rect[2]), min(ib.Rect[0], ib.Rect[2]))
		}
		if st.coords[a].r != st.coords[b].r {
			return cmp.Compare(st.coords[b].r, st.coords[a].r)
		}
		return cmp.Compare(st.coords[a].f, st.coords[b].f)
	})
	st.number = map[engine.Loc]int{}
	for i, l := range sq {
		st.number[l] = i + 1
	}
}

// square writes a position: its number on a numbered board, else its name.
func (st *shortStyle) square(l engine.Loc) string {
	if n, ok := st.number[l]; ok {
		return strconv.Itoa(n)
	}
	if l < 0 || int(l) >= len(st.g.Board.Locs) {
		return "?"
	}
	return st.g.Board.Locs[l].Name
}

// letter writes a piece type: its notation, else its name; "" for the letterless piece.
func (st *shortStyle) letter(k engine.Kind) string {
	if k == st.plain || int(k) >= len(st.g.Pieces) {
		return ""
	}
	return st.name(k)
}

func (st *shortStyle) name(k engine.Kind) string {
	if int(k) >= len(st.g.Pieces) {
		return "?"
	}
	if p := st.g.Pieces[k]; p.Notation != "" {
		return p.Notation
	}
	return st.g.Pieces[k].Name
}

// shortTurn is a turn taken apart for the short notation. A turn of one movement is
// written from its parts once the other turns are known (write); any other has its text.
type shortTurn struct {
	text   string
	san    bool       // one movement: letter, [source], [x], dest
	letter string     // the piece's letter or name, "" for the letterless piece
	from   engine.Loc // the movement's source
	to     engine.Loc
	dest   string // the destination and any promotion (e4, e8=Q)
	take   bool   // it captures
}

// ShortTurns writes every turn of s in the short notation; two turns read the same only
// when even their full squares do not tell them apart, and then the named notation, as
// it tells those turns apart, follows in parentheses (not for the dice, whose outcomes
// read as the faces alone).
func ShortTurns(g *eval.Game, s *engine.State, turns []eval.Turn) []string {
	st := newShortStyle(g)
	ts := make([]shortTurn, len(turns))
	for i := range turns {
		ts[i] = st.turn(s, &turns[i])
	}
	out := make([]string, len(turns))
	groups := map[string][]int{}
	for i := range ts {
		out[i] = st.write(&ts[i], nil, ts)
		groups[out[i]] = append(groups[out[i]], i)
	}
	for i := range ts {
		if same := groups[out[i]]; len(same) > 1 && ts[i].san {
			out[i] = st.write(&ts[i], same, ts)
		}
	}
	if _, mover := g.Side(s); int(mover) < len(g.Players) && g.Players[mover].Random {
		return out // the dice's outcomes: nobody chooses among them
	}
	// The turns that still read alike get the named notation, told apart among them.
	alike := map[string][]int{}
	for i, t := range out {
		alike[t] = append(alike[t], i)
	}
	for t, idx := range alike {
		if len(idx) < 2 {
			continue
		}
		group := make([]eval.Turn, len(idx))
		for k, i := range idx {
			group[k] = turns[i]
		}
		named := DescribeTurns(g, s, group)
		for k, i := range idx {
			out[i] = t + " (" + named[k].Named + ")"
		}
	}
	return out
}

// ShortTurn writes turn i of turns, the legal turns of s, in the short notation, as
// ShortTurns does; it writes only the turns that could read as turn i (those of as many
// parts ending on the same square), so that a turn played among thousands (a drop on a
// large board) costs little more than a look at each.
func ShortTurn(g *eval.Game, s *engine.State, turns []eval.Turn, i int) string {
	d, n := turns[i].Parts[len(turns[i].Parts)-1].Dest(), len(turns[i].Parts)
	var sub []eval.Turn
	k := 0
	for j := range turns {
		if len(turns[j].Parts) == n && turns[j].Parts[n-1].Dest() == d {
			if j == i {
				k = len(sub)
			}
			sub = append(sub, turns[j])
		}
	}
	return ShortTurns(g, s, sub)[k]
}

// write writes t; same lists the turns that read as t does without a source (nil on the
// first pass), which the source must tell apart. A piece with a letter of one or two
// characters is written as chess writes it (Nbd7, R1a3, exd5); a piece written by its
// name, or the letterless piece outside a capture, gets its whole source square (Troll
// i7-j8, e3-e4).
func (st *shortStyle) write(t *shortTurn, same []int, ts []shortTurn) string {
	if !t.san {
		return t.text
	}
	x := ""
	if t.take {
		x = "x"
	}
	short := len(t.letter) > 0 && len(t.letter) <= 2
	if !short && t.letter != "" {
		if same == nil {
			return t.letter + " " + x + t.dest
		}
		return t.letter + " " + st.square(t.from) + cmp.Or(x, "-") + t.dest
	}
	if t.letter == "" && t.take && st.coords != nil && st.number == nil {
		// The letterless piece's capture names its file (exd5), or its square when the
		// file tells nothing.
		c := st.coords[t.from]
		if st.fileTells(t, same, ts) && c.file != st.coords[t.to].file {
			return c.file + x + t.dest
		}
		return st.square(t.from) + x + t.dest
	}
	if same == nil {
		return t.letter + x + t.dest
	}
	if t.letter == "" || st.coords == nil || st.number != nil {
		return st.square(t.from) + cmp.Or(x, "-") + t.dest
	}
	c := st.coords[t.from]
	fileOK, rankOK := true, true
	for _, j := range same {
		o := ts[j].from
		if !ts[j].san || o == t.from {
			continue
		}
		if st.coords[o].file == c.file {
			fileOK = false
		}
		if st.coords[o].rank == c.rank {
			rankOK = false
		}
	}
	switch {
	case fileOK:
		return t.letter + c.file + x + t.dest
	case rankOK:
		return t.letter + c.rank + x + t.dest
	}
	return t.letter + c.file + c.rank + x + t.dest
}

// fileTells reports whether t's source file tells it from the turns same that read as
// it does.
func (st *shortStyle) fileTells(t *shortTurn, same []int, ts []shortTurn) bool {
	for _, j := range same {
		o := ts[j].from
		if ts[j].san && o != t.from && st.coords[o].file == st.coords[t.from].file {
			return false
		}
	}
	return true
}

// turn writes turn t of s before disambiguation.
func (st *shortStyle) turn(s *engine.State, t *eval.Turn) shortTurn {
	g := st.g
	if len(t.Parts) == 0 || t.Parts[0].Pass && len(t.Parts) == 1 {
		return shortTurn{text: "pass"}
	}
	if _, mover := g.Side(s); int(mover) < len(g.Players) && g.Players[mover].Random {
		return shortTurn{text: st.roll(t)}
	}
	if len(t.Parts) == 1 {
		return st.part(s, &t.Parts[0], lateTakes(s, t))
	}
	// A chain of single movements, each part from where the last ended: the path. When
	// the turn takes at least a piece a part, every part is written as a capture (draughts
	// rules that take the jumped pieces at the end of the chain); else each part that
	// captures.
	allTake := t.After != nil && taken(s, t.After, t.Parts[0].Source()) >= len(t.Parts)
	cur := s.Clone()
	var b strings.Builder
	last := engine.NoLoc
	chain := true
	var texts []string
	var buf []engine.Loc
	for i := range t.Parts {
		p := &t.Parts[i]
		mv := movements(p)
		if len(mv) == 1 && (last == engine.NoLoc || mv[0].From == last) {
			if last == engine.NoLoc {
				b.WriteString(st.square(mv[0].From))
			}
			buf = p.CapturedLocs(cur, buf[:0])
			if allTake || len(buf) > 0 {
				b.WriteString("x")
			} else {
				b.WriteString("-")
			}
			b.WriteString(st.square(mv[0].To))
			last = mv[0].To
		} else {
			chain = false
		}
		pt := st.part(cur, p, false)
		texts = append(texts, st.write(&pt, nil, nil))
		g.Apply(cur, p)
	}
	if chain {
		if k := becomesKind(cur, &t.Parts[len(t.Parts)-1], s, t.Parts[0].Source()); k >= 0 {
			b.WriteString("=" + st.name(k))
		}
		return shortTurn{text: b.String()}
	}
	return shortTurn{text: strings.Join(texts, ", ")}
}

// movements lists the movements of a part that change squares.
func movements(p *engine.Move) []engine.Change {
	var out []engine.Change
	for _, c := range p.Changes {
		if (c.Op == engine.OpMove || c.Op == engine.OpCopy || c.Op == engine.OpTake) && c.From != c.To {
			out = append(out, c)
		}
	}
	return out
}

// becomesKind returns the type the piece that moved from src in s ends as on its
// destination in after, when it changed, or -1.
func becomesKind(after *engine.State, p *engine.Move, s *engine.State, src engine.Loc) engine.Kind {
	d := p.Dest()
	if d == engine.NoLoc || src == engine.NoLoc || s.Cells[src].IsEmpty() || after.Cells[d].IsEmpty() {
		return -1
	}
	if k := after.Cells[d].Kind(); k != s.Cells[src].Kind() {
		return k
	}
	return -1
}

// typeChange returns the type that a part's piece, of type k, ends as on its destination
// when a change of the part sets another one (a promotion), or -1.
func typeChange(p *engine.Move, k engine.Kind) engine.Kind {
	d := p.Dest()
	out := engine.Kind(-1)
	for _, c := range p.Changes {
		if c.Op == engine.OpType && c.To == d {
			out = c.Kind
		}
	}
	if out == k {
		return -1
	}
	return out
}

// taken counts the pieces of another player than the one on from in s that are gone
// from their squares in after.
func taken(s, after *engine.State, from engine.Loc) int {
	if from == engine.NoLoc || s.Cells[from].IsEmpty() {
		return 0
	}
	side := s.Cells[from].Player()
	n := 0
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() != side && l < len(after.Cells) && after.Cells[l] != c {
			n++
		}
	}
	return n
}

// lateTakes reports whether the actions after the last part of t, made in s, capture a
// piece of another player: draughts rules that mark the pieces jumped and take them when
// the turn ends.
func lateTakes(s *engine.State, t *eval.Turn) bool {
	side := engine.NoPlayer
	if l := t.Parts[0].Source(); l != engine.NoLoc && !s.Cells[l].IsEmpty() {
		side = s.Cells[l].Player()
	}
	for _, c := range t.End {
		if c.Op == engine.OpCapture && c.To >= 0 && int(c.To) < len(s.Cells) {
			if cell := s.Cells[c.To]; !cell.IsEmpty() && cell.Player() != side {
				return true
			}
		}
	}
	return false
}

// part writes a turn of one part made in s; late says that the turn captures after it.
func (st *shortStyle) part(s *engine.State, p *engine.Move, late bool) shortTurn {
	g := st.g
	if p.Pass {
		return shortTurn{text: "pass"}
	}
	for i, c := range p.Changes {
		if c.Op == engine.OpPermute {
			if text, ok := st.permuted(s, p, i, late); ok {
				return shortTurn{text: text}
			}
			return shortTurn{text: namedBase(g, s, p)} // what moved is the rule's to tell
		}
	}
	mv := movements(p)
	var buf [16]engine.Loc
	caps := p.CapturedLocs(s, buf[:0])
	take := len(caps) > 0 || late
	if c, ok := st.castling(s, mv); ok {
		return shortTurn{text: c}
	}
	switch len(mv) {
	case 0:
		for _, c := range p.Changes {
			if c.Op == engine.OpDrop || c.Op == engine.OpCreate {
				l := st.letter(c.Kind)
				if l != "" {
					l += "@"
				}
				return shortTurn{text: l + st.square(c.To)}
			}
		}
		if len(caps) > 0 {
			var sq []string
			for _, l := range caps {
				sq = append(sq, st.square(l))
			}
			return shortTurn{text: "x" + strings.Join(sq, "x")}
		}
		if d := p.Dest(); d != engine.NoLoc {
			return shortTurn{text: st.square(d)}
		}
		return shortTurn{text: namedBase(g, s, p)}
	case 1:
		from, to := mv[0].From, mv[0].To
		dest := st.square(to)
		if k := typeChange(p, s.Cells[from].Kind()); k >= 0 {
			dest += "=" + st.name(k)
		}
		if st.number != nil {
			sep := "-"
			if take {
				sep = "x"
			}
			return shortTurn{text: st.square(from) + sep + dest}
		}
		return shortTurn{san: true, letter: st.letter(s.Cells[from].Kind()), from: from, to: to, dest: dest, take: take}
	}
	var parts []string
	for _, c := range mv {
		parts = append(parts, st.square(c.From)+"-"+st.square(c.To))
	}
	text := strings.Join(parts, " ")
	if take {
		text += " x"
	}
	return shortTurn{text: text}
}

// permuted writes a part whose changes from i on permute parts of the board: its own
// movements and drops where the player made them (the changes before i stand where the
// permutations carried them; the inverse brings them back), then each permutation as
// the turn of a part of the board, named by where that part lies on the board and the
// sense it turns (Pentago: "b5 ne↻"). It reports false for a permutation that is not a
// turn about the middle of its positions.
func (st *shortStyle) permuted(s *engine.State, p *engine.Move, i int, late bool) (string, bool) {
	g := st.g
	var turns []string
	var perms []map[engine.Loc]engine.Loc
	fwd := map[engine.Loc]engine.Loc{} // each position the permutations move: where it ends
	for _, c := range p.Changes[i:] {
		if c.Op != engine.OpPermute {
			break
		}
		pairs := g.Permutation(c.Value)
		text, ok := st.rotation(pairs)
		if !ok {
			return "", false
		}
		turns = append(turns, text)
		m := map[engine.Loc]engine.Loc{}
		for _, pr := range pairs {
			m[pr[0]] = pr[1]
			fwd[pr[0]] = pr[0]
		}
		perms = append(perms, m)
	}
	back := map[engine.Loc]engine.Loc{} // where the permutations carried a position: from where
	for l := range fwd {
		to := l
		for _, m := range perms {
			if t, ok := m[to]; ok {
				to = t
			}
		}
		back[to] = l
	}
	if i == 0 {
		return strings.Join(turns, " "), true
	}
	own := engine.Move{Changes: slices.Clone(p.Changes[:i]), Type: p.Type, Cont: p.Cont, Rule: p.Rule}
	for k := range own.Changes {
		c := &own.Changes[k]
		switch c.Op {
		case engine.OpMove, engine.OpCopy, engine.OpDrop, engine.OpCreate, engine.OpCapture,
			engine.OpType, engine.OpOwner, engine.OpFlip, engine.OpAttr, engine.OpVal:
			if from, ok := back[c.To]; ok {
				c.To = from
			}
		}
	}
	pt := st.part(s, &own, late)
	return st.write(&pt, nil, nil) + " " + strings.Join(turns, " "), true
}

// ShortKey returns what a turn in the short notation is matched by when a person types
// it: the text without white space, and the senses of a turn of part of the board as
// they may be typed, "cw" for ↻, "ccw" for ↺ and "180" for 180° (b5 ne cw, b5 ne↻ and
// b5ne↻ are one key).
func ShortKey(s string) string {
	s = strings.Join(strings.Fields(s), "")
	return strings.NewReplacer("ccw", "↺", "cw", "↻", "180°", "180").Replace(s)
}

// rotation writes a permutation of positions (pairs of a position and where its contents
// go) that turns them about their middle: "↻" clockwise or "↺" counter-clockwise as the
// board is drawn, "180°" for a half turn, after the part of the board where they lie
// (n, ne, e, …, nothing for the middle). It reports false for any other permutation.
func (st *shortStyle) rotation(pairs [][2]engine.Loc) (string, bool) {
	if len(pairs) < 2 {
		return "", false
	}
	xy := func(l engine.Loc) (float64, float64, bool) {
		if l < 0 || int(l) >= len(st.g.Board.Locs) {
			return 0, 0, false
		}
		if info := st.g.Board.Locs[l]; info.HasRect {
			return float64(info.Rect[0]+info.Rect[2]) / 2, float64(info.Rect[1]+info.Rect[3]) / 2, true
		}
		if st.coords != nil && st.coords[l].ok {
			return float64(st.coords[l].f), -float64(st.coords[l].r), true
		}
		return 0, 0, false
	}
	var cx, cy float64
	for _, pr := range pairs {
		x, y, ok := xy(pr[0])
		if !ok {
			return "", false
		}
		cx, cy = cx+x, cy+y
	}
	cx, cy = cx/float64(len(pairs)), cy/float64(len(pairs))
	cw, ccw, half := 0, 0, 0
	for _, pr := range pairs {
		ax, ay, _ := xy(pr[0])
		bx, by, ok := xy(pr[1])
		if !ok {
			return "", false
		}
		ax, ay, bx, by = ax-cx, ay-cy, bx-cx, by-cy
		ra, rb := ax*ax+ay*ay, bx*bx+by*by
		if ra == 0 || abs64(ra-rb) > 0.05*ra {
			return "", false // not a turn about the middle
		}
		cross, dot := ax*by-ay*bx, ax*bx+ay*by
		switch {
		case abs64(cross) <= 0.05*ra && dot < 0:
			half++
		case cross > 0: // y grows downwards as drawn
			cw++
		default:
			ccw++
		}
	}
	sense := ""
	switch len(pairs) {
	case cw:
		sense = "↻"
	case ccw:
		sense = "↺"
	case half:
		sense = "180°"
	default:
		return "", false
	}
	// Where the turning part lies: its middle against the middle of the board.
	var minX, minY, maxX, maxY float64
	first := true
	for l, info := range st.g.Board.Locs {
		if info.Dummy {
			continue
		}
		x, y, ok := xy(engine.Loc(l))
		if !ok {
			continue
		}
		if first {
			minX, minY, maxX, maxY, first = x, y, x, y, false
		}
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	where := ""
	if dy := cy - (minY+maxY)/2; abs64(dy) > 0.15*(maxY-minY) {
		where = map[bool]string{true: "s", false: "n"}[dy > 0]
	}
	if dx := cx - (minX+maxX)/2; abs64(dx) > 0.15*(maxX-minX) {
		where += map[bool]string{true: "e", false: "w"}[dx > 0]
	}
	return where + sense, true
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// castling recognises a royal piece moving two or more squares along a rank while one
// other piece of its side lands between its squares: "O-O" when the royal piece moved
// toward the nearer edge of the board, "O-O-O" otherwise.
func (st *shortStyle) castling(s *engine.State, mv []engine.Change) (string, bool) {
	if len(mv) != 2 || st.coords == nil {
		return "", false
	}
	for i := range 2 {
		k, o := mv[i], mv[1-i]
		kc, oc := s.Cells[k.From], s.Cells[o.From]
		if kc.IsEmpty() || oc.IsEmpty() || kc.Player() != oc.Player() || int(kc.Kind()) >= len(st.royal) || !st.royal[kc.Kind()] {
			continue
		}
		a, b, r := st.coords[k.From], st.coords[k.To], st.coords[o.To]
		if a.r != b.r || r.r != a.r || abs(a.f-b.f) < 2 || (r.f-a.f)*(r.f-b.f) >= 0 {
			continue
		}
		lo, hi := a.f, a.f
		for _, c := range st.coords {
			if c.ok && c.r == a.r {
				lo, hi = min(lo, c.f), max(hi, c.f)
			}
		}
		toward := hi - a.f
		other := a.f - lo
		if b.f < a.f {
			toward, other = other, toward
		}
		if toward < other {
			return "O-O", true
		}
		return "O-O-O", true
	}
	return "", false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// roll writes a turn of the dice: the faces it leaves, the pieces it drops or creates in
// the order made, by their letter or name; a face named by a number (One, 3) is its
// digits.
func (st *shortStyle) roll(t *eval.Turn) string {
	var faces []string
	for i := range t.Parts {
		for _, c := range t.Parts[i].Changes {
			if c.Op == engine.OpDrop || c.Op == engine.OpCreate || c.Op == engine.OpType {
				f := st.name(c.Kind)
				if n, ok := numberWords[strings.ToLower(f)]; ok {
					f = strconv.Itoa(n)
				}
				faces = append(faces, f)
			}
		}
	}
	if len(faces) == 0 {
		return "roll"
	}
	return "rolled " + strings.Join(faces, " ")
}

// numberWords are the English names of the faces of dice.
var numberWords = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// Mark returns "#" when the turn that led to after ended the game with a win and left a
// royal piece of a loser attacked, or ended it by a checkmated goal; "+" when it leaves a
// royal piece attacked (eval's Checked); "" otherwise. r is the match's result after the
// turn.
func Mark(g *eval.Game, after *engine.State, r eval.Result) (string, error) {
	locs, err := g.Checked(after)
	if err != nil {
		return "", err
	}
	return MarkOf(after, r, locs), nil
}

// MarkOf is Mark for the royal pieces in check locs that eval's Checked found in after.
func MarkOf(after *engine.State, r eval.Result, locs []engine.Loc) string {
	if r.Over && r.Goal != nil && r.Goal.Kind != engine.DrawGoal && hasCheckmated(r.Goal.Cond) {
		return "#"
	}
	if len(locs) == 0 {
		return ""
	}
	if r.Over && !r.Draw && len(r.Winners) > 0 {
		for _, l := range locs {
			if c := after.Cells[l]; !c.IsEmpty() && slices.Contains(r.Losers, c.Player()) {
				return "#"
			}
		}
	}
	return "+"
}

func hasCheckmated(c *engine.Cond) bool {
	if c.Op == engine.CondCheckmated {
		return true
	}
	for _, a := range c.Args {
		if hasCheckmated(a) {
			return true
		}
	}
	return false
}
