package eval_test

// Tests of games/bao.zrf against the rules of Bao la Kiswahili as Alex de Voogt wrote
// them down from the Zanzibar masters, in the K.I.B.A. rules sheet of 2009 (see the
// file's header). Files a..h from South's left, rows 1..4 from South's side: South owns
// rows 1 (back) and 2 (front), North rows 4 (back) and 3 (front). Each position below
// is written as the seeds of every non-empty pit; the expected turns and boards are
// worked out by hand from the rules text.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
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
	var w, houses []string
	for l, info := range g.Board.Locs {
		if v := g.Val(s, engine.ValPos, seeds, engine.Loc(l)); v != 0 {
			w = append(w, fmt.Sprintf("%s:%d", info.Name, v))
		}
		if c := s.Cells[l]; !c.IsEmpty() && g.Pieces[c.Kind()].Name == "Nyumba" {
			houses = append(houses, info.Name)
		}
	}
	// Rows from South's back row up, files a..h.
	byRow := func(a, b string) int {
		if a[1] != b[1] {
			return int(a[1]) - int(b[1])
		}
		return int(a[0]) - int(b[0])
	}
	slices.SortFunc(w, byRow)
	slices.SortFunc(houses, byRow)
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

// expectBao compares the turns of a position with want (any order).
func expectBao(t *testing.T, g *eval.Game, name string, sp baoSpec, want ...string) {
	t.Helper()
	got := baoTurns(t, g, baoPosition(t, g, sp))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %s\n want %s", name, strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}

// TestBaoStart checks the start position (K.I.B.A. 2.1: six seeds in each nyumba and
// two in each of the next two pits to its owner's right, 22 in hand) and South's four
// opening turns: nothing faces seeds, so the seed goes into f2 or g2 (not into the
// house while another pit can take it) and that pit is sown either way.
func TestBaoStart(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	s := g.NewState()
	if got, want := baoSeeds(g, s), "e2:6 f2:2 g2:2 b3:2 c3:2 d3:6 | hands 22 22 | houses e2 d3"; got != want {
		t.Errorf("start: got %s, want %s", got, want)
	}
	// f2 takes the seed (3) and sows clockwise g2 h2 h1, or anticlockwise e2 d2 c2;
	// g2 (3) sows h2 h1 g1, or f2 e2 d2. Each ends in an empty pit.
	expectBao(t, g, "opening", baoSpec{seeds: "e2:6 f2:2 g2:2 b3:2 c3:2 d3:6", handS: 22, handN: 22, houses: "e2 d3"},
		"f2 namua-takasa s 1 => h1:1 e2:6 g2:3 h2:1 b3:2 c3:2 d3:6 | hands 21 22 | houses e2 d3",
		"f2 namua-takasa s 2 => c2:1 d2:1 e2:7 g2:2 b3:2 c3:2 d3:6 | hands 21 22 | houses e2 d3",
		"g2 namua-takasa s 1 => g1:1 h1:1 e2:6 f2:2 h2:1 b3:2 c3:2 d3:6 | hands 21 22 | houses e2 d3",
		"g2 namua-takasa s 2 => d2:1 e2:7 f2:3 b3:2 c3:2 d3:6 | hands 21 22 | houses e2 d3")
}

// TestBaoNamuaCaptures checks captures with a seed from hand (K.I.B.A. 1.4, 2.2): the
// seed goes into a non-empty front pit facing seeds, those are sown from a kichwa,
// forced at the ends and chosen in the middle; sowing relays, and captures again.
func TestBaoNamuaCaptures(t *testing.T) {
	g := loadGame(t, "bao.zrf")

	// b2 is a kimbi: its capture of b3's 3 seeds is sown from the left kichwa
	// clockwise, a2 b2 c2, ending in the empty c2. Capture is compulsory: no takasa.
	expectBao(t, g, "kimbi capture", baoSpec{seeds: "b2:1 e2:6 b3:3 h3:1", handS: 10, handN: 10, houses: "e2 d3"},
		"b2 namua-take s 1 => a2:1 b2:3 c2:1 e2:6 h3:1 | hands 9 10 | houses e2 d3")

	// d2 is in the middle: the 2 seeds of d3 are sown from the kichwa South chooses,
	// a2 b2 clockwise or h2 g2 anticlockwise.
	expectBao(t, g, "kichwa chosen", baoSpec{seeds: "d2:1 e2:6 d3:2 f3:1", handS: 10, handN: 10, houses: "e2"},
		"d2 namua-take s 1 => a2:1 b2:1 d2:2 e2:6 f3:1 | hands 9 10 | houses e2",
		"d2 namua-take s 2 => d2:2 e2:6 g2:1 h2:1 f3:1 | hands 9 10 | houses e2")

	// Chains. b2 (forced clockwise) takes b3's 3: a2 b2 c2, ending in c2 (1 before)
	// facing c3's 2: captured, and being central sown on clockwise from a2: a2 b2.
	// b2 held seeds, b3 is empty now: relay b2's 4 seeds c2 d2 e2 f2, ending in the
	// empty f2. c2 clockwise takes c3's 2: a2 b2, ending in b2 facing b3's 3: a kimbi,
	// so from a2 again: a2 b2 c2; c2 faces nothing now and relays its 3: d2 e2 f2.
	// c2 anticlockwise sows h2 g2 and stops.
	expectBao(t, g, "chains", baoSpec{seeds: "a2:1 b2:1 c2:1 e2:6 b3:3 c3:2 f3:1", handS: 5, handN: 5, houses: "e2"},
		"b2 namua-take s 1 => a2:3 c2:3 d2:1 e2:7 f2:1 f3:1 | hands 4 5 | houses e2",
		"c2 namua-take s 1 => a2:3 b2:3 d2:1 e2:7 f2:1 f3:1 | hands 4 5 | houses e2",
		"c2 namua-take s 2 => a2:1 b2:1 c2:2 e2:6 g2:1 h2:1 b3:3 f3:1 | hands 4 5 | houses e2")

	// North's turn mirrors South's: North's left kichwa is h3. g3 (a kimbi of North)
	// takes g2's 2, sown from h3 clockwise for North: h3 g3, ending in g3 (2 before)
	// facing g2, now empty: relay g3's 3 seeds f3 e3 d3 -- d3 is North's house with
	// 6 seeds, so the sowing stops there -- or, playing safari, goes on with the
	// house's 7 seeds clockwise for North: c3 b3 a3 a4 b4 c4 d4, the house lost.
	expectBao(t, g, "north", baoSpec{seeds: "a2:1 g2:2 g3:1 d3:6", handS: 4, handN: 5, north: true, houses: "d3"},
		"g3 namua-take n 1 => a2:1 d3:7 e3:1 f3:1 h3:1 | hands 4 4 | houses d3",
		"g3 namua-safari n 1 => a2:1 a3:1 b3:1 c3:1 e3:1 f3:1 h3:1 a4:1 b4:1 c4:1 d4:1 | hands 4 4 | houses ")

	// Safari (K.I.B.A. 1.6.2, 4.2): c2 takes c3's 4. Clockwise from a2: a2 b2 c2 d2,
	// ending in the empty d2. Anticlockwise from h2: h2 g2 f2 e2, ending in South's
	// house: South stops there, or plays safari, sowing its 7 on anticlockwise: d2 c2
	// b2 a2 a1 b1 c1. Clockwise never reaches the house: no safari turn.
	expectBao(t, g, "safari", baoSpec{seeds: "c2:1 e2:6 c3:4 f3:1", handS: 6, handN: 6, houses: "e2"},
		"c2 namua-take s 1 => a2:1 b2:1 c2:3 d2:1 e2:6 f3:1 | hands 5 6 | houses e2",
		"c2 namua-take s 2 => c2:2 e2:7 f2:1 g2:1 h2:1 f3:1 | hands 5 6 | houses e2",
		"c2 namua-safari s 2 => a1:1 b1:1 c1:1 a2:1 b2:1 c2:3 d2:1 f2:1 g2:1 h2:1 f3:1 | hands 5 6 | houses ")
}

// TestBaoTakasa checks turns without capture (K.I.B.A. 1.6, 2.3, 4.2): the seed goes
// into a non-empty front pit, whose seeds are sown; a sowing that ends in the owned
// house stops; the house is used only when no other front pit can be, and then gives
// two seeds.
func TestBaoTakasa(t *testing.T) {
	g := loadGame(t, "bao.zrf")

	// c2 (2 with the seed) clockwise: d2, then e2, the house: the sowing stops there
	// instead of relaying its 7. Anticlockwise: b2 a2.
	expectBao(t, g, "house stops", baoSpec{seeds: "c2:1 e2:6 d3:1", handS: 3, handN: 3, houses: "e2"},
		"c2 namua-takasa s 1 => d2:1 e2:7 d3:1 | hands 2 3 | houses e2",
		"c2 namua-takasa s 2 => a2:1 b2:1 e2:6 d3:1 | hands 2 3 | houses e2")

	// The house is the only non-empty front pit: the seed goes in and two seeds are
	// sown from it, f2 g2 or d2 c2; it stays owned.
	expectBao(t, g, "house taxed", baoSpec{seeds: "a1:3 e2:6 d3:1", handS: 3, handN: 3, houses: "e2"},
		"e2 namua-takasa s 1 => a1:3 e2:5 f2:1 g2:1 d3:1 | hands 2 3 | houses e2",
		"e2 namua-takasa s 2 => a1:3 c2:1 d2:1 e2:5 d3:1 | hands 2 3 | houses e2")
}

// TestBaoMtaji checks the mtaji stage (K.I.B.A. 1.3, 1.4, 3): with empty hands a turn
// sows a pit of two seeds or more either way; capturing turns come first, and the
// first sowing of a capturing turn must end in a capture.
func TestBaoMtaji(t *testing.T) {
	g := loadGame(t, "bao.zrf")

	// f2 clockwise: g2 h2, ending in h2 (1 before) facing h3's 2: a kichwa, so sown
	// from h2 anticlockwise: h2 g2, ending in g2 (1 before, g3 empty): relay its 2, f2
	// e2. f2 anticlockwise: e2 d2, ending in d2 facing d3's 3, central: the move's
	// direction, anticlockwise from h2: h2 g2 f2.
	expectBao(t, g, "captures", baoSpec{seeds: "d2:1 f2:2 h2:1 a3:1 d3:3 h3:2"},
		"f2 mtaji-take 1 => d2:1 e2:1 f2:1 h2:3 a3:1 d3:3 | hands 0 0 | houses ",
		"f2 mtaji-take 2 => d2:2 e2:1 f2:1 g2:1 h2:2 a3:1 h3:2 | hands 0 0 | houses ")

	// No capture anywhere: a front pit with two seeds must be sown (c2, not a1), with
	// relay and no capture: c2 clockwise d2 e2, relay e2's 2: f2 g2.
	expectBao(t, g, "takasa", baoSpec{seeds: "a1:3 c2:2 e2:1 a3:1"},
		"c2 mtaji-takasa 1 => a1:3 d2:1 f2:1 g2:1 a3:1 | hands 0 0 | houses ",
		"c2 mtaji-takasa 2 => a1:3 a2:1 b2:1 e2:1 a3:1 | hands 0 0 | houses ")

	// A takasa turn relays but never captures: b2 clockwise c2 d2, ending in d2 (1
	// before) facing the empty d3 -- so b2 is no capturing turn -- relays d2's 2: e2
	// f2, ending in f2 (1 before) facing f3's 4, no capture in a takasa turn: relay
	// its 2, g2 h2. Anticlockwise: a2 a1.
	expectBao(t, g, "no capture in takasa", baoSpec{seeds: "b2:2 d2:1 f2:1 f3:4"},
		"b2 mtaji-takasa 1 => c2:1 e2:1 g2:1 h2:1 f3:4 | hands 0 0 | houses ",
		"b2 mtaji-takasa 2 => a1:1 a2:1 d2:1 f2:1 f3:4 | hands 0 0 | houses ")

	// A back-row pit when no front pit has two seeds: a1 (3) clockwise a2 b2 c2,
	// anticlockwise b1 c1 d1.
	expectBao(t, g, "back row", baoSpec{seeds: "a1:3 e2:1 a3:1"},
		"a1 mtaji-takasa 1 => a2:1 b2:1 c2:1 e2:1 a3:1 | hands 0 0 | houses ",
		"a1 mtaji-takasa 2 => b1:1 c1:1 d1:1 e2:1 a3:1 | hands 0 0 | houses ")

	// More than 15 seeds never capture: b1's 24 seeds clockwise go round once (16
	// pits) and on to g2, which received a seed on the first lap and faces g3's 1;
	// so no capturing turn exists, and the turn is a takasa from b1 (the front row has
	// no pit of two seeds).
	tk := baoTurns(t, g, baoPosition(t, g, baoSpec{seeds: "b1:24 g3:1"}))
	for _, l := range tk {
		if strings.Contains(l, "take") {
			t.Errorf("24 seeds: a capturing turn %s", l)
		}
	}
	if len(tk) != 2 {
		t.Errorf("24 seeds: %d turns, want the two takasa turns from b1: %v", len(tk), tk)
	}
}

// TestBaoEnd checks the end (K.I.B.A. 1.2): a player whose front row is empty loses,
// even in the middle of the opponent's turn; a player who cannot move loses.
func TestBaoEnd(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	south := g.PlayerIndex("South")
	for _, tt := range []struct {
		name   string
		sp     baoSpec
		turn   string // the turn's pit and rule, as baoTurns writes them
		after  string
		winner engine.Player
	}{
		// f2 clockwise takes h3's 2, North's last front seeds: the game ends at once,
		// before the captured seeds are sown.
		{"front row emptied", baoSpec{seeds: "f2:2 h2:1 h3:2 e4:5"}, "f2 mtaji-take 1",
			"g2:1 h2:2 e4:5 | hands 0 0 | houses ", south},
		// c2 clockwise d2 e2; North has single seeds only and cannot move.
		{"no move", baoSpec{seeds: "c2:2 a3:1 h3:1"}, "c2 mtaji-takasa 1",
			"d2:1 e2:1 a3:1 h3:1 | hands 0 0 | houses ", south},
		// The game goes on: North can still sow h4's 2.
		{"goes on", baoSpec{seeds: "c2:2 a3:1 h4:2"}, "c2 mtaji-takasa 1",
			"d2:1 e2:1 a3:1 h4:2 | hands 0 0 | houses ", engine.NoPlayer},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := baoPosition(t, g, tt.sp)
			turns, err := g.NewWorkspace().Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for i := range turns {
				m := &turns[i].Parts[0]
				if fmt.Sprintf("%s %s", g.Board.Locs[m.Changes[0].To].Name, g.Rules[m.Rule].String()) != tt.turn {
					continue
				}
				found = true
				if got := baoSeeds(g, turns[i].After); got != tt.after {
					t.Errorf("after %s: %s, want %s", tt.turn, got, tt.after)
				}
				r, _, err := g.NewWorkspace().Outcome(turns[i].After, south, 1)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case tt.winner == engine.NoPlayer && r.Over:
					t.Errorf("%v, want the game to go on", r)
				case tt.winner != engine.NoPlayer && (!r.Over || len(r.Winners) != 1 || r.Winners[0] != tt.winner):
					t.Errorf("%v, want %s to win", r, g.Players[tt.winner].Name)
				}
			}
			if !found {
				t.Fatalf("no turn %s", tt.turn)
			}
		})
	}
}

// TestBaoPhases checks the two stages as phases of the turn order: South's namua turn
// hands over to North's; North's goes back to South's namua turn while seeds remain in
// hand, and on to the mtaji stage when the last one is played.
func TestBaoPhases(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	entry := func(s *engine.State) string {
		e := g.TurnOrder.Entries[s.Turn]
		return g.Players[e.Mover].Name + " " + g.MoveTypes[e.Type]
	}
	for _, tt := range []struct {
		name string
		sp   baoSpec
		want string
	}{
		{"South hands over", baoSpec{seeds: "c2:1 e2:6 d3:1", handS: 1, handN: 1, houses: "e2"}, "North namua-n"},
		{"North goes back", baoSpec{seeds: "c2:1 c3:1 h3:1", handS: 1, handN: 2, north: true}, "South namua-s"},
		{"North's last seed", baoSpec{seeds: "c2:1 c3:1 h3:1", handS: 0, handN: 1, north: true}, "South mtaji"},
		{"mtaji goes on", baoSpec{seeds: "c2:2 a3:1 h4:2"}, "North mtaji"},
	} {
		s := baoPosition(t, g, tt.sp)
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) == 0 {
			t.Fatalf("%s: no turn", tt.name)
		}
		for i := range turns {
			if got := entry(turns[i].After); got != tt.want {
				t.Errorf("%s: after %s the turn is %q, want %q", tt.name, g.Rules[turns[i].Parts[0].Rule], got, tt.want)
			}
		}
	}
}

// TestBaoNotation plays random games and checks, in every position, that the named
// notation and the saved-game text tell every legal turn apart: a Bao turn moves no
// piece, so what names it is its pit, its rule and its direction (ai's
// TestDialectGamesPlay then replays a played game through both).
func TestBaoNotation(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	rng := rand.New(rand.NewPCG(14, 8))
	for game := 0; game < 10; game++ {
		s := g.NewState()
		for ply := 0; ply < 300; ply++ {
			turns, err := g.NewWorkspace().Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) == 0 {
				break
			}
			if r, _, err := g.NewWorkspace().Outcome(s, 0, 1); err != nil || r.Over {
				break
			}
			cands := make([]*engine.Move, len(turns))
			for i := range turns {
				cands[i] = &turns[i].Parts[0]
			}
			named, zsg := map[string]int{}, map[string]int{}
			for i, m := range cands {
				n := notation.Named(g, s, m, cands)
				if j, ok := named[n]; ok {
					t.Fatalf("game %d ply %d: turns %d and %d are both named %q", game, ply, j, i, n)
				}
				named[n] = i
				z := notation.Part(g, s, m)
				if j, ok := zsg[z]; ok {
					t.Fatalf("game %d ply %d: turns %d and %d are both written %q", game, ply, j, i, z)
				}
				zsg[z] = i
				if strings.Contains(n, "#") {
					t.Errorf("game %d ply %d: %q needs a rank to be told apart", game, ply, n)
				}
			}
			s = turns[rng.IntN(len(turns))].After
		}
	}
}
