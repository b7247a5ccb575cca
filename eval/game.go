// Package eval is the run-time: it runs the compiled move code of a game against a state
// and turns what it generates into legal turns, and it decides when a game ends and who
// won. It never sees ZRF syntax: the compile package resolves every name and compiles
// every move body before a game reaches here, so the only errors left are those the move
// code meets on a board (a loop past its bound, too many moves), each a *GenError with
// the rules position that caused it.
//
// A Game may be shared by any number of goroutines. The buffers of move generation live
// in a Workspace, one per goroutine and per depth of a tree: Turns, AllTurns and Outcome
// are its methods, and what they return stays valid until the workspace is used again.
//
// This package may import zrf (for positions and errors), engine, compile and
// internal/code.
package eval

import (
	"fmt"
	"io/fs"
	"sync"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// Game is a compiled game ready to run: the compile pass's game and the tables the
// run-time derives from its code.
type Game struct {
	*engine.Game
	Fset *zrf.FileSet
	Pos  zrf.Pos // the game or variant form

	code  *code.Program // nil when an external engine defines the moves
	ax    *axiomGame    // the Axiom engine of a game whose moves are Forth, or nil
	file  *File         // the file it was loaded from, if any
	royal [][]bool      // [player][kind]: kinds whose attack the player must never allow
	gens  sync.Pool
	reach reachTable
	walks []walkLine    // [player*nDirs+dir]: where board walks end (walk.go)
	forms *forms        // where the executable form of each op is (rewrite.go)
	fast  [][]fastBlock // [kind][block]: the moves on the fast path (fast.go), or nil
	// fastKeep is the most ops a fast block shares with the one before it.
	fastKeep int
	dfast    *dialectFast // the dialect's fast paths proved for the game (dialect_fast.go)
	pre      prefixes     // the leading tests of the move blocks (prefix.go)
	bits     *bitScan     // the first checks on words of bits (bitscan.go), or nil
	// phased: the turns may be computed one move priority at a time (priority.go).
	phased bool
	// noDup: no two parts generated from one position can be the same (nodup.go).
	noDup bool
	// dropKinds lists the kinds that have drop blocks, in order.
	dropKinds []int
	// lineEnds[dir] says, while the game is analysed, whether every line that way ends:
	// 0 not known yet, 1 yes, 2 no (prefix.go).
	lineEnds []int8
	// off: the shortcuts turned off (shortcut.go); checkSquares: the bit scan checks
	// every set of squares it did not sort itself against the board (tests).
	off          Shortcut
	checkSquares bool
	sample       sampleFacts // what Sampling and Goals know of the game (sample.go)
	// orders: goalOrder's lists, by place in the turn order and mover (goals.go).
	orders [][]engine.Player
}

// New returns the run-time of a compiled game: it compiles the game's move code if that
// was not done yet (compile.Game.Program) and returns the errors found there. An Axiom
// game made this way cannot find its Forth sources; load it through a File.
func New(cg *compile.Game) (*Game, error) {
	return newGame(cg, nil)
}

// newGame is New with the way to find the Forth of an Axiom game. The Forth engine starts
// when first needed (or by Ready).
func newGame(cg *compile.Game, locate Locator) (*Game, error) {
	prog, err := cg.Program()
	if err != nil {
		return nil, err
	}
	g := &Game{Game: cg.Game, Fset: cg.Fset, Pos: cg.Pos, code: prog, royal: cg.Royal}
	if g.Axiom() {
		g.ax = &axiomGame{g: g, locate: locate}
	}
	if prog != nil {
		for k, d := range prog.Drops {
			if len(d) > 0 {
				g.dropKinds = append(g.dropKinds, k)
			}
		}
	}
	// The analysis passes, in an order that matters: initPrefixes leaves the pieces
	// with fast blocks (g.fast) to them, and initBitScan packs the prefixes' first
	// checks (g.pre); each shortcut they prove can be turned off (shortcut.go).
	g.reach.init(g)
	g.initWalks()
	g.initForms()
	g.initFast()
	g.initDialectFast()
	g.initPrefixes()
	g.initBitScan()
	g.initPhases()
	g.initNoDup()
	g.initSample()
	g.initGoalOrders()
	return g, nil
}

// NewState returns the start position. For an Axiom game it is the Forth engine's, after
// the setup; when the engine cannot start, the rules file's setup (Ready says why).
func (g *Game) NewState() *engine.State {
	if g.ax != nil && g.ax.ready() == nil {
		return g.ax.start.Clone()
	}
	return g.Game.NewState()
}

// Axiom reports whether the game's moves are defined by an external engine.
func (g *Game) Axiom() bool { return g.Engine != "" }

// Royal reports whether pieces of kind k are royal for player p: a turn of p may never
// leave one of them attacked (a checkmate goal names them).
func (g *Game) Royal(p engine.Player, k engine.Kind) bool {
	return int(p) >= 0 && int(p) < len(g.royal) && int(k) >= 0 && int(k) < len(g.royal[p]) && g.royal[p][k]
}

// File is a compiled rules file. Its variants are listed with everything but their move
// code, which is compiled when a variant is asked for to run (Game, Find, Default, All).
type File struct {
	Name     string
	Fset     *zrf.FileSet
	Variants []*compile.Game // every playable game and variant, in file order
	Warnings zrf.ErrorList
	// Locate finds the Forth sources of the file's Axiom games; nil when the file was not
	// read from a folder (its Axiom games then cannot run).
	Locate Locator
}

func newFile(cf *compile.File, locate Locator) *File {
	if cf == nil {
		return nil
	}
	return &File{Name: cf.Name, Fset: cf.Fset, Variants: cf.Games, Warnings: cf.Warnings, Locate: locate}
}

// LoadFile reads, expands and compiles a rules file from the operating system's files.
// Includes are resolved in the file's folder and below or beside it. With an error it
// still returns the games that compiled, when the file could be read.
func LoadFile(path string) (*File, error) {
	cf, err := compile.LoadFile(path)
	return newFile(cf, DiskLocator(path)), err
}

// DiskLocator finds the Forth of the Axiom games of the rules file at path on the
// operating system's files, beside the rules or one folder up, as Zillions did.
func DiskLocator(path string) Locator {
	return func(dll, title string) (fs.FS, *axiom.Sources, error) {
		return axiom.LocateFile(path, dll, title)
	}
}

// Load reads, expands and compiles the rules file name of fsys.
func Load(fset *zrf.FileSet, fsys fs.FS, name string) (*File, error) {
	cf, err := compile.Load(fset, fsys, name)
	return newFile(cf, func(dll, title string) (fs.FS, *axiom.Sources, error) {
		src, err := axiom.Locate(fsys, name, dll, title)
		return fsys, src, err
	}), err
}

// Compile builds the games and variants of an expanded file; see compile.Compile.
func Compile(fset *zrf.FileSet, ex *zrf.Expanded) (*File, error) {
	cf, err := compile.Compile(fset, ex)
	return newFile(cf, nil), err
}

// Game returns variant i ready to run.
func (f *File) Game(i int) (*Game, error) {
	if i < 0 || i >= len(f.Variants) {
		return nil, fmt.Errorf("%s: no variant %d", f.Name, i)
	}
	g, err := newGame(f.Variants[i], f.Locate)
	if g != nil {
		g.file = f
	}
	return g, err
}

// Sibling returns the game or variant titled title of the file g was loaded from.
func (g *Game) Sibling(title string) (*Game, error) {
	if g.file == nil {
		return nil, fmt.Errorf("%s: not loaded from a rules file", g.Title)
	}
	return g.file.Find(title)
}

// All returns every variant ready to run, in file order, or every error found in their
// move code (a zrf.ErrorList).
func (f *File) All() ([]*Game, error) {
	var out []*Game
	var errs zrf.ErrorList
	for i := range f.Variants {
		g, err := f.Game(i)
		if err != nil {
			errs = append(errs, zrf.AsList(err)...)
			continue
		}
		out = append(out, g)
	}
	if len(errs) > 0 {
		errs.Sort()
		return out, errs
	}
	return out, nil
}

// Default returns, ready to run, the game opened when the file is loaded: the first
// variant marked (default), else the first game.
func (f *File) Default() (*Game, error) {
	for i, g := range f.Variants {
		if g.Default {
			return f.Game(i)
		}
	}
	for i, g := range f.Variants {
		if !g.Variant {
			return f.Game(i)
		}
	}
	if len(f.Variants) > 0 {
		return f.Game(0)
	}
	return nil, fmt.Errorf("%s: no playable game", f.Name)
}

// Find returns, ready to run, the game or variant with exactly this title, or the
// default one for "". Saved games and the game server name games this way.
func (f *File) Find(title string) (*Game, error) {
	return f.find(title, false)
}

// Choose is Find for people: when no title is name, it also takes the number of a game
// in the file, from 1 in file order (compile.Choose), which reaches a variant whose title
// repeats an earlier one (zoggo's --variant N).
func (f *File) Choose(name string) (*Game, error) {
	return f.find(name, true)
}

func (f *File) find(name string, numbers bool) (*Game, error) {
	if name == "" {
		return f.Default()
	}
	i, err := compile.Choose(f.Variants, f.Name, name, numbers)
	if err != nil {
		return nil, err
	}
	return f.Game(i)
}
