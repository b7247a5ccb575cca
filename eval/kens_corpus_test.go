package eval_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// kensBoard writes a position of Kens as draughtsBoard does; the corpus calls its king
// Perez and its man Ken.
func kensBoard(g *eval.Game, s *engine.State) string {
	var b strings.Builder
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		kind := "M"
		if n := g.Pieces[c.Kind()].Name; n == "King" || n == "Perez" {
			kind = "K"
		}
		fmt.Fprintf(&b, "%s%s%s ", strings.ToLower(g.Players[c.Player()].Name[:1]), kind, g.Board.Locs[l].Name)
	}
	_, mover := g.Side(s)
	return b.String() + "| " + strings.ToLower(g.Players[mover].Name[:1])
}

// kensBoards returns the positions the legal turns of s lead to, each with the index of
// a turn that reaches it.
func kensBoards(t *testing.T, g *eval.Game, s *engine.State) (map[string]int, []eval.Turn) {
	t.Helper()
	return boardsAfter(t, g, s, func(tu *eval.Turn) string { return kensBoard(g, tu.After) })
}

// TestKensAgainstZillions plays random games of Kens and compares, in every position,
// the positions that the Zillions "Ossetian Kens" (corpus
// glukkazan-zog/Rules/OssetianKens.zrf, a variant of its "Ossetian Kena") and our
// games/kens.zrf let the player move to. The corpus file reads the rules otherwise in
// two places, and every difference must come from one of them:
//
//   - "friendly jumps in chains": the corpus's friendly jump is a quiet move of its
//     own (nonjumptype, ending the turn), so it never comes before, between or after
//     captures. Ours lets it (the box "On Kens" forbids only jumping friends backward
//     and two friends in a row).
//   - "king turns back": the corpus's king (Perez) may take a piece straight behind
//     the one it has just taken; ours keeps the Turkish ban on turning back.
//
// A third difference is the corpus's own doing:
//
//   - "stale visited mark": the corpus marks the friend a man jumps (visited?) and
//     clears every mark at the start of each move body, but the clearing is written
//     before the move's add, and effects written before an add belong to that add only
//     in Zillions (docs/zrf-decisions.md); a king sliding two squares or more therefore
//     clears nothing, the mark of the player's previous jump survives, and the corpus
//     refuses jumping that friend again. kensStaleJumps checks that each such missing
//     jump goes over a marked man.
//
// Two models take ours one step nearer the corpus each: model A, the file's variant
// "Kens (friendly jump alone)", makes the friendly jump a quiet move; model B also drops
// the ban on turning back. Model B must give exactly
// the corpus's positions everywhere but for stale marks; ours differs from A only where ours has a turn that
// jumps a friend within a chain of two parts or more, and A from B only where B has a
// chain that ends with a king. Games follow turns that all four allow when there is one,
// else turns of the corpus and model B, setting ours and A up there.
func TestKensAgainstZillions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/OssetianKens.zrf", "Ossetian Kens")
	path := filepath.Join("..", "games", "kens.zrf")
	ours := evaltest.Load(t, path)
	rules := readRules(t, path)
	// Model A: the variant "Kens (friendly jump alone)", whose friendly jump ends the
	// turn and is no part of a chain.
	modelA := loadRow(t, "games/kens.zrf", "Kens (friendly jump alone)")
	// Model B: the same, where a capturing king may turn straight back.
	modelB := rules.load("kens-turn-back.zrf", rules.replace(rules.src, "(verify (!= lastdir $3))", ""),
		"Kens (friendly jump alone)")

	diffs := map[string]int{}
	rng := rand.New(rand.NewPCG(14, 4))
	positions := 0
	games, plies := 20, 200
	if testing.Short() {
		games, plies = 2, 60
	}
	if longTests {
		games = 200
	}
	for game := 0; game < games; game++ {
		sz, sa, sb, so := zg.NewState(), modelA.NewState(), modelB.NewState(), ours.NewState()
		for ply := 0; ply < plies; ply++ {
			pz := kensBoard(zg, sz)
			if pz != kensBoard(ours, so) || pz != kensBoard(modelA, sa) || pz != kensBoard(modelB, sb) {
				t.Fatalf("positions differ:\n zillions %s\n ours     %s", pz, kensBoard(ours, so))
			}
			positions++
			bz, tz := kensBoards(t, zg, sz)
			bb, tb := kensBoards(t, modelB, sb)
			ba, ta := kensBoards(t, modelA, sa)
			bo, to := kensBoards(t, ours, so)
			if !sameKeys(bz, bb) {
				explain(t, diffs, "stale visited mark", kensStaleJumps(zg, sz, bz, modelB, tb, bb),
					"the corpus allows %v and model B %v in %s", turnList(t, zg, sz), turnList(t, modelB, sb), pz)
			}
			if !sameKeys(ba, bb) {
				back := false
				for i := range tb {
					end := tb[i].After.Cells[tb[i].Parts[len(tb[i].Parts)-1].Dest()]
					if len(tb[i].Parts) > 1 && modelB.Pieces[end.Kind()].Name == "King" {
						back = true
					}
				}
				explain(t, diffs, "king turns back", back, "without a king's chain, model A allows %v and model B %v in %s",
					turnList(t, modelA, sa), turnList(t, modelB, sb), pz)
			}
			if !sameKeys(bo, ba) {
				hop := false
				for i := range to {
					if n := len(to[i].Parts); n > 1 && n > kensTaken(so, to[i].After) {
						hop = true
					}
				}
				explain(t, diffs, "friendly jumps in chains", hop, "without a friendly jump in a chain, ours allows %v and model A %v in %s",
					turnList(t, ours, so), turnList(t, modelA, sa), pz)
			}
			if t.Failed() {
				return
			}
			common := inAll(bz, bb, ba, bo)
			if len(common) == 0 {
				common = inAll(bz, bb)
			}
			if len(common) == 0 {
				break
			}
			pick := common[rng.IntN(len(common))]
			sz, sb = tz[bz[pick]].After, tb[bb[pick]].After
			if i, ok := ba[pick]; ok {
				sa = ta[i].After
			} else {
				sa = position(t, modelA, draughtsSpec(pick))
			}
			if i, ok := bo[pick]; ok {
				so = to[i].After
			} else {
				so = position(t, ours, draughtsSpec(pick))
				diffs["games followed a turn ours does not allow"]++
			}
		}
	}
	t.Logf("%d positions compared; differences %v", positions, diffs)
}

// kensTaken counts the pieces that are on the board in s and no longer in after: the
// pieces a turn captured (nothing else leaves the board in Kens).
func kensTaken(s, after *engine.State) int {
	n := 0
	for l, c := range s.Cells {
		if !c.IsEmpty() {
			n++
		}
		if !after.Cells[l].IsEmpty() {
			n--
		}
	}
	return n
}

// kensStaleJumps reports whether the corpus's turns in sz (boards bz) are those of model
// B (bb, turns tb) less friendly jumps over a man whose visited? attribute is still set:
// the corpus marks the friend a man jumps and clears every mark when the next turn
// begins, but Zillions keeps effects written before an add for that add only, so a king
// sliding two squares or more clears nothing and the mark of the player's previous jump
// outlives the opponent's turn.
func kensStaleJumps(zg *eval.Game, sz *engine.State, bz map[string]int, mb *eval.Game, tb []eval.Turn, bb map[string]int) bool {
	visited := -1
	for i, a := range zg.Pieces[zg.KindIndex("Ken")].Attrs {
		if a.Name == "visited?" {
			visited = i
		}
	}
	for b := range bz {
		if _, ok := bb[b]; !ok {
			return false
		}
	}
	stale := false
	for b, i := range bb {
		if _, ok := bz[b]; ok {
			continue
		}
		if len(tb[i].Parts) != 1 {
			return false
		}
		from, to := mb.Board.Locs[tb[i].Parts[0].Source()].Name, mb.Board.Locs[tb[i].Parts[0].Dest()].Name
		mid := string([]byte{(from[0] + to[0]) / 2, (from[1] + to[1]) / 2})
		if abs(int(from[0])-int(to[0]))+abs(int(from[1])-int(to[1])) != 2 {
			return false
		}
		c := sz.Cells[zg.Board.LocIndex(mid)]
		if c.IsEmpty() || visited < 0 || !c.Attr(visited) {
			return false
		}
		stale = true
	}
	return stale
}

// TestKensZillionsPositions runs the corpus "Ossetian Kens" on positions of
// TestKensFriendlyJumps and TestKensKings, showing the two differences of reading.
func TestKensZillionsPositions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/OssetianKens.zrf", "Ossetian Kens")
	// Friendly jumps in chains: ours plays c2-c4-c6-e6-g6, taking c5 and f6; in the
	// corpus a friendly jump is a quiet move, so nothing can be taken and the quiet moves
	// are left, the jump c2-c4 among them.
	expectTurns(t, zg, "Black Ken c2 c3 d6; White Ken c5 f6; Black to move",
		"c2-b2", "c2-c4", "c2-d2", "c3-b3", "c3-c4", "c3-d3", "d6-c6", "d6-d7", "d6-e6")
	// King turns back: ours takes b4 or e4, one piece; the corpus's king takes both,
	// going back over the square it started from.
	expectTurns(t, zg, "Black Perez c4, Ken g4; White Ken b4 e4; Black to move",
		"c4-a4-f4 x b4 e4", "c4-f4-a4 x b4 e4")
	// A man crowned mid-capture goes on as a king in both, but ours may not then turn
	// straight back to take e3; the corpus's may (landing on e2 or e1).
	expectTurns(t, zg, "Black Ken e6; White Ken e7 b8 e3; Black to move",
		"e6-e8-a8 x b8 e7 =Perez", "e6-e8-e1 x e3 e7 =Perez", "e6-e8-e2 x e3 e7 =Perez")
	// The same as ours: men capture backward and sideways.
	expectTurns(t, zg, "Black Ken d4; White Ken d3 e4 a8; Black to move",
		"d4-d2 x d3", "d4-f4 x e4")
}
