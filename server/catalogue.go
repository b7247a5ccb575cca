package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/games"
	"github.com/zoggo/zoggo/zrf"
)

// maxCatalogueFiles bounds the rules files a folder given to the server may offer.
const maxCatalogueFiles = 10000

// maxBoardPositions bounds the positions of the boards the server offers: every answer
// about a game draws the board and lists its positions (a 300×300 board made answers of
// 14.6 MB). The corpus's largest board has 3,241.
const maxBoardPositions = 10000

// Catalogue is the rules files a server offers, each loaded once. Requests name an entry
// by its catalogue name, looked up in a map: no path from a request reaches the file
// system.
type Catalogue struct {
	entries []*entry
	byName  map[string]*entry
	byHash  map[string]*entry
	live    *watched // the versions of the files watched (reload.go)
}

// entry is one rules file of the catalogue.
type entry struct {
	name string // as the catalogue names it: the path as given, slash-separated
	fsys fs.FS  // the folder of the rules and their bitmaps
	file string // the rules file in fsys
	src  []byte
	hash string // hex SHA-256 of src
	f    *eval.File
	err  string   // why the file did not load
	errs []string // each error of a file that did not load, as the terminal shows it
	// verrs holds, per variant of f, why its move code does not compile ("" when it
	// does): such a variant is not offered. When none compiles, err says why.
	verrs []string
	title string // of the first game of a file whose move code does not compile

	mu    sync.Mutex
	games map[string]*eval.Game // by title, compiled when first asked for
}

// dir returns the folder of the rules file inside fsys, as render wants it.
func (e *entry) dir() string { return path.Dir(e.file) }

// game returns the runnable variant of the given title ("" for the default).
func (e *entry) game(title string) (*eval.Game, error) {
	if e.f == nil {
		return nil, fmt.Errorf("rules %q did not load: %s", e.name, e.err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if g, ok := e.games[title]; ok {
		return g, nil
	}
	var g *eval.Game
	var err error
	if title == "" {
		g, err = e.f.Default()
	} else {
		g, err = e.f.Find(title)
	}
	if err != nil {
		return nil, fmt.Errorf("rules %q: %s", e.name, errText(err))
	}
	if e.games == nil {
		e.games = map[string]*eval.Game{}
	}
	e.games[title] = g
	return g, nil
}

// errText returns the first error of a list in full, or the error's text.
func errText(err error) string {
	if l := zrf.AsList(err); len(l) > 0 {
		return l[0].Detail()
	}
	return err.Error()
}

// LoadCatalogue loads the rules files at paths: files, or folders searched recursively
// for *.zrf (in any case). With no path, it offers the games bundled in the binary.
// Files that fail to load are listed with their error; an error is returned only for a
// path that cannot be read at all.
func LoadCatalogue(paths []string) (*Catalogue, error) {
	var srcs []source
	if len(paths) == 0 {
		names, err := fs.Glob(games.FS, "*.zrf")
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			srcs = append(srcs, source{name: "games/" + n, fsys: games.FS, file: n})
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			srcs = append(srcs, source{name: filepath.ToSlash(p), fsys: os.DirFS(filepath.Dir(p)), file: filepath.Base(p), disk: p})
			continue
		}
		fsys := os.DirFS(p)
		var files []string
		err = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(path.Ext(name), ".zrf") {
				if len(files) >= maxCatalogueFiles {
					return fmt.Errorf("more than %d rules files", maxCatalogueFiles)
				}
				files = append(files, name)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading %q: %w", p, err)
		}
		for _, f := range files {
			srcs = append(srcs, source{name: path.Join(filepath.ToSlash(p), f), fsys: fsys, file: f})
		}
	}
	return load(srcs), nil
}

// source is a rules file to load into the catalogue.
type source struct {
	name string // the catalogue's name for it
	fsys fs.FS
	file string
	disk string // the path of a file given by itself, whose Axiom games find their Forth on disk
}

// load loads the rules files, as many at once as there are processors, into a
// catalogue that lists them in the order given (the first of a name repeated).
func load(srcs []source) *Catalogue {
	c := &Catalogue{byName: map[string]*entry{}, byHash: map[string]*entry{}, live: newWatched()}
	es := make([]*entry, len(srcs))
	seen := map[string]bool{}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, src := range srcs {
		if seen[src.name] {
			continue
		}
		seen[src.name] = true
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			es[i] = loadEntry(src)
		}()
	}
	wg.Wait()
	for i, e := range es {
		if e == nil {
			continue
		}
		c.entries = append(c.entries, e)
		c.byName[e.name] = e
		if e.f == nil {
			continue
		}
		if srcs[i].disk != "" {
			// The Forth of an Axiom game may lie one folder up, outside what the server
			// shows: it is read from disk, never served.
			e.f.Locate = eval.DiskLocator(srcs[i].disk)
		}
		if _, ok := c.byHash[e.hash]; !ok {
			c.byHash[e.hash] = e
		}
	}
	return c
}

// loadEntry loads one rules file.
func loadEntry(in source) *entry {
	name, fsys, file := in.name, in.fsys, in.file
	e := &entry{name: name, fsys: fsys, file: file}
	src, err := fs.ReadFile(fsys, file)
	if err != nil {
		e.err = err.Error()
		return e
	}
	e.src = src
	e.hash = hashBytes(src)
	f, err := loadRules(fsys, file)
	if err != nil {
		e.err, e.errs = errText(err), errDetails(err)
		return e
	}
	if len(f.Variants) == 0 {
		e.err = "no game in the file"
		return e
	}
	// The move code is compiled now, not when a game is started, so that rules whose
	// code has errors are shown as such in the lobby, not offered for play. It is
	// compiled in a copy of the file, dropped at once: the catalogue keeps the move code
	// of the games played only (over a large folder, all of it would double the memory).
	e.verrs = make([]string, len(f.Variants))
	bad := 0
	if cf, err := loadRules(fsys, file); err == nil && len(cf.Variants) == len(f.Variants) {
		for i, v := range cf.Variants {
			if _, err := v.Program(); err != nil {
				e.verrs[i] = errText(err)
				bad++
			}
		}
	}
	if bad == len(f.Variants) {
		e.err, e.title = e.verrs[0], f.Variants[0].Title
		return e
	}
	for _, v := range f.Variants {
		if n := len(v.Board.Locs); n > maxBoardPositions {
			e.err = fmt.Sprintf("%s: %q has a board of %d positions; the server offers boards of at most %d", file, v.Title, n, maxBoardPositions)
			return e
		}
	}
	e.f = f
	return e
}

// loadRules loads a rules file of the catalogue. The reader and the expander bound what a
// file can cost (nesting depth, nodes made) and report it as the file's error; a panic
// of ours is that file's error too, never the server's end.
func loadRules(fsys fs.FS, file string) (f *eval.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("%s: internal error while loading: %v", file, r)
		}
	}()
	return eval.Load(zrf.NewFileSet(), fsys, file)
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// lookup returns the entry of a catalogue name.
func (c *Catalogue) lookup(name string) (*entry, error) {
	e, ok := c.byName[name]
	if !ok {
		return nil, errors.New("no rules " + fmt.Sprintf("%q", name) + " in the catalogue")
	}
	return c.current(e), nil
}

// catalogueJSON is the answer of GET /api/catalogue.
type catalogueJSON struct {
	Games   []variantJSON `json:"games"`
	Errors  []loadErrJSON `json:"errors"`
	Engines []engineJSON  `json:"engines"` // the operator's, see Server.engineList
}

// engineJSON is an external engine the operator named (zoggo serve --engine), that a
// seat's bot may be: "engine:" + Name.
type engineJSON struct {
	Name     string `json:"name"`
	Protocol string `json:"protocol"` // "uci" or "gtp"
}

type variantJSON struct {
	Rules       string   `json:"rules"`
	Variant     string   `json:"variant"`
	Default     bool     `json:"default"`
	Series      string   `json:"series,omitempty"`   // see series
	Position    bool     `json:"position,omitempty"` // see position
	Error       string   `json:"error,omitempty"`    // its move code does not compile
	Players     []string `json:"players"`
	Random      []bool   `json:"random"`
	Description string   `json:"description"`
	History     string   `json:"history"`
	Strategy    string   `json:"strategy"`
	Axiom       bool     `json:"axiom,omitempty"`  // its moves are Forth: the "axiom" bot can play it
	GoLike      bool     `json:"goLike,omitempty"` // stones dropped on a square grid: a gtp engine can play it
}

type loadErrJSON struct {
	Rules string `json:"rules"`
	Title string `json:"title,omitempty"` // of the file's first game, when it got so far
	Error string `json:"error"`
}

// JSON returns the catalogue as GET /api/catalogue answers it.
func (c *Catalogue) json() catalogueJSON {
	out := catalogueJSON{Games: []variantJSON{}, Errors: []loadErrJSON{}, Engines: []engineJSON{}}
	series := c.series()
	for _, e := range c.entries {
		e = c.current(e)
		if e.f == nil {
			out.Errors = append(out.Errors, loadErrJSON{Rules: e.name, Title: e.title, Error: e.err})
			continue
		}
		vs := variants(e)
		for i, v := range e.f.Variants {
			j := variantJSON{Rules: e.name, Variant: v.Title, Default: v.Default, Series: series[e],
				Position: position(vs, i), Error: e.verrs[i],
				Description: v.Description, History: v.History, Strategy: v.Strategy, // UTF-8 since zrf.Read
				Axiom: v.Axiom(), GoLike: engines.GoLikeRules(v.Game)}
			for _, p := range v.Players {
				j.Players = append(j.Players, p.Name)
				j.Random = append(j.Random, p.Random)
			}
			out.Games = append(out.Games, j)
		}
	}
	slices.SortStableFunc(out.Errors, func(a, b loadErrJSON) int { return strings.Compare(a.Rules, b.Rules) })
	return out
}

// Failed returns the number of rules files that did not load.
func (c *Catalogue) Failed() int {
	n := 0
	for _, e := range c.entries {
		if e.f == nil {
			n++
		}
	}
	return n
}
