package axiom

// This file holds the decompiler: it walks a move's thread and prints the move string
// Zillions saved, from the six board actions and partial.

import (
	"strconv"
	"strings"
)

// bindActions finds the CFAs the decompiler recognises; it runs after every load.
func (m *machine) bindActions() {
	m.actions = map[int32]action{}
	for name, a := range map[string]action{
		"(move)": actMove, "(move-capture)": actMoveCapture, "(create)": actCreate,
		"(capture-at)": actCapture, "(change-type-at)": actChangeType, "(change-owner-at)": actChangeOwner,
		"(partial)": actPartial, "(partial-move-type)": actPartialType,
	} {
		if cfa := m.vm.Find(name); cfa != 0 {
			m.actions[cfa] = a
		}
	}
}

// posName returns the name of position pos, from $posNames.
func (m *machine) posName(pos int32) string {
	return m.vm.String(m.vm.Fetch(m.get("$posNames") + pos*4))
}

// typeName returns the name of the {piece} of the type bits of p.
func (m *machine) typeName(p int32) string {
	return m.vm.Name(m.vm.Fetch(m.pieceEntry(p)))
}

// playerName returns the name of the {player} of the player-number bits of p.
func (m *machine) playerName(p int32) string {
	cfa := m.vm.Fetch(m.get("$players") + ((p>>11)&0x1f)*4 - 4)
	return m.vm.Name(cfa)
}

// maxThread bounds the cells of one move the decompiler walks.
const maxThread = 1 << 16

// decompile returns the move string of the move at mv: "Pass" when its thread holds no
// action.
func (m *machine) decompile(mv int32) string {
	text, _ := m.decode(mv, false)
	return text
}

// decode returns the move string of the move at mv and, with acts set, its board actions
// in thread order.
func (m *machine) decode(mv int32, acts bool) (string, []Action) {
	var out []Action
	act := func(a Action) {
		if acts {
			out = append(out, a)
		}
	}
	if m.actions == nil {
		m.bindActions()
	}
	vm := m.vm
	lit, exit := vm.LitCFA(), vm.ExitCFA()
	var toks []string
	var vals []int32
	pop := func() int32 {
		if len(vals) == 0 {
			vm.Fail("move at %d: an action without its operands", mv)
		}
		v := vals[len(vals)-1]
		vals = vals[:len(vals)-1]
		return v
	}
	last, state, changed := int32(-1), 0, int32(0)
	ip := mv + 16
	for n := 0; ; n++ {
		if n > maxThread {
			vm.Fail("move at %d: a thread without end", mv)
		}
		w := vm.Fetch(ip)
		if w == exit {
			break
		}
		if w == lit {
			ip += 4
			vals = append(vals, vm.Fetch(ip))
			ip += 4
			continue
		}
		switch a := m.actions[w]; a {
		case 0:
			vals = vals[:0]
		case actMove, actMoveCapture:
			to, from, p := pop(), pop(), pop()
			sep := "-"
			if a == actMoveCapture {
				sep = "x"
			}
			toks = append(toks, m.typeName(p), m.posName(from), sep, m.posName(to))
			act(Action{Op: ActMove, Piece: p, From: from, To: to})
			last, state = to, 0
		case actCreate:
			pos, p := pop(), pop()
			toks = append(toks, m.playerName(p), m.typeName(p), m.posName(pos))
			act(Action{Op: ActCreate, Piece: p, From: -1, To: pos})
			last, state = pos, 0
		case actCapture:
			pos := pop()
			toks = append(toks, "x", m.posName(pos))
			act(Action{Op: ActCapture, From: -1, To: pos})
			last, state = pos, 0
		case actChangeType, actChangeOwner:
			pos, v := pop(), pop()
			mine, other := 2, 3
			if a == actChangeOwner {
				mine, other = 3, 2
				act(Action{Op: ActOwner, Piece: v, From: -1, To: pos})
			} else {
				act(Action{Op: ActType, Piece: v, From: -1, To: pos})
			}
			if state == mine && changed == v {
				toks = append(toks, m.posName(pos))
			} else {
				name := m.typeName(v)
				if a == actChangeOwner {
					name = m.playerName(v)
				}
				toks = append(toks, "=", name)
				changed = v
				if state == other || pos != last {
					toks = append(toks, "on", m.posName(pos))
					last = pos
				}
			}
			state = mine
		case actPartial:
			toks = append(toks, "partial", "0")
		case actPartialType:
			toks = append(toks, "partial", strconv.Itoa(int(pop())))
		}
		ip += 4
	}
	if len(toks) == 0 {
		return "Pass", out
	}
	return strings.Join(toks, " "), out
}
