package axiom

// This file holds the Axiom natives: the words that build a move at HERE, the move actions
// a made move executes, the move lists and their generation, the board and piece words,
// and the search plumbing that games call while loading or that replay never reaches.

import "github.com/zoggo/zoggo/axiom/forth"

// Piece encoding of axiom.4th: the type in the low 10 bits, the neutral bit, then the
// player number in bits 11 to 15.
const (
	typeMask   = 0x3ff
	ownerMask  = 0xfc00 // player number and the neutral bit
	playerMask = 0xf800
	neutralBit = 0x400
	forthTrue  = -1
)

// machine is the Axiom layer's state beside the VM: the stack of move lists, the move being
// built, the priorities seen while generating, and the CFAs the decompiler recognises.
type machine struct {
	vm *forth.VM

	lists     int32 // head of the stack of move lists
	savedRP   int   // return stack depth when the newest list was started, for $Exit
	moveStart int32 // the move being built
	lastLink  int32 // the link cell the next finished move is stored into
	added     int32 // moves added by the running {moves} block
	curType   int32 // move type of the running {moves} entry
	best      uint32
	worst     uint32
	bestType  int32

	docol      int32
	moveString string // the text the host is making, read by OnMakeAMove
	bestMove   string // the last BestMove! of a search
	builtin    string // the built-in engine a search asked for, if any

	pfas    map[string]int32 // PFAs of Forth variables, by name
	cfas    map[string]int32 // CFAs of the words the natives execute or compile, by name
	actions map[int32]action // decompiler handlers, by CFA

	ring [2][]int32
	rand uint32
}

// action is what the decompiler does with a CFA of a move thread.
type action int

const (
	actMove action = iota + 1
	actMoveCapture
	actCreate
	actCapture
	actChangeType
	actChangeOwner
	actPartial
	actPartialType
)

// newMachine registers the Axiom natives on vm, which must have CORE.4TH loaded and not
// yet axiom.4th.
func newMachine(vm *forth.VM) *machine {
	m := &machine{vm: vm, pfas: map[string]int32{}, cfas: map[string]int32{}, rand: 1}
	m.register()
	return m
}

// pfa returns the body of the Forth word name, failing the running word if it is missing.
func (m *machine) pfa(name string) int32 {
	if a, ok := m.pfas[name]; ok {
		return a
	}
	cfa := m.vm.Find(name)
	if cfa == 0 {
		m.vm.Fail("no word %s", name)
	}
	a := m.vm.Body(cfa)
	m.pfas[name] = a
	return a
}

func (m *machine) get(name string) int32    { return m.vm.Fetch(m.pfa(name)) }
func (m *machine) set(name string, v int32) { m.vm.Store(m.pfa(name), v) }

// cfa returns the CFA of the word name, failing the running word if it is missing. The
// answers are kept until the next load (forget), which may redefine the word.
func (m *machine) cfa(name string) int32 {
	if c, ok := m.cfas[name]; ok {
		return c
	}
	c := m.vm.Find(name)
	if c == 0 {
		m.vm.Fail("no word %s", name)
	}
	m.cfas[name] = c
	return c
}

// forget drops the names looked up so far: a load may redefine them.
func (m *machine) forget() {
	m.pfas = map[string]int32{}
	m.cfas = map[string]int32{}
}

// exec runs the word at cfa, making its error the running word's fault.
func (m *machine) exec(cfa int32) {
	if err := m.vm.Execute(cfa); err != nil {
		m.vm.Fail("%v", err)
	}
}

func (m *machine) cell(pos int32) int32     { return m.vm.Fetch(m.get("$board") + pos*4) }
func (m *machine) setCell(pos, v int32)     { m.vm.Store(m.get("$board")+pos*4, v) }
func (m *machine) constant(cfa int32) int32 { return m.vm.Fetch(m.vm.Body(cfa)) }

// count returns the Forth variable name, a count of things, failing the running word when
// it is outside 0..max: a corrupted count must not make a Go loop run long.
func (m *machine) count(name string, max int32) int32 {
	n := m.get(name)
	if n < 0 || n > max {
		m.vm.Fail("%s is %d, outside 0..%d", name, n, max)
	}
	return n
}

// pieceEntry returns the address of the 16-byte {pieces} entry of type t (1-based): the
// piece constant's CFA, the moves word, the drops word and the value.
func (m *machine) pieceEntry(t int32) int32 { return m.get("$pieces") + (t&typeMask)*16 - 16 }

// compile compiles LIT v for each value, then the action word name, at HERE.
func (m *machine) compile(name string, vals ...int32) {
	for _, v := range vals {
		m.vm.Comma(m.vm.LitCFA())
		m.vm.Comma(v)
	}
	m.vm.Comma(m.cfa(name))
}

func (m *machine) register() {
	vm := m.vm
	nat := func(name string, f func()) {
		vm.Native(name, func(*forth.VM) error { f(); return nil })
	}
	here := func() int32 { return m.get("$pos") }
	forPlayer := func() int32 { return m.get("$forPlayer") }
	piece := func() int32 { return m.get("$piece") }

	// Building a move: compile an action into the move at HERE; the board is untouched.
	nat("move", func() {
		to, from := vm.Pop(), vm.Pop()
		act := "(move)"
		if m.cell(to) != 0 {
			act = "(move-capture)"
		}
		m.compile(act, m.cell(from), from, to)
	})
	nat("capture", func() { m.compile("(capture-at)", here()) })
	nat("capture-at", func() { m.compile("(capture-at)", vm.Pop()) })
	nat("drop", func() { m.compile("(create)", piece(), here()) })
	nat("drop-piece", func() { m.compile("(create)", vm.Pop()|forPlayer(), here()) })
	nat("drop-piece-at", func() { pos, t := vm.Pop(), vm.Pop(); m.compile("(create)", t|forPlayer(), pos) })
	nat("create", func() { m.compile("(create)", forPlayer()|piece()&typeMask, here()) })
	nat("create-at", func() { m.compile("(create)", forPlayer()|piece()&typeMask, vm.Pop()) })
	nat("create-player", func() { m.compile("(create)", vm.Pop()|piece()&typeMask, here()) })
	nat("create-player-at", func() { pos, p := vm.Pop(), vm.Pop(); m.compile("(create)", p|piece()&typeMask, pos) })
	nat("create-piece-type", func() { m.compile("(create)", vm.Pop()|forPlayer(), here()) })
	nat("create-piece-type-at", func() { pos, t := vm.Pop(), vm.Pop(); m.compile("(create)", t|forPlayer(), pos) })
	nat("create-player-piece-type", func() { t, p := vm.Pop(), vm.Pop(); m.compile("(create)", p|t, here()) })
	nat("create-player-piece-type-at", func() {
		pos, t, p := vm.Pop(), vm.Pop(), vm.Pop()
		m.compile("(create)", p|t, pos)
	})
	nat("change-type", func() { m.compile("(change-type-at)", vm.Pop(), here()) })
	nat("change-type-at", func() { pos, t := vm.Pop(), vm.Pop(); m.compile("(change-type-at)", t, pos) })
	nat("change-owner", func() { m.compile("(change-owner-at)", vm.Pop(), here()) })
	nat("change-owner-at", func() { pos, p := vm.Pop(), vm.Pop(); m.compile("(change-owner-at)", p, pos) })

	// Move actions: run when a move is made.
	nat("(move)", func() {
		to, from, p := vm.Pop(), vm.Pop(), vm.Pop()
		m.setCell(from, 0)
		m.setCell(to, p)
	})
	nat("(move-capture)", func() {
		to, from, p := vm.Pop(), vm.Pop(), vm.Pop()
		m.setCell(from, 0)
		m.setCell(to, 0)
		m.setCell(to, p)
	})
	nat("(create)", func() { pos, p := vm.Pop(), vm.Pop(); m.setCell(pos, p) })
	nat("(capture-at)", func() { m.setCell(vm.Pop(), 0) })
	nat("(change-type-at)", func() {
		pos, t := vm.Pop(), vm.Pop()
		m.setCell(pos, m.cell(pos)&^typeMask|t)
	})
	nat("(change-owner-at)", func() {
		pos, p := vm.Pop(), vm.Pop()
		m.setCell(pos, int32(uint32(m.cell(pos))&0xffff03ff)|p)
	})
	nat("(add-piece)", func() { pos, p := vm.Pop(), vm.Pop(); m.setCell(pos, p) })
	nat("(remove-piece)", func() { m.setCell(vm.Pop(), 0) })

	// Board and pieces.
	nat("board[]", func() { vm.Push(m.get("$board") + vm.Pop()*4) })
	nat("piece-value", func() { vm.Push(vm.Fetch(m.pieceEntry(vm.Pop()) + 12)) })
	nat("$CloneBoard", func() {
		b, size := m.get("$board"), m.get("$boardSize")
		vm.Comma(b)
		nb := vm.Here()
		for i := int32(0); i < size; i += 4 {
			vm.Comma(vm.Fetch(b + i))
		}
		vm.SetHere(nb + size)
		m.set("$board", nb)
	})
	nat("$DeallocateBoard", func() {
		b := m.get("$board")
		vm.SetHere(b - 4)
		m.set("$board", vm.Fetch(b-4))
	})
	nat("OnFriends?", func() {
		b, a := vm.Pop(), vm.Pop()
		vm.Push(truth(a == b))
	})
	nat("material-balance", func() {
		pl := vm.Pop()
		var sum int32
		for pos, n := int32(0), m.count("$positions", m.vm.Limit()/4); pos < n; pos++ {
			p := m.cell(pos)
			if p == 0 {
				continue
			}
			v := vm.Fetch(m.pieceEntry(p) + 12)
			switch {
			case p&playerMask == pl:
				sum += v
			case p&neutralBit == 0:
				sum -= v
			}
		}
		vm.Push(sum)
	})

	// Move lists, generation and making moves.
	nat("add-move", m.addMove)
	nat("$Exit", func() { vm.SetRDepth(m.savedRP + 1) })
	nat("$GenerateMoves", func() {
		of, all, pl := vm.Pop(), vm.Pop(), vm.Pop()
		m.generate(pl, pl, all != 0, of)
	})
	nat("$DeallocateMoves", m.dropList)
	nat("OnGenerateMoves", func() {
		m.generate(m.get("$player"), m.get("$forPlayer"), false, m.get("$ofType"))
	})
	nat("OnMakeAMove", m.makeMove)
	nat("$DecompileMove", func() {
		buf, mv := vm.Pop(), vm.Pop()
		vm.PutString(buf, m.decompile(mv))
	})

	// Hashing and search plumbing. Replay needs none of it: the Zobrist keys are filled
	// with a fixed pseudo-random sequence, the hash is not kept (so the repetition words
	// that read it fail, as do the built-in engines), and the search reports are dropped.
	nat("$Rand64!", func() {
		a := vm.Pop()
		for i := int32(0); i < 8; i += 4 {
			m.rand = m.rand*1103515245 + 12345
			vm.Store(a+i, int32(m.rand))
		}
	})
	nat("$EngineNewGame", func() { m.exec(m.cfa("$ClearEvals")) })
	nat("$EngineSetTurn", func() { vm.Pop() })
	nat("repetition-reset", func() {})
	for _, name := range []string{"repetition-push-position", "repetition-pop-position"} {
		nat(name, func() { vm.Fail("%s: the Zobrist hash of positions is not kept", name) })
	}
	for _, name := range []string{"CurrentMove!", "Nodes!", "Score!", "Depth!"} {
		nat(name, func() { vm.Pop() })
	}
	nat("BestMove!", func() { m.bestMove = vm.String(vm.Pop()) })
	nat("SearchStatus@", func() { vm.Push(0) })
	nat("Data", func() { vm.Push(0) })
	nat("$Yield", func() {})
	nat("OnTerminate", func() {})
	// The built-in engines search the host's tree of positions: they tell the host which
	// one to run (see Engine.Search).
	for _, name := range []string{"$NegamaxMove", "$UCTMove"} {
		nat(name, func() { m.builtin = name })
	}
	nat("OnPlayRandomGame", func() { vm.Fail("OnPlayRandomGame: Axiom's built-in play-outs are not supported") })
	for i, rb := range []string{"ringbuffer", "ringbuffer2"} {
		nat(rb+"-reset", func() { m.ring[i] = m.ring[i][:0] })
		nat(rb+"-add-item", func() {
			v := vm.Pop()
			if len(m.ring[i]) >= 1024 {
				vm.Fail("%s is full", rb)
			}
			m.ring[i] = append(m.ring[i], v)
		})
		nat(rb+"-remove-item", func() {
			if len(m.ring[i]) == 0 {
				vm.Fail("%s is empty", rb)
			}
			vm.Push(m.ring[i][0])
			m.ring[i] = m.ring[i][1:]
		})
		nat(rb+"-empty?", func() { vm.Push(truth(len(m.ring[i]) == 0)) })
	}
	for _, name := range []string{"^string", "^number", "^position", "^player", "^piece-type", "^char"} {
		nat(name, func() { vm.Pop() })
	}
	for _, name := range []string{"^-", "^x", "^=", "^trim"} {
		nat(name, func() {})
	}
}

// truth returns a Forth flag.
func truth(b bool) int32 {
	if b {
		return forthTrue
	}
	return 0
}

// startMove starts an empty move at HERE: next, type, hash, then DOCOL and the thread.
func (m *machine) startMove() {
	m.moveStart = m.vm.Here()
	for _, v := range []int32{0, 0, 0, m.docol} {
		m.vm.Comma(v)
	}
}

// addMove finishes the move being built, links it into the newest list and starts another.
func (m *machine) addMove() {
	vm := m.vm
	vm.Comma(vm.ExitCFA())
	vm.Store(m.lastLink, m.moveStart)
	m.lastLink = m.moveStart
	m.added++
	vm.Store(m.moveStart+4, m.curType)
	if mp := m.get("$move-priorities"); mp != 0 {
		pr := uint32(vm.Fetch(mp + m.curType*4))
		if pr < m.best {
			m.best, m.bestType = pr, m.curType
		}
		if pr > m.worst {
			m.worst = pr
		}
	}
	m.startMove()
}

// underflowCells is how many zero cells lie under the stack of a generator. The DLL checked
// the data stack only between the tokens of the outer interpreter: a generator could pop
// more than it pushed, reading the memory below the stack, and its stack was reset after
// it. MarGo's clear-f drops a cell it never pushed, on every move after the first.
const underflowCells = 16

// answer runs the word name, which leaves one cell, and returns that cell. As with
// generators, the word runs above underflowCells zero cells and the stack is reset
// after it: the DLL read the top of the stack whatever the word did below it (QXO's
// losing game drops one cell too many on its way to a win).
func (m *machine) answer(name string) int32 {
	vm := m.vm
	sp := vm.Depth()
	for range underflowCells {
		vm.Push(0)
	}
	m.exec(m.cfa(name))
	if vm.Depth() <= sp {
		vm.Fail("%s left no result", name)
	}
	r := vm.Pop()
	for vm.Depth() > sp {
		vm.Pop()
	}
	return r
}

// block runs each generator of a {moves} word whose type is ofType (or any, if 0) and
// returns the number of moves they added.
func (m *machine) block(moves, ofType int32) int32 {
	vm := m.vm
	m.added = 0
	n := vm.Fetch(moves + 4)
	if n < 0 || n > 128 {
		vm.Fail("a {moves} word with %d entries", n)
	}
	for k := int32(0); k < n; k++ {
		gen, typ := vm.Fetch(moves+8+8*k), vm.Fetch(moves+12+8*k)
		m.curType = typ
		if ofType == 0 || typ == ofType {
			sp := vm.Depth()
			for range underflowCells {
				vm.Push(0)
			}
			m.startMove()
			m.exec(gen)
			for vm.Depth() > sp {
				vm.Pop()
			}
			vm.SetHere(m.moveStart)
		}
		m.set("$pos", m.get("$from"))
	}
	return m.added
}

// generate builds a new move list on the list stack, as the DLL's generation does.
func (m *machine) generate(player, forPlayer int32, all bool, ofType int32) {
	vm := m.vm
	m.set("$passed", 0)
	head := vm.Here()
	vm.Comma(m.lists)
	vm.Comma(0)
	vm.Comma(0)
	m.lastLink = head + 8
	m.savedRP = vm.RDepth()
	m.best, m.worst, m.bestType = 1000, 0, 0
	var count int32
	if all {
		count = m.others(player, ofType)
	} else {
		count = m.own(player, forPlayer, ofType)
	}
	if m.get("$passTurnForced") == forthTrue && count == 0 && m.get("$partial") == 0 {
		m.startMove()
		m.exec(m.cfa("Pass"))
		count = 1
	}
	vm.Store(m.lastLink, 0)
	vm.Store(head+4, count)
	m.lists = head
	m.set("$movesList", head)
	if m.get("$move-priorities") != 0 && m.best != m.worst {
		link, n := head+8, int32(0)
		for mv := vm.Fetch(head + 8); mv != 0; mv = vm.Fetch(mv) {
			if vm.Fetch(mv+4) == m.bestType {
				vm.Store(link, mv)
				link = mv
				n++
			}
		}
		vm.Store(link, 0)
		vm.Store(head+4, n)
	}
}

// setPlayer makes pl the player generating, with the name of forPlayer.
func (m *machine) setPlayer(pl, forPlayer int32) {
	m.set("$player", pl)
	m.set("$playerOffset", ((pl>>11)&0x1f-1)*4)
	cfa := m.vm.Fetch(m.get("$players") + ((forPlayer>>11)&0x1f)*4 - 4)
	m.set("$playerName", m.vm.Fetch(cfa-12))
}

// keepPlayer saves the generating player and returns the function that restores it.
func (m *machine) keepPlayer() func() {
	pl, off, name := m.get("$player"), m.get("$playerOffset"), m.get("$playerName")
	return func() { m.set("$player", pl); m.set("$playerOffset", off); m.set("$playerName", name) }
}

// own generates the moves of forPlayer's pieces and its drops, position by position.
func (m *machine) own(player, forPlayer, ofType int32) int32 {
	vm := m.vm
	defer m.keepPlayer()()
	m.setPlayer(player, forPlayer)
	var count int32
	for pos, n := int32(0), m.count("$scanPositions", m.vm.Limit()/4); pos < n; pos++ {
		m.set("$pos", pos)
		m.set("$from", pos)
		if p := m.cell(pos); p != 0 && p&ownerMask == forPlayer {
			if mv := vm.Fetch(m.pieceEntry(p) + 4); mv != 0 {
				m.set("$piece", p)
				count += m.block(mv, ofType)
			}
		}
		count += m.drops(forPlayer, ofType)
	}
	return count
}

// drops runs every {drops} block of every piece type for player at the current position.
func (m *machine) drops(player, ofType int32) int32 {
	vm := m.vm
	var count int32
	for t, n := int32(1), m.count("$scanPieceCount", 1024); t <= n; t++ {
		e := m.pieceEntry(t)
		if dr := vm.Fetch(e + 8); dr != 0 {
			m.set("$piece", m.constant(vm.Fetch(e))|player)
			count += m.block(dr, ofType)
		}
	}
	return count
}

// others generates the moves and drops of every player who is not a friend of player and
// not neutral.
func (m *machine) others(player, ofType int32) int32 {
	vm := m.vm
	defer m.keepPlayer()()
	friends := func(a, b int32) bool {
		vm.Push(a)
		vm.Push(b)
		m.exec(m.cfa("OnFriends?"))
		return vm.Pop() != 0
	}
	var players []int32
	for i, n := int32(0), m.count("$playerCount", 32); i < n; i++ {
		players = append(players, m.constant(vm.Fetch(m.get("$players")+4*i)))
	}
	var count int32
	for pos, n := int32(0), m.count("$scanPositions", m.vm.Limit()/4); pos < n; pos++ {
		m.set("$pos", pos)
		m.set("$from", pos)
		p := m.cell(pos)
		owner := p & ownerMask
		if p != 0 && !friends(owner, player) && owner&neutralBit == 0 {
			if mv := vm.Fetch(m.pieceEntry(p) + 4); mv != 0 {
				m.setPlayer(owner, owner)
				m.set("$piece", p)
				count += m.block(mv, ofType)
			}
		}
		for _, pl := range players {
			if friends(pl, player) || pl&neutralBit != 0 {
				continue
			}
			m.setPlayer(pl, pl)
			count += m.drops(pl, ofType)
		}
	}
	return count
}

// dropList pops the newest move list, giving its memory back.
func (m *machine) dropList() {
	if m.lists == 0 {
		m.vm.Fail("no move list to deallocate")
	}
	head := m.lists
	m.vm.SetHere(head)
	m.lists = m.vm.Fetch(head)
	m.set("$movesList", m.lists)
}

// moves returns the moves of the newest list, in order.
func (m *machine) moves() []int32 {
	var out []int32
	if m.lists == 0 {
		return nil
	}
	for mv := m.vm.Fetch(m.lists + 8); mv != 0; mv = m.vm.Fetch(mv) {
		if len(out) > 1<<20 {
			m.vm.Fail("a move list without end")
		}
		out = append(out, mv)
	}
	return out
}

// makeMove is the default OnMakeAMove: run the move at $moveAddr, then end the turn unless
// the move was partial.
func (m *machine) makeMove() {
	m.set("$partial", 0)
	mv := m.get("$moveAddr")
	m.exec(mv + 12)
	m.set("$lastMoveType", m.vm.Fetch(mv+4))
	partial := len(m.moveString) >= 7 && m.moveString[:7] == "partial"
	if partial != (m.get("$partial") == forthTrue) {
		m.vm.Fail("partial move check inconsistency")
	}
	if !partial {
		m.set("$turnNumber", m.get("$turnNumber")+1)
		m.exec(m.cfa("OnNextTurn"))
	}
}
