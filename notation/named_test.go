package notation_test

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/notation"
)

// TestNamedRoundTrip converts every corpus save that replays to named notation, reads it
// back and checks that every ply makes the same part; then writes it as ZSG again and
// replays that.
func TestNamedRoundTrip(t *testing.T) {
	dir, files := savedGames(t)
	n := 0
	for _, rel := range files {
		if slowSaves[rel] && !longTests {
			continue
		}
		sg, g, err := notation.OpenSavedGame(filepath.Join(dir, rel))
		if err != nil || g.Axiom() {
			continue
		}
		r, err := notation.Replay(g, sg, rel)
		if err != nil {
			continue
		}
		n++
		named := notation.ToNamed(r, sg)
		back, err := notation.ParseSavedGame(rel+".named", named.Format())
		if err != nil {
			t.Errorf("%s: reading the named text: %v", rel, err)
			continue
		}
		r2, err := notation.ReplayNamed(g, back, rel+".named")
		if err != nil {
			var d *notation.Divergence
			if errors.As(err, &d) {
				t.Errorf("%s: %s", rel, d.Detail(text(g)))
			} else {
				t.Errorf("%s: %v", rel, err)
			}
			continue
		}
		comparePlies(t, rel+" named", r, r2)
		z := notation.ToZSG(r2, sg)
		back2, err := notation.ParseSavedGame(rel+".zsg2", z.Format())
		if err != nil {
			t.Errorf("%s: reading the written ZSG: %v", rel, err)
			continue
		}
		r3, err := notation.Replay(g, back2, rel+".zsg2")
		if err != nil {
			t.Errorf("%s: replaying the written ZSG: %v", rel, err)
			continue
		}
		comparePlies(t, rel+" zsg", r, r3)
	}
	t.Logf("%d saved games converted both ways", n)
}

func comparePlies(t *testing.T, what string, a, b *notation.Replayed) {
	t.Helper()
	var pa, pb []notation.Ply
	for _, p := range a.Plies {
		if !p.Move.Pass {
			pa = append(pa, p)
		}
	}
	for _, p := range b.Plies {
		if !p.Move.Pass {
			pb = append(pb, p)
		}
	}
	if len(pa) != len(pb) {
		t.Errorf("%s: %d parts, want %d", what, len(pb), len(pa))
		return
	}
	for i := range pa {
		if !slices.Equal(pa[i].Move.Changes, pb[i].Move.Changes) {
			t.Errorf("%s: part %d (line %d) differs", what, i+1, pa[i].Line.Line)
			return
		}
	}
	if a.Final.Hash != b.Final.Hash {
		t.Errorf("%s: final positions differ", what)
	}
}
