package eval_test

// Tests of games/bao.zrf against the rules of Bao la Kiswahili as Alex de Voogt wrote
// them down from the Zanzibar masters, in the K.I.B.A. rules sheet of 2009 (see the
// file's header). Files a..h from South's left, rows 1..4 from South's side: South owns
// rows 1 (back) and 2 (front), North rows 4 (back) and 3 (front). Each position below
// is written as the seeds of every non-empty pit; the expected turns and boards are
// worked out by hand from the rules text.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// baoSpec describes a Bao position: the seeds of the pits that are not empty
// ("e2:6 f2:2"), the seeds in hand, who moves, and which houses are still owned.
type baoSpec struct {
	seeds        string
	handS, handN int32
	north        bool // North to move
	houses       string
}

// baoPosition builds the state of spec: every pit holds its owner's marker (a Nyumba
// on e2 and d3 when listed in houses), and the turn is the namua entry of the mover
// while he has seeds in hand, the mtaji entry otherwise.
func baoPosition(t *testing.T, g *eval.Game, sp baoSpec) *engine.State {
	t.Helper()
	south, north := g.PlayerIndex("South"), g.PlayerIndex("North")
	pit, house := g.KindIndex("Pit"), g.KindIndex("Nyumba")
	cells := make([]engine.Cell, len(g.Board.Locs))
	for l, info := range g.Board.Locs {
		p, k := south, pit
		if info.Name[1] >= '3' {
			p = north
		}
		if strings.Contains(sp.houses, info.Name) {
			k = house
		}
		cells[l] = engine.MakeCell(p, k, g.DefaultAttrs(k))
	}
	mover, entry := south, "namua-s"
	if sp.north {
		mover, entry = north, "namua-n"
	}
	if sp.handS == 0 && sp.handN == 0 {
		entry = "mtaji"
	}
	turn := -1
	for i, e := range g.TurnOrder.Entries {
		if e.Mover == mover && e.Type != engine.NoMoveType && g.MoveTypes[e.Type] == entry {
			turn = i
			break
		}
	}
	if turn < 0 {
		t.Fatalf("no turn-order entry %s for the mover", entry)
	}
	s := g.Position(cells, turn, nil)
	e := g.Ext
	for l := range g.Board.Locs {
		baoSet(g, s, engine.ValPos, e.PosIntIndex("seeds"), engine.Loc(l), 0)
	}
	for _, w := range strings.Fields(sp.seeds) {
		name, n, _ := strings.Cut(w, ":")
		v, err := strconv.Atoi(n)
		l := g.Board.LocIndex(name)
		if err != nil || l == engine.NoLoc {
			t.Fatalf("bad pit %q", w)
		}
		baoSet(g, s, engine.ValPos, e.PosIntIndex("seeds"), l, int32(v))
	}
	baoSet(g, s, engine.ValVar, e.VarIndex("hand-s"), 0, sp.handS)
	baoSet(g, s, engine.ValVar, e.VarIndex("hand-n"), 0, sp.handN)
	s.Hash = g.FullHash(s)
	return s
}

// baoSet sets one value of s (its hash is recomputed by the caller).
func baoSet(g *eval.Game, s *engine.State, class engine.ValClass, attr int, l engine.Loc, v int32) {
	e := g.Ext
	i := attr
	switch class {
	case engine.ValPiece:
		i = len(e.Vars) + int(l)*len(e.PieceInts) + attr
	case engine.ValPos:
		i = len(e.Vars) + len(g.Board.Locs)*len(e.PieceInts) + int(l)*len(e.PosInts) + attr
	}
	s.Vals[i] = v
}

// baoSeeds writes the seeds of s as baoSpec does, pits in board order, then the
// hands and the houses still owned.
func baoSeeds(g *eval.Game, s *engine.State) string {
	e := g.Ext
	seeds := e.PosIntIndex("seeds")
	var w []string
	var houses []string
	for l, info := range g.Board.Locs {
		if v := g.Val(s, engine.ValPos, seeds, engine.Loc(l)); v != 0 {
			w = append(w, fmt.Sprintf("%s:%d", info.Name, v))
		}
		if c := s.Cells[l]; !c.IsEmpty() && g.Pieces[c.Kind()].Name == "Nyumba" {
			houses = append(houses, info.Name)
		}
	}
	slices.SortFunc(w, func(a, b string) int {
		// Rows from South's back row up, files a..h.
		if a[1] != b[1] {
			return int(a[1]) - int(b[1])
		}
		return int(a[0]) - int(b[0])
	})
	return fmt.Sprintf("%s | hands %d %d | houses %s", strings.Join(w, " "),
		g.Val(s, engine.ValVar, e.VarIndex("hand-s"), 0), g.Val(s, engine.ValVar, e.VarIndex("hand-n"), 0),
		strings.Join(houses, " "))
}

// baoTurns lists the legal turns of s as "PIT RULE DIR => board after".
func baoTurns(t *testing.T, g *eval.Game, s *engine.State) []string {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range turns {
		tr := &turns[i]
		m := &tr.Parts[0]
		from := "?"
		if src := m.Source(); src != engine.NoLoc {
			from = g.Board.Locs[src].Name
		} else if len(m.Changes) > 0 {
			from = g.Board.Locs[m.Changes[0].To].Name
		}
		out = append(out, fmt.Sprintf("%s %s => %s", from, g.Rules[m.Rule].String(), baoSeeds(g, tr.After)))
	}
	slices.Sort(out)
	return out
}

func TestBaoDebug(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	s := g.NewState()
	t.Log(baoSeeds(g, s))
	for _, l := range baoTurns(t, g, s) {
		t.Log(l)
	}
}
