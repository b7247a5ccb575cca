package eval_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/notation"
)

// damoneNames gives our name of each piece type of the corpus's "Italian Damone", whose
// Dama is the Dama made from a Pedina.
var damoneNames = map[string]string{"Checker": "Pedina", "King": "Dama", "Dama": "PromotedDama", "Damone": "Damone"}

// damoneBoard writes a position of Damone as a spec for position, in our names.
func damoneBoard(g *eval.Game, s *engine.State, corpus bool) string {
	byPlayer := map[string][]string{}
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		name := g.Pieces[c.Kind()].Name
		if corpus {
			name = damoneNames[name]
		}
		p := g.Players[c.Player()].Name
		byPlayer[p] = append(byPlayer[p], name+" "+g.Board.Locs[l].Name)
	}
	var spec []string
	for _, p := range []string{"Black", "White"} {
		sort.Strings(byPlayer[p])
		if len(byPlayer[p]) > 0 {
			spec = append(spec, p+" "+strings.Join(byPlayer[p], ", "))
		}
	}
	_, mover := g.Side(s)
	return strings.Join(spec, "; ") + "; " + g.Players[mover].Name + " to move"
}

func damoneBoards(t *testing.T, g *eval.Game, s *engine.State, corpus bool) (map[string]int, []eval.Turn) {
	t.Helper()
	return boardsAfter(t, g, s, func(tu *eval.Turn) string { return damoneBoard(g, tu.After, corpus) })
}

// TestDamoneAgainstZillions plays random games of Damone and compares, in every
// position, the positions that the Zillions "Italian Damone" (corpus
// glukkazan-zog/Rules/CheckersCollection.zrf) and our games/damone.zrf (its variant
// "Damone (capture the Damones)", the corpus's goal) let the player move to. The corpus
// reads the rules otherwise in two places:
//
//   - "capture order": the corpus makes capturing compulsory (its game's
//     move-priorities) but lets the player choose among the captures; ours keeps the
//     sources' order (most pieces, highest-ranked capturing piece, most Damones, most
//     Damas).
//   - "promoted Dama takes the Damone": the corpus's Dama made from a Pedina captures
//     with the Damone's move code, any piece; in ours, as in the sources, no Dama
//     captures a Damone.
//
// Model A is ours with the corpus's capture choice, model B also lets the promoted
// Dama take the Damone. Model B must give exactly the corpus's positions; ours differs
// from A only where ours has a capture, and A from B only where B has a turn of a
// PromotedDama that takes a Damone. Games follow a turn the corpus and model B allow,
// ours and A set up in its position when they do not allow it, and stop when a
// Damone is lost or a player cannot move.
func TestDamoneAgainstZillions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Damone")
	path := filepath.Join("..", "games", "damone.zrf")
	ours := loadRow(t, "games/damone.zrf", "Damone (capture the Damones)")
	rules := readRules(t, path)
	src := rules.src
	// Model A: the four checks give way to compulsory capture alone.
	i, j := strings.Index(src, "   (check (>= (captures) (max (captures))))"), strings.Index(src, "   (piece\n      (name Pedina)")
	if i < 0 || j < i {
		t.Fatalf("%s: the checks before the Pedina are not where the test expects them", path)
	}
	a := src[:i] + "   (check (or (> (captures) 0) (= (max (captures)) 0)))\n\n" + src[j:]
	const variant = "Damone (capture the Damones)"
	modelA := rules.load("damone-any-capture.zrf", a, variant)
	// Model B: the promoted Dama takes any piece.
	b := a
	for _, d := range []string{"nw", "ne", "sw", "se"} {
		b = rules.replace(b, fmt.Sprintf("(jump %s (not (piece? Damone)))", d), fmt.Sprintf("(jump %s enemy?)", d))
	}
	modelB := rules.load("damone-promoted-takes-all.zrf", b, variant)

	diffs := map[string]int{}
	rng := rand.New(rand.NewPCG(14, 9))
	positions := 0
	games, plies := 30, 200
	if testing.Short() {
		games = 5
	}
	if longTests {
		games = 400
	}
	for game := 0; game < games; game++ {
		sz, sa, sb, so := zg.NewState(), modelA.NewState(), modelB.NewState(), ours.NewState()
		for ply := 0; ply < plies; ply++ {
			p := damoneBoard(zg, sz, true)
			if p != damoneBoard(ours, so, false) || p != damoneBoard(modelA, sa, false) || p != damoneBoard(modelB, sb, false) {
				t.Fatalf("positions differ:\n zillions %s\n ours     %s", p, damoneBoard(ours, so, false))
			}
			if strings.Count(p, "Damone ") < 2 {
				break
			}
			positions++
			bz, tz := damoneBoards(t, zg, sz, true)
			bb, tb := damoneBoards(t, modelB, sb, false)
			ba, ta := damoneBoards(t, modelA, sa, false)
			bo, to := damoneBoards(t, ours, so, false)
			if !sameKeys(bz, bb) {
				t.Errorf("the corpus allows %v and model B %v in %s", turnList(t, zg, sz), turnList(t, modelB, sb), p)
			}
			if !sameKeys(ba, bb) {
				promoted := false
				for i := range tb {
					src := sb.Cells[tb[i].Parts[0].Source()]
					if modelB.Pieces[src.Kind()].Name == "PromotedDama" &&
						strings.Count(damoneBoard(modelB, tb[i].After, false), "Damone ") < strings.Count(p, "Damone ") {
						promoted = true
					}
				}
				explain(t, diffs, "promoted Dama takes the Damone", promoted, "without a promoted Dama taking a Damone, model A allows %v and model B %v in %s",
					turnList(t, modelA, sa), turnList(t, modelB, sb), p)
			}
			if !sameKeys(bo, ba) {
				capture := false
				for i := range to {
					if kensTaken(so, to[i].After) > 0 {
						capture = true
					}
				}
				explain(t, diffs, "capture order", capture, "without a capture, ours allows %v and model A %v in %s",
					turnList(t, ours, so), turnList(t, modelA, sa), p)
			}
			if t.Failed() {
				return
			}
			common := inAll(bz, bb)
			if len(common) == 0 {
				break
			}
			pick := common[rng.IntN(len(common))]
			sz, sb = tz[bz[pick]].After, tb[bb[pick]].After
			if i, ok := ba[pick]; ok {
				sa = ta[i].After
			} else {
				sa = position(t, modelA, pick)
			}
			if i, ok := bo[pick]; ok {
				so = to[i].After
			} else {
				so = position(t, ours, pick)
				diffs["games followed a turn ours does not allow"]++
			}
		}
	}
	t.Logf("%d positions compared; differences %v", positions, diffs)
}

// TestDamoneSavedGames replays the corpus's two saved games of Italian Damone
// (dagazproject-zrf/CheckersCollection/Damone.zsg and glukkazan-zog/Rules/Damone.zsg,
// the same 18 plies) against ours, with the corpus's piece names turned into ours:
// every move is legal in ours too, and in the variant "Damone (capture the Damones)"
// the last one, Black's Damone taking White's with two more pieces, ends the game with
// Black's win.
func TestDamoneSavedGames(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	for _, rel := range []string{"dagazproject-zrf/CheckersCollection/Damone.zsg", "glukkazan-zog/Rules/Damone.zsg"} {
		raw, err := os.ReadFile(filepath.Join(corpus, rel))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(raw), "Checker ", "Pedina ")
		for _, v := range []string{"Damone", "Damone (capture the Damones)"} {
			g := loadRow(t, "games/damone.zrf", v)
			sg, err := notation.ParseSavedGame(rel, []byte(strings.Replace(text, "VariantName=Italian Damone", "VariantName="+v, 1)))
			if err != nil {
				t.Fatal(err)
			}
			r, err := notation.Replay(g, sg, rel)
			if err != nil {
				t.Fatalf("%s against %q: %v", rel, v, err)
			}
			res, _, err := g.NewWorkspace().Outcome(r.Final, g.PlayerIndex("Black"), 1)
			if err != nil {
				t.Fatal(err)
			}
			over := res.Over && len(res.Winners) == 1 && g.Players[res.Winners[0]].Name == "Black"
			if want := v != "Damone"; over != want {
				t.Errorf("%s against %q: game over with Black's win %v, want %v (%v)", rel, v, over, want, res)
			}
		}
	}
}
