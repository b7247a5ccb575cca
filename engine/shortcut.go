package engine

// A Shortcut is one of the faster paths of this package, each a rewrite of the general
// path proved where it applies and compared with it by a test. All are on unless a
// game's Off turns them off; tests turn them off, one at a time or together, to compare.
type Shortcut uint8

const (
	// PlainApply: Apply takes a part that moves one piece and then only captures,
	// changes types or sets attributes on applyPlain (TestApplyPlain).
	PlainApply Shortcut = 1 << iota
	// LeafPath: EndPart builds a plain state after a plain part in one pass
	// (endPlain, TestEndPart).
	LeafPath
	// ValuesOnly: extApply is valuesApply for games whose only extra state is
	// variables and position values (TestValuesApply).
	ValuesOnly
	// ValuesPlain: Apply and EndPart of such games take a part that moves one piece on
	// applyValues and EndValues (TestApplyValues, TestEndValues).
	ValuesPlain

	// AllShortcuts is every shortcut of the package.
	AllShortcuts = PlainApply | LeafPath | ValuesOnly | ValuesPlain
)

var shortcutNames = [...]string{"plain apply", "leaf path", "values only", "values plain"}

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

// on reports whether the shortcut s is on for g.
func (g *Game) on(s Shortcut) bool { return g.Off&s == 0 }
