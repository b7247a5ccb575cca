package server

import (
	"encoding/base64"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

// stateJSON is a game as GET /api/games/{id} answers it.
type stateJSON struct {
	ID         string       `json:"id"`
	Rules      string       `json:"rules"`
	Variant    string       `json:"variant"`
	Title      string       `json:"title"`
	Ply        int          `json:"ply"`
	MoveNumber int          `json:"moveNumber"`
	ToMove     int          `json:"toMove"`
	You        []int        `json:"you"`
	Turned     bool         `json:"turned"`
	Thinking   bool         `json:"thinking"`
	Players    []playerJSON `json:"players"`
	Result     string       `json:"result"`
	Outcome    string       `json:"outcome"`
	Over       bool         `json:"over"`
	DrawOffer  int          `json:"drawOffer"`
	Board      boardJSON    `json:"board"`
	Stock      []stockJSON  `json:"stock"`
	Captured   []stockJSON  `json:"captured"`
	Last       []string     `json:"last"`
	Check      []string     `json:"check"`
	Moves      []moveJSON   `json:"moves"`
	Legal      []legalJSON  `json:"legal"`
	Clock      *clockJSON   `json:"clock"`
	siteJSON
}

type playerJSON struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Bot   string `json:"bot,omitempty"`
	Image string `json:"image,omitempty"`
	// Colour is the fill and stroke of the discs drawn for the player's pieces that
	// have no picture; empty for dice players.
	Colour [2]string `json:"colour"`
}

type boardJSON struct {
	SVG       string         `json:"svg"`
	ViewBox   [4]float64     `json:"viewBox"`
	Positions []positionJSON `json:"positions"`
}

type positionJSON struct {
	Name string `json:"name"`
	Rect [4]int `json:"rect"`
}

type stockJSON struct {
	Player int    `json:"player"`
	Piece  string `json:"piece"`
	N      int    `json:"n"`
	Image  string `json:"image,omitempty"`
}

type moveJSON struct {
	Ply        int    `json:"ply"`
	MoveNumber int    `json:"moveNumber"`
	Player     int    `json:"player"`
	Named      string `json:"named"`
	ZSG        string `json:"zsg"`
	Short      string `json:"short"`
}

type legalJSON struct {
	Index int        `json:"index"`
	Named string     `json:"named"`
	ZSG   string     `json:"zsg"`
	Short string     `json:"short"`
	Parts []partJSON `json:"parts"`
}

type partJSON struct {
	Moves    []movementJSON `json:"moves"`
	Drop     string         `json:"drop"`
	Captures []string       `json:"captures"`
	Path     []string       `json:"path"`
	// Permutes lists the permutations the part runs after its own movements (the
	// dialect's permute: a quarter of the board turned), each as the positions whose
	// contents go elsewhere.
	Permutes [][]movementJSON `json:"permutes,omitempty"`
	// Changes lists the positions whose piece the part changes where it stands (its type,
	// owner or attributes).
	Changes []string `json:"changes,omitempty"`
}

type movementJSON struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Put is where the part put the piece before its permutations carried it to To;
	// empty when no permutation moved it.
	Put string `json:"put,omitempty"`
	// Player owns the piece (the one that stood on From, or the one dropped); -1 when
	// no piece stood there.
	Player int `json:"player"`
}

// view returns gm as the bearer of a secret acting for seats you sees it.
func (gm *game) view(you []int) *stateJSON {
	g, m := gm.g, gm.m
	st := &stateJSON{ID: gm.id, Rules: gm.rec.RulesName, Variant: gm.rec.Variant, Title: g.Title,
		Ply: gm.ply(), MoveNumber: m.MoveNumber(), ToMove: int(m.Mover()), You: you, Thinking: gm.thinking(),
		Result: gm.result(), Outcome: gm.outcome(), Over: gm.over(), DrawOffer: gm.offer,
		Stock: []stockJSON{}, Captured: []stockJSON{}, Last: []string{}, Check: []string{}, Moves: []moveJSON{}, Legal: []legalJSON{}}
	if st.You == nil {
		st.You = []int{}
	}
	st.siteJSON = gm.site()
	for i, p := range g.Players {
		pj := playerJSON{Name: p.Name, Kind: "human"}
		if i < len(gm.rec.Seats) {
			pj.Kind, pj.Bot = gm.rec.Seats[i].Kind, gm.rec.Seats[i].Bot
		}
		st.Players = append(st.Players, pj)
	}
	gm.seatsOf(st)
	st.Clock = gm.clockView()
	s := m.State()
	last := lastLocs(m.History(), len(m.History()))
	for _, l := range last {
		st.Last = append(st.Last, locName(g, l))
	}
	if gm.svg == nil || gm.svgGen != gm.gen {
		svg, _ := render.SVG(g.Game, s, render.SVGOptions{Highlight: last,
			ImageURL: gm.pics.imageURL(gm.rec.RulesHash, gm.fsys, gm.dir, false)})
		gm.svg, gm.svgGen = &boardJSON{SVG: string(svg), ViewBox: viewBox(svg), Positions: positions(g)}, gm.gen
	}
	st.Board = *gm.svg
	if n := len(gm.played); n > 0 && n == len(m.History()) && gm.played[n-1].check != nil {
		st.Check = gm.played[n-1].check
	}
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if nk == 0 {
			break
		}
		// An unlimited stock (n < 0) is shown for the types that have drops.
		if pc := g.Pieces[i%nk]; n > 0 || n < 0 && pc.HasDrops && !pc.Dummy {
			st.Stock = append(st.Stock, stockJSON{Player: i / nk, Piece: pc.Name, N: max(int(n), -1), Image: gm.handImage(i/nk, i%nk)})
		}
	}
	if gm.caps == nil || gm.capsGen != gm.gen {
		gm.caps, gm.capsGen = captured(g, m.History(), s), gm.gen
	}
	st.Captured = gm.caps
	for i, p := range m.History() {
		mv := moveJSON{Ply: i, MoveNumber: p.Num}
		if i < len(gm.played) {
			pt := &gm.played[i]
			mv.Player, mv.Named, mv.ZSG, mv.Short = int(pt.player), pt.named, strings.ReplaceAll(pt.zsg, "\n", "; "), pt.short
		} else {
			mv.ZSG = notation.Turn(g, p.Before, &p.Turn)
			mv.Short = mv.ZSG
		}
		st.Moves = append(st.Moves, mv)
	}
	if !gm.over() && slices.Contains(you, int(m.Mover())) {
		if gm.legalJSON == nil {
			texts := gm.texts()
			gm.legalJSON = make([]legalJSON, len(texts))
			for i, t := range m.Legal() {
				gm.legalJSON[i] = legalJSON{Index: i, Named: texts[i].Named, ZSG: texts[i].ZSG, Short: gm.short(i), Parts: parts(g, s, &t)}
			}
		}
		st.Legal = gm.legalJSON
	}
	return st
}

// lastLocs returns the squares of the last turn of the first n turns played: the
// source and destination of each part.
func lastLocs(h []match.Played, n int) []engine.Loc {
	var last []engine.Loc
	if n <= 0 || n > len(h) {
		return nil
	}
	p := h[n-1]
	for i := range p.Turn.Parts {
		pt := &p.Turn.Parts[i]
		for _, l := range []engine.Loc{pt.Source(), pt.Dest()} {
			if l != engine.NoLoc && !slices.Contains(last, l) {
				last = append(last, l)
			}
		}
	}
	return last
}

// reviewJSON is an earlier position of a game, as GET /api/games/{id}?ply=N answers it.
type reviewJSON struct {
	ID         string    `json:"id"`
	Ply        int       `json:"ply"`
	Of         int       `json:"of"`
	MoveNumber int       `json:"moveNumber"`
	ToMove     int       `json:"toMove"`
	Board      boardJSON `json:"board"`
	Last       []string  `json:"last"`
	Check      []string  `json:"check"`
	// Clock is the clocks as they stood after the turns reviewed, stopped; null in a
	// game without a clock.
	Clock *clockJSON `json:"clock"`
}

// review returns the position after the first n turns of gm, which has them: one board
// drawn, the rest from memory.
func (gm *game) review(n int) *reviewJSON {
	g, m := gm.g, gm.m
	h := m.History()
	s := m.State()
	rv := &reviewJSON{ID: gm.id, Ply: n, Of: len(h), MoveNumber: m.MoveNumber(), ToMove: int(m.Mover()), Last: []string{}, Check: []string{}}
	if n < len(h) {
		s = h[n].Before
		rv.MoveNumber = h[n].Num
		_, mover := g.Side(s)
		rv.ToMove = int(mover)
	}
	last := lastLocs(h, n)
	for _, l := range last {
		rv.Last = append(rv.Last, locName(g, l))
	}
	if n > 0 && n <= len(gm.played) && gm.played[n-1].check != nil {
		rv.Check = gm.played[n-1].check
	}
	svg, _ := render.SVG(g.Game, s, render.SVGOptions{Highlight: last,
		ImageURL: gm.pics.imageURL(gm.rec.RulesHash, gm.fsys, gm.dir, false)})
	rv.Board = boardJSON{SVG: string(svg), ViewBox: viewBox(svg), Positions: positions(g)}
	rv.Clock = gm.clockReview(n)
	return rv
}

// image returns the address of the picture of player p's pieces of kind k, or "" when
// the rules give none that can be read.
func (gm *game) image(p, k int) string {
	names := gm.g.Pieces[k].Images[engine.Player(p)]
	if gm.fsys == nil || len(names) == 0 || names[0] == "" {
		return ""
	}
	url, _, _, err := gm.pics.imageURL(gm.rec.RulesHash, gm.fsys, gm.dir, false)(names[0], true)
	if err != nil {
		return ""
	}
	return url
}

// handImage returns the picture of player p's pieces of kind k off the board: the
// address of the rules' bitmap, or else the piece as the board draws it without one,
// as an SVG data address made once per game.
func (gm *game) handImage(p, k int) string {
	if img := gm.image(p, k); img != "" {
		return img
	}
	key := p*len(gm.g.Pieces) + k
	if uri, ok := gm.images[key]; ok {
		return uri
	}
	if gm.images == nil {
		gm.images = map[int]string{}
	}
	uri := ""
	if svg := render.PieceSVG(gm.g.Game, engine.Player(p), engine.Kind(k)); svg != nil {
		uri = "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)
	}
	gm.images[key] = uri
	return uri
}

// locName returns the name of position l.
func locName(g *eval.Game, l engine.Loc) string {
	if l < 0 || int(l) >= len(g.Board.Locs) {
		return ""
	}
	return g.Board.Locs[l].Name
}

// positions returns the rectangle of every position drawn, in the SVG's user units,
// which are the rules' own pixels.
func positions(g *eval.Game) []positionJSON {
	out := []positionJSON{}
	for _, info := range g.Board.Locs {
		if !info.HasRect || info.Dummy {
			continue
		}
		r := info.Rect
		out = append(out, positionJSON{info.Name, [4]int{min(r[0], r[2]), min(r[1], r[3]), max(r[0], r[2]), max(r[1], r[3])}})
	}
	return out
}

var viewBoxRE = regexp.MustCompile(`viewBox="([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+)"`)

// viewBox reads the viewBox of an SVG picture.
func viewBox(svg []byte) [4]float64 {
	var vb [4]float64
	if m := viewBoxRE.FindSubmatch(svg); m != nil {
		for i := range vb {
			vb[i], _ = strconv.ParseFloat(string(m[i+1]), 64)
		}
	}
	return vb
}

// parts decomposes a turn, made in s, into the movements, drops and captures of each part.
func parts(g *eval.Game, s *engine.State, t *eval.Turn) []partJSON {
	out := make([]partJSON, len(t.Parts))
	cur := s
	var buf []engine.Loc
	for i := range t.Parts {
		pt := &t.Parts[i]
		pj := partJSON{Moves: []movementJSON{}, Captures: []string{}, Path: []string{}}
		step := func(l engine.Loc) {
			if n := locName(g, l); n != "" && (len(pj.Path) == 0 || pj.Path[len(pj.Path)-1] != n) {
				pj.Path = append(pj.Path, n)
			}
		}
		var perms [][][2]engine.Loc
		var tos []engine.Loc
		for _, c := range pt.Changes {
			switch c.Op {
			case engine.OpPermute:
				p := g.Permutation(c.Value)
				perms = append(perms, p)
				pm := make([]movementJSON, len(p))
				for j, pr := range p {
					pm[j] = movementJSON{From: locName(g, pr[0]), To: locName(g, pr[1])}
				}
				pj.Permutes = append(pj.Permutes, pm)
			case engine.OpMove, engine.OpCopy, engine.OpTake:
				if len(perms) > 0 {
					continue // a piece the permutations carry: they say where
				}
				owner := -1
				if c.From >= 0 && int(c.From) < len(cur.Cells) && !cur.Cells[c.From].IsEmpty() {
					owner = int(cur.Cells[c.From].Player())
				}
				pj.Moves = append(pj.Moves, movementJSON{From: locName(g, c.From), To: locName(g, c.To), Player: owner})
				tos = append(tos, c.To)
				step(c.From)
				step(c.To)
			case engine.OpType, engine.OpOwner, engine.OpFlip, engine.OpAttr:
				if n := locName(g, c.To); n != "" && !slices.Contains(pj.Changes, n) {
					pj.Changes = append(pj.Changes, n)
				}
			case engine.OpDrop, engine.OpCreate:
				pj.Moves = append(pj.Moves, movementJSON{To: locName(g, c.To), Player: int(c.Player)})
				tos = append(tos, c.To)
				if c.Kind >= 0 && int(c.Kind) < len(g.Pieces) && pj.Drop == "" {
					pj.Drop = g.Pieces[c.Kind].Name
				}
				step(c.To)
			}
		}
		for j, l := range tos {
			if put := unpermute(perms, l); put != l {
				pj.Moves[j].Put = locName(g, put)
			}
		}
		buf = pt.CapturedLocs(cur, buf[:0])
		for _, l := range buf {
			if n := locName(g, l); n != "" && !slices.Contains(pj.Captures, n) {
				pj.Captures = append(pj.Captures, n)
			}
		}
		out[i] = pj
		if i+1 < len(t.Parts) {
			if cur == s {
				cur = s.Clone()
			}
			g.Apply(cur, pt)
		}
	}
	return out
}

// unpermute returns the position whose contents the permutations perms, run in order,
// carry to l.
func unpermute(perms [][][2]engine.Loc, l engine.Loc) engine.Loc {
	for i := len(perms) - 1; i >= 0; i-- {
		for _, pr := range perms[i] {
			if pr[1] == l {
				l = pr[0]
				break
			}
		}
	}
	return l
}

// captured counts the pieces the turns played took from the players, per owner and type
// as they stood when taken, in the order of the players and of the piece types. A turn
// is judged by the board before and after it, not by how its move code said it: a piece
// of another player than the one whose turn it was is taken when its square ends the
// turn empty or another player's and the piece did not move away (a capture, a piece
// moved onto, a position whose owner changed), and when that player has fewer pieces on
// the board after the turn than before, beyond those, of the types it has fewer of (a
// piece pushed off the board). The
// mover's own pieces leaving the board (borne off, or emptied pits) and the pieces of
// random players (dice) are never counted. In games where a turn changes the type of
// two pieces or more where they stand (no piece moved or was dropped there), types count
// something (the seeds of mancala pits, sown): nothing is listed there.
func captured(g *eval.Game, played []match.Played, now *engine.State) []stockJSON {
	nk := len(g.Pieces)
	np := len(g.Players)
	counts := make([]int, np*nk)
	loc := make([]int, np*nk)   // taken by square, in one turn
	delta := make([]int, np*nk) // pieces after minus before, in one turn
	var moved, reached []engine.Loc
	for i := range played {
		p := &played[i]
		before, after := p.Before, now
		if i+1 < len(played) {
			after = played[i+1].Before
		}
		if before == nil || after == nil || len(before.Cells) != len(after.Cells) {
			continue
		}
		side, _ := g.Side(before)
		if int(side) < np && g.Players[side].Random {
			continue
		}
		moved, reached = moved[:0], reached[:0]
		for j := range p.Turn.Parts {
			for _, c := range p.Turn.Parts[j].Changes {
				switch c.Op {
				case engine.OpMove, engine.OpTake:
					moved = append(moved, c.From)
					reached = append(reached, c.To)
				case engine.OpCopy, engine.OpDrop:
					reached = append(reached, c.To)
				}
			}
		}
		clear(loc)
		clear(delta)
		inPlace := 0
		for l, c0 := range before.Cells {
			c1 := after.Cells[l]
			if !c0.IsEmpty() && int(c0.Player()) < np && int(c0.Kind()) < nk {
				delta[int(c0.Player())*nk+int(c0.Kind())]--
			}
			if !c1.IsEmpty() && int(c1.Player()) < np && int(c1.Kind()) < nk {
				delta[int(c1.Player())*nk+int(c1.Kind())]++
			}
			if c0.IsEmpty() || int(c0.Player()) >= np || int(c0.Kind()) >= nk || slices.Contains(moved, engine.Loc(l)) {
				continue
			}
			if !c1.IsEmpty() && c1.Kind() != c0.Kind() && !slices.Contains(reached, engine.Loc(l)) {
				if inPlace++; inPlace == 2 {
					return []stockJSON{} // types count something: see above
				}
			}
			if c0.Player() != side && (c1.IsEmpty() || c1.Player() != c0.Player()) {
				loc[int(c0.Player())*nk+int(c0.Kind())]++
			}
		}
		for pl := range np {
			if engine.Player(pl) == side || g.Players[pl].Random {
				continue
			}
			// Pieces gone from the board beyond those taken by square: as many as the
			// player has fewer, of the types it has fewer of (a type changed is no loss).
			row, lost := pl*nk, 0
			for k := range nk {
				counts[row+k] += loc[row+k]
				lost -= delta[row+k] + loc[row+k]
			}
			for k := 0; k < nk && lost > 0; k++ {
				if n := min(lost, -delta[row+k]-loc[row+k]); n > 0 {
					counts[row+k] += n
					lost -= n
				}
			}
		}
	}
	out := []stockJSON{}
	for i, n := range counts {
		if n > 0 {
			out = append(out, stockJSON{Player: i / nk, Piece: g.Pieces[i%nk].Name, N: n})
		}
	}
	return out
}
