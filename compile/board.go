package compile

import (
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// boardBuilder collects a board form's parts; the board is then built in a fixed order,
// whatever the order in the source: positions (grids, positions, dummy), grid links, links
// forms, unlink, kill-positions, then opposites, symmetries and zones.
type boardBuilder struct {
	c     *compiler
	b     *engine.Board
	site  *zrf.Site
	where []*zrf.Node // where each position was declared
	index map[string]engine.Loc
	next  [][]engine.Loc // [loc][dir], grown as directions appear
	delta map[engine.Dir][][]int
}

func (c *compiler) board(n *zrf.Node) {
	site := n.Site
	bb := &boardBuilder{c: c, b: &engine.Board{}, site: site, index: map[string]engine.Loc{}, delta: map[engine.Dir][][]int{}}
	by := map[string][]*zrf.Node{}
	for _, ch := range n.Args() {
		h := ch.Head()
		switch h {
		case "image":
			for _, a := range ch.Args() {
				bb.b.Image = append(bb.b.Image, a.Text)
			}
		case "grid", "positions", "dummy", "kill-positions", "symmetry", "zone":
			by[h] = append(by[h], ch)
		case "drawn-as":
			// (drawn-as lines): a dialect form for drawing only.
			switch a := ch.Args(); {
			case !c.dialect:
				c.errorf(ch, site, "(drawn-as ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", DialectVersion)
			case len(a) != 1 || a[0].Text != "lines":
				c.errorf(ch, site, "expected (drawn-as lines)")
			default:
				bb.b.Lines = true
			}
		case "show-values":
			// (show-values NAME ...): a dialect form for drawing only; the names are
			// checked against the position attributes once the game is compiled, and
			// the (PLAYER VARIABLE [TEXT]) lists against the players and variables.
			if !c.dialect {
				c.errorf(ch, site, "(show-values ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", DialectVersion)
				continue
			}
			if len(ch.Args()) == 0 {
				c.errorf(ch, site, "expected (show-values NAME ...): position attributes to write on the positions")
			}
			for _, a := range ch.Args() {
				if a.Kind == zrf.List {
					// (PLAYER VARIABLE [TEXT]): a variable written beside a player's name.
					l := a.List
					if len(l) < 2 || len(l) > 3 || l[0].Kind != zrf.Atom || l[1].Kind != zrf.Atom || len(l) == 3 && l[2].Kind != zrf.String {
						c.errorf(a, site, "expected (PLAYER VARIABLE [TEXT]): a variable to write beside a player's name, found %s", a.Describe())
						continue
					}
					v := shownValue{n: l[1], site: ch.SiteIn(site), player: l[0], text: l[1].Text}
					if len(l) == 3 {
						v.text = l[2].Text
					}
					c.shownValues = append(c.shownValues, v)
					continue
				}
				if a.Kind != zrf.Atom {
					c.errorf(a, site, "expected the name of a position attribute, found %s", a.Describe())
					continue
				}
				bb.b.Values = append(bb.b.Values, a.Text)
				c.shownValues = append(c.shownValues, shownValue{n: a, site: ch.SiteIn(site)})
			}
		case "marked":
			// (marked NAME POSITION ...): a dialect form for drawing only, resolved
			// once the positions are known.
			if !c.dialect {
				c.errorf(ch, site, "(marked ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", DialectVersion)
				continue
			}
			by[h] = append(by[h], ch)
		case "links", "unlink":
			// links and unlink apply in source order: Chessence unlinks its reserve
			// squares and then links some of them again.
			by["links+unlink"] = append(by["links+unlink"], ch)
		default:
			if c.displayForm("board", ch, site) {
				continue
			}
			what := ch.Describe()
			if h != "" {
				what = "(" + h + " ...)"
			}
			c.errorf(ch, site, "unknown form %s in a board%s", what,
				didYouMean(h, []string{"image", "grid", "positions", "dummy", "links", "unlink", "kill-positions", "symmetry", "zone", "drawn-as", "show-values", "marked"}))
		}
	}
	for _, g := range by["grid"] {
		bb.grid(g)
	}
	for _, p := range by["positions"] {
		bb.positions(p)
	}
	for _, d := range by["dummy"] {
		bb.dummy(d)
	}
	if len(bb.b.Locs) == 0 {
		c.errorf(n, site, "the board has no positions")
		return
	}
	for _, l := range by["links+unlink"] {
		if l.Head() == "links" {
			bb.links(l)
		} else {
			bb.unlink(l)
		}
	}
	for _, k := range by["kill-positions"] {
		bb.kill(k)
	}
	bb.finish()
	c.g.Board = bb.b
	bb.opposites()
	bb.symmetries(by["symmetry"])
	bb.zones(by["zone"])
	bb.marks(by["marked"])
}

// marks reads the dialect's (marked NAME POSITION ...) forms: squares that pictures draw
// with the mark of NAME (Ur's rosettes), and that change nothing else.
func (bb *boardBuilder) marks(forms []*zrf.Node) {
	c := bb.c
	for _, n := range forms {
		site := n.SiteIn(bb.site)
		a := n.Args()
		if len(a) < 2 || a[0].Kind != zrf.Atom {
			c.errorf(n, bb.site, "expected (marked NAME POSITION ...): a name for the mark, then the positions that carry it")
			continue
		}
		m := engine.Mark{Name: a[0].Text}
		for _, p := range a[1:] {
			if l := c.locName(p, site); l != engine.NoLoc {
				m.Locs = append(m.Locs, l)
			}
		}
		bb.b.Marks = append(bb.b.Marks, m)
	}
}

// addLoc declares a position, reporting a duplicate name.
func (bb *boardBuilder) addLoc(info engine.LocInfo, at *zrf.Node, site *zrf.Site) {
	if old, dup := bb.index[info.Name]; dup {
		e := bb.c.fset.NewError(at.Pos, at.SiteIn(site), "position %q declared twice", info.Name)
		e.Notes = append(e.Notes, zrf.Note{Pos: bb.c.fset.Position(bb.where[old].Pos), Msg: "first declared here"})
		bb.c.errs.Add(e)
		return
	}
	bb.index[info.Name] = engine.Loc(len(bb.b.Locs))
	bb.b.Locs = append(bb.b.Locs, info)
	bb.where = append(bb.where, at)
	bb.next = append(bb.next, make([]engine.Loc, len(bb.b.Dirs)))
	for i := range bb.next[len(bb.next)-1] {
		bb.next[len(bb.next)-1][i] = engine.NoLoc
	}
}

// dir returns a direction's index, adding it on first use.
func (bb *boardBuilder) dir(name string) engine.Dir {
	for i, d := range bb.b.Dirs {
		if d == name {
			return engine.Dir(i)
		}
	}
	bb.b.Dirs = append(bb.b.Dirs, name)
	for i := range bb.next {
		bb.next[i] = append(bb.next[i], engine.NoLoc)
	}
	return engine.Dir(len(bb.b.Dirs) - 1)
}

func (bb *boardBuilder) grid(n *zrf.Node) {
	c := bb.c
	site := n.SiteIn(bb.site)
	g := engine.Grid{}
	gi := len(bb.b.Grids)
	var dirs []*zrf.Node
	var dimsForm *zrf.Node
	for _, ch := range n.Args() {
		cs := ch.SiteIn(site)
		switch ch.Head() {
		case "start-rectangle":
			a := ch.Args()
			if len(a) != 4 {
				c.errorf(ch, site, "start-rectangle takes four numbers: left top right bottom")
				continue
			}
			for i := range 4 {
				g.Start[i], _ = c.number(a[i], cs)
			}
		case "dimensions":
			dimsForm = ch
			for _, d := range ch.Args() {
				ds := d.SiteIn(cs)
				a := d.List
				if d.Kind != zrf.List || len(a) != 2 || a[0].Kind != zrf.String || a[1].Kind != zrf.List || len(a[1].List) != 2 {
					c.errorf(d, cs, "expected a dimension (\"a/b/c\" (DX DY)), found %s", d.Describe())
					continue
				}
				dim := engine.Dim{Labels: strings.Split(a[0].Text, "/")}
				seen := map[string]bool{}
				for _, l := range dim.Labels {
					if l == "" || strings.ContainsAny(l, " \t\r\n") {
						c.errorf(a[0], ds, "dimension label %q is empty or has spaces", l)
					}
					if seen[l] {
						c.errorf(a[0], ds, "dimension label %q appears twice", l)
					}
					seen[l] = true
				}
				dim.DX, _ = c.number(a[1].List[0], a[1].SiteIn(ds))
				dim.DY, _ = c.number(a[1].List[1], a[1].SiteIn(ds))
				g.Dims = append(g.Dims, dim)
			}
		case "directions":
			dirs = append(dirs, ch)
		default:
			c.errorf(ch, site, "unknown form %s in a grid%s", ch.Describe(), didYouMean(ch.Head(), []string{"start-rectangle", "dimensions", "directions"}))
		}
	}
	if len(g.Dims) == 0 {
		if dimsForm == nil {
			c.errorf(n, bb.site, "a grid needs (dimensions ...)")
		}
		return
	}
	// Positions: the first dimension varies fastest.
	total := 1
	for _, d := range g.Dims {
		total *= len(d.Labels)
		if total > 1<<20 {
			c.errorf(dimsForm, site, "the grid has more than %d positions", 1<<20)
			return
		}
	}
	first := engine.Loc(len(bb.b.Locs))
	coords := make([]int, len(g.Dims))
	for i := 0; i < total; i++ {
		v := i
		var name strings.Builder
		rect := g.Start
		cc := make([]int, len(g.Dims))
		for k, d := range g.Dims {
			coords[k] = v % len(d.Labels)
			v /= len(d.Labels)
		}
		for k, d := range g.Dims {
			cc[k] = coords[k]
			name.WriteString(d.Labels[coords[k]])
			rect[0] += coords[k] * d.DX
			rect[2] += coords[k] * d.DX
			rect[1] += coords[k] * d.DY
			rect[3] += coords[k] * d.DY
		}
		bb.addLoc(engine.LocInfo{Name: name.String(), Rect: rect, Grid: gi, Coords: cc, HasRect: true}, dimsForm, site)
	}
	bb.b.Grids = append(bb.b.Grids, g)
	if engine.Loc(len(bb.b.Locs))-first != engine.Loc(total) {
		return // duplicate names: links would be wrong
	}
	// Grid links.
	for _, ds := range dirs {
		dss := ds.SiteIn(site)
		for _, d := range ds.Args() {
			if d.Kind != zrf.List || len(d.List) < 2 || d.List[0].Kind != zrf.Atom {
				c.errorf(d, dss, "expected a direction (NAME D1 D2 ...), found %s", d.Describe())
				continue
			}
			if len(d.List)-1 > len(g.Dims) {
				c.errorf(d, dss, "direction %q has %d deltas but the grid has %d dimensions", d.List[0].Text, len(d.List)-1, len(g.Dims))
				continue
			}
			delta := make([]int, len(g.Dims))
			ok := true
			for k, x := range d.List[1:] {
				var good bool
				delta[k], good = c.number(x, d.SiteIn(dss))
				ok = ok && good
			}
			if !ok {
				continue
			}
			dir := bb.dir(d.List[0].Text)
			bb.b.Grids[gi].Dirs = append(bb.b.Grids[gi].Dirs, engine.GridDir{Dir: dir, Delta: delta})
			bb.delta[dir] = append(bb.delta[dir], delta)
			for i := 0; i < total; i++ {
				from := first + engine.Loc(i)
				src := bb.b.Locs[from].Coords
				to, stride := 0, 1
				inside := true
				for k, dm := range g.Dims {
					x := src[k] + delta[k]
					if x < 0 || x >= len(dm.Labels) {
						inside = false
						break
					}
					to += x * stride
					stride *= len(dm.Labels)
				}
				if inside {
					bb.next[from][dir] = first + engine.Loc(to)
				}
			}
		}
	}
}

func (bb *boardBuilder) positions(n *zrf.Node) {
	c := bb.c
	site := n.SiteIn(bb.site)
	for _, p := range n.Args() {
		if p.Kind != zrf.List || len(p.List) != 5 || p.List[0].Kind != zrf.Atom {
			c.errorf(p, site, "expected a position (NAME LEFT TOP RIGHT BOTTOM), found %s", p.Describe())
			continue
		}
		info := engine.LocInfo{Name: p.List[0].Text, Grid: -1, HasRect: true}
		ok := true
		for i := range 4 {
			v, good := c.number(p.List[i+1], p.SiteIn(site))
			info.Rect[i] = v
			ok = ok && good
		}
		if ok {
			bb.addLoc(info, p.List[0], p.SiteIn(site))
		}
	}
}

func (bb *boardBuilder) dummy(n *zrf.Node) {
	site := n.SiteIn(bb.site)
	for _, a := range n.Args() {
		if a.Kind != zrf.Atom {
			bb.c.errorf(a, site, "expected a position name, found %s", a.Describe())
			continue
		}
		if old, dup := bb.index[a.Text]; dup && bb.b.Locs[old].Dummy {
			// Zillions accepts a dummy declared twice (Checker Games.zrf does it through a
			// macro and again by hand): the second declaration changes nothing.
			bb.c.warnf(a, site, "dummy position %q declared twice", a.Text)
			continue
		}
		bb.addLoc(engine.LocInfo{Name: a.Text, Grid: -1, Dummy: true}, a, site)
	}
}

// loc resolves a position name while the board is being built.
func (bb *boardBuilder) loc(n *zrf.Node, site *zrf.Site) engine.Loc {
	if n.Kind == zrf.Atom {
		if l, ok := bb.index[n.Text]; ok {
			return l
		}
	}
	bb.c.errorf(n, site, "unknown position %s%s", quoteNode(n), didYouMean(n.Text, bb.names()))
	return engine.NoLoc
}

func (bb *boardBuilder) names() []string {
	out := make([]string, 0, len(bb.index))
	for k := range bb.index {
		out = append(out, k)
	}
	return out
}

func (bb *boardBuilder) links(n *zrf.Node) {
	c := bb.c
	site := n.SiteIn(bb.site)
	a := n.Args()
	if len(a) == 0 || a[0].Kind != zrf.Atom {
		c.errorf(n, bb.site, "expected (links DIRECTION (FROM TO) ...)")
		return
	}
	dir := bb.dir(a[0].Text)
	for _, p := range a[1:] {
		if p.Kind != zrf.List || len(p.List) != 2 {
			c.errorf(p, site, "expected a link (FROM TO), found %s", p.Describe())
			continue
		}
		ps := p.SiteIn(site)
		from, to := bb.loc(p.List[0], ps), bb.loc(p.List[1], ps)
		if from != engine.NoLoc && to != engine.NoLoc {
			bb.next[from][dir] = to
		}
	}
}

func (bb *boardBuilder) unlink(n *zrf.Node) {
	site := n.SiteIn(bb.site)
	for _, a := range n.Args() {
		if a.Kind == zrf.List {
			if len(a.List) != 2 {
				bb.c.errorf(a, site, "expected a pair (A B) or a position, found %s", a.Describe())
				continue
			}
			as := a.SiteIn(site)
			if _, isLoc := bb.index[a.List[1].Text]; !isLoc && a.List[1].Kind == zrf.Atom && bb.hasDir(a.List[1].Text) {
				// (unlink (POSITION DIRECTION)) removes one link: Sahkku.zrf relies on it.
				if x := bb.loc(a.List[0], as); x != engine.NoLoc {
					bb.next[x][bb.dir(a.List[1].Text)] = engine.NoLoc
				}
				continue
			}
			x, y := bb.loc(a.List[0], as), bb.loc(a.List[1], as)
			if x == engine.NoLoc || y == engine.NoLoc {
				continue
			}
			for d := range bb.next[x] {
				if bb.next[x][d] == y {
					bb.next[x][d] = engine.NoLoc
				}
			}
			for d := range bb.next[y] {
				if bb.next[y][d] == x {
					bb.next[y][d] = engine.NoLoc
				}
			}
			continue
		}
		x := bb.loc(a, site)
		if x == engine.NoLoc {
			continue
		}
		bb.isolate(x)
	}
}

func (bb *boardBuilder) hasDir(name string) bool {
	for _, d := range bb.b.Dirs {
		if d == name {
			return true
		}
	}
	return false
}

// isolate removes every link that starts or ends at x.
func (bb *boardBuilder) isolate(x engine.Loc) {
	for d := range bb.next[x] {
		bb.next[x][d] = engine.NoLoc
	}
	for l := range bb.next {
		for d := range bb.next[l] {
			if bb.next[l][d] == x {
				bb.next[l][d] = engine.NoLoc
			}
		}
	}
}

func (bb *boardBuilder) kill(n *zrf.Node) {
	site := n.SiteIn(bb.site)
	if bb.c.killed == nil {
		bb.c.killed = map[string]bool{}
	}
	for _, a := range n.Args() {
		x := bb.loc(a, site)
		if x != engine.NoLoc {
			bb.c.killed[a.Text] = true
		}
	}
}

// finish removes killed positions, renumbers the rest and builds the flat link table.
func (bb *boardBuilder) finish() {
	b := bb.b
	old := b.Locs
	remap := make([]engine.Loc, len(old))
	var locs []engine.LocInfo
	for i, l := range old {
		if bb.c.killed[l.Name] {
			remap[i] = engine.NoLoc
			continue
		}
		remap[i] = engine.Loc(len(locs))
		locs = append(locs, l)
	}
	nd := len(b.Dirs)
	b.Next = make([]engine.Loc, len(locs)*nd)
	for i := range old {
		if remap[i] == engine.NoLoc {
			continue
		}
		for d := 0; d < nd; d++ {
			t := bb.next[i][d]
			if t != engine.NoLoc {
				t = remap[t]
			}
			b.Next[int(remap[i])*nd+d] = t
		}
	}
	b.Locs = locs
	b.Index()
}

// opposites computes each direction's opposite: the grid direction with the negated delta,
// else the direction whose links reverse every link of this one.
func (bb *boardBuilder) opposites() {
	b := bb.b
	nd := len(b.Dirs)
	b.Opposite = make([]engine.Dir, nd)
	for d := 0; d < nd; d++ {
		b.Opposite[d] = engine.NoDir
		if ds, ok := bb.delta[engine.Dir(d)]; ok {
		search:
			for e := 0; e < nd; e++ {
				for _, v := range ds {
					for _, w := range bb.delta[engine.Dir(e)] {
						if negated(v, w) {
							b.Opposite[d] = engine.Dir(e)
							break search
						}
					}
				}
			}
			if b.Opposite[d] != engine.NoDir {
				continue
			}
		}
		for e := 0; e < nd; e++ {
			if reverses(b, d, e) {
				b.Opposite[d] = engine.Dir(e)
				break
			}
		}
	}
}

func negated(v, w []int) bool {
	if len(v) != len(w) {
		return false
	}
	zero := true
	for i := range v {
		if v[i] != -w[i] {
			return false
		}
		if v[i] != 0 {
			zero = false
		}
	}
	return !zero
}

// reverses reports whether every link along d has a reverse link along e (and d has links).
func reverses(b *engine.Board, d, e int) bool {
	nd := len(b.Dirs)
	has := false
	for l := range b.Locs {
		t := b.Next[l*nd+d]
		if t == engine.NoLoc {
			continue
		}
		has = true
		if b.Next[int(t)*nd+e] != engine.Loc(l) {
			return false
		}
	}
	return has
}

func (bb *boardBuilder) symmetries(forms []*zrf.Node) {
	c := bb.c
	b := bb.b
	np := len(c.g.Players)
	nd := len(b.Dirs)
	b.Sym = make([][]engine.Dir, np)
	for p := range b.Sym {
		b.Sym[p] = make([]engine.Dir, nd)
		for d := range b.Sym[p] {
			b.Sym[p][d] = engine.Dir(d)
		}
	}
	for _, n := range forms {
		site := n.SiteIn(bb.site)
		a := n.Args()
		if len(a) == 0 {
			c.errorf(n, bb.site, "expected (symmetry PLAYER (FROM TO) ...)")
			continue
		}
		p := c.player(a[0], site)
		if p == engine.NoPlayer {
			continue
		}
		for _, pair := range a[1:] {
			if pair.Kind != zrf.List || len(pair.List) != 2 {
				c.errorf(pair, site, "expected a pair of directions (FROM TO), found %s", pair.Describe())
				continue
			}
			ps := pair.SiteIn(site)
			from, to := bb.dirName(pair.List[0], ps), bb.dirName(pair.List[1], ps)
			if from != engine.NoDir && to != engine.NoDir {
				b.Sym[p][from] = to
			}
		}
	}
	b.Neighbor = make([][]engine.Loc, np)
	for p := range b.Neighbor {
		identity := true
		for d, s := range b.Sym[p] {
			if s != engine.Dir(d) {
				identity = false
			}
		}
		if identity {
			b.Neighbor[p] = b.Next
			continue
		}
		t := make([]engine.Loc, len(b.Next))
		for l := range b.Locs {
			for d := 0; d < nd; d++ {
				t[l*nd+d] = b.Next[l*nd+int(b.Sym[p][d])]
			}
		}
		b.Neighbor[p] = t
	}
}

// dirName resolves a direction name on the finished board.
func (bb *boardBuilder) dirName(n *zrf.Node, site *zrf.Site) engine.Dir {
	if n.Kind == zrf.Atom {
		if d := bb.b.DirIndex(n.Text); d != engine.NoDir {
			return d
		}
	}
	bb.c.errorf(n, site, "unknown direction %s%s", quoteNode(n), didYouMean(n.Text, bb.b.Dirs))
	return engine.NoDir
}

func (bb *boardBuilder) zones(forms []*zrf.Node) {
	c := bb.c
	b := bb.b
	words := (len(b.Locs) + 63) / 64
	for _, n := range forms {
		site := n.SiteIn(bb.site)
		var name string
		var players []engine.Player
		var locs []engine.Loc
		hasPositions := false
		for _, ch := range n.Args() {
			cs := ch.SiteIn(site)
			switch ch.Head() {
			case "name":
				if a := ch.Args(); len(a) == 1 && a[0].Kind == zrf.Atom {
					name = a[0].Text
				} else {
					c.errorf(ch, site, "expected (name ZONE)")
				}
			case "players":
				for _, a := range ch.Args() {
					if p := c.player(a, cs); p != engine.NoPlayer {
						players = append(players, p)
					}
				}
			case "positions":
				hasPositions = true
				for _, a := range ch.Args() {
					if a.Kind == zrf.Atom && c.killed[a.Text] {
						c.warnf(a, cs, "zone %q lists killed position %q; it is left out", name, a.Text)
						continue
					}
					if l := c.locName(a, cs); l != engine.NoLoc {
						locs = append(locs, l)
					}
				}
			case "glyph", "help":
				// Dagaz extensions for display.
			default:
				c.errorf(ch, site, "unknown form %s in a zone%s", ch.Describe(), didYouMean(ch.Head(), []string{"name", "players", "positions"}))
			}
		}
		if name == "" {
			c.errorf(n, bb.site, "a zone needs (name ...)")
			continue
		}
		if !hasPositions {
			c.errorf(n, bb.site, "zone %q needs (positions ...)", name)
		}
		zi := b.ZoneIndex(name)
		if zi < 0 {
			b.Zones = append(b.Zones, engine.Zone{Name: name, Sets: make([][]uint64, len(c.g.Players))})
			zi = len(b.Zones) - 1
		}
		for _, p := range players {
			set := b.Zones[zi].Sets[p]
			if set == nil {
				set = make([]uint64, words)
				b.Zones[zi].Sets[p] = set
			}
			for _, l := range locs {
				set[l>>6] |= 1 << (uint(l) & 63)
			}
		}
	}
}

// locName resolves a position name on the finished board, saying so when it was killed.
func (c *compiler) locName(n *zrf.Node, site *zrf.Site) engine.Loc {
	b := c.g.Board
	if n.Kind == zrf.Atom {
		if l := c.locIndex(n.Text); l != engine.NoLoc {
			return l
		}
		if c.killed[n.Text] {
			c.errorf(n, site, "position %q was removed by kill-positions", n.Text)
			return engine.NoLoc
		}
	}
	names := make([]string, len(b.Locs))
	for i, l := range b.Locs {
		names[i] = l.Name
	}
	c.errorf(n, site, "unknown position %s%s", quoteNode(n), didYouMean(n.Text, names))
	return engine.NoLoc
}
