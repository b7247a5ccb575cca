package eval

// This file lets applyChecks skip a check that keeps every turn. A check that reads
// only the facts of the turns (turnCheck) is evaluated over intervals (spanCond,
// dialect_defer.go) that bound the facts of all the turns at once: their captures
// between the fewest and the most, and so on. When it holds for all of them, no turn
// is removed and none need be tested one by one: the draughts' checks when no turn
// captures, and Russian's when every turn left captures.

import (
	"github.com/zoggo/zoggo/internal/code"
)

// keepsAll reports whether the check ck, proved to read only the facts of the turns,
// holds for each of turns. Its accumulators must be (max captures), (min captures),
// (max parts) or (min parts); keepsAll sets them in acc as applyChecks would.
func (g *Game) keepsAll(ck *code.Check, turns []Turn, acc []int64) bool {
	if len(turns) == 0 || !g.on(UseCheckSkip) {
		return false
	}
	cmin, cmax, pmin, pmax := int64(spanInf), int64(-1), int64(spanInf), int64(-1)
	for i := range turns {
		st := turns[i].stats
		if st == nil {
			return false
		}
		c, p := int64(st.caps), int64(st.parts)
		cmin, cmax, pmin, pmax = min(cmin, c), max(cmax, c), min(pmin, p), max(pmax, p)
	}
	env := spanEnv{caps: span{cmin, cmax}, byKind: span{0, cmax}, order: span{0, 0},
		first: span{1000, 1000}, parts: span{pmin, pmax}, mover: span{0, 1}}
	if cmax > 0 {
		env.first, env.order = span{1, 1000}, span{0, spanInf}
	}
	for _, a := range ck.Acc {
		if a.A < 0 || a.A >= maxSpanAcc || len(a.Args) != 1 {
			return false
		}
		lo, hi := cmin, cmax
		switch arg := a.Args[0]; {
		case arg.Code == code.IntCaptures && arg.A < 0:
		case arg.Code == code.IntParts:
			lo, hi = pmin, pmax
		default:
			return false
		}
		v := hi
		if a.Code == code.IntAccMin {
			v = lo
		}
		env.val[a.A], env.acc[a.A] = span{v, v}, true
	}
	if v, known := spanCond(ck.Cond, &env); !known || !v {
		return false
	}
	for _, a := range ck.Acc {
		acc[a.A] = env.val[a.A].lo
	}
	return true
}
