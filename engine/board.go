package engine

// Board is the compiled board: positions, directions, links, symmetries and zones. Links
// are flat tables: Next[loc*NDirs+dir] is the position one step from loc along dir, or
// NoLoc. Neighbor[player] is the same table with the player's symmetry applied, which is
// what move generation reads.
type Board struct {
	Locs  []LocInfo
	Dirs  []string
	Grids []Grid
	Image []string
	// Lines draws the board as the lines joining its positions along their links, the
	// pieces on the points where they meet (Go, Fanorona), not as cells.
	Lines bool
	// Values names the position attributes whose values pictures write on their
	// positions ((show-values NAME ...) in the dialect): Bao's seeds.
	Values []string
	// Held are game variables that pictures write beside a player's name, not on a
	// position ((show-values (PLAYER VARIABLE [TEXT]) ...) in the dialect): Bao's seeds
	// in hand.
	Held []HeldValue
	// Marks are squares that pictures mark, each group with its own sign ((marked NAME
	// POSITION ...) in the dialect): Ur's rosettes, camps and sanctuaries.
	Marks []Mark

	Next     []Loc   // raw links, [loc*NDirs + dir]
	Opposite []Dir   // opposite direction of each direction, or NoDir
	Sym      [][]Dir // [player][dir]: the direction a player's step along dir really takes
	Neighbor [][]Loc // [player][loc*NDirs + dir], symmetry applied

	Zones []Zone

	locIndex map[string]Loc
	dirIndex map[string]Dir
}

// HeldValue is a variable that pictures write beside a player's name, as TEXT: VALUE.
type HeldValue struct {
	Player Player
	Var    string
	Text   string // the variable's name when the rules give no text
}

// Mark is a named group of positions that pictures draw with one sign.
type Mark struct {
	Name string
	Locs []Loc
}

// LocInfo describes one position.
type LocInfo struct {
	Name   string
	Rect   [4]int // left, top, right, bottom in pixels; meaningful when HasRect
	Grid   int    // index into Board.Grids, or -1
	Coords []int  // label index per dimension, for grid positions
	// HasRect is false for dummy positions, which have no place on the screen.
	HasRect bool
	Dummy   bool
}

// Grid is one grid form: its dimensions and directions, kept for display and notation.
type Grid struct {
	Start [4]int
	Dims  []Dim
	Dirs  []GridDir
}

// Dim is one dimension of a grid.
type Dim struct {
	Labels []string
	DX, DY int
}

// GridDir is a direction declared by a grid, with one delta per dimension.
type GridDir struct {
	Dir   Dir
	Delta []int
}

// Zone is a named set of positions for each player.
type Zone struct {
	Name string
	Sets [][]uint64 // [player] bitset over positions; nil for a player without the zone
}

// NDirs returns the number of directions.
func (b *Board) NDirs() int { return len(b.Dirs) }

// Step returns the position one step from l along d for player p (symmetry applied), or
// NoLoc.
func (b *Board) Step(p Player, l Loc, d Dir) Loc {
	return b.Neighbor[p][int(l)*len(b.Dirs)+int(d)]
}

// LocIndex returns the position named name, or NoLoc.
func (b *Board) LocIndex(name string) Loc {
	if l, ok := b.locIndex[name]; ok {
		return l
	}
	return NoLoc
}

// DirIndex returns the direction named name, or NoDir.
func (b *Board) DirIndex(name string) Dir {
	if d, ok := b.dirIndex[name]; ok {
		return d
	}
	return NoDir
}

// InZone reports whether l is in zone z for player p.
func (b *Board) InZone(z int, p Player, l Loc) bool {
	s := b.Zones[z].Sets
	if int(p) >= len(s) || s[p] == nil {
		return false
	}
	return s[p][l>>6]&(1<<(uint(l)&63)) != 0
}

// ZoneIndex returns the zone named name, or -1.
func (b *Board) ZoneIndex(name string) int {
	for i, z := range b.Zones {
		if z.Name == name {
			return i
		}
	}
	return -1
}

// Index builds the name lookups; the compiler calls it once the board is complete.
func (b *Board) Index() {
	b.locIndex = make(map[string]Loc, len(b.Locs))
	for i, l := range b.Locs {
		b.locIndex[l.Name] = Loc(i)
	}
	b.dirIndex = make(map[string]Dir, len(b.Dirs))
	for i, d := range b.Dirs {
		b.dirIndex[d] = Dir(i)
	}
}

// Links counts the links of the raw table.
func (b *Board) Links() int {
	n := 0
	for _, l := range b.Next {
		if l != NoLoc {
			n++
		}
	}
	return n
}
