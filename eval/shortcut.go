package eval

import "github.com/zoggo/zoggo/engine"

// A Shortcut is one of the run-time's faster paths: each is proved where it applies,
// when the game is made or as it runs, leaves the general path in charge elsewhere, and
// is compared with the general path by the test named beside it. A game runs every
// shortcut unless SetOff turns some off; tests turn them off one at a time, or all
// together, to compare (the engine's own shortcuts are engine.Game.Off).
type Shortcut uint32

const (
	// UseFast: move blocks of steps, tests and adds run as fast ops (fast.go,
	// TestFastBlocksChangeNothing).
	UseFast Shortcut = 1 << iota
	// UseUnits: consecutive fast blocks along one line run as one unit, and blocks
	// on the general path run their leading steps as fast ops first (fastray.go,
	// TestFastUnitsChangeNothing).
	UseUnits
	// UsePrefixes: a block's leading tests run before it is set up, and a block that
	// ends in a plain add emits it without the interpreter (prefix.go).
	UsePrefixes
	// UseNoDup: no search for repeated parts where none can repeat (nodup.go).
	UseNoDup
	// UseRoyalFollow: the royal check follows each turn's changes (royal.go).
	UseRoyalFollow
	// UseWalkSkip: capture tests skip board walks (walk.go).
	UseWalkSkip
	// UsePhases: turns are completed one move priority at a time (priority.go).
	UsePhases
	// UsePlainEnd: in plain ZRF a part that ends the turn is completed by endPart
	// alone (legal.go, completeTurns).
	UsePlainEnd
	// UseLeafTurns: perft's last level makes its turns on one board (engine.LeafHash).
	UseLeafTurns
	// UseLeafCount: perft's last level counts steps without a turn (leafcount.go).
	UseLeafCount
	// UseBitScan: the first checks of the side's pieces on words of bits (bitscan.go,
	// TestBitScanChangesNothing).
	UseBitScan
	// UseSampleLazy: a random turn of one part gets its state only when drawn
	// (sample.go, TestSampleChangesNothing).
	UseSampleLazy
	// UsePruning: the royal check runs only the blocks whose reach holds the royal
	// piece (reach.go, TestPruningChangesNothing).
	UsePruning
	// UseDialectPaths: the dialect's fast paths (dialect_fast.go, dialect_tail.go,
	// dialect_end.go, dialect_defer.go, dialect_checks.go, dialect_direct.go;
	// TestDialectShortcutsChangeNothing).
	UseDialectPaths
	// UsePlayout: random playouts (Sample, Goals) skip the goals that cannot decide
	// and sort a position's squares once (sample.go, TestPlayoutShortcutsChangeNothing).
	UsePlayout

	// AllShortcuts is every shortcut of the run-time.
	AllShortcuts = UsePlayout<<1 - 1
)

var shortcutNames = [...]string{"fast blocks", "units", "prefixes", "no duplicates",
	"royal follow", "walk skip", "phases", "plain end", "leaf turns", "leaf count",
	"bit scan", "lazy sample", "reach pruning", "dialect paths", "playout"}

// Shortcuts lists every shortcut of the run-time, one at a time.
func Shortcuts() []Shortcut {
	out := make([]Shortcut, len(shortcutNames))
	for i := range out {
		out[i] = 1 << i
	}
	return out
}

// String names the shortcuts of s.
func (s Shortcut) String() string {
	out := ""
	for i, n := range shortcutNames {
		if s&(1<<i) != 0 {
			if out != "" {
				out += ", "
			}
			out += n
		}
	}
	if out == "" {
		return "none"
	}
	return out
}

// SetOff turns the shortcuts of off off for g, and the others on; eng does the same for
// the engine's shortcuts (engine.Game.Off). Call it before g is used, or between uses,
// never while g makes turns.
func (g *Game) SetOff(off Shortcut, eng engine.Shortcut) {
	g.off = off
	g.Game.Off = eng
}

// on reports whether every shortcut of s is on for g.
func (g *Game) on(s Shortcut) bool { return g.off&s == 0 }
