package compile

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

var goalKinds = map[string]engine.GoalKind{
	"win-condition": engine.WinGoal, "loss-condition": engine.LossGoal,
	"draw-condition": engine.DrawGoal, "count-condition": engine.CountGoal,
}

var condHeads = []string{"stalemated", "checkmated", "captured", "pieces-remaining", "total-piece-count",
	"absolute-config", "relative-config", "repetition", "and", "or", "not"}

// goal reads (win-condition (PLAYER ...) CONDITION) and its siblings.
func (c *compiler) goal(n *zrf.Node) {
	site := n.Site
	a := n.Args()
	g := engine.Goal{Kind: goalKinds[n.Head()]}
	if c.dialect && len(a) > 2 {
		// (result NAME) and (priority N) between the players and the condition.
		for _, x := range a[1 : len(a)-1] {
			xa := x.Args()
			switch {
			case x.Head() == "result" && len(xa) == 1 && xa[0].Kind == zrf.Atom:
				g.Result = xa[0].Text
			case x.Head() == "priority" && len(xa) == 1:
				if v, ok := c.number(xa[0], x.SiteIn(site)); ok {
					g.Priority = v
				}
			default:
				c.errorf(x, site, "expected (result NAME) or (priority N) before the goal's condition, found %s", x.Describe())
			}
		}
		a = []*zrf.Node{a[0], a[len(a)-1]}
	}
	if len(a) != 2 {
		c.errorf(n, nil, "expected (%s (PLAYER ...) CONDITION)", n.Head())
		return
	}
	ps := a[0].SiteIn(site)
	switch a[0].Kind {
	case zrf.List:
		for _, p := range a[0].List {
			if pl := c.player(p, ps); pl != engine.NoPlayer {
				g.Players = append(g.Players, pl)
			}
		}
	default:
		if pl := c.player(a[0], site); pl != engine.NoPlayer {
			g.Players = append(g.Players, pl)
		}
	}
	g.Cond = c.cond(a[1], site)
	if g.Cond != nil {
		c.g.Goals = append(c.g.Goals, g)
	}
}

func (c *compiler) cond(n *zrf.Node, site *zrf.Site) *engine.Cond {
	s := n.SiteIn(site)
	if n.Kind == zrf.Atom {
		switch n.Text {
		case "stalemated":
			return &engine.Cond{Op: engine.CondStalemated}
		case "repetition":
			return &engine.Cond{Op: engine.CondRepetition}
		}
		c.errorf(n, site, "unknown goal condition %q%s", n.Text, didYouMean(n.Text, condHeads))
		return nil
	}
	if n.Kind != zrf.List || n.Head() == "" {
		c.errorf(n, site, "expected a goal condition, found %s", n.Describe())
		return nil
	}
	if c.dialect && n.Head() == "formula" {
		if len(n.Args()) != 1 {
			c.errorf(n, site, "expected (formula CONDITION)")
			return nil
		}
		d := c.dsrc()
		d.formulas = append(d.formulas, actSrc{body: n.Args(), site: s, at: n})
		return &engine.Cond{Op: engine.CondFormula, N: len(d.formulas) - 1}
	}
	a := n.Args()
	switch h := n.Head(); h {
	case "stalemated", "repetition":
		if len(a) > 0 {
			c.errorf(n, site, "%s takes no arguments", h)
		}
		return c.cond(n.List[0], s)
	case "checkmated", "captured":
		op := engine.CondCheckmated
		if h == "captured" {
			op = engine.CondCaptured
		}
		if len(a) == 0 {
			c.errorf(n, site, "(%s PIECE ...) needs at least one piece type", h)
			return nil
		}
		return &engine.Cond{Op: op, Kinds: c.kinds(a, s)}
	case "pieces-remaining", "total-piece-count":
		op := engine.CondPiecesRemaining
		if h == "total-piece-count" {
			op = engine.CondTotalPieceCount
		}
		if len(a) == 0 {
			c.errorf(n, site, "(%s N [PIECE ...]) needs a count", h)
			return nil
		}
		v, ok := c.number(a[0], s)
		if !ok {
			return nil
		}
		return &engine.Cond{Op: op, N: v, Kinds: c.kinds(a[1:], s)}
	case "absolute-config":
		// (absolute-config ITEM ... (POSITION-OR-ZONE ...)); Luzhanqi writes a single
		// position without the list: (absolute-config FieldMarshalFlag b1).
		cd := &engine.Cond{Op: engine.CondAbsoluteConfig}
		var places []*zrf.Node
		for _, it := range a {
			switch {
			case it.Kind == zrf.List && (it.Head() == "opponent" || it.Head() == "any-owner" || it.Head() == "not"):
				if item, ok := c.configItem(it, s); ok {
					cd.Items = append(cd.Items, item)
				}
			case it.Kind == zrf.List:
				places = append(places, it.List...)
			case it.Kind == zrf.Atom && c.g.KindIndex(it.Text) != engine.NoKind:
				cd.Items = append(cd.Items, engine.ConfigItem{Owner: engine.OwnSelf, Kind: c.g.KindIndex(it.Text)})
			default:
				places = append(places, it)
			}
		}
		if len(cd.Items) == 0 || len(places) == 0 {
			c.errorf(n, site, "expected (absolute-config PIECE ... (POSITION-OR-ZONE ...))")
			return nil
		}
		for _, p := range places {
			if p.Kind == zrf.Atom && c.g.Board.LocIndex(p.Text) == engine.NoLoc {
				if z := c.g.Board.ZoneIndex(p.Text); z >= 0 {
					cd.Zones = append(cd.Zones, z)
					continue
				}
			}
			if l := c.locName(p, s); l != engine.NoLoc {
				cd.Locs = append(cd.Locs, l)
			}
		}
		return cd
	case "relative-config":
		if len(a) < 3 || len(a)%2 == 0 {
			c.errorf(n, site, "expected (relative-config PIECE DIRECTION PIECE ...)")
			return nil
		}
		cd := &engine.Cond{Op: engine.CondRelativeConfig}
		for i, it := range a {
			if i%2 == 0 {
				if item, ok := c.configItem(it, s); ok {
					cd.Items = append(cd.Items, item)
					cd.Kinds = append(cd.Kinds, item.Kind)
				}
				continue
			}
			d := engine.NoDir
			if it.Kind == zrf.Atom {
				d = c.g.Board.DirIndex(it.Text)
			}
			if d == engine.NoDir {
				c.errorf(it, s, "unknown direction %s%s", quoteNode(it), didYouMean(it.Text, c.g.Board.Dirs))
				continue
			}
			cd.Dirs = append(cd.Dirs, d)
		}
		return cd
	case "and", "or", "not":
		op := map[string]engine.CondOp{"and": engine.CondAnd, "or": engine.CondOr, "not": engine.CondNot}[h]
		if len(a) == 0 || h == "not" && len(a) != 1 {
			c.errorf(n, site, "(%s ...) needs %s", h, map[bool]string{true: "one condition", false: "conditions"}[h == "not"])
			return nil
		}
		cd := &engine.Cond{Op: op}
		for _, x := range a {
			if sub := c.cond(x, s); sub != nil {
				cd.Args = append(cd.Args, sub)
			}
		}
		return cd
	default:
		c.errorf(n.List[0], s, "unknown goal condition %q%s", h, didYouMean(h, condHeads))
		return nil
	}
}

func (c *compiler) kinds(a []*zrf.Node, site *zrf.Site) []engine.Kind {
	var out []engine.Kind
	for _, x := range a {
		if k := c.kind(x, site); k != engine.NoKind {
			out = append(out, k)
		}
	}
	return out
}

// configItem reads a piece pattern: TYPE, (opponent TYPE), (any-owner TYPE) or (not TYPE).
func (c *compiler) configItem(n *zrf.Node, site *zrf.Site) (engine.ConfigItem, bool) {
	if n.Kind == zrf.List {
		a := n.Args()
		var owner engine.Owner
		switch n.Head() {
		case "opponent":
			owner = engine.OwnOpponent
		case "any-owner":
			owner = engine.OwnAny
		case "not":
			owner = engine.OwnSelfNot
		default:
			c.errorf(n, site, "expected a piece type, (opponent TYPE), (any-owner TYPE) or (not TYPE), found %s", n.Describe())
			return engine.ConfigItem{}, false
		}
		if len(a) != 1 {
			c.errorf(n, site, "(%s TYPE) takes one piece type", n.Head())
			return engine.ConfigItem{}, false
		}
		k := c.kind(a[0], n.SiteIn(site))
		return engine.ConfigItem{Owner: owner, Kind: k}, k != engine.NoKind
	}
	k := c.kind(n, site)
	return engine.ConfigItem{Owner: engine.OwnSelf, Kind: k}, k != engine.NoKind
}
