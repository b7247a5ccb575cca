package eval_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// draughtsBoard writes a position of orthogonal draughts by square names: w or b for
// the owner, M for a man (the corpus calls it Checker) or K for a king, and the side to
// move after a bar. With crown, a man standing on its own far rank (rank 8 for White,
// 1 for Black) is written as a king.
func draughtsBoard(g *eval.Game, s *engine.State, crown bool) string {
	var b strings.Builder
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		side := strings.ToLower(g.Players[c.Player()].Name[:1])
		name := g.Board.Locs[l].Name
		kind := "M"
		if g.Pieces[c.Kind()].Name == "King" || crown && (side == "w" && name[1] == '8' || side == "b" && name[1] == '1') {
			kind = "K"
		}
		fmt.Fprintf(&b, "%s%s%s ", side, kind, name)
	}
	_, mover := g.Side(s)
	return b.String() + "| " + strings.ToLower(g.Players[mover].Name[:1])
}

// draughtsSpec turns a position written by draughtsBoard into a spec for position.
func draughtsSpec(board string) string {
	f := strings.Fields(board)
	byPlayer := map[string][]string{}
	for _, p := range f[:len(f)-2] {
		kind := map[byte]string{'M': "Man", 'K': "King"}[p[1]]
		byPlayer[p[:1]] = append(byPlayer[p[:1]], kind+" "+p[2:])
	}
	name := map[string]string{"w": "White", "b": "Black"}
	var spec []string
	for _, side := range []string{"w", "b"} {
		if len(byPlayer[side]) > 0 {
			spec = append(spec, name[side]+" "+strings.Join(byPlayer[side], ", "))
		}
	}
	return strings.Join(spec, "; ") + "; " + name[f[len(f)-1]] + " to move"
}

// draughtsBoards returns the positions the legal turns of s lead to, each with the index
// of a turn that reaches it.
func draughtsBoards(t *testing.T, g *eval.Game, s *engine.State, crown bool) (map[string]int, []eval.Turn) {
	t.Helper()
	return boardsAfter(t, g, s, func(tu *eval.Turn) string { return draughtsBoard(g, tu.After, crown) })
}

// TestTurkishAgainstZillions plays random games of Turkish draughts and compares, in
// every position, the positions that the Zillions "Turkish Dama" (corpus
// glukkazan-zog/Rules/CheckersCollection.zrf) and our games/turkish.zrf let the player
// move to. The corpus file reads the rules otherwise in one place, which the test
// names, and every difference must come from it:
//
//   - "men's chains": a man's capture continues with the move type continuetype, which
//     the corpus gives to kings only, so a man takes one piece a turn and the majority
//     rule then weighs a man's single capture against the kings' chains. Ours lets a
//     man go on capturing (seed 004: "the piece may go on capturing if it can").
//
// A model of that reading -- ours with the man's capture ending the turn -- must give
// exactly the corpus's positions, except in one more place of the same origin:
//
//   - "uncrowned": a man that reaches the far rank by a capture and could capture
//     sideways from there asks for a continuation (continuetype, again) instead of
//     being crowned, so in the corpus it stays a man on the far rank. The test writes
//     such a man as a king when it compares with the model, and ends the game there.
//
// Games follow turns that both the corpus and the model allow, so that they go on
// where ours differs.
func TestTurkishAgainstZillions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/CheckersCollection.zrf", "Turkish Dama")
	path := filepath.Join("..", "games", "turkish.zrf")
	ours := evaltest.Load(t, path)
	rules := readRules(t, path)
	// The man's jump ends the turn.
	model := rules.load("turkish-single-jump.zrf", rules.replace(rules.src,
		"$1 (verify empty?) (add-partial jumptype)))", "$1 (verify empty?) add))"), "")

	diffs := map[string]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	positions, kingTurns := 0, 0
	games, plies := 6, 200
	if testing.Short() {
		games, plies = 2, 60
	}
	if longTests {
		games = 40
	}
	for game := 0; game < games; game++ {
		sz, sm, so := zg.NewState(), model.NewState(), ours.NewState()
		for ply := 0; ply < plies; ply++ {
			if a, b := draughtsBoard(zg, sz, false), draughtsBoard(ours, so, false); a != b || a != draughtsBoard(model, sm, false) {
				t.Fatalf("positions differ:\n zillions %s\n ours     %s", a, b)
			}
			positions++
			bz, tz := draughtsBoards(t, zg, sz, true)
			bm, tm := draughtsBoards(t, model, sm, false)
			bo, to := draughtsBoards(t, ours, so, false)
			for i := range to {
				if c := so.Cells[to[i].Parts[0].Source()]; ours.Pieces[c.Kind()].Name == "King" {
					kingTurns++
				}
			}
			// The corpus against the model: the same positions, or the corpus's man left
			// uncrowned on the far rank.
			for b, i := range bz {
				if _, ok := bm[b]; !ok {
					t.Errorf("only the Zillions file allows %s in %s", turnList(t, zg, sz), draughtsBoard(zg, sz, false))
				} else if draughtsBoard(zg, tz[i].After, false) != b {
					diffs["uncrowned"]++
				}
			}
			for b := range bm {
				if _, ok := bz[b]; !ok {
					t.Errorf("only the single-jump model allows %v (corpus %v) in %s",
						turnList(t, model, sm), turnList(t, zg, sz), draughtsBoard(zg, sz, false))
				}
			}
			// Ours against the corpus: any difference needs a man's capture of two pieces
			// or more among our turns.
			same := len(bo) == len(bm)
			for b := range bo {
				if _, ok := bm[b]; !ok {
					same = false
				}
			}
			if !same {
				chains := false
				for i := range to {
					if c := so.Cells[to[i].Parts[0].Source()]; ours.Pieces[c.Kind()].Name == "Man" && len(to[i].Parts) > 1 {
						chains = true
					}
				}
				explain(t, diffs, "men's chains", chains, "without a man's chain, ours allows %v and the corpus %v in %s",
					turnList(t, ours, so), turnList(t, zg, sz), draughtsBoard(ours, so, false))
			}
			if t.Failed() {
				return
			}
			// Follow a turn that all three allow; where ours takes more with a man and
			// none is common, a turn of the corpus and the model, setting ours up there.
			var common, all3 []string
			for b, i := range bz {
				if _, ok := bm[b]; ok && draughtsBoard(zg, tz[i].After, false) == b {
					common = append(common, b)
					if _, ok := bo[b]; ok {
						all3 = append(all3, b)
					}
				}
			}
			if len(all3) > 0 {
				common = all3
			}
			if len(common) == 0 {
				break
			}
			sort.Strings(common)
			pick := common[rng.IntN(len(common))]
			sz, sm = tz[bz[pick]].After, tm[bm[pick]].After
			if i, ok := bo[pick]; ok {
				so = to[i].After
			} else {
				so = position(t, ours, draughtsSpec(pick))
				diffs["games followed the single jump"]++
			}
		}
	}
	t.Logf("%d positions compared, %d king turns; differences %v", positions, kingTurns, diffs)
}

// TestTurkishZillionsPositions runs the corpus "Turkish Dama" on positions of
// TestTurkishKings and TestTurkishMen: it agrees with ours on the kings' Turkish strike
// and their ban on turning back, and shows the two differences named above.
func TestTurkishZillionsPositions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/CheckersCollection.zrf", "Turkish Dama")
	// The same as ours.
	expectTurns(t, zg, "White King c8, Checker c3 g4 f7; Black Checker c6 e4 f5 b6; White to move",
		"c8-c4-f4-f6-a6 x b6 c6 e4 f5")
	expectTurns(t, zg, "White King c4, Checker g4; Black Checker b4 e4; White to move",
		"c4-a4 x b4", "c4-f4 x e4")
	expectTurns(t, zg, "White Checker c6; Black Checker c7 a1; White to move",
		"c6-c8 x c7 =King")
	// Men's chains: ours takes a3 and a5 (a2-a4-a6), the corpus's man only a3, and
	// then the king's single capture weighs as much.
	expectTurns(t, zg, "White Checker a2, King h1; Black Checker a3 a5, King h3; White to move",
		"a2-a4 x a3", "h1-h4 x h3", "h1-h5 x h3", "h1-h6 x h3", "h1-h7 x h3", "h1-h8 x h3")
	// Uncrowned: ours goes on from c8 over d8 and is crowned on e8; the corpus's man
	// stops on c8, where it could capture sideways, and stays a man.
	expectTurns(t, zg, "White Checker c6; Black Checker c7 d8 a1; White to move",
		"c6-c8 x c7")
}
