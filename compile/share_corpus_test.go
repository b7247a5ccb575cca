package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

// shareFiles are the corpus files TestSharedCodeIsOwnCode compares: small files whose
// variants take code from forms only alike, and from the same forms. The long tests
// compare every file (share_long_test.go).
var shareFiles = []string{
	"dagazproject-zrf/GenesisChess/GenesisChess.zrf",
	"dagazproject-zrf/Ragnarok/Walhall.zrf",
	"glukkazan-zog/Rules/07.Ur.zrf",
	"glukkazan-zog/Rules/ForkChess.zrf",
	"glukkazan-zog/Rules/Lewthwaite.zrf",
	"glukkazan-zog/Rules/Luzhanqi.zrf",
	"glukkazan-zog/Rules/pasang.zrf",
}

// TestSharedCodeIsOwnCode loads corpus files of several games twice: once as usual, where
// games take the move code of earlier games (share.go), and once with every game
// compiling its own. Each game must get the same ops, conditions, source positions,
// flags, rules and move types both ways.
func TestSharedCodeIsOwnCode(t *testing.T) {
	dir := testutil.CorpusDir(t)
	files := corpusFiles(t, dir, shareFiles)
	taken, alike := 0, 0
	for _, p := range files {
		shared, err := LoadFile(p)
		if err != nil || len(shared.Games) < 2 {
			continue
		}
		own, err := LoadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range own.Games {
			g.cands = nil
		}
		for i, g := range shared.Games {
			h := own.Games[i]
			alikeOnly := g.cands != nil && !slices.ContainsFunc(g.cands, func(c shareCand) bool { return c.same })
			pg, errG := g.Program()
			ph, errH := h.Program()
			if (errG == nil) != (errH == nil) {
				t.Errorf("%s: %q: error %v shared, %v own", p, g.Title, errG, errH)
				continue
			}
			if errG != nil || pg == nil && ph == nil {
				continue
			}
			if pg == nil || ph == nil {
				t.Errorf("%s: %q: code %v shared, %v own", p, g.Title, pg != nil, ph != nil)
				continue
			}
			if g.owner != g {
				taken++
				if alikeOnly {
					alike++
				}
			}
			if why := diffPrograms(pg, ph); why != "" {
				t.Errorf("%s: %q (code of %q): %s", p, g.Title, g.owner.Title, why)
			}
			if !slices.EqualFunc(g.Rules, h.Rules, sameRule) || !slices.Equal(g.MoveTypes, h.MoveTypes) {
				t.Errorf("%s: %q: rules %v and move types %q shared, %v and %q own", p, g.Title, g.Rules, g.MoveTypes, h.Rules, h.MoveTypes)
			}
		}
	}
	t.Logf("%d games took the code of another, %d of them from forms only alike", taken, alike)
	if alike == 0 {
		t.Error("no game took the code of alike forms: the corpus has such variants (Ragnarok's)")
	}
}

// diffPrograms says how two programs differ, or returns "". Source positions compare by
// value: the two loads read the files in the same order.
func diffPrograms(a, b *code.Program) string {
	switch {
	case !reflect.DeepEqual(a.Moves, b.Moves):
		return "moves differ"
	case !reflect.DeepEqual(a.Drops, b.Drops):
		return "drops differ"
	case !slices.Equal(a.Flags, b.Flags) || !slices.Equal(a.PosFlags, b.PosFlags):
		return "flags differ"
	case !slices.Equal(a.Promoted, b.Promoted) || a.Attackers != b.Attackers || a.Walks != b.Walks:
		return "promoted kinds, attackers or walks differ"
	case len(a.At) != len(b.At):
		return "numbers of sources differ"
	}
	for i := range a.At {
		if a.At[i].Pos != b.At[i].Pos || !sameSite(a.At[i].Site, b.At[i].Site) {
			return fmt.Sprintf("source %d differs: %v against %v", i, a.At[i], b.At[i])
		}
	}
	return ""
}

func sameSite(s, t *zrf.Site) bool {
	for ; s != nil && t != nil; s, t = s.Parent, t.Parent {
		if s.Macro != t.Macro || s.Call != t.Call || s.Param != t.Param || s.At != t.At || len(s.Args) != len(t.Args) {
			return false
		}
		for i := range s.Args {
			if s.Args[i].Pos != t.Args[i].Pos {
				return false
			}
		}
	}
	return s == nil && t == nil
}

// corpusFiles returns the paths of the files picked (paths with slashes under dir, the
// corpus), or of every rules file of the corpus when picked is nil (as under the build
// tag long).
func corpusFiles(t *testing.T, dir string, picked []string) []string {
	t.Helper()
	if picked != nil {
		files := make([]string, len(picked))
		for i, f := range picked {
			files[i] = filepath.Join(dir, filepath.FromSlash(f))
		}
		return files
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zrf") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
