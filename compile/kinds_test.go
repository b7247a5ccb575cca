package compile

import (
	"fmt"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// TestKindIndex checks that the compiler's lookup of piece types gives what the
// game's scan gives, for few and many types, while types are added, and for a name
// declared twice (the first counts).
func TestKindIndex(t *testing.T) {
	c := &compiler{g: &engine.Game{}}
	names := []string{"Pawn", "Knight", "nope", "p07", "p39", "Dup"}
	for i := range 40 {
		name := fmt.Sprintf("p%02d", i)
		if i == 25 || i == 31 {
			name = "Dup"
		}
		c.g.Pieces = append(c.g.Pieces, &engine.Piece{Name: name})
		names = append(names, name)
		for _, n := range names {
			if got, want := c.kindIndex(n), c.g.KindIndex(n); got != want {
				t.Fatalf("with %d types, kindIndex(%q) = %d, KindIndex gives %d", len(c.g.Pieces), n, got, want)
			}
		}
	}
}

// TestLeafKey checks that conditions differing in any field the key packs get
// different keys.
func TestLeafKey(t *testing.T) {
	base := code.Cond{Code: code.CondInZone, A: 3, Loc: code.LocArg{Kind: code.LocDir, V: 2}}
	variants := []code.Cond{base}
	for _, f := range []func(c *code.Cond){
		func(c *code.Cond) { c.Code = code.CondEmpty },
		func(c *code.Cond) { c.Neg = true },
		func(c *code.Cond) { c.A = -1 },
		func(c *code.Cond) { c.A = 1 << 20 },
		func(c *code.Cond) { c.Loc.Kind = code.LocPos },
		func(c *code.Cond) { c.Loc.V = -1 },
		func(c *code.Cond) { c.Loc.V = 3; c.A = 2 },
	} {
		v := base
		f(&v)
		variants = append(variants, v)
	}
	seen := map[condKey]int{}
	for i := range variants {
		k := leafKey(&variants[i])
		if j, ok := seen[k]; ok {
			t.Errorf("conditions %+v and %+v have the same key", variants[j], variants[i])
		}
		seen[k] = i
	}
}
