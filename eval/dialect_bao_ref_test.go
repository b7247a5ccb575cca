package eval_test

// A reference Bao written in plain Go from the rules (the reading games/bao.zrf states in
// its header, K.I.B.A. 2009), independent of the rules file and the engine, compared with
// zoggo's turns along random games: the same turns, by pit, rule and direction, leading
// to the same seeds, hands and houses.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// baoRef is a Bao position: seeds by pit (file a..h = 0..7, row 1..4 = 0..3, index
// row*8+file), seeds in hand and owned houses by player (0 South, 1 North).
type baoRef struct {
	seeds [32]int
	hand  [2]int
	house [2]bool
}

const (
	baoRefCW, baoRefCCW = 1, 2
)

// baoRefCycle lists a player's pits in clockwise order.
func baoRefCycle(p int) []int {
	var c []int
	front, back := 1, 0 // South: row 2 from a to h, then row 1 from h to a
	if p == 1 {
		front, back = 2, 3 // North: row 4 from a to h, then row 3 from h to a
		for f := 0; f < 8; f++ {
			c = append(c, back*8+f)
		}
		for f := 7; f >= 0; f-- {
			c = append(c, front*8+f)
		}
		return c
	}
	for f := 0; f < 8; f++ {
		c = append(c, front*8+f)
	}
	for f := 7; f >= 0; f-- {
		c = append(c, back*8+f)
	}
	return c
}

var baoRefCycles = [2][]int{baoRefCycle(0), baoRefCycle(1)}

func baoRefFrontRow(p int) int { return 1 + p }

func baoRefIsFront(p, l int) bool { return l/8 == baoRefFrontRow(p) }

// baoRefOpp is the front pit facing front pit l.
func baoRefOpp(l int) int {
	if l/8 == 1 {
		return 16 + l%8
	}
	return 8 + l%8
}

// baoRefStep moves one pit along p's cycle in direction dir.
func baoRefStep(p, l, dir int) int {
	c := baoRefCycles[p]
	i := slices.Index(c, l)
	if dir == baoRefCW {
		return c[(i+1)%16]
	}
	return c[(i+15)%16]
}

// baoRefFromLeft reports whether front pit l is at its owner's left end (kichwa or
// kimbi), baoRefFromRight at the right end; the left kichwa sows clockwise.
func baoRefFromLeft(p, l int) bool {
	f := l % 8
	if p == 1 {
		f = 7 - f
	}
	return f <= 1
}

func baoRefFromRight(p, l int) bool {
	f := l % 8
	if p == 1 {
		f = 7 - f
	}
	return f >= 6
}

// baoRefKichwa returns p's left (clockwise) or right kichwa.
func baoRefKichwa(p, dir int) int {
	row := baoRefFrontRow(p) * 8
	left, right := row, row+7
	if p == 1 {
		left, right = right, left
	}
	if dir == baoRefCW {
		return left
	}
	return right
}

func baoRefHouse(p int) int {
	if p == 0 {
		return 8 + 4 // e2
	}
	return 16 + 3 // d3
}

// baoRefMove is one turn being made.
type baoRefMove struct {
	b               baoRef
	p               int
	pos, carry, dir int
	cap, first      bool
	safari          int // 0 no, 1 offered, 2 played
	steps           int
	over            bool
	owned           bool // p's house still owned during the move
}

func (m *baoRefMove) houseWorks(l int) bool {
	return l == baoRefHouse(m.p) && m.owned && m.b.seeds[l] >= 6
}

// takeUp empties the pit under the cursor into carry.
func (m *baoRefMove) takeUp() {
	l := m.pos
	m.carry, m.b.seeds[l] = m.b.seeds[l], 0
	if l == baoRefHouse(m.p) {
		m.owned = false
	}
}

// harvest captures the pit facing the cursor.
func (m *baoRefMove) harvest() {
	o := baoRefOpp(m.pos)
	m.carry, m.b.seeds[o] = m.b.seeds[o], 0
	if o == baoRefHouse(1-m.p) {
		m.b.house[1-m.p] = false
	}
	m.first = false
	if baoRefFromLeft(m.p, m.pos) {
		m.dir = baoRefCW
	}
	if baoRefFromRight(m.p, m.pos) {
		m.dir = baoRefCCW
	}
	empty := true
	for f := 0; f < 8; f++ {
		if m.b.seeds[baoRefFrontRow(1-m.p)*8+f] > 0 {
			empty = false
		}
	}
	if empty {
		m.carry, m.over = 0, true
		return
	}
	back := baoRefCCW
	if m.dir == baoRefCCW {
		back = baoRefCW
	}
	m.pos = baoRefStep(m.p, baoRefKichwa(m.p, m.dir), back)
}

// sow runs the sowing; false when the move is not allowed.
func (m *baoRefMove) sow() bool {
	for !m.over {
		if m.steps++; m.steps > 1000 {
			return false
		}
		if m.carry > 0 {
			m.pos = baoRefStep(m.p, m.pos, m.dir)
			m.b.seeds[m.pos]++
			m.carry--
			continue
		}
		l := m.pos
		if m.cap && baoRefIsFront(m.p, l) && m.b.seeds[l] > 1 && m.b.seeds[baoRefOpp(l)] > 0 {
			m.harvest()
			continue
		}
		if m.first {
			return false
		}
		switch {
		case m.b.seeds[l] > 1 && !m.houseWorks(l):
			m.takeUp()
		case m.b.seeds[l] > 1 && m.safari == 1:
			m.safari = 2
			m.takeUp()
		default:
			m.over = true
		}
	}
	return true
}

func (m *baoRefMove) result() baoRef {
	b := m.b
	b.house[m.p] = m.owned
	return b
}

// baoRefTurns lists the turns of p in b as "PIT RULE => position".
func baoRefTurns(b baoRef, p int) []string {
	side := "s"
	if p == 1 {
		side = "n"
	}
	var caps, takasa []string
	add := func(list *[]string, l int, rule string, m *baoRefMove) {
		*list = append(*list, fmt.Sprintf("%s %s => %s", baoRefName(l), rule, baoRefString(m.result())))
	}
	start := func(l, dir int) *baoRefMove {
		return &baoRefMove{b: b, p: p, pos: l, dir: dir, owned: b.house[p]}
	}
	works := func(l int) bool { return l == baoRefHouse(p) && b.house[p] && b.seeds[l] >= 6 }
	front := baoRefFrontRow(p) * 8
	if b.hand[p] > 0 {
		for l := front; l < front+8; l++ {
			if b.seeds[l] == 0 {
				continue
			}
			for dir := baoRefCW; dir <= baoRefCCW; dir++ {
				if b.seeds[baoRefOpp(l)] > 0 && (dir == baoRefCW || !baoRefFromLeft(p, l) && !baoRefFromRight(p, l)) {
					for safari := 0; safari <= 1; safari++ {
						m := start(l, dir)
						m.b.hand[p]--
						m.b.seeds[l]++
						m.cap, m.safari = true, safari
						m.harvest()
						if m.sow() && (safari == 0 || m.safari == 2) {
							rule := "namua-take"
							if safari == 1 {
								rule = "namua-safari"
							}
							add(&caps, l, fmt.Sprintf("%s %s %d", rule, side, dir), m)
						}
					}
				}
				other := false
				for k := front; k < front+8; k++ {
					if b.seeds[k] > 0 && !works(k) {
						other = true
					}
				}
				if works(l) && other {
					continue
				}
				m := start(l, dir)
				m.b.hand[p]--
				if works(l) {
					m.b.seeds[l]--
					m.carry = 2
				} else {
					m.b.seeds[l]++
					m.takeUp()
				}
				if m.sow() {
					add(&takasa, l, fmt.Sprintf("namua-takasa %s %d", side, dir), m)
				}
			}
		}
	} else {
		frontTwo, otherTwo := false, false
		for k := front; k < front+8; k++ {
			if b.seeds[k] > 1 {
				frontTwo = true
				if !works(k) {
					otherTwo = true
				}
			}
		}
		for _, l := range baoRefCycles[p] {
			if b.seeds[l] < 2 {
				continue
			}
			for dir := baoRefCW; dir <= baoRefCCW; dir++ {
				if b.seeds[l] < 16 {
					m := start(l, dir)
					m.cap, m.first = true, true
					m.takeUp()
					if m.sow() {
						add(&caps, l, fmt.Sprintf("mtaji-take %d", dir), m)
					}
				}
				if (baoRefIsFront(p, l) || !frontTwo) && (!works(l) || !otherTwo) {
					m := start(l, dir)
					m.takeUp()
					if m.sow() {
						add(&takasa, l, fmt.Sprintf("mtaji-takasa %d", dir), m)
					}
				}
			}
		}
	}
	out := caps
	if len(caps) == 0 {
		out = takasa
	}
	slices.Sort(out)
	return out
}

func baoRefName(l int) string { return string(rune('a'+l%8)) + string(rune('1'+l/8)) }

// baoRefString writes b as baoSeeds does.
func baoRefString(b baoRef) string {
	var w, houses []string
	for l := 0; l < 32; l++ {
		if b.seeds[l] != 0 {
			w = append(w, fmt.Sprintf("%s:%d", baoRefName(l), b.seeds[l]))
		}
	}
	for _, p := range []int{0, 1} {
		if b.house[p] {
			houses = append(houses, baoRefName(baoRefHouse(p)))
		}
	}
	return fmt.Sprintf("%s | hands %d %d | houses %s", strings.Join(w, " "), b.hand[0], b.hand[1], strings.Join(houses, " "))
}

// baoRefOf reads a zoggo state into the reference's form, and who moves.
func baoRefOf(t *testing.T, s string) baoRef {
	t.Helper()
	var b baoRef
	seeds, rest, _ := strings.Cut(s, " | hands ")
	for _, w := range strings.Fields(seeds) {
		var f, r rune
		var n int
		if _, err := fmt.Sscanf(w, "%c%c:%d", &f, &r, &n); err != nil {
			t.Fatalf("bad pit %q", w)
		}
		b.seeds[int(r-'1')*8+int(f-'a')] = n
	}
	hands, houses, _ := strings.Cut(rest, " | houses ")
	fmt.Sscanf(hands, "%d %d", &b.hand[0], &b.hand[1])
	b.house[0] = strings.Contains(houses, "e2")
	b.house[1] = strings.Contains(houses, "d3")
	return b
}

// TestBaoReference plays random games and compares, at every position, zoggo's turns
// with the reference's.
func TestBaoReference(t *testing.T) {
	g := loadGame(t, "bao.zrf")
	rng := rand.New(rand.NewPCG(2026, 14))
	games, positions := 100, 0
	if testing.Short() {
		games = 30
	}
	for game := 0; game < games; game++ {
		s := g.NewState()
		for ply := 0; ply < 400; ply++ {
			if r, _, err := g.NewWorkspace().Outcome(s, 0, 1); err != nil || r.Over {
				break
			}
			got := baoTurns(t, g, s)
			_, mover := g.Side(s)
			p := 0
			if g.Players[mover].Name == "North" {
				p = 1
			}
			want := baoRefTurns(baoRefOf(t, baoSeeds(g, s)), p)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d, %s to move, %s:\n zoggo     %s\n reference %s", game, ply,
					g.Players[mover].Name, baoSeeds(g, s), strings.Join(got, "\n           "), strings.Join(want, "\n           "))
			}
			positions++
			turns, err := g.NewWorkspace().Turns(s)
			if err != nil || len(turns) == 0 {
				break
			}
			s = turns[rng.IntN(len(turns))].After
		}
	}
	t.Logf("%d positions of %d random games agree", positions, games)

}
