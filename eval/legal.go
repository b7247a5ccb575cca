package eval

// This file turns generated parts into legal turns: a turn made of
// add-partial parts is followed to every complete chain; turns that leave a royal piece
// attacked are removed; move-priorities, "maximal captures" and "pass turn" apply.

import (
	"fmt"
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// MaxParts bounds the parts of one turn, and MaxTurns the complete turns of a position.
const (
	MaxParts = 256
	MaxTurns = 2_000_000
)

// Turn is one complete legal turn: its parts in order and the state after it (the turn
// order already advanced).
type Turn struct {
	Parts    []engine.Move
	After    *engine.State
	captures int // pieces captured over all parts
	promoted int // captured pieces of promoted types
	stats    *turnStats
	// End holds the changes of the dialect's post-move actions, made after the last part
	// (and included in After). They are kept apart from the parts so that a part is the
	// same whether the turn ends after it or goes on.
	End []engine.Change
}

// Side returns the player whose pieces move in s, and the player who chooses.
func (g *Game) Side(s *engine.State) (side, mover engine.Player) {
	e := g.Entry(s)
	return e.Side, e.Mover
}

// Parts appends to out the moves of the current part of s: the first parts of the turn
// in force, or the continuations of the piece that must go on. It applies no legality
// filter beyond the turn's move type; see Turns.
func (g *Game) Parts(s *engine.State, out []engine.Move) ([]engine.Move, error) {
	if err := g.runnable(); err != nil {
		return nil, err
	}
	x := g.getGen()
	defer g.putGen(x)
	moves, _, err := g.parts(x, s, out, nil, g.Entry(s).Type)
	return moves, err
}

// parts generates with x, appending moves to out and their changes to arena. First parts
// are those of the blocks of type typ (all types for engine.NoMoveType).
func (g *Game) parts(x *gen, s *engine.State, out []engine.Move, arena []engine.Change, typ engine.MoveType) (moves []engine.Move, ar []engine.Change, err error) {
	defer g.catch(x, &err)
	if x.royal != nil {
		x.royal, x.royalKinds = nil, nil // left set by a Sample that failed: not asked here
	}
	moves, ar = g.partsBare(x, s, out, arena, typ)
	return moves, ar, nil
}

// partsBare is parts without its recovery, for a caller that recovers the generator's
// panics with catch on the same x (Sample), as parts would: it gets the same error.
func (g *Game) partsBare(x *gen, s *engine.State, out []engine.Move, arena []engine.Change, typ engine.MoveType) ([]engine.Move, []engine.Change) {
	x.out = out
	x.outBase = len(out)
	x.arena = arena
	x.seenReset()
	clear(x.attCache[0])
	clear(x.attCache[1])
	e := g.Entry(s)
	if s.Cont != engine.NoLoc {
		g.continuations(x, s, e.Side, s.Cont, s.ContType)
	} else {
		g.firstParts(x, s, e.Side, typ)
	}
	return x.out, x.arena
}

func (g *Game) getGen() *gen {
	if v := g.gens.Get(); v != nil {
		return v.(*gen)
	}
	return newGen(g)
}

func (g *Game) putGen(x *gen) {
	x.out, x.s, x.cells = nil, nil, nil
	g.gens.Put(x)
}

func (g *Game) firstParts(x *gen, s *engine.State, side engine.Player, typ engine.MoveType) {
	x.s, x.cells, x.side, x.nbr = s, s.Cells, side, g.Board.Neighbor[side]
	x.mover, x.foreign = side, false
	p := g.code
	if p.Dialect != nil {
		g.firstPartsExt(x, s, side, typ)
	} else if x.bitParts(s, side, typ) {
		// The bit scan made the moves.
	} else if x.royal != nil {
		g.scanPartsRoyal(x, s, side, typ)
	} else {
		for l, c := range s.Cells {
			if !c.Owns(side) {
				continue
			}
			x.runMoves(c.Kind(), engine.Loc(l), c, typ)
		}
	}
	nk := len(g.Pieces)
	for _, k := range g.dropKinds {
		if st := s.Stock[int(side)*nk+k]; st == 0 {
			continue
		}
		piece := engine.MakeCell(side, engine.Kind(k), 0)
		for l := range g.Board.Locs {
			if !g.Board.Locs[l].HasRect || g.Board.Locs[l].Dummy {
				continue
			}
			x.runBlocks(p.Drops[k], engine.Loc(l), true, piece, typ, ^uint64(0))
		}
	}
}

func (g *Game) continuations(x *gen, s *engine.State, side engine.Player, l engine.Loc, typ engine.MoveType) {
	x.s, x.cells, x.side, x.nbr = s, s.Cells, side, g.Board.Neighbor[side]
	x.mover, x.foreign = side, false
	c := s.Cells[l]
	if c.IsEmpty() {
		return
	}
	if g.code.Dialect != nil {
		g.pieceParts(x, s, l, c, side, typ, code.ActPrePart)
		return
	}
	x.runMoves(c.Kind(), l, c, typ)
}

// runsFor is the one filter of the blocks that run: block i of its list, of move type
// bt and owner own, runs for a part of move type typ (NoMoveType: any) when it is one
// of mask (bit i for block i; blocks past the 64th always run) and its owner is not
// skip (skipOwner).
func runsFor(i int, bt engine.MoveType, own uint8, typ engine.MoveType, mask uint64, skip uint8) bool {
	return (i >= 64 || mask&(1<<uint(i)) != 0) && (typ == engine.NoMoveType || bt == typ) && own != skip
}

// skipOwner is the owner of the blocks that do not run for x's piece: the enemy's
// blocks for the side's own pieces, the friend's for a foreign piece.
func (x *gen) skipOwner() uint8 {
	if x.foreign {
		return code.OwnFriend
	}
	return code.OwnEnemy
}

// runBlocks runs every block of the list whose type typ allows (NoMoveType allows all)
// from position l, for a piece (or a drop of it). In attack mode it stops at the first
// capture on the square under test and reports it.
//
// Only the blocks of mask run (bit b for block b; blocks past the 64th always run).
func (x *gen) runBlocks(blocks []code.Block, l engine.Loc, drop bool, piece engine.Cell, typ engine.MoveType, mask uint64) bool {
	if fast := x.fastBlocks(blocks, drop, piece); fast != nil {
		return x.runFastBlocks(fast, l, piece, typ, mask, 0)
	}
	skip := x.skipOwner()
	for i := range blocks {
		b := &blocks[i]
		if !runsFor(i, b.Type, b.Owner, typ, mask, skip) {
			continue
		}
		x.blk = b
		x.reset(l, drop, piece)
		x.run(b.Ops)
		if x.attackMode && x.hit {
			return true
		}
	}
	return false
}

// attacked reports whether a piece of side on l could be captured by another player's
// moves (or, with defended, by side's own), on the board of s.
func (g *Game) attacked(s *engine.State, side engine.Player, l engine.Loc, typ engine.MoveType, defended bool) bool {
	x := g.getGen()
	defer g.putGen(x)
	return g.attackedWith(x, s, side, l, typ, defended)
}

// attackedWith is attacked using the generator x, which must not be running.
func (g *Game) attackedWith(x *gen, s *engine.State, side engine.Player, l engine.Loc, typ engine.MoveType, defended bool) bool {
	cells := s.Cells
	if cells[l].IsEmpty() {
		// Pretend the square holds a piece of the side (of an enemy, for defended?), so
		// that captures guarded by enemy? count.
		x.scratch = append(x.scratch[:0], cells...)
		owner := side
		if defended {
			owner = g.otherPlayer(side)
		}
		x.scratch[l] = engine.MakeCell(owner, 0, 0)
		cells = x.scratch
	}
	x.s, x.cells = s, cells
	x.attackAt, x.hit = l, false
	x.attackMode = true
	defer func() { x.attackAt, x.attackMode, x.hit = engine.NoLoc, false, false }()
	for pi := range g.Players {
		e := engine.Player(pi)
		if (e == side) != defended {
			continue
		}
		x.side, x.nbr = e, g.Board.Neighbor[e]
		for from, c := range cells {
			if c.IsEmpty() || c.Player() != e {
				continue
			}
			k := c.Kind()
			if !g.reaches(e, k, engine.Loc(from), l) {
				continue
			}
			if x.runMoves(k, engine.Loc(from), c, typ) {
				return true
			}
		}
	}
	return false
}

// otherPlayer returns some player other than p, preferring non-random ones.
func (g *Game) otherPlayer(p engine.Player) engine.Player {
	for i, pl := range g.Players {
		if engine.Player(i) != p && !pl.Random {
			return engine.Player(i)
		}
	}
	return p
}

// workspace holds the buffers of one level of the move tree, reused from one position to
// the next so that perft and search allocate almost nothing once warm.
type workspace struct {
	keepAll bool // keep multi-part turns that reach the same position by other paths
	x       *gen
	states  []*engine.State
	used    int
	kept    int // the cells, stock counts, values and stacks of states (MaxStateCells)
	arena   []engine.Change
	moves   []engine.Move
	turns   []Turn
	start   *engine.State // the position whose turns are being completed
	royal   royalScan     // the royal pieces and their attackers of start (royal.go)
	slab    stateSlab     // where new states come from (slab.go)
	// The continuations of multi-part turns, their changes, and the parts of those
	// turns: buffers that only grow until reset.
	cont      []engine.Move
	contArena []engine.Change
	chain     []engine.Move
	seen      []uint64 // the positions of the turn being completed (complete)
	cx        *gen     // the generator of continuations (contParts)
	// order is the buffer of the players whose goals Outcome checks (goalOrder).
	order []engine.Player
	// left holds the candidates Sample has not rejected yet (sample.go).
	left []int32
	// dial is what a workspace keeps for the dialect (dialectWork: the turns' facts,
	// the parts a post-part action changed, what the dialect's shortcuts know of
	// start), made only for a game of the dialect: nil in plain ZRF.
	dial *dialectWork
	// hinted is the state whose squares x.sq holds by hintSquares, for the next turns.
	hinted *engine.State
	// keep is where Sample makes the state of the turn it draws, when set (KeepIn).
	keep *Keeper
}

func (g *Game) newWorkspace() *workspace {
	w := &workspace{x: newGen(g)}
	if g.code != nil && g.code.Dialect != nil {
		w.dial = &dialectWork{}
	}
	return w
}

func (w *workspace) reset() {
	w.used = 0
	if w.dial != nil {
		w.dial.reset()
	}
	w.arena = w.arena[:0]
	w.moves = w.moves[:0]
	w.turns = w.turns[:0]
	w.cont = w.cont[:0]
	w.contArena = w.contArena[:0]
	w.chain = w.chain[:0]
}

// contParts returns the continuations of after, appended to w.cont with their changes
// in w.contArena. The slices returned so far stay as they are: appending writes past
// them, or into new arrays.
func (g *Game) contParts(w *workspace, after *engine.State) ([]engine.Move, error) {
	if w.cx == nil {
		w.cx = newGen(g)
	}
	x := w.cx
	n := len(w.cont)
	moves, arena, err := g.parts(x, after, w.cont, w.contArena, engine.NoMoveType)
	if err != nil {
		return nil, err
	}
	w.cont, w.contArena = moves, arena
	return moves[n:len(moves):len(moves)], nil
}

// state returns a pooled copy of s.
func (w *workspace) state(s *engine.State) *engine.State {
	if w.used < len(w.states) {
		t := w.states[w.used]
		t.CopyFrom(s)
		w.used++
		return t
	}
	n := stateCells(s)
	if w.kept+n > MaxStateCells {
		w.overBudget(s)
	}
	w.kept += n
	t := w.slab.clone(s)
	w.states = append(w.states, t)
	w.used++
	return t
}

// stateCells is the memory of s that a copy of it keeps, in the units of MaxStateCells.
func stateCells(s *engine.State) int {
	return len(s.Cells) + len(s.Stock) + len(s.Vals) + len(s.Under)
}

// overBudget bails out of the turns being listed: their states would keep more than
// MaxStateCells. The error is at the rules position the generator of the first parts
// ran last (the add of the last move made), or at the game's form.
func (w *workspace) overBudget(s *engine.State) {
	g := w.x.g
	pos, site := g.Pos, (*zrf.Site)(nil)
	if x := w.x; x.at >= 0 && int(x.at) < len(g.code.At) {
		pos, site = g.code.At[x.at].Pos, g.code.At[x.at].Site
	}
	n := max(1, stateCells(s))
	panic(genBail{&GenError{g.Fset.NewError(pos, site,
		"more than %d turns in one position on a board of %d positions: their states would keep more than %d MiB",
		MaxStateCells/n, len(s.Cells), MaxStateCells*4>>20)}})
}

// target returns a pooled state for the caller to overwrite with a state made from s
// (engine.Game.EndPart): a state of the pool as it is, or a new copy of s.
func (w *workspace) target(s *engine.State) *engine.State {
	if w.used < len(w.states) {
		t := w.states[w.used]
		w.used++
		return t
	}
	return w.state(s)
}

// runnable reports why the game's moves cannot be generated, if they cannot.
func (g *Game) runnable() error {
	if g.ax != nil {
		return g.ax.ready()
	}
	if g.code == nil {
		return fmt.Errorf("%s: no compiled moves", g.Title)
	}
	return nil
}

// Workspace holds the buffers of move generation for one game: the turns its methods
// return, and the states after them, stay valid until the workspace is used again. A
// workspace belongs to one goroutine; searchers keep one per depth of their tree so that
// it allocates almost nothing.
type Workspace struct {
	g *Game
	w *workspace
}

// NewWorkspace returns an empty workspace for g.
func (g *Game) NewWorkspace() *Workspace { return &Workspace{g: g, w: g.newWorkspace()} }

// KeepIn makes Sample make the state of the turn it draws, where the turn is of one
// part, in k's chunks rather than in ws: k.KeepTo of that turn, next, then keeps the
// state without copying it. A state of a candidate Sample rejects stays carved until
// k is Reset. k belongs to the goroutine that uses ws; nil turns this off.
func (ws *Workspace) KeepIn(k *Keeper) { ws.w.keep = k }

// Turns returns every complete legal turn of the player to move in s. Each turn carries
// the state after it. Multi-part turns that reach the same position by different paths
// are merged. The error is a *GenError when the rules' move code fails.
func (ws *Workspace) Turns(s *engine.State) (turns []Turn, err error) {
	if err := ws.g.runnable(); err != nil {
		return nil, err
	}
	defer ws.g.catch(ws.w.x, &err)
	ws.w.keepAll = false
	return ws.g.turns(s, ws.w)
}

// AllTurns is Turns without merging the multi-part turns that reach the same position by
// different paths: a replay must follow the very parts a saved game recorded.
func (ws *Workspace) AllTurns(s *engine.State) (turns []Turn, err error) {
	if err := ws.g.runnable(); err != nil {
		return nil, err
	}
	defer ws.g.catch(ws.w.x, &err)
	ws.w.keepAll = true
	return ws.g.turns(s, ws.w)
}

// turns computes the legal turns of s in w; they stay valid until w is reset.
func (g *Game) turns(s *engine.State, w *workspace) ([]Turn, error) {
	return g.turnsWith(s, w, nil)
}

// turnsWith is turns, for perft's last level when lw is not nil: the turns of one part
// are then made on lw's board or counted in lw (leafTurns), and those counted are not
// returned (lw.counted).
func (g *Game) turnsWith(s *engine.State, w *workspace, lw *leafWork) ([]Turn, error) {
	// The squares bitParts sorted are kept for all the move priorities of s, and
	// those hinted (hintSquares) are s's; any other are not (bitscan.go). A bail-out
	// leaves sqKeep set: the next call sets it again, and only turns uses w.x.
	if w.hinted != s {
		w.x.sqFor = nil
	}
	w.hinted = nil
	w.x.sqKeep = true
	turns, err := g.turnsKept(s, w, lw)
	w.x.sqKeep = false
	return turns, err
}

// turnsKept is turnsWith once the squares of s are set up.
func (g *Game) turnsKept(s *engine.State, w *workspace, lw *leafWork) ([]Turn, error) {
	if g.ax != nil {
		return g.ax.turns(s)
	}
	if s.Cont != engine.NoLoc {
		return nil, fmt.Errorf("turns: the state is in the middle of a turn")
	}
	w.start = s
	e := g.Entry(s)
	var turns []Turn
	var err error
	if g.phased && e.Type == engine.NoMoveType && g.on(UsePhases) {
		// The turns of each priority in turn, until one has some (priority.go): those
		// are the turns prioritise would keep of all of them.
		for _, typ := range g.MovePriorities {
			if turns, err = g.turnsOfType(s, w, typ, lw); err != nil || len(turns)+lw.counted() > 0 {
				break
			}
		}
		if err != nil {
			return nil, err
		}
	} else {
		if turns, err = g.turnsOfType(s, w, e.Type, lw); err != nil {
			return nil, err
		}
		turns = g.prioritise(turns, func(t *Turn) engine.MoveType { return t.Parts[0].Type })
	}
	turns = g.maximal(turns)
	if w.dial != nil && !w.dial.noChecks { // only the dialect has checks
		if turns, err = g.applyChecks(turns, s); err != nil {
			return nil, err
		}
	}
	if g.Options.PassTurn == engine.PassAlways || g.Options.PassTurn == engine.PassForced && len(turns)+lw.counted() == 0 {
		turns = append(turns, g.passTurn(w, s))
	}
	w.turns = turns
	return turns, nil
}

// passTurn is the turn of s that passes, its state made in w.
func (g *Game) passTurn(w *workspace, s *engine.State) Turn {
	after := w.state(s)
	pass := engine.PassMove()
	g.Apply(after, &pass)
	g.Advance(after)
	return Turn{Parts: []engine.Move{pass}, After: after}
}

// turnsOfType resets w and computes in it the turns of s whose first part is of type typ
// (of any type for engine.NoMoveType), merged unless w keeps all, without those that
// leave a royal piece attacked; move priorities are not applied. Perft's last level
// (lw not nil) makes them with leafTurns.
func (g *Game) turnsOfType(s *engine.State, w *workspace, typ engine.MoveType, lw *leafWork) ([]Turn, error) {
	w.reset()
	e := g.Entry(s)
	var turns []Turn
	var err error
	if lw != nil {
		turns, err = g.leafTurns(s, w, lw, typ)
	} else if w.moves, w.arena, err = g.parts(w.x, s, w.moves, w.arena, typ); err == nil {
		turns, err = g.completeTurns(s, w)
	}
	if err != nil {
		return nil, err
	}
	// Royal pieces: remove turns that leave one attacked, unless the side moves again.
	if roy := g.royal[e.Side]; len(roy) > 0 {
		g.scanRoyal(w, s, e.Side, roy)
		kept := turns[:0]
		for i := range turns {
			t := &turns[i]
			if g.Entry(t.After).Side == e.Side || !g.royalAttackedAfter(w, t, e.Side, roy) {
				if len(kept) == i {
					kept = kept[:i+1] // in place already: no copy of the turn onto itself
				} else {
					kept = append(kept, *t)
				}
			}
		}
		turns = kept
	}
	return turns, nil
}

// completeTurns completes every chain of parts of w.moves, the first parts of s, into
// w.turns and returns them merged unless w keeps all: the turns before the royal check.
// The dialect's are completeDialect's (dialect_defer.go).
func (g *Game) completeTurns(s *engine.State, w *workspace) ([]Turn, error) {
	w.slab.want = len(w.moves) + 1
	if g.code.Dialect != nil {
		return g.completeDialect(s, w)
	}
	// In plain ZRF a part that ends the turn needs only complete's and endTurn's last
	// steps.
	plain := g.on(UsePlainEnd) && !g.Semantics.DropNullTurns
	for i := range w.moves {
		parts := w.moves[i : i+1 : i+1]
		var err error
		if plain && parts[0].Cont == engine.NoMoveType {
			err = g.endPart(s, parts, w)
		} else {
			err = g.complete(s, parts, w, nil, tally{})
		}
		if err != nil {
			return nil, err
		}
	}
	return g.merged(w), nil
}

// merged returns w.turns merged (dedupe) unless w keeps all.
func (g *Game) merged(w *workspace) []Turn {
	if w.keepAll {
		return w.turns
	}
	return dedupe(w.turns, g.Semantics.MergeChains)
}

// endPart is complete for a turn of one part, parts[0], that ends it, in a game of
// plain ZRF without DropNullTurns: the state after it, the turn order advanced.
func (g *Game) endPart(s *engine.State, parts []engine.Move, w *workspace) error {
	t, err := g.partTurn(s, parts, w)
	if err != nil {
		return err
	}
	t.After = w.target(s)
	g.EndPart(t.After, s, &parts[0])
	return nil
}

// endPartKept is endPart for Sample's draws: the state after the part is made in
// place in w.keep's chunks when the workspace has one (KeepIn), s is a plain state and
// UsePlayout is on. The state is the same: EndPart sets every field of its target, from
// s and the part (endPlain, or CopyFrom then the part), whatever the target held.
func (g *Game) endPartKept(s *engine.State, parts []engine.Move, w *workspace) error {
	if w.keep == nil || !g.on(UsePlayout) || s.Vals != nil || s.Under != nil || s.External != nil {
		return g.endPart(s, parts, w)
	}
	t, err := g.partTurn(s, parts, w)
	if err != nil {
		return err
	}
	t.After = w.keep.carve(s)
	g.EndPart(t.After, s, &parts[0])
	return nil
}

// partTurn appends to w.turns the turn of the one part parts[0] of s, with what it
// captures for maximal captures and no state after it yet.
func (g *Game) partTurn(s *engine.State, parts []engine.Move, w *workspace) (*Turn, error) {
	m := &parts[0]
	caps, prom := 0, 0
	if g.Options.MaximalCaptures != 0 {
		caps = g.captureCount(s, m)
		if g.Options.MaximalCaptures == 2 {
			prom = g.promotedCaptures(s, m)
		}
	}
	if len(w.turns) >= MaxTurns {
		return nil, fmt.Errorf("more than %d complete turns in one position", MaxTurns)
	}
	// Set in place, as in endTurn: a Turn built on the stack and copied in stalls.
	w.turns = append(w.turns, Turn{})
	t := &w.turns[len(w.turns)-1]
	t.Parts, t.captures, t.promoted = parts, caps, prom
	return t, nil
}

// tally is what the parts of a turn so far did that its end reads: the pieces they
// captured and those of promoted types (maximal captures), and in the dialect the facts
// of the turn (nil before its first part, and in plain ZRF).
type tally struct {
	caps, prom int
	st         *turnStats
}

// complete follows the parts of a turn from s to every end and appends the turns to w.
//
// A turn never passes through the same position twice: a continuation that comes back to
// a position already reached in this turn is dropped (Ossetian Kena's men jump over their
// own men and could go back and forth for ever). seen holds the positions so far.
// t is what the parts before the last did.
func (g *Game) complete(s *engine.State, parts []engine.Move, w *workspace, seen []uint64, t tally) error {
	m := &parts[len(parts)-1]
	if g.Options.MaximalCaptures != 0 {
		t.caps += g.captureCount(s, m)
		if g.Options.MaximalCaptures == 2 {
			t.prom += g.promotedCaptures(s, m)
		}
	}
	d := g.code.Dialect
	if d != nil {
		t.st = t.st.next(g, w, s, parts)
	}
	after := w.state(s)
	g.Apply(after, m)
	if after.Cont != engine.NoLoc {
		g.SetCont(after, engine.NoLoc, engine.NoMoveType)
	}
	if d != nil && d.HasAct[code.ActPostPart] {
		dw := w.dial
		pm, ok, err := g.postActionTo(&dw.chunk, code.ActPostPart, s, after, *m, t.st)
		if err != nil || !ok {
			return err
		}
		// The turn's parts with the changed last one, in w's buffer: earlier turns keep
		// their slices when it grows.
		start := len(dw.parts)
		dw.parts = append(dw.parts, parts[:len(parts)-1]...)
		dw.parts = append(dw.parts, pm)
		parts = dw.parts[start:len(dw.parts):len(dw.parts)]
		m = &parts[len(parts)-1]
	}
	if m.Cont == engine.NoMoveType {
		return g.endTurn(w, s, after, parts, t)
	}
	if len(parts) >= MaxParts {
		return fmt.Errorf("a turn of more than %d parts: does a partial move come back to where it started?", MaxParts)
	}
	g.SetCont(after, after.LastTo, m.Cont)
	if slices.Contains(seen, after.Hash) {
		return nil
	}
	// The positions of the turn so far are a stack in w: a continuation writes past the
	// end of seen, where only the turns that go on from it read.
	w.seen = append(w.seen[:len(seen)], after.Hash)
	seen = w.seen[: len(seen)+1 : len(seen)+1]
	// Continuations get their own generator (w.x's buffers hold the first parts) and
	// go to the ends of w's buffers for them, which keep what earlier parts wrote.
	next, err := g.contParts(w, after)
	if err != nil {
		return err
	}
	return g.goOn(s, after, parts, next, w, seen, t)
}

// goOn is the rest of complete once the continuations next of after, the state after
// parts with the turn going on, are generated: seen holds after's hash, t what parts
// did.
func (g *Game) goOn(s, after *engine.State, parts, next []engine.Move, w *workspace, seen []uint64, t tally) error {
	next = g.prioritiseMoves(next)
	if len(next) == 0 || g.Options.PassPartial {
		// Without continuations nothing goes on from after: it ends the turn itself.
		end := after
		if len(next) > 0 {
			end = w.state(after)
		}
		g.SetCont(end, engine.NoLoc, engine.NoMoveType)
		if err := g.endTurn(w, s, end, parts, t); err != nil {
			return err
		}
	}
	for i := range next {
		start := len(w.chain)
		w.chain = append(w.chain, parts...)
		w.chain = append(w.chain, next[i])
		p := w.chain[start:len(w.chain):len(w.chain)]
		if err := g.complete(after, p, w, seen, t); err != nil {
			return err
		}
	}
	return nil
}

// endTurn runs the post-move actions on the state after the last part, advances the turn
// order and records the turn, which did what t says.
func (g *Game) endTurn(w *workspace, before, after *engine.State, parts []engine.Move, t tally) error {
	st := t.st
	var end []engine.Change
	if d := g.code.Dialect; d != nil && d.HasAct[code.ActPostMove] && !g.quietEnd(w, after, parts, g.Entry(before).Side) {
		ch, ok, err := g.actionTo(&w.dial.chunk, after, code.ActPostMove, after.LastTo, g.Entry(before).Side)
		if err != nil || !ok {
			return err
		}
		if len(ch) > 0 {
			if st != nil {
				st = st.clone(w, len(g.Pieces)) // turns that go on share st
				g.countCaptures(st, after, &engine.Move{Changes: ch})
			}
			g.applyEffects(after, ch)
			end = ch
		}
	}
	if g.Semantics.DropNullTurns && len(parts) > 1 && w.start != nil && sameBoard(after, w.start) {
		return nil
	}
	g.Advance(after)
	if len(w.turns) >= MaxTurns {
		return fmt.Errorf("more than %d complete turns in one position", MaxTurns) // addTurn's
	}
	// The fields are set in place: a Turn made on the stack and copied in is read back in
	// wider loads than it was written with, which stalls.
	w.turns = append(w.turns, Turn{})
	tn := &w.turns[len(w.turns)-1]
	tn.Parts, tn.After, tn.captures, tn.promoted, tn.stats, tn.End = parts, after, t.caps, t.prom, st, end
	return nil
}

// sameBoard reports whether a and b have the same pieces, stock and values.
func sameBoard(a, b *engine.State) bool {
	return slices.Equal(a.Cells, b.Cells) && slices.Equal(a.Stock, b.Stock) &&
		slices.Equal(a.Vals, b.Vals) && slices.Equal(a.Under, b.Under)
}

// dedupe removes multi-part turns that start from the same piece and lead to the same
// position as an earlier one: captures that take the same pieces in another order, or
// circle a ring of pieces the other way, are one move in draughts (and in perft counts).
// With mergeChains (engine.Semantics) a turn of one part made by add-partial counts as
// a chain too. Other single-part turns are distinct by their changes.
func dedupe(turns []Turn, mergeChains bool) []Turn {
	compound := func(t *Turn) bool {
		return len(t.Parts) > 1 || mergeChains && len(t.Parts) == 1 && t.Parts[0].Cont != engine.NoMoveType
	}
	multi := 0
	for i := range turns {
		if compound(&turns[i]) {
			multi++
		}
	}
	if multi < 2 {
		return turns
	}
	kept := turns[:0]
	for i := range turns {
		t := turns[i]
		dup := false
		if compound(&t) {
			for j := range kept {
				k := &kept[j]
				if compound(k) && k.After.Hash == t.After.Hash && k.Parts[0].Source() == t.Parts[0].Source() &&
					sameBoard(k.After, t.After) {
					dup = true
					break
				}
			}
		}
		if !dup {
			kept = append(kept, t)
		}
	}
	return kept
}

func (g *Game) addTurn(w *workspace, t Turn) error {
	if len(w.turns) >= MaxTurns {
		return fmt.Errorf("more than %d complete turns in one position", MaxTurns)
	}
	w.turns = append(w.turns, t)
	return nil
}

// captureCount counts what a part captures for "maximal captures": the pieces it removes,
// and the opponent's pieces it demotes in place (their type changes, they stay the
// opponent's). Northern Kings captures a king by turning it into a checker, and Zillions
// counts that jump as a capture (Northern Kings.zsg, line 10).
func (g *Game) captureCount(s *engine.State, m *engine.Move) int {
	var buf [16]engine.Loc
	return len(g.capturedLocs(s, m, buf[:0]))
}

// capturedLocs appends to buf the squares of what captureCount counts: the pieces m
// removes, then the opponent's pieces it demotes in place.
func (g *Game) capturedLocs(s *engine.State, m *engine.Move, buf []engine.Loc) []engine.Loc {
	buf = m.CapturedLocs(s, buf)
	side, _ := g.Side(s)
	for i := range m.Changes {
		c := &m.Changes[i]
		if c.Op != engine.OpType {
			continue
		}
		cell := s.Cells[c.To]
		if cell.IsEmpty() || cell.Player() == side || !m.Touches(c.To, engine.OpType) {
			continue
		}
		buf = append(buf, c.To)
	}
	return buf
}

// promotedCaptures counts the pieces of promoted types that m removes.
func (g *Game) promotedCaptures(s *engine.State, m *engine.Move) int {
	n := 0
	for _, c := range m.Changes {
		if c.Op == engine.OpCapture || c.Op == engine.OpMove {
			cl := s.Cells[c.To]
			if !cl.IsEmpty() && g.code.Promoted[cl.Kind()] && (c.Op == engine.OpCapture || cl.Player() != c.Player) {
				n++
			}
		}
	}
	return n
}

func (g *Game) royalAttacked(x *gen, s *engine.State, side engine.Player, royal []bool) bool {
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == side && royal[c.Kind()] {
			if g.attackedWith(x.attacker(), s, side, engine.Loc(l), engine.NoMoveType, false) {
				return true
			}
		}
	}
	return false
}

// prioritise applies move-priorities to turns by the type of their first part: the first
// listed type present removes the other listed types; unlisted types always stay.
func (g *Game) prioritise(turns []Turn, typ func(*Turn) engine.MoveType) []Turn {
	if len(g.MovePriorities) == 0 {
		return turns
	}
	best := g.bestPriority(len(turns), func(i int) engine.MoveType { return typ(&turns[i]) })
	if best < 0 {
		return turns
	}
	kept := turns[:0]
	for i := range turns {
		if r := g.priorityRank(typ(&turns[i])); r < 0 || r == best {
			kept = append(kept, turns[i])
		}
	}
	return kept
}

func (g *Game) prioritiseMoves(moves []engine.Move) []engine.Move {
	if len(g.MovePriorities) == 0 {
		return moves
	}
	best := g.bestPriority(len(moves), func(i int) engine.MoveType { return moves[i].Type })
	if best < 0 {
		return moves
	}
	kept := moves[:0]
	for i := range moves {
		if r := g.priorityRank(moves[i].Type); r < 0 || r == best {
			kept = append(kept, moves[i])
		}
	}
	return kept
}

func (g *Game) bestPriority(n int, typ func(int) engine.MoveType) int {
	best := -1
	for i := 0; i < n; i++ {
		if r := g.priorityRank(typ(i)); r >= 0 && (best < 0 || r < best) {
			best = r
		}
	}
	return best
}

func (g *Game) priorityRank(t engine.MoveType) int {
	for i, p := range g.MovePriorities {
		if p == t {
			return i
		}
	}
	return -1
}

// maximal keeps the turns that capture the most pieces ("maximal captures").
func (g *Game) maximal(turns []Turn) []Turn {
	if g.Options.MaximalCaptures == 0 || len(turns) == 0 {
		return turns
	}
	best, bestProm := 0, 0
	for _, t := range turns {
		if t.captures > best || t.captures == best && t.promoted > bestProm {
			best, bestProm = t.captures, t.promoted
		}
	}
	kept := turns[:0]
	for _, t := range turns {
		if t.captures == best && (g.Options.MaximalCaptures != 2 || t.promoted == bestProm) {
			kept = append(kept, t)
		}
	}
	return kept
}

// Perft counts the complete turns of the tree of the given depth from s. Every leaf turn
// is applied; where the game allows it (leafTurnsOK), the last level makes its turns on
// one board and undoes them, or computes only the hash of the position after a step,
// and keeps no state for them. Goals are not checked: a position ends only when it has
// no legal turn.
func (g *Game) Perft(s *engine.State, depth int) (n int64, err error) {
	return g.perftWith(s, depth, true)
}

// PerftStates is Perft with a state of its own built for every leaf turn, as for
// every other turn: the count is the same, the time is that of an engine that writes
// each leaf position.
func (g *Game) PerftStates(s *engine.State, depth int) (n int64, err error) {
	return g.perftWith(s, depth, false)
}

// perftWith is Perft, whose last level keeps no leaf states when leaves is set and
// the game allows it.
func (g *Game) perftWith(s *engine.State, depth int, leaves bool) (n int64, err error) {
	if err := g.runnable(); err != nil {
		return 0, err
	}
	defer g.catch(nil, &err)
	ws := make([]*workspace, depth)
	for i := range ws {
		ws[i] = g.newWorkspace()
	}
	var lw *leafWork
	if depth > 0 && leaves && g.on(UseLeafTurns) && g.leafTurnsOK() {
		lw = &leafWork{count: g.leafCountOK()}
	}
	return g.perft(s, depth, ws, lw)
}

// leafTurnsOK reports whether the turns of a position may be counted with no state
// after those of one part (leafWork): the game is plain ZRF, where nothing
// reads a turn's state after it but the check of royal pieces, and has none.
func (g *Game) leafTurnsOK() bool {
	if g.code == nil || g.ax != nil || g.code.Dialect != nil || g.Ext != nil {
		return false
	}
	for _, r := range g.royal {
		if slices.Contains(r, true) {
			return false
		}
	}
	return true
}

// perft counts the turns of the tree of the given depth from s, in the workspaces ws
// (one a level); lw, when not nil, is what the last level keeps (leafTurns).
func (g *Game) perft(s *engine.State, depth int, ws []*workspace, lw *leafWork) (int64, error) {
	if depth == 0 {
		return 1, nil
	}
	if depth == 1 && lw != nil {
		lw.start(s)
		turns, err := g.turnsWith(s, ws[0], lw)
		return int64(len(turns) + lw.counted()), err
	}
	turns, err := g.turns(s, ws[0])
	if err != nil {
		return 0, err
	}
	if depth == 1 {
		return int64(len(turns)), nil
	}
	var n int64
	for i := range turns {
		if depth > 1 && g.bits != nil {
			// The turns of the position after are computed next (depth-1 > 0).
			g.hintSquares(ws[0], ws[1], s, &turns[i])
		}
		c, err := g.perft(turns[i].After, depth-1, ws[1:], lw)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// MakePart returns the state after one part: the turn goes on with the moved piece when
// the part was made by add-partial and a continuation exists, and passes to the next
// turn otherwise. The error is a *GenError when the rules' code fails on the way (a
// post-action, or generating the continuations).
func (g *Game) MakePart(s *engine.State, m *engine.Move) (after *engine.State, err error) {
	if err := g.runnable(); err != nil {
		return nil, err
	}
	defer g.catch(nil, &err)
	after = s.Clone()
	g.Apply(after, m)
	d := g.code.Dialect
	if d != nil && d.HasAct[code.ActPostPart] {
		if _, _, err := g.postAction(code.ActPostPart, s, after, *m, nil); err != nil {
			return nil, err
		}
	}
	if m.Cont != engine.NoMoveType && !m.Pass {
		g.SetCont(after, after.LastTo, m.Cont)
		next, err := g.Parts(after, nil)
		if err != nil {
			return nil, err
		}
		if len(g.prioritiseMoves(next)) > 0 {
			return after, nil
		}
	}
	g.SetCont(after, engine.NoLoc, engine.NoMoveType)
	if d != nil && d.HasAct[code.ActPostMove] {
		if _, _, err := g.postAction(code.ActPostMove, s, after, *m, nil); err != nil {
			return nil, err
		}
	}
	g.Advance(after)
	return after, nil
}
