package eval_test

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestOssetianAgainstZillions plays random games of Ossetian draughts and compares, in
// every position, the positions that the Zillions "Ossetian Checkers" (corpus
// glukkazan-zog/Rules/CheckersCollection.zrf) and our games/ossetian.zrf let the player
// move to. The corpus variant inherits its game's (option "maximal captures" true) and
// has no "pass partial": a player who can capture must, taking the most pieces, and a
// chain goes on while it can. The article (seed 004) says capturing is not compulsory;
// ours follows it. That is the one difference of reading:
//
//   - "capture not compulsory": where a capture exists, ours also allows the quiet
//     moves and the chains stopped early (or taking fewer pieces than the best).
//
// A model -- ours with the majority rule of the dialect, (check (>= (captures) (max
// (captures)))) -- must give exactly the corpus's positions everywhere; its turns are
// always among ours, and ours has more only where a capture exists. Games follow a
// random turn of ours, and the corpus and the model are set up in its position.
func TestOssetianAgainstZillions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/CheckersCollection.zrf", "Ossetian Checkers")
	path := filepath.Join("..", "games", "ossetian.zrf")
	ours := evaltest.Load(t, path)
	rules := readRules(t, path)
	const at = "   (ossetian-board)\n"
	model := rules.load("ossetian-majority.zrf", rules.replace(rules.src, at,
		at+"   (check (>= (captures) (max (captures))))\n"), "")

	diffs := map[string]int{}
	rng := rand.New(rand.NewPCG(14, 7))
	positions := 0
	games, plies := 10, 200
	if testing.Short() {
		games = 3
	}
	if longTests {
		games = 200
	}
	for game := 0; game < games; game++ {
		sz, sm, so := zg.NewState(), model.NewState(), ours.NewState()
		for ply := 0; ply < plies; ply++ {
			p := kensBoard(ours, so)
			if p != kensBoard(zg, sz) || p != kensBoard(model, sm) {
				t.Fatalf("positions differ:\n zillions %s\n ours     %s", kensBoard(zg, sz), p)
			}
			positions++
			bz, _ := kensBoards(t, zg, sz)
			bm, _ := kensBoards(t, model, sm)
			bo, to := kensBoards(t, ours, so)
			if !sameKeys(bz, bm) {
				t.Errorf("the corpus allows %v and the model %v in %s", turnList(t, zg, sz), turnList(t, model, sm), p)
			}
			for b := range bm {
				if _, ok := bo[b]; !ok {
					t.Errorf("only the model allows %v (ours %v) in %s", turnList(t, model, sm), turnList(t, ours, so), p)
				}
			}
			if !sameKeys(bo, bm) {
				capture := false
				for i := range to {
					if kensTaken(so, to[i].After) > 0 {
						capture = true
					}
				}
				explain(t, diffs, "capture not compulsory", capture, "without a capture, ours allows %v and the model %v in %s",
					turnList(t, ours, so), turnList(t, model, sm), p)
			}
			if t.Failed() || len(to) == 0 {
				break
			}
			keys := inAll(bo)
			pick := keys[rng.IntN(len(keys))]
			so = to[bo[pick]].After
			spec := draughtsSpec(pick)
			sm = position(t, model, spec)
			sz = position(t, zg, strings.ReplaceAll(spec, "Man", "Checker"))
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d positions compared; differences %v", positions, diffs)
}

// TestOssetianZillionsPositions runs the corpus "Ossetian Checkers" on positions of
// TestOssetianCaptures: its captures are ours, but compulsory and complete.
func TestOssetianZillionsPositions(t *testing.T) {
	zg := corpusGame(t, "glukkazan-zog/Rules/CheckersCollection.zrf", "Ossetian Checkers")
	// Ours also allows the steps a1-a2, a1-b2, d4-c5 and d4-e5.
	expectTurns(t, zg, "White Checker d4, a1; Black Checker d5 e3 c4 g7; White to move",
		"d4-b4 x c4", "d4-d6 x d5", "d4-f2 x e3")
	// Ours also allows every stop of the chain, and the step a1-b2.
	expectTurns(t, zg, "White Checker a1; Black Checker a2 b3 c2 b1 g7; White to move",
		"a1-a3-c3-c1-a1 x a2 b1 b3 c2")
	// The same as ours.
	expectTurns(t, zg, "White Checker d7; Black Checker d6 c7; White to move",
		"d7-b7 x c7", "d7-d5 x d6")
}
