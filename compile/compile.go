// Package compile is the compile pass: it turns the macro-expanded forms of a rules file
// into games whose every name is resolved to a small integer and whose move and drop
// blocks are compiled to code (package internal/code) that the eval package runs.
//
// Compile takes the top-level forms that zrf.Expand produced and builds one *Game per
// playable game or variant, in file order. A variant is first merged with its base game at
// the level of forms (pieces by name, options by name, goals as a group, everything else
// by keyword), then compiled exactly like a game. The board's link tables are built once.
// A game's move and drop blocks are compiled, all of them, the first time the game is
// asked for its code (Game.Program); after that no error is left to find at run time
// except those the move code meets on a board.
//
// Error policy: every problem in a file is reported, each with its file:line:col and the
// macro expansion chain that produced the text, in a zrf.ErrorList. Forms that only serve a
// user interface are kept but never checked beyond their shape.
//
// This package may import zrf, engine and internal/code; it never imports the run-time.
package compile

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/internal/spell"
	"github.com/zoggo/zoggo/zrf"
)

// Game is a compiled game: the engine model, and the move code of its pieces, compiled
// when it is first asked for (Program).
type Game struct {
	*engine.Game
	Fset *zrf.FileSet
	Pos  zrf.Pos // the game or variant form

	// Royal lists, per player and piece type, the kinds whose attack the player must
	// never allow (a checkmated goal on them).
	Royal [][]bool

	once   sync.Once
	c      *compiler         // holds the move and drop blocks until Program compiles them
	rename func(error) error // gives positions the file names the user gave (LoadFile)
	prog   *code.Program
	err    error
	warns  zrf.ErrorList // the warnings of the move code, when it compiled
	cands  []shareCand   // earlier games of the file whose move code this one may take (share.go)
	owner  *Game         // the game that compiled the code this one has: itself or a cand's
	// keepForms keeps the blocks of the code this game compiles for games whose forms
	// are only alike (share.go).
	keepForms bool
	shared    *sharedCode // what compiling this game's own code added to its tables
}

// Program returns the game's compiled moves and drops, compiling them the first time it
// is called, with every error found in them (a zrf.ErrorList). A game whose moves an
// external engine defines (Axiom) has none: both are nil.
//
// Compile leaves the move bodies to this call because they are most of the work of a
// compile (three quarters, over the corpus): a file of many variants loads fast when
// one of them is played. The eval package calls Program when a game is made ready to
// run, so the run-time never meets an uncompiled game, and File.Check calls it for every
// game. It is safe for concurrent use.
//
// Games of one file whose move code would compile the same share one Program (share.go),
// so a Program is read-only once returned.
func (g *Game) Program() (*code.Program, error) {
	g.once.Do(func() {
		c := g.c
		if c == nil {
			return
		}
		g.c = nil
		var errs zrf.ErrorList
		if c.forceBlocks(&errs) {
			g.prog, g.err = nil, errs
			if g.rename != nil {
				g.err = g.rename(errs)
			}
			return
		}
		if g.cands != nil && g.takeCode(c) {
			return
		}
		nRules, nZones := len(g.Rules), len(g.Board.Zones)
		c.errs = &errs
		c.lookups = &lookupLog{}
		c.compileBodies()
		lookups := c.lookups
		c.lookups, lookups.seen = nil, nil
		if len(c.eg.prog.Flags) > 64 {
			c.errorf(c.form, nil, "%q uses %d flags; zoggo handles at most 64", g.Title, len(c.eg.prog.Flags))
		}
		errs.Sort()
		if errs.Err() != nil {
			g.prog, g.err = nil, errs
			if g.rename != nil {
				g.err = g.rename(errs)
			}
			return
		}
		g.warns = errs.Warnings()
		if g.rename != nil && len(g.warns) > 0 {
			g.warns = zrf.AsList(g.rename(g.warns))
		}
		g.owner = g
		if !shareable(c) {
			return
		}
		// The board walks are marked here, before any other game can take the code:
		// once shared, its ops are never written again (code.MarkWalks).
		c.eg.prog.MarkWalks()
		g.shared = &sharedCode{lookups: lookups, rules: slices.Clone(g.Rules[nRules:]), zones: len(g.Board.Zones) != nZones}
		if g.keepForms {
			g.shared.moves, g.shared.drops = c.srcMoves, c.srcDrops
		}
	})
	return g.prog, g.err
}

// Check compiles the move code of every game of the file and returns every error found
// there (a zrf.ErrorList), or nil. The warnings of the move code of the games without
// errors join f.Warnings.
func (f *File) Check() error {
	var all zrf.ErrorList
	for _, g := range f.Games {
		_, err := g.Program()
		all = append(all, zrf.AsList(err)...)
		f.Warnings = append(f.Warnings, g.warns...)
	}
	f.Warnings.Sort()
	if len(all) == 0 {
		return nil
	}
	all.Sort()
	return all
}

// Axiom reports whether the game's moves are defined by an external engine.
func (g *Game) Axiom() bool { return g.Engine != "" }

// File is a compiled rules file.
type File struct {
	Name     string
	Fset     *zrf.FileSet
	Games    []*Game // every playable game and variant, in file order
	Warnings zrf.ErrorList
}

// LoadFile reads, expands and compiles a rules file from the operating system's files.
// Includes are resolved in the file's folder and below or beside it. The inside of the
// move blocks is expanded when a game's move code is compiled (zrf.LoadLazy), so an
// expansion error there is reported by Program, not by LoadFile.
func LoadFile(path string) (*File, error) { return loadFile(path, true) }

// LoadFileEager is LoadFile, but expands the whole file at once, as Load does: an
// expansion error anywhere fails the load. zoggo check uses it, so that a file whose
// blocks do not expand reports those errors alone, as it always did.
func LoadFileEager(path string) (*File, error) { return loadFile(path, false) }

func loadFile(path string, lazy bool) (*File, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	// The root of the fs.FS is the parent of the rules folder, so that includes may
	// name "../common.inc" one level up, as Windows users write them.
	root := filepath.Dir(dir)
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return nil, err
	}
	fset := zrf.NewFileSet()
	f, err := load(fset, os.DirFS(root), filepath.ToSlash(rel), lazy)
	if f != nil {
		f.Name = path
		for _, g := range f.Games {
			g.rename = func(err error) error { return renameFiles(err, root) }
		}
	}
	if err != nil {
		// The list holds the warnings too (the same entries as f.Warnings).
		return f, renameFiles(err, root)
	}
	if f != nil && len(f.Warnings) > 0 {
		renameFiles(f.Warnings, root)
	}
	return f, nil
}

// renameFiles turns fs.FS names in error positions back into paths the user recognises.
func renameFiles(err error, root string) error {
	list := zrf.AsList(err)
	for _, e := range list {
		fix := func(p *zrf.Position) {
			if p.Filename != "" {
				p.Filename = relPath(filepath.Join(root, filepath.FromSlash(p.Filename)))
			}
		}
		fix(&e.Pos)
		for i := range e.Notes {
			fix(&e.Notes[i].Pos)
		}
	}
	return list
}

func relPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return r
	}
	return p
}

// Load reads, expands and compiles the rules file name of fsys.
func Load(fset *zrf.FileSet, fsys fs.FS, name string) (*File, error) {
	return load(fset, fsys, name, false)
}

// load is Load; with lazy, the file's move blocks are expanded when a game's move code
// is compiled (zrf.LoadLazy).
func load(fset *zrf.FileSet, fsys fs.FS, name string, lazy bool) (*File, error) {
	load := zrf.Load
	if lazy {
		load = zrf.LoadLazy
	}
	ex, err := load(fset, fsys, name, zrf.DefaultLimits)
	if err != nil {
		return nil, err
	}
	f, err := Compile(fset, ex)
	if f != nil {
		f.Name = name
	}
	return f, err
}

// Compile builds the games and variants of an expanded file. It returns the games that
// compiled and an ErrorList holding every error, or nil.
func Compile(fset *zrf.FileSet, ex *zrf.Expanded) (file *File, err error) {
	file = &File{Fset: fset}
	var errs zrf.ErrorList
	errs = append(errs, ex.Warnings...)
	defer func() {
		if r := recover(); r != nil {
			errs.Add(fset.NewError(zrf.NoPos, nil, "internal error: compiler: %v", r))
			file, err = nil, errs
		}
	}()
	var games []*zrf.Node
	version := ""
	for _, f := range ex.Forms {
		switch f.Head() {
		case "game":
			games = append(games, f)
		case "variant":
		case "version":
			if a := f.Args(); len(a) == 1 && a[0].Kind != zrf.List {
				version = a[0].Text
			} else {
				errs.Add(fset.NodeError(f, "version takes one string, as in (version \"2.0\")"))
			}
		default:
			errs.Add(fset.NodeError(f, "expected game, variant, define, include or version at the top level, found %s", f.Describe()))
		}
	}
	if len(games) == 0 {
		pos := zrf.NoPos
		if len(ex.Forms) > 0 {
			pos = ex.Forms[0].Pos
		}
		errs.Add(fset.NewError(pos, nil, "no (game ...) form in the file"))
		errs.Sort()
		return file, errs
	}
	titles := map[string]zrf.Pos{}
	once := &fileOnce{}
	var base *zrf.Node
	for i, f := range ex.Forms {
		var children []*zrf.Node
		variant := false
		switch f.Head() {
		case "game":
			base = f
			children = f.Args()
		case "variant":
			variant = true
			b := base
			if b == nil {
				// No game precedes this variant: it takes the first game of the file.
				for _, g := range ex.Forms[i:] {
					if g.Head() == "game" {
						b = g
						break
					}
				}
			}
			if isSeparator(f) {
				continue
			}
			children = mergeVariant(b.Args(), f.Args())
		default:
			continue
		}
		c := newCompiler(fset, &errs, f)
		c.ex = ex
		c.dialect = version == DialectVersion
		c.file = once
		g := c.compile(children, variant)
		if g == nil {
			continue
		}
		g.UI.Version = version
		if p, dup := titles[g.Title]; dup {
			e := fset.NodeError(f, "a game or variant titled %q already exists; this one is number %d of the file", g.Title, len(file.Games)+1)
			e.Warn = true
			e.Notes = append(e.Notes, zrf.Note{Pos: fset.Position(p), Msg: "first one"})
			errs.Add(e)
		} else {
			titles[g.Title] = f.Pos
		}
		file.Games = append(file.Games, g)
	}
	shareBodies(file.Games)
	errs.Sort()
	file.Warnings = errs.Warnings()
	if errs.Err() != nil {
		return file, errs
	}
	return file, nil
}

// isSeparator reports whether a variant is a menu separator: (variant (title "-")).
func isSeparator(v *zrf.Node) bool {
	for _, c := range v.Args() {
		if c.Head() == "title" && len(c.Args()) == 1 && c.Args()[0].Text == "-" {
			return true
		}
	}
	return false
}

// goalHeads are the goal keywords, inherited as one group.
var goalHeads = map[string]bool{"win-condition": true, "loss-condition": true, "draw-condition": true, "count-condition": true}

// v1Options maps the version-1 option keywords to option names.
var v1Options = map[string]string{
	"pass-turn": "pass turn", "pass-partial": "pass partial", "maximal-captures": "maximal captures",
	"recycle-captures": "recycle captures", "animate-captures": "animate captures",
	"animate-drops": "animate drops", "allow-flipping": "prevent flipping",
}

// optionKey names an option form for inheritance: its option name, or "".
func optionKey(n *zrf.Node) string {
	h := n.Head()
	if h == "option" {
		if a := n.Args(); len(a) > 0 {
			return a[0].Text
		}
		return ""
	}
	return v1Options[h]
}

// pieceKey names a piece form for inheritance.
func pieceKey(n *zrf.Node) string {
	for _, c := range n.Args() {
		if c.Head() == "name" && len(c.Args()) > 0 {
			return c.Args()[0].Text
		}
	}
	return ""
}

// mergeVariant builds the children of a variant from its base game's and its own: pieces
// by name, options by name, goals as one group, every other keyword as a whole.
func mergeVariant(base, own []*zrf.Node) []*zrf.Node {
	ownHeads := map[string]bool{}
	ownPieces := map[string]*zrf.Node{}
	ownOptions := map[string]bool{}
	ownGoals := false
	for _, c := range own {
		h := c.Head()
		switch {
		case h == "piece":
			ownPieces[pieceKey(c)] = c
		case optionKey(c) != "":
			ownOptions[optionKey(c)] = true
		case goalHeads[h]:
			ownGoals = true
		default:
			ownHeads[h] = true
		}
	}
	var out []*zrf.Node
	usedPieces := map[*zrf.Node]bool{}
	for _, c := range base {
		h := c.Head()
		switch {
		case h == "piece":
			if p, ok := ownPieces[pieceKey(c)]; ok {
				// A base game that defines the piece twice gets the variant's once.
				if !usedPieces[p] {
					out = append(out, p)
				}
				usedPieces[p] = true
				continue
			}
		case optionKey(c) != "":
			if ownOptions[optionKey(c)] {
				continue
			}
		case goalHeads[h]:
			if ownGoals {
				continue
			}
		case h == "default":
			continue
		default:
			if ownHeads[h] {
				continue
			}
		}
		out = append(out, c)
	}
	for _, c := range own {
		if c.Head() == "piece" && usedPieces[c] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// compiler builds one game.
type compiler struct {
	fset *zrf.FileSet
	errs *zrf.ErrorList
	form *zrf.Node
	g    *engine.Game
	eg   *Game
	ex   *zrf.Expanded // what the file expanded to: Force expands the blocks it deferred

	srcMoves    [][]srcBlock // per piece kind, until the bodies are compiled
	srcDrops    [][]srcBlock // per piece kind
	dsrcv       *dialectSrc  // the dialect's forms, compiled with the bodies
	shownValues []shownValue // the names of (show-values ...), checked against the position attributes

	killed        map[string]bool
	pieceAt       map[string]*zrf.Node   // the piece form that declared each name
	file          *fileOnce              // what is said once a file, shared by its games
	dialect       bool                   // the file asked for (version "zoggo-1")
	lookups       *lookupLog             // while the bodies compile: the names looked up (share.go)
	kindByName    map[string]engine.Kind // the piece types by name, when there are many (kinds.go)
	kindByNameFor int                    // the number of piece types kindByName was made for
	lackedDirs    map[string]bool        // directions of the file missing on this board, warned
	mixedAttrs    map[string]*zrf.Node   // attributes of numbers and names: where they mix
}

// fileOnce records the warnings given once a file, whatever number of games has the cause.
type fileOnce struct {
	dagazAttrs bool            // non-boolean attribute defaults
	display    map[string]bool // display-only forms out of place, by "place head"
	dirs       map[string]bool // the directions of every board of the file
}

func newCompiler(fset *zrf.FileSet, errs *zrf.ErrorList, form *zrf.Node) *compiler {
	return &compiler{fset: fset, errs: errs, form: form, file: &fileOnce{}}
}

// errorf reports an error at n; site is the expansion site of n's parent.
func (c *compiler) errorf(n *zrf.Node, site *zrf.Site, format string, args ...any) {
	if n == nil {
		n = c.form
	}
	c.errs.Add(c.fset.NewError(n.Pos, n.SiteIn(site), format, args...))
}

func (c *compiler) warnf(n *zrf.Node, site *zrf.Site, format string, args ...any) {
	e := c.fset.NewError(n.Pos, n.SiteIn(site), format, args...)
	e.Warn = true
	c.errs.Add(e)
}

// uiHeads are forms that only a user interface reads: kept, never checked beyond shape.
var uiHeads = map[string]bool{
	"move-sound": true, "capture-sound": true, "release-sound": true, "drop-sound": true,
	"change-sound": true, "click-sound": true, "draw-sound": true, "win-sound": true,
	"loss-sound": true, "opening-sound": true, "music": true, "solution": true,
}

// displayOnly lists, by the place where files put them, the forms that only serve
// display and that ZRF does not have there (Dagaz's glyphs, sounds given to a piece). They
// mean nothing zoggo can draw or play: each is accepted and ignored, with one warning a
// file for each form and place. docs/zrf-decisions.md lists them; (glyph ...) and
// (help ...) in a zone are ignored without a warning, as the reference says.
var displayOnly = map[string]map[string]bool{
	"game":  {"glyph": true},
	"board": {"glyph": true, "help": true, "description": true},
	"piece": {"glyph": true, "move-sound": true, "capture-sound": true, "release-sound": true,
		"drop-sound": true, "change-sound": true, "click-sound": true},
}

// displayForm reports whether n is a display-only form out of its place (displayOnly),
// warning about it once a file.
func (c *compiler) displayForm(place string, n *zrf.Node, site *zrf.Site) bool {
	h := n.Head()
	if !displayOnly[place][h] {
		return false
	}
	key := place + " " + h
	if !c.file.display[key] {
		if c.file.display == nil {
			c.file.display = map[string]bool{}
		}
		c.file.display[key] = true
		c.warnf(n, site, "(%s ...) in a %s only serves display (a Dagaz extension); zoggo ignores it", h, place)
	}
	return true
}

var gameHeads = []string{
	"title", "description", "history", "strategy", "players", "turn-order", "move-priorities",
	"option", "board", "piece", "board-setup", "win-condition", "loss-condition",
	"draw-condition", "count-condition", "engine", "default", "music", "solution",
	"move-sound", "capture-sound", "release-sound", "drop-sound", "change-sound",
	"click-sound", "draw-sound", "win-sound", "loss-sound", "opening-sound",
	"pass-turn", "pass-partial", "maximal-captures", "recycle-captures", "animate-captures",
	"animate-drops", "allow-flipping",
}

func (c *compiler) compile(children []*zrf.Node, variant bool) *Game {
	g := &engine.Game{Variant: variant, UI: engine.UI{Sounds: map[string]string{}}}
	c.g = g
	c.eg = &Game{Game: g, Fset: c.fset, Pos: c.form.Pos}
	nerr := len(c.errs.Errors())
	by := map[string][]*zrf.Node{}
	for _, ch := range children {
		h := ch.Head()
		if ch.Kind != zrf.List || h == "" {
			c.errorf(ch, nil, "expected a keyword form such as (title ...) or (board ...), found %s", ch.Describe())
			continue
		}
		by[h] = append(by[h], ch)
		switch {
		case h == "title", h == "description", h == "history", h == "strategy":
			s := c.stringArg(ch, nil)
			switch h {
			case "title":
				g.Title = s
			case "description":
				g.Description = s
			case "history":
				g.History = s
			case "strategy":
				g.Strategy = s
			}
		case h == "default":
			g.Default = true
		case h == "engine":
			g.Engine = c.stringArg(ch, nil)
			if g.Engine == "" {
				g.Engine = "(unnamed)"
			}
		case uiHeads[h]:
			g.UI.Sounds[h] = c.stringArg(ch, nil)
			switch h {
			case "music":
				g.UI.Music = g.UI.Sounds[h]
			case "solution":
				g.UI.Solution = g.UI.Sounds[h]
			}
		case c.dialectForm(h, ch):
		case c.displayForm("game", ch, nil):
		case h == "players", h == "turn-order", h == "move-priorities", h == "board",
			h == "piece", h == "board-setup", h == "option", goalHeads[h], v1Options[h] != "":
			// Compiled below, in dependency order.
		default:
			msg := fmt.Sprintf("unknown form (%s ...) in a game", h)
			if s := spell.Suggest(h, gameHeads); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			c.errorf(ch.List[0], ch.Site, "%s", msg)
		}
	}
	if g.Title == "" {
		c.errorf(c.form, nil, "a game needs a (title \"...\")")
		g.Title = "(untitled)"
	}
	for _, h := range []string{"players", "board"} {
		if len(by[h]) == 0 {
			c.errorf(c.form, nil, "%q needs a (%s ...) form", g.Title, h)
		} else if len(by[h]) > 1 {
			c.errorf(by[h][1], nil, "a second (%s ...) form; a game has one", h)
		}
	}
	for _, h := range []string{"turn-order", "move-priorities", "board-setup"} {
		if len(by[h]) > 1 {
			c.errorf(by[h][1], nil, "a second (%s ...) form; a game has one", h)
		}
	}
	if len(by["players"]) > 0 {
		c.players(by["players"][0])
	}
	if len(g.Players) == 0 {
		return nil
	}
	if len(by["board"]) > 0 {
		c.board(by["board"][0])
	}
	if g.Board == nil {
		return nil
	}
	if len(by["piece"]) == 0 {
		c.errorf(c.form, nil, "%q needs at least one (piece ...)", g.Title)
	}
	// Piece names first: setup and goals refer to them, and move types come from them.
	var pieces []*zrf.Node
	for _, p := range by["piece"] {
		if c.pieceName(p) {
			pieces = append(pieces, p)
		}
	}
	c.options(children)
	if len(by["turn-order"]) > 0 {
		c.turnOrder(by["turn-order"][0])
	} else {
		for i, p := range g.Players {
			_ = p
			g.TurnOrder.Entries = append(g.TurnOrder.Entries, engine.TurnEntry{Mover: engine.Player(i), Side: engine.Player(i), Type: engine.NoMoveType})
		}
	}
	if len(by["move-priorities"]) > 0 {
		c.priorities(by["move-priorities"][0])
	}
	for i, p := range pieces {
		c.piece(p, engine.Kind(i))
	}
	if len(by["board-setup"]) > 0 {
		c.setup(by["board-setup"][0])
	}
	for _, ch := range children {
		if goalHeads[ch.Head()] {
			c.goal(ch)
		}
	}
	if len(c.errs.Errors()) > nerr {
		return nil
	}
	if len(g.Pieces) > engine.MaxKinds || len(g.Players) > engine.MaxPlayers {
		c.errorf(c.form, nil, "%q has %d piece types and %d players; zoggo handles at most %d and %d",
			g.Title, len(g.Pieces), len(g.Players), engine.MaxKinds, engine.MaxPlayers)
		return nil
	}
	g.AttrNames = attrOrder(children, g.Pieces, c.ex)
	g.Prepare()
	if len(g.AttrNames) > engine.MaxAttrs {
		c.errorf(c.form, nil, "%q has %d attribute names; zoggo handles at most %d", g.Title, len(g.AttrNames), engine.MaxAttrs)
		return nil
	}
	if c.dialect {
		g.Semantics = engine.Semantics{KeepEffects: true, MergeChains: true, DropNullTurns: true}
		c.ext()
		if c.dsrcv != nil {
			g.Semantics.ImmediateValues = c.dsrcv.immediate
			c.resolvePosAt()
		}
		c.checkShownValues()
	}
	if g.Engine == "" {
		c.eg.Royal = royalKinds(g)
		c.eg.c = c
	}
	return c.eg
}

// attrOrder numbers the attribute names of a game in the order they first appear in its
// expanded text, move code included, which is how saved games number them in "@ POS I V"
// (Bolotoudou's is-capturing? is 0 because a drop block names it before any piece
// declares in-line?). It expands the deferred blocks it walks into (ex.Force) unless
// they cannot name an attribute not met yet (ex.MayHold), and stops once every declared
// name is met.
func attrOrder(children []*zrf.Node, pieces []*engine.Piece, ex *zrf.Expanded) []string {
	declared := map[string]bool{}
	for _, p := range pieces {
		for _, a := range p.Attrs {
			declared[a.Name] = true
		}
	}
	var out []string
	unseen := maps.Clone(declared)
	var walk func(n *zrf.Node)
	walk = func(n *zrf.Node) {
		if n.Kind == zrf.Atom {
			if unseen[n.Text] {
				delete(unseen, n.Text)
				out = append(out, n.Text)
			}
			return
		}
		if !ex.MayHold(n, unseen) {
			return // a deferred block that cannot name an attribute not met yet
		}
		ex.Force(n) // an error is reported when the game's move code compiles
		for _, c := range n.List {
			if len(out) == len(declared) {
				return
			}
			walk(c)
		}
	}
	for _, c := range children {
		if c.Head() == "piece" {
			walk(c)
		}
	}
	return out
}

// royalKinds finds, for each player, the piece types named by checkmated in its goals.
func royalKinds(g *engine.Game) [][]bool {
	out := make([][]bool, len(g.Players))
	var walk func(c *engine.Cond, players []engine.Player)
	walk = func(c *engine.Cond, players []engine.Player) {
		if c.Op == engine.CondCheckmated {
			for _, p := range players {
				if out[p] == nil {
					out[p] = make([]bool, len(g.Pieces))
				}
				for _, k := range c.Kinds {
					out[p][k] = true
				}
			}
		}
		for _, a := range c.Args {
			walk(a, players)
		}
	}
	for _, goal := range g.Goals {
		walk(goal.Cond, goal.Players)
	}
	// A type that a player may also lose by capture (a captured goal) is not protected
	// from attack: Chinese Passive Chess has both goals for its General, and Zillions let
	// a player leave the General en prise (PassiveChess.zsg, line 33).
	var unroyal func(c *engine.Cond, players []engine.Player)
	unroyal = func(c *engine.Cond, players []engine.Player) {
		if c.Op == engine.CondCaptured {
			for _, p := range players {
				if out[p] != nil {
					for _, k := range c.Kinds {
						out[p][k] = false
					}
				}
			}
		}
		for _, a := range c.Args {
			unroyal(a, players)
		}
	}
	for _, goal := range g.Goals {
		unroyal(goal.Cond, goal.Players)
	}
	for p := range out {
		if out[p] != nil && !slices.Contains(out[p], true) {
			out[p] = nil
		}
	}
	return out
}

// stringArg returns the text of (KEY "text"); an atom is accepted too.
func (c *compiler) stringArg(n *zrf.Node, site *zrf.Site) string {
	a := n.Args()
	if len(a) != 1 || a[0].Kind == zrf.List {
		c.errorf(n, site, "(%s ...) takes one string", n.Head())
		return ""
	}
	return a[0].Text
}

// number parses an atom as a decimal integer.
func (c *compiler) number(n *zrf.Node, site *zrf.Site) (int, bool) {
	if n.Kind != zrf.Atom {
		c.errorf(n, site, "expected a number, found %s", n.Describe())
		return 0, false
	}
	v, err := strconv.Atoi(n.Text)
	if err != nil || len(n.Text) > 9 {
		c.errorf(n, site, "expected a number, found %q", n.Text)
		return 0, false
	}
	return v, true
}

func (c *compiler) players(n *zrf.Node) {
	seen := map[string]bool{}
	for _, a := range n.Args() {
		if a.Kind != zrf.Atom {
			c.errorf(a, n.Site, "expected a player name, found %s", a.Describe())
			continue
		}
		if seen[a.Text] {
			c.errorf(a, n.Site, "player %q listed twice", a.Text)
			continue
		}
		seen[a.Text] = true
		c.g.Players = append(c.g.Players, engine.PlayerInfo{Name: a.Text, Random: strings.HasPrefix(a.Text, "?")})
	}
	if len(c.g.Players) == 0 {
		c.errorf(n, nil, "(players ...) names no player")
	}
}

// player resolves a player name.
func (c *compiler) player(n *zrf.Node, site *zrf.Site) engine.Player {
	if n.Kind == zrf.Atom {
		if p := c.g.PlayerIndex(n.Text); p != engine.NoPlayer {
			return p
		}
	}
	var names []string
	for _, p := range c.g.Players {
		names = append(names, p.Name)
	}
	c.errorf(n, site, "unknown player %s%s", quoteNode(n), didYouMean(n.Text, names))
	return engine.NoPlayer
}

func quoteNode(n *zrf.Node) string {
	if n.Kind == zrf.List {
		return n.String()
	}
	return strconv.Quote(n.Text)
}

func didYouMean(name string, names []string) string {
	if s := spell.Suggest(name, names); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// moveType returns the index of a move type, adding it on first use.
func (c *compiler) moveType(name string) engine.MoveType {
	t := c.g.MoveTypeIndex(name)
	if t == engine.NoMoveType {
		c.g.MoveTypes = append(c.g.MoveTypes, name)
		t = engine.MoveType(len(c.g.MoveTypes) - 1)
	}
	if c.lookups != nil && c.lookups.first(name, seenType) {
		c.lookups.types = append(c.lookups.types, nameAt{name, int32(t)})
	}
	return t
}

func (c *compiler) turnOrder(n *zrf.Node) {
	site := n.Site
	to := &c.g.TurnOrder
	repeated := false
	items := n.Args()
	if c.dialect {
		items = c.flattenTurns(items, site)
	}
	for _, e := range items {
		if e.Head() == "label" && c.dialect {
			a := e.Args()
			if len(a) != 1 || a[0].Kind != zrf.Atom {
				c.errorf(e, site, "expected (label NAME)")
				continue
			}
			if to.Labels == nil {
				to.Labels = map[string]int{}
			}
			if _, dup := to.Labels[a[0].Text]; dup || a[0].Text == "again" || a[0].Text == "repeat" {
				c.errorf(a[0], e.SiteIn(site), "label %q is already defined", a[0].Text)
				continue
			}
			to.Labels[a[0].Text] = len(to.Entries)
			continue
		}
		if e.IsAtom("repeat") {
			if repeated {
				c.errorf(e, site, "a second repeat in turn-order")
			}
			repeated = true
			to.Repeat = len(to.Entries)
			continue
		}
		if e.Kind == zrf.Atom {
			p := c.player(e, site)
			if p != engine.NoPlayer {
				to.Entries = append(to.Entries, engine.TurnEntry{Mover: p, Side: p, Type: engine.NoMoveType})
			}
			continue
		}
		es := e.SiteIn(site)
		items := e.List
		if e.Kind != zrf.List || len(items) < 1 || len(items) > 3 {
			c.errorf(e, site, "expected a turn: PLAYER, (PLAYER TYPE), (PLAYER SIDE) or (PLAYER SIDE TYPE), found %s", e.Describe())
			continue
		}
		p := c.player(items[0], es)
		if p == engine.NoPlayer {
			continue
		}
		ent := engine.TurnEntry{Mover: p, Side: p, Type: engine.NoMoveType}
		rest := items[1:]
		if len(rest) > 0 && rest[0].Kind == zrf.Atom && c.g.PlayerIndex(rest[0].Text) != engine.NoPlayer {
			ent.Side = c.g.PlayerIndex(rest[0].Text)
			rest = rest[1:]
		}
		if len(rest) > 0 {
			if rest[0].Kind != zrf.Atom || len(rest) > 1 {
				c.errorf(rest[0], es, "expected a move type, found %s", rest[0].Describe())
				continue
			}
			ent.Type = c.moveType(rest[0].Text)
		}
		to.Entries = append(to.Entries, ent)
	}
	for name, i := range to.Labels {
		if i >= len(to.Entries) {
			c.errorf(n, nil, "label %q is not followed by a turn", name)
			to.Labels[name] = 0
		}
	}
	if len(to.Entries) == 0 {
		c.errorf(n, nil, "turn-order has no turns")
	} else if to.Repeat >= len(to.Entries) {
		c.errorf(n, nil, "nothing follows repeat in turn-order")
		to.Repeat = 0
	}
}

// flattenTurns flattens the dialect's nested turn lists: a list whose first item is itself
// a list (or a label) groups turns, e.g. a phase ((label sowing) White Black).
func (c *compiler) flattenTurns(items []*zrf.Node, site *zrf.Site) []*zrf.Node {
	var out []*zrf.Node
	for _, e := range items {
		if e.Kind == zrf.List && len(e.List) > 0 && e.List[0].Kind == zrf.List {
			out = append(out, c.flattenTurns(e.List, e.SiteIn(site))...)
			continue
		}
		out = append(out, e)
	}
	return out
}

func (c *compiler) priorities(n *zrf.Node) {
	for _, a := range n.Args() {
		if a.Kind != zrf.Atom {
			c.errorf(a, n.Site, "expected a move type, found %s", a.Describe())
			continue
		}
		c.g.MovePriorities = append(c.g.MovePriorities, c.moveType(a.Text))
	}
}

// options reads option forms and the version-1 option keywords. Later forms override
// earlier ones, so a variant's option (merged after the game's) wins.
func (c *compiler) options(children []*zrf.Node) {
	o := &c.g.Options
	o.All = map[string]string{}
	for _, ch := range children {
		h := ch.Head()
		var name string
		var val *zrf.Node
		a := ch.Args()
		switch {
		case h == "option":
			if len(a) != 2 || a[0].Kind != zrf.String || a[1].Kind == zrf.List {
				c.errorf(ch, nil, "expected (option \"NAME\" VALUE)")
				continue
			}
			name, val = a[0].Text, a[1]
		case v1Options[h] != "":
			if len(a) != 1 || a[0].Kind == zrf.List {
				c.errorf(ch, nil, "expected (%s VALUE)", h)
				continue
			}
			name, val = v1Options[h], a[0]
			if h == "allow-flipping" {
				// allow-flipping is the opposite of "prevent flipping".
				switch val.Text {
				case "true":
					o.All[name] = "false"
				case "false":
					o.All[name] = "true"
				default:
					o.All[name] = val.Text
				}
				continue
			}
		default:
			continue
		}
		v := val.Text
		o.All[name] = v
		bad := false
		switch name {
		case "pass turn":
			switch v {
			case "false":
				o.PassTurn = engine.PassNever
			case "true":
				o.PassTurn = engine.PassAlways
			case "forced", "2":
				o.PassTurn = engine.PassForced
			default:
				bad = true
			}
		case "pass partial":
			o.PassPartial, bad = boolValue(v)
		case "recycle captures":
			o.RecycleCaptures, bad = boolValue(v)
		case "include off-pieces":
			o.IncludeOffPieces, bad = boolValue(v)
		case "maximal captures":
			switch v {
			case "false":
				o.MaximalCaptures = 0
			case "true":
				o.MaximalCaptures = 1
			case "2":
				o.MaximalCaptures = 2
			default:
				bad = true
			}
		}
		if bad {
			c.errorf(val, ch.Site, "option %q does not take the value %q", name, v)
		}
	}
}

func boolValue(v string) (val, bad bool) {
	switch v {
	case "true":
		return true, false
	case "false":
		return false, false
	}
	return false, true
}

// Choose returns the index in games of the game or variant that name chooses: the first
// one with exactly that title or, when numbers is true and no title is name, the one
// numbered name (1 for the first game of the file, as zoggo check lists them), which
// reaches a variant whose title repeats an earlier one. file names the rules file in the
// error.
func Choose(games []*Game, file, name string, numbers bool) (int, error) {
	var titles []string
	for i, g := range games {
		if g.Title == name {
			return i, nil
		}
		titles = append(titles, g.Title)
	}
	if n, err := strconv.Atoi(name); err == nil && numbers {
		if n >= 1 && n <= len(games) {
			return n - 1, nil
		}
		return -1, fmt.Errorf("%s: no game or variant number %d: the file has %d, numbered from 1", file, n, len(games))
	}
	msg := fmt.Sprintf("%s: no game or variant titled %q", file, name)
	if s := spell.Suggest(name, titles); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return -1, errors.New(msg)
}

// Repeats lists, for every title that more than one game of games has, the indexes of
// those games, in file order of the titles' first use.
func Repeats(games []*Game) [][]int {
	by := map[string][]int{}
	var order []string
	for i, g := range games {
		if by[g.Title] == nil {
			order = append(order, g.Title)
		}
		by[g.Title] = append(by[g.Title], i)
	}
	var out [][]int
	for _, t := range order {
		if len(by[t]) > 1 {
			out = append(out, by[t])
		}
	}
	return out
}
