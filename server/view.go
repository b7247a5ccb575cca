package server

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/zrf"
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
	Thinking   bool         `json:"thinking"`
	Players    []playerJSON `json:"players"`
	Result     string       `json:"result"`
	Over       bool         `json:"over"`
	DrawOffer  int          `json:"drawOffer"`
	Board      boardJSON    `json:"board"`
	Stock      []stockJSON  `json:"stock"`
	Captured   []stockJSON  `json:"captured"`
	Last       []string     `json:"last"`
	Moves      []moveJSON   `json:"moves"`
	Legal      []legalJSON  `json:"legal"`
}

type playerJSON struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
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
}

type legalJSON struct {
	Index int        `json:"index"`
	Named string     `json:"named"`
	ZSG   string     `json:"zsg"`
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
		Ply: gm.ply(), MoveNumber: m.MoveNumber(), ToMove: int(m.Mover()), You: you, Thinking: gm.think,
		Result: gm.result(), Over: gm.over(), DrawOffer: gm.offer,
		Stock: []stockJSON{}, Captured: []stockJSON{}, Last: []string{}, Moves: []moveJSON{}, Legal: []legalJSON{}}
	if st.You == nil {
		st.You = []int{}
	}
	for i, p := range g.Players {
		pj := playerJSON{Name: p.Name, Kind: "human"}
		if i < len(gm.rec.Seats) {
			pj.Kind, pj.Bot = gm.rec.Seats[i].Kind, gm.rec.Seats[i].Bot
		}
		st.Players = append(st.Players, pj)
	}
	s := m.State()
	var last []engine.Loc
	if h := m.History(); len(h) > 0 {
		p := h[len(h)-1]
		for i := range p.Turn.Parts {
			pt := &p.Turn.Parts[i]
			for _, l := range []engine.Loc{pt.Source(), pt.Dest()} {
				if l != engine.NoLoc && !slices.Contains(last, l) {
					last = append(last, l)
					st.Last = append(st.Last, locName(g, l))
				}
			}
		}
	}
	if gm.svg == nil || gm.svgGen != gm.gen {
		svg, _ := render.SVG(g.Game, s, render.SVGOptions{Files: gm.fsys, Dir: gm.dir, Highlight: last})
		gm.svg, gm.svgGen = &boardJSON{SVG: string(svg), ViewBox: viewBox(svg), Positions: positions(g)}, gm.gen
	}
	st.Board = *gm.svg
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if nk == 0 {
			break
		}
		// An unlimited stock (n < 0) is shown for the types that have drops.
		if pc := g.Pieces[i%nk]; n > 0 || n < 0 && pc.HasDrops && !pc.Dummy {
			st.Stock = append(st.Stock, stockJSON{Player: i / nk, Piece: pc.Name, N: max(int(n), -1), Image: gm.image(i/nk, i%nk)})
		}
	}
	if gm.caps == nil || gm.capsGen != gm.gen {
		gm.caps, gm.capsGen = captured(g, m.History()), gm.gen
	}
	st.Captured = gm.caps
	for i, p := range m.History() {
		mv := moveJSON{Ply: i, MoveNumber: p.Num}
		if i < len(gm.played) {
			mv.Player, mv.Named, mv.ZSG = int(gm.played[i].player), gm.played[i].named, strings.ReplaceAll(gm.played[i].zsg, "\n", "; ")
		} else {
			mv.ZSG = notation.Turn(g, p.Before, &p.Turn)
		}
		st.Moves = append(st.Moves, mv)
	}
	if !gm.over() && slices.Contains(you, int(m.Mover())) {
		if gm.legalJSON == nil {
			texts := gm.texts()
			gm.legalJSON = make([]legalJSON, len(texts))
			for i, t := range m.Legal() {
				gm.legalJSON[i] = legalJSON{Index: i, Named: texts[i].Named, ZSG: texts[i].ZSG, Parts: parts(g, s, &t)}
			}
		}
		st.Legal = gm.legalJSON
	}
	return st
}

// maxImageFile bounds the size of an image file read for the stock.
const maxImageFile = 4 << 20

// image returns the picture of player p's pieces of kind k as a data URI, or "" when
// the rules give none that can be read. Pictures are read once per game in memory.
func (gm *game) image(p, k int) string {
	key := p*len(gm.g.Pieces) + k
	if uri, ok := gm.images[key]; ok {
		return uri
	}
	if gm.images == nil {
		gm.images = map[int]string{}
	}
	gm.images[key] = ""
	names := gm.g.Pieces[k].Images[engine.Player(p)]
	if gm.fsys == nil || len(names) == 0 || names[0] == "" {
		return ""
	}
	file, err := zrf.ResolvePath(gm.fsys, gm.dir, names[0])
	if err != nil {
		return ""
	}
	if fi, err := fs.Stat(gm.fsys, file); err != nil || fi.Size() > maxImageFile {
		return ""
	}
	data, err := fs.ReadFile(gm.fsys, file)
	if err != nil {
		return ""
	}
	img, err := render.DecodeBMP(data, true)
	if err != nil {
		return ""
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return ""
	}
	gm.images[key] = "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	return gm.images[key]
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

// captured counts the pieces removed from the board by the turns played, per owner and
// type as they stood when taken, in the order of the players and of the piece types.
func captured(g *eval.Game, played []match.Played) []stockJSON {
	nk := len(g.Pieces)
	counts := make([]int, len(g.Players)*nk)
	for _, p := range played {
		s := p.Before
		for i := range p.Turn.Parts {
			m := &p.Turn.Parts[i]
			for _, c := range m.Changes {
				if c.Op != engine.OpCapture || c.To < 0 || int(c.To) >= len(s.Cells) {
					continue
				}
				if cell := s.Cells[c.To]; !cell.IsEmpty() {
					counts[int(cell.Player())*nk+int(cell.Kind())]++
				}
			}
			if i+1 < len(p.Turn.Parts) {
				if s == p.Before {
					s = s.Clone()
				}
				g.Apply(s, m)
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
