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
	// UsePrefixes: a block's first check, leading tests and guards run before it is
	// set up, and a tail of fast ops runs without a run set up (prefix.go).
	UsePrefixes
	// UseNoDup: no search for repeated parts where none can repeat (nodup.go).
	UseNoDup
	// UseRoyalFollow: the royal check follows each turn's changes (royal.go), from a
	// scan of the position that Sample fuses with firstParts' (scanPartsRoyal).
	UseRoyalFollow
	// UseWalkSkip: capture tests skip board walks (walk.go).
	UseWalkSkip
	// UsePhases: turns are completed one move priority at a time (priority.go).
	UsePhases
	// UsePlainEnd: in plain ZRF a part that ends the turn is completed by endPart
	// alone (legal.go, completeTurns).
	UsePlainEnd
	// UseLeafTurns: perft's last level makes its turns on one board (leafmake.go).
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
	// The dialect's fast paths, each alone (TestDialectShortcutsChangeNothing turns
	// them off together, TestEachShortcutAlone one at a time):
	//
	// UseDialectHeads: a piece's blocks are rewritten into fast blocks and guards
	// that runFastBlocks runs (dialect_blocks.go).
	UseDialectHeads
	// UseDialectDirect: with no pre-action and no piece moved by another owner, the
	// side's pieces run their blocks without pieceParts (dialect_gen.go).
	UseDialectDirect
	// UseDialectLazyDup: repeated parts are hashed lazily when no pre-action
	// rewrites them (dialect_fast.go lazyDup).
	UseDialectLazyDup
	// UseDialectNoStats: the facts of the turns are not counted when nothing reads
	// them (dialect_fast.go noStats).
	UseDialectNoStats
	// UseSparseScans: an all-positions scan visits only the positions whose value
	// can make it act (dialect_fast.go sparse).
	UseSparseScans
	// UseQuietActions: actions proved to do nothing on a position are not run
	// (dialect_fast.go quietAction).
	UseQuietActions
	// UseTurnChecks: checks that read only the facts of the turn run as closures
	// (dialect_fast.go turnCheck).
	UseTurnChecks
	// UseCheckSkip: a check proved over intervals to keep every turn is not
	// evaluated (dialect_checks.go).
	UseCheckSkip
	// UseQuietDefer: a quiet turn waits as a placeholder until a capture drops it
	// (dialect_defer.go, TestDialectDeferChangesNothing).
	UseQuietDefer
	// UseQuietEnd: a turn's post-move actions proved to do nothing are not run
	// (dialect_end.go).
	UseQuietEnd

	// UsePlayout: random playouts (Sample, Goals) skip the goals that cannot decide,
	// sort a position's squares once, and make the drawn turn's state where the match
	// keeps it (Workspace.KeepIn) (sample.go, TestPlayoutShortcutsChangeNothing).
	UsePlayout

	// AllShortcuts is every shortcut of the run-time.
	AllShortcuts = UsePlayout<<1 - 1
	// UseDialectPaths is every fast path of the dialect.
	UseDialectPaths = UseDialectHeads | UseDialectDirect | UseDialectLazyDup | UseDialectNoStats |
		UseSparseScans | UseQuietActions | UseTurnChecks | UseCheckSkip | UseQuietDefer |
		UseQuietEnd
)

var shortcutNames = [...]string{"fast blocks", "units", "prefixes", "no duplicates",
	"royal follow", "walk skip", "phases", "plain end", "leaf turns", "leaf count",
	"bit scan", "lazy sample", "reach pruning", "dialect heads", "dialect direct parts",
	"dialect lazy duplicates", "dialect no stats", "sparse scans", "quiet actions",
	"turn checks", "check skip", "quiet deferral", "quiet end", "playout"}

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
