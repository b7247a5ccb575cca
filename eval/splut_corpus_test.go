package eval_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// splutKind names a piece of either Splut! file by its part in the game: S(orcerer),
// D(warf), T(roll), R(ock), or "" for the corpus's bookkeeping pieces (marks and
// controls, which stand outside the diamond).
func splutKind(g *eval.Game, c engine.Cell) string {
	if c.IsEmpty() {
		return ""
	}
	n := strings.ToLower(g.Pieces[c.Kind()].Name)
	switch {
	case strings.Contains(n, "wizard"), strings.Contains(n, "sorcerer"):
		return "S"
	case strings.Contains(n, "dwarf"):
		return "D"
	case strings.Contains(n, "troll"):
		return "T"
	case strings.Contains(n, "stone"), strings.Contains(n, "rock"):
		return "R"
	}
	return ""
}

// splutBoard writes the 41 squares of the diamond (the names of ours, which the corpus
// uses for the same squares): each piece as owner initial and kind, a Rock as R (the
// corpus gives each Rock to a player), and the player to move.
func splutBoard(g *eval.Game, s *engine.State, diamond map[string]bool) string {
	var b strings.Builder
	for l, c := range s.Cells {
		name := g.Board.Locs[l].Name
		k := splutKind(g, c)
		if !diamond[name] || k == "" {
			continue
		}
		if k == "R" {
			fmt.Fprintf(&b, "R%s ", name)
		} else {
			fmt.Fprintf(&b, "%s%s%s ", g.Players[c.Player()].Name[:1], k, name)
		}
	}
	return b.String()
}

// splutStep is what a step does, read from its changes: the kind of the piece that
// steps, and for a levitation or a throw the Rock's square and where it goes.
type splutStep struct {
	piece            string     // S, D or T
	from, to         engine.Loc // the stepping piece
	rockFrom, rockTo engine.Loc // the Rock levitated or thrown, or NoLoc
	throw            bool
}

func splutRead(g *eval.Game, s *engine.State, t *eval.Turn) splutStep {
	st := splutStep{from: engine.NoLoc, rockFrom: engine.NoLoc, rockTo: engine.NoLoc}
	var rocks [][2]engine.Loc
	for _, c := range t.Parts[0].Changes {
		if c.Op != engine.OpMove {
			continue
		}
		switch k := splutKind(g, s.Cells[c.From]); k {
		case "R":
			rocks = append(rocks, [2]engine.Loc{c.From, c.To})
		case "S", "T", "D":
			if st.from == engine.NoLoc {
				st.piece, st.from, st.to = k, c.From, c.To
			}
		}
	}
	if st.piece == "S" && len(rocks) == 1 {
		st.rockFrom, st.rockTo = rocks[0][0], rocks[0][1]
	}
	if st.piece == "T" {
		for _, r := range rocks {
			if r[0] == st.to {
				st.rockFrom, st.rockTo, st.throw = r[0], r[1], true
			}
		}
	}
	return st
}

// TestSplutAgainstZillions plays random games of Splut! and compares, at every step, the
// positions of the diamond that the Zillions version of the corpus
// (glukkazan-zog/Rules/08.Splut.zrf; dagazproject-zrf/Splut/08.Splut.zrf differs from it
// only in the paths of its images) and our games/splut.zrf let the player reach. Every
// difference must be one of these readings of the corpus, which the test names:
//
//   - "levitation memory": the corpus forbids levitating a Rock that any other player
//     moved since the mover's last turn (a flag per player, cleared at that player's
//     turn); the rules forbid only a Rock moved in the previous player's turn. Only ours
//     allows the step.
//   - "levitation resumed": the corpus allows one Rock a turn, but not only in
//     consecutive steps; ours stops levitating for the turn once a step does not.
//     Only the corpus allows the step.
//   - "unflagged Rock": the corpus's push marks a pushed Rock as moved by testing the
//     piece that stood, at the start of the step, on the square it moves into (its
//     set-moved reads the square after from/to), so a Rock pushed onto a square that
//     held no Rock carries no flag, and the next player may levitate it; the rules
//     forbid it, as ours does. Only the corpus allows the step.
//   - "adjacent enemy Dwarf": the corpus forbids a throw whose first square holds a
//     Dwarf of another team (its take verifies not-friend? then not a dwarf); the rules
//     let the Rock fly over any Dwarf. Only ours allows the throw.
//   - "through an adjacent Rock": a Rock right next to the thrown one, in the direction
//     of the throw, is passed by the corpus's first step (it checks that square only for
//     enemy Stonetrolls and Dwarves), so its Rock flies on, and when it then meets a
//     Stonetroll or Rock it backs off over the passed Rock and its own square, which
//     still hold Rocks at the start of the step, and may land behind where it started;
//     ours stops at the adjacent Rock and that throw cannot be made. Only the corpus
//     allows the step.
//   - "own Sorcerer": the corpus forbids a throw that kills the thrower's own Sorcerer
//     (the add-mark of its check-wizard verifies not-friend?); the rules name any
//     Sorcerer as an obstacle the Rock kills ("hopefully not yours"). Only ours allows
//     the throw.
//   - "back throw": thrown back over the square the Stonetroll left, the corpus's Rock
//     that meets an obstacle backs off while it stands on a Stonetroll or Rock of the
//     start of the step, and the square left, the Rock's own square, still hold them:
//     it lands elsewhere than on the square left, where ours lands.
//
// Games follow steps that both allow.
func TestSplutAgainstZillions(t *testing.T) {
	splutAgainstZillions(t, "Splut", "Splut!")
}

// TestSplutDuelAgainstZillions compares the two-player games the same way: the corpus's
// "Splut (duel)" (which gives two of the Rocks to each player) and our "Splut! (two
// players)".
func TestSplutDuelAgainstZillions(t *testing.T) {
	splutAgainstZillions(t, "Splut (duel)", "Splut! (two players)")
}

func splutAgainstZillions(t *testing.T, corpusTitle, oursTitle string) {
	zg := corpusGame(t, "glukkazan-zog/Rules/08.Splut.zrf", corpusTitle)
	ours := findGame(t, filepath.Join("..", "games", "splut.zrf"), oursTitle)
	diamond := map[string]bool{}
	for _, l := range ours.Board.Locs {
		diamond[l.Name] = true
	}
	levVar, turnVar := ours.Ext.VarIndex("lev"), ours.Ext.VarIndex("turn")
	movedAttr, beforeAttr := -1, -1
	for i, v := range ours.Ext.PosInts {
		switch v.Name {
		case "moved":
			movedAttr = i
		case "before":
			beforeAttr = i
		}
	}
	var flags []int
	for _, n := range []string{"n-moved?", "s-moved?", "w-moved?", "e-moved?"} {
		flags = append(flags, zg.AttrIndexOf(n))
	}
	flagOwner := []string{"North", "South", "West", "East"}

	// advance plays the corpus's turns that are not steps: the random player's clean-up
	// drop at the start of each turn, and the passes after a throw or of a dead team. The
	// corpus does not end the game with one team left (its goal counts mark pieces).
	advance := func(s *engine.State) *engine.State {
		for i := 0; i < 20; i++ {
			_, m := zg.Side(s)
			turns, err := zg.NewWorkspace().Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) == 0 {
				return s
			}
			if !zg.Players[m].Random && !turns[0].Parts[0].Pass {
				return s
			}
			s = turns[0].After
		}
		return s // one team left: everybody else passes (ours ends the game)
	}
	boards := func(g *eval.Game, s *engine.State) (map[string]int, []eval.Turn) {
		t.Helper()
		return boardsAfter(t, g, s, func(tu *eval.Turn) string {
			if tu.Parts[0].Pass {
				return ""
			}
			return splutBoard(g, tu.After, diamond)
		})
	}
	loc := func(g *eval.Game, l engine.Loc) string { return g.Board.Locs[l].Name }
	// classify names the reading behind a step only one side allows, or "".
	classify := func(onlyOurs bool, so, sz *engine.State, st splutStep, g *eval.Game) string {
		_, mover := ours.Side(so)
		moverName := ours.Players[mover].Name
		if st.piece == "S" && st.rockFrom != engine.NoLoc {
			if onlyOurs {
				zl := zg.Board.LocIndex(loc(g, st.rockFrom))
				rc := sz.Cells[zl]
				for i, a := range flags {
					if a >= 0 && rc.Attr(a) && flagOwner[i] != moverName {
						return "levitation memory"
					}
				}
				return ""
			}
			if so.Vals[levVar] == 2 {
				return "levitation resumed"
			}
			// Ours forbids a Rock moved in the previous turn (and maybe again in this
			// one); the corpus has no flag on it for the previous player.
			l := ours.Board.LocIndex(loc(g, st.rockFrom))
			turn := so.Vals[turnVar]
			moved, before := ours.Val(so, engine.ValPos, movedAttr, l), ours.Val(so, engine.ValPos, beforeAttr, l)
			if moved == turn-1 || moved == turn && before == turn-1 {
				prev := ""
				for i := 1; i < len(ours.Players); i++ {
					p := (int(mover) + len(ours.Players) - 1 - i) % (len(ours.Players) - 1)
					if so.Out&(1<<uint(p)) == 0 {
						prev = ours.Players[p].Name
						break
					}
				}
				rc := sz.Cells[st.rockFrom]
				for i, a := range flags {
					if flagOwner[i] == prev && a >= 0 && !rc.Attr(a) {
						return "unflagged Rock"
					}
				}
			}
			return ""
		}
		if !st.throw {
			return ""
		}
		b := g.Board
		// The direction of the throw: the neighbour of the Rock's square towards where
		// it lands.
		p1 := engine.NoLoc
		for _, dn := range []string{"n", "e", "s", "w"} {
			d := b.DirIndex(dn)
			for n := b.Step(0, st.rockFrom, d); n != engine.NoLoc; n = b.Step(0, n, d) {
				if n == st.rockTo {
					p1 = b.Step(0, st.rockFrom, d)
				}
			}
		}
		if p1 == st.from {
			return "back throw"
		}
		// The corpus's back throw that met a Troll or Rock right behind the square the
		// Stonetroll left backs off over that square and the Rock's own, and lands on
		// the side the Stonetroll came from: the Rock moves the way the Stonetroll did.
		s := so
		if g == zg {
			s = sz
		}
		for _, dn := range []string{"n", "e", "s", "w"} {
			d := b.DirIndex(dn)
			if b.Step(0, st.from, d) != st.to || onlyOurs {
				continue
			}
			for n := b.Step(0, st.rockFrom, d); n != engine.NoLoc; n = b.Step(0, n, d) {
				if n == st.rockTo {
					back := b.Step(0, st.from, b.DirIndex(map[string]string{"n": "s", "s": "n", "e": "w", "w": "e"}[dn]))
					if back == engine.NoLoc {
						continue
					}
					if k := splutKind(g, s.Cells[back]); k == "T" || k == "R" {
						return "back throw"
					}
				}
			}
		}
		if c := s.Cells[st.rockTo]; onlyOurs && splutKind(g, c) == "S" && c.Player() == mover {
			return "own Sorcerer"
		}
		if p1 != engine.NoLoc {
			c := s.Cells[p1]
			if onlyOurs && splutKind(g, c) == "D" && c.Player() != mover {
				return "adjacent enemy Dwarf"
			}
		}
		// The corpus's Rock passes a Rock right next to it and flies on; if it then
		// meets a Stonetroll or Rock, it backs off over that Rock and its own square
		// (both still there at the start of the step) and may land behind its start.
		opp := map[string]string{"n": "s", "s": "n", "e": "w", "w": "e"}
		for _, dn := range []string{"n", "e", "s", "w"} {
			d := b.DirIndex(dn)
			p := b.Step(0, st.rockFrom, d)
			if onlyOurs || p == engine.NoLoc || p == st.from || splutKind(g, s.Cells[p]) != "R" {
				continue
			}
			for _, ray := range []engine.Dir{d, b.DirIndex(opp[dn])} {
				for n := b.Step(0, st.rockFrom, ray); n != engine.NoLoc; n = b.Step(0, n, ray) {
					if n == st.rockTo {
						return "through an adjacent Rock"
					}
				}
			}
		}
		return ""
	}

	diffs := map[string]int{}
	rng := rand.New(rand.NewPCG(14, 8))
	positions, same := 0, 0
	games, steps := 8, 300
	if testing.Short() {
		games, steps = 2, 100
	}
	if longTests {
		games = 40
	}
	for game := 0; game < games; game++ {
		sz, so := advance(zg.NewState()), ours.NewState()
		for step := 0; step < steps; step++ {
			// A player of ours who cannot step waits (the Sorcerer's wait, allowed only
			// then), which ends his turn; the corpus passes, and advance played that.
			if turns, err := ours.NewWorkspace().Turns(so); err == nil && len(turns) == 1 &&
				splutBoard(ours, turns[0].After, diamond) == splutBoard(ours, so, diamond) {
				_, mo := ours.Side(so)
				so = turns[0].After.Clone()
				if _, _, err := ours.NewWorkspace().Outcome(so, mo, 1); err != nil {
					t.Fatal(err)
				}
				diffs["waits for the corpus's passes"]++
			}
			_, mz := zg.Side(sz)
			_, mo := ours.Side(so)
			if a, b := splutBoard(zg, sz, diamond), splutBoard(ours, so, diamond); a != b || zg.Players[mz].Name != ours.Players[mo].Name {
				t.Fatalf("game %d step %d: the games part:\n zillions %s (%s)\n ours     %s (%s)",
					game, step, a, zg.Players[mz].Name, b, ours.Players[mo].Name)
			}
			positions++
			bz, tz := boards(zg, sz)
			bo, to := boards(ours, so)
			if sameKeys(bz, bo) {
				same++
			}
			for b, i := range bo {
				if _, ok := bz[b]; ok {
					continue
				}
				st := splutRead(ours, so, &to[i])
				if c := classify(true, so, sz, st, ours); c != "" {
					diffs[c]++
					continue
				}
				t.Errorf("game %d step %d: only ours allows %s in %s", game, step, describe(ours, so, &to[i]), splutBoard(ours, so, diamond))
			}
			for b, i := range bz {
				if _, ok := bo[b]; ok {
					continue
				}
				st := splutRead(zg, sz, &tz[i])
				if c := classify(false, so, sz, st, zg); c != "" {
					diffs[c]++
					continue
				}
				t.Errorf("game %d step %d: only the corpus allows %s in %s\n corpus %v\n ours %v", game, step, describe(zg, sz, &tz[i]), splutBoard(zg, sz, diamond), turnList(t, zg, sz), turnList(t, ours, so))
			}
			if t.Failed() {
				return
			}
			common := inAll(bo, bz)
			if len(common) == 0 {
				break
			}
			pick := common[rng.IntN(len(common))]
			sz, so = advance(tz[bz[pick]].After), to[bo[pick]].After.Clone()
			res, _, err := ours.NewWorkspace().Outcome(so, mo, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Over {
				break
			}
		}
	}
	t.Logf("%d positions compared, %d with the same steps; steps that differ, by reading: %v", positions, same, diffs)
}
