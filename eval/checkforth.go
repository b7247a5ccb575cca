package eval

import (
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/zrf"
)

// CheckForth starts the Forth of each Axiom game of f, found with locate, as Zillions
// did when the game was chosen, and returns why any does not load, placed at its game
// form (a zrf.ErrorList), or nil. zoggo check and the language server both call it, so
// that they report the same errors.
func CheckForth(f *compile.File, locate Locator) error {
	var errs zrf.ErrorList
	for i, cg := range f.Games {
		if !cg.Axiom() {
			continue
		}
		g, err := New(cg)
		if err == nil {
			err = g.WithLocator(locate).Ready()
		}
		if err != nil {
			errs.Add(cg.Fset.NewError(cg.Pos, nil, "the Forth of game %d does not load: %v", i+1, err))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
