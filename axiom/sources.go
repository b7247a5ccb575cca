// Package axiom runs the games whose moves are written in ForthScript for the Axiom
// Development Kit, the plug-in engine that Zillions loaded from (engine ".../axiom.dll").
// The rules file still owns the board, the pieces, the players and the start position;
// the Forth sources beside it own move generation and the end of the game.
//
// This file finds those sources. The package's Forth virtual machine is axiom/forth.
package axiom

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/zoggo/zoggo/zrf"
)

// Sources are the Forth files of one Axiom game variant, as slash-separated paths of the
// file system they were found in, in the order they are loaded.
type Sources struct {
	Dir   string // the game's Forth folder, named by the rules' (engine ...) form
	Core  string // CORE.4TH: the Forth kernel's own words
	Axiom string // axiom.4th: the Axiom language, built on CORE.4TH
	Game  string // the variant's source: its title with spaces as dashes, then .4th
}

// ErrNotAxiom is returned for an engine that is not an Axiom DLL.
var ErrNotAxiom = errors.New("not an Axiom engine")

// maxLibraryDirs bounds the folders searched for a borrowed CORE.4TH and axiom.4th.
const maxLibraryDirs = 5000

// Locate finds the Forth sources of the variant titled title of an Axiom rules file.
// fsys holds the rules file and what lies around it (a Zillions install, or a repository
// of games); rules is the rules file's path in fsys and engine its (engine "...") text.
//
// The folder is the DLL's folder, relative to the rules file's folder or else to its
// parent (rules kept in a Rules folder name Axiom/<Game>/axiom.dll relative to the
// Zillions folder), matched without regard to case as on Windows. A folder without its
// own CORE.4TH and axiom.4th borrows them from a sibling folder, else from any folder
// under the same top-level folder of fsys, preferring a pair of version 150 (the
// version every game but one was written for).
func Locate(fsys fs.FS, rules, engine, title string) (*Sources, error) {
	eng := strings.ReplaceAll(engine, `\`, "/")
	if !strings.EqualFold(path.Base(eng), "axiom.dll") {
		return nil, fmt.Errorf("%s: engine %q: %w", rules, engine, ErrNotAxiom)
	}
	rel := path.Dir(eng)
	zdir := path.Dir(rules)
	var dir string
	for _, base := range []string{zdir, path.Dir(zdir)} {
		if d, err := zrf.ResolvePath(fsys, base, rel); err == nil && isDir(fsys, d) {
			dir = d
			break
		}
	}
	if dir == "" {
		return nil, fmt.Errorf("%s: no folder %q for the engine %q beside the rules or one folder up", rules, rel, engine)
	}
	src := &Sources{Dir: dir}
	game := strings.ReplaceAll(title, " ", "-") + ".4th"
	g, err := zrf.ResolvePath(fsys, dir, game)
	if err != nil {
		return nil, fmt.Errorf("%s: variant %q: no %s in %s", rules, title, game, dir)
	}
	src.Game = g
	lib, err := library(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rules, err)
	}
	src.Core, src.Axiom = path.Join(lib, find(fsys, lib, "CORE.4TH")), path.Join(lib, find(fsys, lib, "axiom.4th"))
	return src, nil
}

// LocateFile is Locate for a rules file of the operating system's files. The Forth folder
// is beside the rules or one folder up, and a folder without the Forth kernel borrows it
// from elsewhere in the same collection of games, so the file system it returns, in which
// the sources are named, is rooted two folders above the rules.
func LocateFile(rules, engine, title string) (fs.FS, *Sources, error) {
	abs, err := filepath.Abs(rules)
	if err != nil {
		return nil, nil, err
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(abs)))
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return nil, nil, err
	}
	fsys := os.DirFS(root)
	src, err := Locate(fsys, filepath.ToSlash(rel), engine, title)
	return fsys, src, err
}

func isDir(fsys fs.FS, p string) bool {
	fi, err := fs.Stat(fsys, p)
	return err == nil && fi.IsDir()
}

// find returns the name of the entry of dir that is name without regard to case, or "".
func find(fsys fs.FS, dir, name string) string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	found := ""
	for _, e := range entries {
		if e.Name() == name {
			return name
		}
		if found == "" && strings.EqualFold(e.Name(), name) {
			found = e.Name()
		}
	}
	return found
}

// hasLibrary reports whether dir holds CORE.4TH and axiom.4th.
func hasLibrary(fsys fs.FS, dir string) bool {
	return find(fsys, dir, "CORE.4TH") != "" && find(fsys, dir, "axiom.4th") != ""
}

var versionRE = regexp.MustCompile(`(\d+)\s+CONSTANT\s+#Version`)

// version returns the #Version that dir's axiom.4th declares, or 0.
func version(fsys fs.FS, dir string) string {
	b, err := fs.ReadFile(fsys, path.Join(dir, find(fsys, dir, "axiom.4th")))
	if err != nil {
		return ""
	}
	if m := versionRE.FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return ""
}

// library returns the folder whose CORE.4TH and axiom.4th the game in dir loads.
func library(fsys fs.FS, dir string) (string, error) {
	if hasLibrary(fsys, dir) {
		return dir, nil
	}
	var cands []string
	parent := path.Dir(dir)
	if entries, err := fs.ReadDir(fsys, parent); err == nil {
		for _, e := range entries {
			if p := path.Join(parent, e.Name()); e.IsDir() && p != dir && hasLibrary(fsys, p) {
				cands = append(cands, p)
			}
		}
	}
	if top, _, _ := strings.Cut(dir, "/"); top != dir {
		seen := 0
		fs.WalkDir(fsys, top, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if seen++; seen > maxLibraryDirs {
				return fs.SkipAll
			}
			if p != dir && !slices.Contains(cands, p) && hasLibrary(fsys, p) {
				cands = append(cands, p)
			}
			return nil
		})
	}
	if len(cands) == 0 {
		return "", fmt.Errorf("no CORE.4TH and axiom.4th in %s, beside it or under %s", dir, parent)
	}
	for _, c := range cands {
		if version(fsys, c) == "150" {
			return c, nil
		}
	}
	return cands[0], nil
}
