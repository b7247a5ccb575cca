package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

// lazyFiles are the corpus files TestLazyLoadCorpus compares: small files of several
// variants that share code, and one whose attributes are numbered inside its blocks. The long
// tests compare every file (lazy_long_test.go).
var lazyFiles = []string{
	"glukkazan-zog/Rules/08.Splut.zrf", // attributes first named in blocks (attrOrder)
	"dagazproject-zrf/Ragnarok/Walhall.zrf",
	"glukkazan-zog/Rules/ForkChess.zrf",
	"glukkazan-zog/Rules/Luzhanqi.zrf",
	"glukkazan-zog/Rules/07.Ur.zrf",
}

// sameLazyLoad loads the rules file at path with its blocks expanded at once and
// lazily, and fails unless both give the same load errors and warnings, the same games,
// the same choices of code to share, and for every game the same model (before its move
// code is compiled and after: compiling adds rules and move types) and move code (ops,
// conditions, sources with their macro chains, flags, rules, move types) or the same
// errors. It returns the number of games compared.
func sameLazyLoad(t *testing.T, path string) int {
	t.Helper()
	now, errNow := loadFile(path, false)
	lazy, errLazy := loadFile(path, true)
	if a, b := errorText(errNow), errorText(errLazy); a != b {
		t.Fatalf("%s: load errors at once:\n%s\nlazily:\n%s", path, a, b)
	}
	if now == nil || lazy == nil {
		if now != lazy {
			t.Fatalf("%s: a file at once (%v), lazily (%v)", path, now != nil, lazy != nil)
		}
		return 0
	}
	if a, b := errorText(now.Warnings), errorText(lazy.Warnings); a != b {
		t.Fatalf("%s: warnings at once:\n%s\nlazily:\n%s", path, a, b)
	}
	if len(now.Games) != len(lazy.Games) {
		t.Fatalf("%s: %d games at once, %d lazily", path, len(now.Games), len(lazy.Games))
	}
	for i, g := range now.Games {
		h := lazy.Games[i]
		if a, b := candText(g), candText(h); a != b {
			t.Errorf("%s: %q may share code with %s at once, with %s lazily", path, g.Title, a, b)
		}
		if !reflect.DeepEqual(g.Game, h.Game) || !reflect.DeepEqual(g.Royal, h.Royal) {
			t.Errorf("%s: %q: the games' models differ", path, g.Title)
		}
		pg, errG := g.Program()
		ph, errH := h.Program()
		if a, b := errorText(errG), errorText(errH); a != b {
			t.Errorf("%s: %q: errors at once:\n%s\nlazily:\n%s", path, g.Title, a, b)
			continue
		}
		if (pg == nil) != (ph == nil) {
			t.Errorf("%s: %q: code at once %v, lazily %v", path, g.Title, pg != nil, ph != nil)
			continue
		}
		if pg != nil {
			if why := diffPrograms(pg, ph); why != "" {
				t.Errorf("%s: %q: %s", path, g.Title, why)
			}
		}
		if !slices.EqualFunc(g.Rules, h.Rules, sameRule) || !slices.Equal(g.MoveTypes, h.MoveTypes) {
			t.Errorf("%s: %q: rules %v and move types %q at once, %v and %q lazily", path, g.Title, g.Rules, g.MoveTypes, h.Rules, h.MoveTypes)
		}
		if !reflect.DeepEqual(g.Game, h.Game) {
			t.Errorf("%s: %q: the games' models differ once compiled", path, g.Title)
		}
		if (g.owner == g) != (h.owner == h) || g.owner != nil && h.owner != nil && g.owner.Title != h.owner.Title {
			t.Errorf("%s: %q: code of another game at once %v, lazily %v", path, g.Title, g.owner != g, h.owner != h)
		}
	}
	return len(now.Games)
}

func errorText(err error) string {
	var b strings.Builder
	for _, e := range zrf.AsList(err) {
		fmt.Fprintln(&b, e)
		for _, n := range e.Notes {
			fmt.Fprintln(&b, "\t", n.Pos, n.Msg)
		}
	}
	return b.String()
}

func candText(g *Game) string {
	var s []string
	for _, c := range g.cands {
		s = append(s, fmt.Sprintf("%q/%v", c.g.Title, c.same))
	}
	return strings.Join(s, ",")
}

// TestLazyLoadChangesNothing compares LoadFile, which expands move blocks when a game's
// code is compiled, with LoadFileEager on our own games and on rules files whose move
// blocks do not expand (their errors come from Program, not from the load).
func TestLazyLoadChangesNothing(t *testing.T) {
	paths, _ := filepath.Glob("../games/*.zrf")
	if len(paths) == 0 {
		t.Fatal("no rules files in ../games")
	}
	for _, p := range paths {
		sameLazyLoad(t, p)
	}
	dir := t.TempDir()
	for i, src := range []string{
		// $2 has no value inside a deferred block.
		`(define step ((verify empty?) $1 x$2 add)) (game (title "a") (players W B) (turn-order W B)
		 (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
		  (directions (n 0 -1))))
		 (piece (name P) (moves (step n))))`,
		// A macro invoking itself inside a deferred block.
		`(define step ((verify empty?) $1 (step $1) add)) (game (title "a") (players W B) (turn-order W B)
		 (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
		  (directions (n 0 -1))))
		 (piece (name P) (moves (step n))))`,
	} {
		p := filepath.Join(dir, fmt.Sprintf("bad%d.zrf", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, eagerErr := loadFile(p, false)
		if eagerErr == nil {
			t.Fatalf("bad%d.zrf: expands without an error", i)
		}
		f, err := loadFile(p, true)
		if err != nil {
			t.Fatalf("bad%d.zrf: the lazy load fails: %v", i, err)
		}
		_, err = f.Games[0].Program()
		if err == nil {
			t.Fatalf("bad%d.zrf: the move code compiles without the expansion error", i)
		}
		if a, b := errorText(eagerErr), errorText(err); a != b {
			t.Errorf("bad%d.zrf: errors of the load at once:\n%s\nof the move code:\n%s", i, a, b)
		}
	}
}

// TestLazyLoadCorpus is TestLazyLoadChangesNothing on corpus files.
func TestLazyLoadCorpus(t *testing.T) {
	dir := testutil.CorpusDir(t)
	files := corpusFiles(t, dir, lazyFiles)
	games := 0
	for _, p := range files {
		games += sameLazyLoad(t, p)
	}
	t.Logf("%d files, %d games alike", len(files), games)
}

// TestLazyProgramsConcurrently compiles the variants of files loaded lazily all at
// once, each on a goroutine of its own, so that their blocks are forced concurrently;
// run with -race, it checks that forcing is safe for concurrent use. Each game must get
// the code it gets alone.
func TestLazyProgramsConcurrently(t *testing.T) {
	dir := testutil.CorpusDir(t)
	for _, f := range []string{"dagazproject-zrf/Ragnarok/Walhall.zrf", "glukkazan-zog/Rules/Luzhanqi.zrf"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		file, err := LoadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := LoadFileEager(p)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := len(file.Games) - 1; i >= 0; i-- {
			wg.Add(1)
			go func() { defer wg.Done(); file.Games[i].Program() }()
		}
		wg.Wait()
		for i, g := range file.Games {
			pg, errG := g.Program()
			ph, errH := alone.Games[i].Program()
			if a, b := errorText(errG), errorText(errH); a != b {
				t.Errorf("%s: %q: errors concurrently:\n%s\nalone:\n%s", f, g.Title, a, b)
				continue
			}
			if pg != nil && ph != nil {
				if why := diffPrograms(pg, ph); why != "" {
					t.Errorf("%s: %q: %s", f, g.Title, why)
				}
			}
		}
	}
}
