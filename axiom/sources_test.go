package axiom_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/testutil"
)

// TestLocateCorpus finds the Forth folder of every Axiom variant of the corpus and checks
// it against the folders the Python executable specification of Axiom loaded (its
// golden file beside the corpus, tools/axiom-proto/expected/loadall.jsonl).
func TestLocateCorpus(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	golden := filepath.Join(corpus, "..", "tools", "axiom-proto", "expected", "loadall.jsonl")
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("the prototype's golden file: %v", err)
	}
	defer f.Close()
	fsys := os.DirFS(corpus)
	engines := map[string]map[string]string{} // rules → title → engine
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct{ Zrf, Folder, Title string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if engines[rec.Zrf] == nil {
			cf, err := compile.LoadFile(filepath.Join(corpus, rec.Zrf))
			if err != nil {
				t.Fatalf("%s: %v", rec.Zrf, err)
			}
			engines[rec.Zrf] = map[string]string{}
			for _, g := range cf.Games {
				engines[rec.Zrf][g.Title] = g.Engine
			}
		}
		engine, ok := engines[rec.Zrf][rec.Title]
		if !ok {
			t.Errorf("%s: no variant %q", rec.Zrf, rec.Title)
			continue
		}
		src, err := axiom.Locate(fsys, rec.Zrf, engine, rec.Title)
		if err != nil {
			t.Errorf("%s %q: %v", rec.Zrf, rec.Title, err)
			continue
		}
		if src.Dir != rec.Folder {
			t.Errorf("%s %q: folder %s, want %s", rec.Zrf, rec.Title, src.Dir, rec.Folder)
		}
		for _, p := range []string{src.Core, src.Axiom, src.Game} {
			if _, err := os.Stat(filepath.Join(corpus, p)); err != nil {
				t.Errorf("%s %q: %v", rec.Zrf, rec.Title, err)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 159 {
		t.Errorf("%d variants located, want the 159 of the 41 Axiom rules files", n)
	}
}

// TestLocate covers the ways the sources are laid out, on a file system made here.
func TestLocate(t *testing.T) {
	lib := func(v string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(v + " CONSTANT #Version\n")}
	}
	fsys := fstest.MapFS{
		"repo/Game/game.zrf":                  {},
		"repo/Game/axiom/game/core.4th":       {},
		"repo/Game/axiom/game/AXIOM.4TH":      lib("150"),
		"repo/Game/axiom/game/Big-Game.4th":   {},
		"repo/Rules/other.zrf":                {},
		"repo/Axiom/Other/Other-Game.4th":     {},
		"repo/Axiom/Newer/CORE.4TH":           {},
		"repo/Axiom/Newer/axiom.4th":          lib("151"),
		"repo/Axiom/Older/CORE.4TH":           {},
		"repo/Axiom/Older/axiom.4th":          lib("150"),
		"repo/Lonely/lonely.zrf":              {},
		"repo/Lonely/Axiom/Lonely/Lonely.4th": {},
		"elsewhere/Axiom/Lib/CORE.4TH":        {},
		"elsewhere/Axiom/Lib/axiom.4th":       lib("150"),
	}
	for _, tt := range []struct {
		rules, engine, title string
		want                 axiom.Sources
	}{
		// Beside the rules, names in another case, the library in the same folder.
		{"repo/Game/game.zrf", `Axiom\Game\axiom.dll`, "Big Game", axiom.Sources{Dir: "repo/Game/axiom/game",
			Core: "repo/Game/axiom/game/core.4th", Axiom: "repo/Game/axiom/game/AXIOM.4TH", Game: "repo/Game/axiom/game/Big-Game.4th"}},
		// One folder up, the library borrowed from a sibling of version 150.
		{"repo/Rules/other.zrf", "Axiom/Other/axiom.dll", "Other Game", axiom.Sources{Dir: "repo/Axiom/Other",
			Core: "repo/Axiom/Older/CORE.4TH", Axiom: "repo/Axiom/Older/axiom.4th", Game: "repo/Axiom/Other/Other-Game.4th"}},
		// No sibling has a library: one from elsewhere in the same top folder.
		{"repo/Lonely/lonely.zrf", "Axiom/Lonely/axiom.dll", "Lonely", axiom.Sources{Dir: "repo/Lonely/Axiom/Lonely",
			Core: "repo/Axiom/Older/CORE.4TH", Axiom: "repo/Axiom/Older/axiom.4th", Game: "repo/Lonely/Axiom/Lonely/Lonely.4th"}},
	} {
		got, err := axiom.Locate(fsys, tt.rules, tt.engine, tt.title)
		if err != nil {
			t.Errorf("%s: %v", tt.rules, err)
			continue
		}
		if *got != tt.want {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.rules, *got, tt.want)
		}
	}
	for _, tt := range []struct{ rules, engine, title string }{
		{"repo/Game/game.zrf", "Axiom/Game/other.dll", "Big Game"},    // not Axiom
		{"repo/Game/game.zrf", "Axiom/Missing/axiom.dll", "Big Game"}, // no folder
		{"repo/Game/game.zrf", "Axiom/Game/axiom.dll", "Small Game"},  // no variant source
		{"repo/Game/game.zrf", "../../../etc/axiom.dll", "Big Game"},  // outside
	} {
		if _, err := axiom.Locate(fsys, tt.rules, tt.engine, tt.title); err == nil {
			t.Errorf("%s %q %q: no error", tt.rules, tt.engine, tt.title)
		} else if tt.engine == "Axiom/Game/other.dll" && !errors.Is(err, axiom.ErrNotAxiom) {
			t.Errorf("a DLL that is not Axiom: %v", err)
		}
	}
}
