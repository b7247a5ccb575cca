package code

// This file finds the board walks of a program: while loops that step along one
// direction while the next position exists and on the way only record changes of owner,
// type, or attributes of the position under the cursor. Such a loop can neither stop its
// block nor capture, so a capture test (attacked?, and the royal-piece check) that only
// asks whether some add captures a given position may replace it by moving the cursor
// to the end of the line. Gwangsanghui walks the whole board four times before every add.

// MarkWalks sets Walk on every board walk of p, once. It is not safe to call
// concurrently on the same program; the caller serialises it.
func (p *Program) MarkWalks() {
	if p.Walks {
		return
	}
	p.Walks = true
	for _, blocks := range [][][]Block{p.Moves, p.Drops} {
		for _, bl := range blocks {
			for i := range bl {
				markWalks(bl[i].Ops)
			}
		}
	}
}

func markWalks(ops []Op) {
	for i := range ops {
		o := &ops[i]
		if o.Code == OpWhile && isWalk(o) {
			o.Walk = true
		}
		markWalks(o.Body)
		markWalks(o.Else)
	}
}

// isWalk reports whether o is (while (on-board? d) d EFFECTS...), where EFFECTS are ifs
// whose branches hold only effects at the cursor.
func isWalk(o *Op) bool {
	c := o.Cond
	if c == nil || c.Code != CondOnBoard || c.Neg || c.Loc.Kind != LocDir {
		return false
	}
	if len(o.Body) == 0 || o.Body[0].Code != OpStep || o.Body[0].A != c.Loc.V {
		return false
	}
	return effectsOnly(o.Body[1:])
}

// effectsOnly reports whether running ops can only record changes of owner, type or
// attributes at the cursor, testing conditions that read the board.
func effectsOnly(ops []Op) bool {
	for i := range ops {
		o := &ops[i]
		switch o.Code {
		case OpIf:
			if !plainCond(o.Cond) || !effectsOnly(o.Body) || !effectsOnly(o.Else) {
				return false
			}
		case OpSetAttr:
			if !plainCond(o.Cond) {
				return false
			}
		case OpChangeOwner, OpFlip, OpChangeType:
			if o.Loc.Kind != LocCursor {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// plainCond reports whether c only reads the board, the cursor and the flags: no
// attacked? (which runs moves), no dialect expression.
func plainCond(c *Cond) bool {
	if c == nil {
		return false
	}
	switch c.Code {
	case CondTrue, CondFalse, CondEmpty, CondFriend, CondEnemy, CondNeutral, CondPiece, CondOnBoard,
		CondPosition, CondInZone, CondMarked, CondLastFrom, CondLastTo, CondFlag, CondPosFlag, CondAttr:
		return true
	case CondAnd, CondOr, CondNot:
		for _, a := range c.Args {
			if !plainCond(a) {
				return false
			}
		}
		return true
	}
	return false
}
