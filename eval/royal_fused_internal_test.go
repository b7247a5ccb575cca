package eval

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestScanPartsRoyalChangesNothing plays random games of chess and, in every position,
// generates the first parts with the scan of the royal pieces fused into firstParts'
// (scanPartsRoyal, as Sample asks for it) and without it, then scans with scanRoyal: the
// moves must be the same moves in the same order, and the scan's kings and enemies the
// same, with the fast path on in both.
func TestScanPartsRoyalChangesNothing(t *testing.T) {
	for _, variant := range []string{"", "Kiwipete"} {
		g := loadLeafGame(t, "games/chess.zrf", variant)
		fused, plain := g.newWorkspace(), g.newWorkspace()
		positions := 0
		for seed := uint64(1); seed <= 4; seed++ {
			rng := rand.New(rand.NewPCG(seed, 27))
			s := g.NewState()
			for ply := 0; ply < 150; ply++ {
				e := g.Entry(s)
				roy := g.royal[e.Side]
				if len(roy) == 0 {
					t.Fatalf("%s: no royal pieces for player %d", variant, e.Side)
				}
				fused.x.royal, fused.x.royalKinds = &fused.royal, roy
				a, _ := g.partsBare(fused.x, s, nil, nil, e.Type)
				if fused.x.royal != nil {
					t.Fatalf("%s seed %d ply %d: firstParts did not fuse the scan", variant, seed, ply)
				}
				b, _ := g.partsBare(plain.x, s, nil, nil, e.Type)
				g.scanRoyal(plain, s, e.Side, roy)
				if !slices.EqualFunc(a, b, func(m, n engine.Move) bool { return m.Equal(&n) && m.Rule == n.Rule && m.Type == n.Type }) {
					t.Fatalf("%s seed %d ply %d: the moves differ: %d fused, %d not", variant, seed, ply, len(a), len(b))
				}
				f, p := &fused.royal, &plain.royal
				if !f.ok || f.ok != p.ok || f.nk != p.nk || f.kings != p.kings || !slices.Equal(f.enemies, p.enemies) || f.nearAt != p.nearAt || f.homeMade != p.homeMade {
					t.Fatalf("%s seed %d ply %d: the scans differ: fused ok %v kings %v enemies %v, scanRoyal ok %v kings %v enemies %v",
						variant, seed, ply, f.ok, f.kings[:f.nk], f.enemies, p.ok, p.kings[:p.nk], p.enemies)
				}
				positions++
				turns, err := g.NewWorkspace().Turns(s)
				if err != nil {
					t.Fatal(err)
				}
				if len(turns) == 0 {
					break
				}
				s = turns[rng.IntN(len(turns))].After.Clone()
			}
		}
		if positions < 300 {
			t.Fatalf("%s: compared %d positions, fewer than 300", variant, positions)
		}
		t.Logf("%s: %d positions compared", variant, positions)
	}
}
