package eval

// This file runs the games whose moves are Forth for the Axiom engine. The rules file
// gives the board, the pieces, the players and the turn order, as Zillions read them; the
// Forth (package axiom) gives the moves and decides when the game ends.
//
// The Forth machine is the source of truth. Every state of such a game carries, in Ext,
// an axiom.Position: the machine's memory as it was after the moves that led there. Its
// Cells are a picture of the Forth board (positions, piece types and players matched by
// name), for drawing and for the notation; its Hash is the position's. To list the turns
// of a state, an engine is taken from the game's pool, put into the state's position, and
// asked for its move list; each move is made from that listed position and the result
// saved. So a state can be revisited in any order, by any goroutine, as the searchers
// need, and generating moves never changes a state.
//
// Order of the host calls: Outcome runs OnIsGameOver on the state (generating the list
// first when $shareMovesList is on, as the DLL did) and discards what it changed; Turns
// lists the moves from the state itself. Zillions called them in that order too, and the
// saves of the corpus replay the same either way (a test replays them through here).

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/engine"
)

// maxPartial bounds the parts of one Axiom turn made of partial moves.
const maxPartial = 16

// Locator finds the Forth sources of an Axiom game: the folder's files, and which of them
// to load.
type Locator func(engineDLL, title string) (fs.FS, *axiom.Sources, error)

// axiomGame is the run-time of an Axiom game: its sources, a pool of engines started
// from them, and the tables that turn Forth's numbers into the rules file's names.
type axiomGame struct {
	g      *Game
	locate Locator

	once  sync.Once
	err   error // why the engine cannot start
	fsys  fs.FS
	src   *axiom.Sources
	start *engine.State
	base  uint64 // hash of the baseline memory every engine of the pool must share

	mu   sync.Mutex
	idle []*axiom.Engine

	locs   []engine.Loc    // by Forth position number
	kinds  []engine.Kind   // by Forth piece type - 1
	owners []engine.Player // by Forth player number - 1
	byName map[string]engine.Player
}

// WithLocator returns g, an Axiom game made by New, able to find its Forth with locate.
// It must be called before the game is used.
func (g *Game) WithLocator(locate Locator) *Game {
	if g.ax != nil {
		g.ax.locate = locate
	}
	return g
}

// Sources returns the folder and files of the Forth of an Axiom game, once it has
// started; nil otherwise.
func (g *Game) Sources() *axiom.Sources {
	if g.ax == nil || g.ax.ready() != nil {
		return nil
	}
	return g.ax.src
}

// Ready starts the external engine of a game that has one (loading its sources and
// setting up the start position) and returns why it cannot start. Games of plain ZRF are
// always ready.
func (g *Game) Ready() error {
	if g.ax == nil {
		return nil
	}
	return g.ax.ready()
}

func (a *axiomGame) ready() error {
	a.once.Do(func() { a.err = a.boot() })
	return a.err
}

func (a *axiomGame) boot() error {
	g := a.g
	if a.locate == nil {
		return fmt.Errorf("%s: the Forth sources of this Axiom game cannot be found: the rules were not loaded from a file", g.Title)
	}
	fsys, src, err := a.locate(g.Engine, g.Title)
	if err != nil {
		return fmt.Errorf("%s: %w", g.Title, err)
	}
	a.fsys, a.src = fsys, src
	e, pos, err := a.newEngine()
	if err != nil {
		return err
	}
	a.base = e.BaselineHash()
	posNames, pieceNames, playerNames, err := e.Names()
	if err != nil {
		return fmt.Errorf("%s: %w", g.Title, err)
	}
	a.locs = make([]engine.Loc, len(posNames))
	for i, n := range posNames {
		a.locs[i] = g.Board.LocIndex(n)
	}
	a.kinds = make([]engine.Kind, len(pieceNames))
	for i, n := range pieceNames {
		a.kinds[i] = engine.NoKind
		for k, p := range g.Pieces {
			if p.Name == n {
				a.kinds[i] = engine.Kind(k)
			}
		}
	}
	a.byName = map[string]engine.Player{}
	for p, pl := range g.Players {
		a.byName[pl.Name] = engine.Player(p)
	}
	a.owners = make([]engine.Player, len(playerNames))
	for i, n := range playerNames {
		a.owners[i] = engine.NoPlayer
		if p, ok := a.byName[n]; ok {
			a.owners[i] = p
		}
	}
	start := g.Game.NewState()
	if err := a.picture(e, start, pos); err != nil {
		return err
	}
	a.start = start
	a.put(e)
	return nil
}

// newEngine starts an engine on the game's sources and setup and takes its baseline.
func (a *axiomGame) newEngine() (*axiom.Engine, *axiom.Position, error) {
	e, err := axiom.Start(a.fsys, a.src, axiom.Setup(a.g.Game))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", a.g.Title, err)
	}
	pos, err := e.Baseline()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", a.g.Title, err)
	}
	return e, pos, nil
}

// get returns an idle engine of the pool, or a new one.
func (a *axiomGame) get() (*axiom.Engine, error) {
	a.mu.Lock()
	if n := len(a.idle); n > 0 {
		e := a.idle[n-1]
		a.idle = a.idle[:n-1]
		a.mu.Unlock()
		return e, nil
	}
	a.mu.Unlock()
	e, _, err := a.newEngine()
	if err != nil {
		return nil, err
	}
	if e.BaselineHash() != a.base {
		return nil, fmt.Errorf("%s: the Forth loaded differently the second time (its start depends on something other than its sources)", a.g.Title)
	}
	return e, nil
}

func (a *axiomGame) put(e *axiom.Engine) {
	a.mu.Lock()
	a.idle = append(a.idle, e)
	a.mu.Unlock()
}

// position returns the Forth position of s.
func (a *axiomGame) position(s *engine.State) (*axiom.Position, error) {
	pos, ok := s.External.(*axiom.Position)
	if !ok {
		return nil, errors.New("a position of an Axiom game that did not come from its engine")
	}
	return pos, nil
}

// picture makes s show the board of e, which is in position pos, and gives it pos and its
// hash.
func (a *axiomGame) picture(e *axiom.Engine, s *engine.State, pos *axiom.Position) error {
	board, err := e.Board(nil)
	if err != nil {
		return err
	}
	for i, p := range board {
		if i >= len(a.locs) || a.locs[i] == engine.NoLoc {
			continue
		}
		s.Cells[a.locs[i]] = a.cell(p)
	}
	s.External = pos
	rehash(s)
	return nil
}

// rehash gives s the hash of its Forth position and turn.
func rehash(s *engine.State) {
	s.Hash = s.External.(*axiom.Position).Hash() ^ uint64(s.Turn+1)*0xbf58476d1ce4e5b9
}

// cell returns the picture of an Axiom piece value: empty when the rules file does not
// know its type or player.
func (a *axiomGame) cell(p int32) engine.Cell {
	t, n := axiom.PieceType(p), axiom.PiecePlayer(p)
	if t == 0 || t > len(a.kinds) || n == 0 || n > len(a.owners) {
		return engine.Empty
	}
	k, pl := a.kinds[t-1], a.owners[n-1]
	if k == engine.NoKind || pl == engine.NoPlayer {
		return engine.Empty
	}
	return engine.MakeCell(pl, k, 0)
}

func (a *axiomGame) loc(pos int32) engine.Loc {
	if pos < 0 || int(pos) >= len(a.locs) {
		return engine.NoLoc
	}
	return a.locs[pos]
}

// part returns the engine.Move of an Axiom move: its text, and its board actions as
// changes where the rules file knows the positions, types and players.
func (a *axiomGame) part(mv *axiom.Move) engine.Move {
	m := engine.Move{Rule: -1, Type: engine.NoMoveType, Cont: engine.NoMoveType, Text: mv.Text, Pass: len(mv.Acts) == 0}
	for _, x := range mv.Acts {
		to := a.loc(x.To)
		if to == engine.NoLoc {
			continue
		}
		c := engine.Change{To: to, From: engine.NoLoc}
		switch x.Op {
		case axiom.ActMove:
			c.Op, c.From = engine.OpMove, a.loc(x.From)
			if c.From == engine.NoLoc {
				continue
			}
		case axiom.ActCreate:
			cell := a.cell(x.Piece)
			if cell.IsEmpty() {
				continue
			}
			c.Op, c.Player, c.Kind = engine.OpCreate, cell.Player(), cell.Kind()
		case axiom.ActCapture:
			c.Op = engine.OpCapture
		case axiom.ActType:
			t := axiom.PieceType(x.Piece)
			if t == 0 || t > len(a.kinds) || a.kinds[t-1] == engine.NoKind {
				continue
			}
			c.Op, c.Kind = engine.OpType, a.kinds[t-1]
		case axiom.ActOwner:
			n := axiom.PiecePlayer(x.Piece)
			if n == 0 || n > len(a.owners) || a.owners[n-1] == engine.NoPlayer {
				continue
			}
			c.Op, c.Player = engine.OpOwner, a.owners[n-1]
		default:
			continue
		}
		m.Changes = append(m.Changes, c)
	}
	return m
}

// turns lists the turns of s: one per move of the Forth list, or, for a partial move,
// one per way of completing the turn.
func (a *axiomGame) turns(s *engine.State) (out []Turn, err error) {
	err = a.withEngine(s, func(e *axiom.Engine) error {
		pos, _ := a.position(s)
		return a.expand(e, s, pos, nil, &out)
	})
	return out, err
}

// expand adds to out the turns that start with the parts prefix in s (Forth position pos).
func (a *axiomGame) expand(e *axiom.Engine, s *engine.State, pos *axiom.Position, prefix []engine.Move, out *[]Turn) error {
	if err := e.Restore(pos); err != nil {
		return err
	}
	mvs, err := e.List()
	if err != nil {
		return err
	}
	listed, err := e.Save()
	if err != nil {
		return err
	}
	return a.makeAll(e, s, listed, mvs, prefix, false, out)
}

// makeAll adds to out the turns that start with prefix then each of mvs, the moves
// listed in the Forth position listed (the engine is in it unless moved is set).
func (a *axiomGame) makeAll(e *axiom.Engine, s *engine.State, listed *axiom.Position, mvs []axiom.Move, prefix []engine.Move, moved bool, out *[]Turn) error {
	for i := range mvs {
		mv := &mvs[i]
		if i > 0 || moved {
			if err := e.Restore(listed); err != nil {
				return err
			}
		}
		if err := e.Make(mv); err != nil {
			return err
		}
		child, err := e.Save()
		if err != nil {
			return err
		}
		after := s.Clone()
		if err := a.picture(e, after, child); err != nil {
			return err
		}
		part := a.part(mv)
		after.Ply++
		after.LastFrom, after.LastTo = lastSquares(&part)
		parts := append(prefix[:len(prefix):len(prefix)], part)
		if mv.Partial {
			if len(parts) >= maxPartial {
				return fmt.Errorf("more than %d partial moves in one turn", maxPartial)
			}
			if err := a.expand(e, after, child, parts, out); err != nil {
				return err
			}
			continue
		}
		a.g.Advance(after)
		rehash(after)
		*out = append(*out, Turn{Parts: parts, After: after})
	}
	return nil
}

// lastSquares returns where the part came from and went to, for drawing the last move.
func lastSquares(m *engine.Move) (from, to engine.Loc) {
	from, to = engine.NoLoc, engine.NoLoc
	for _, c := range m.Changes {
		if c.Op == engine.OpMove && from == engine.NoLoc {
			from = c.From
		}
		to = c.To
	}
	return from, to
}

// outcome runs OnIsGameOver on s and, when the game goes on, lists the turns of s. The
// score is for the player about to move in Forth ($player): a loss makes the other real
// players winners, a win makes that player the winner. When $shareMovesList is on, the
// move list OnIsGameOver sees is the one the turns are made from, generated once.
func (a *axiomGame) outcome(s *engine.State) (res Result, turns []Turn, err error) {
	err = a.withEngine(s, func(e *axiom.Engine) error {
		share, err := e.SharesMoves()
		if err != nil {
			return err
		}
		var listed *axiom.Position
		var mvs []axiom.Move
		if share {
			if mvs, err = e.List(); err != nil {
				return err
			}
			if listed, err = e.Save(); err != nil {
				return err
			}
		}
		score, err := e.Over()
		if err != nil {
			return err
		}
		name, err := e.Player()
		if err != nil {
			return err
		}
		if res, err = a.result(score, name); err != nil || res.Over {
			return err
		}
		if !share {
			pos, _ := a.position(s)
			return a.expand(e, s, pos, nil, &turns)
		}
		return a.makeAll(e, s, listed, mvs, nil, true, &turns)
	})
	return res, turns, err
}

// result turns a score of OnIsGameOver for the player name into a result.
func (a *axiomGame) result(score int32, name string) (Result, error) {
	p, known := a.byName[name]
	switch score {
	case axiom.LossScore, axiom.WinScore:
		if !known {
			return Result{}, fmt.Errorf("OnIsGameOver ended the game for %q, a player the rules file does not have", name)
		}
		var others []engine.Player
		for _, q := range a.g.realPlayers() {
			if q != p {
				others = append(others, q)
			}
		}
		if score == axiom.LossScore {
			return Result{Over: true, Winners: others, Losers: []engine.Player{p}, Reason: "OnIsGameOver: " + name + " has lost"}, nil
		}
		return Result{Over: true, Winners: []engine.Player{p}, Losers: others, Reason: "OnIsGameOver: " + name + " has won"}, nil
	case axiom.DrawScore:
		return Result{Over: true, Draw: true, Reason: "OnIsGameOver: a draw"}, nil
	}
	return Result{}, nil
}

// Pass returns the state after the player to move in s passes: the turn order goes on
// and no piece moves. For an Axiom game the Forth ends the turn (OnNextTurn).
func (g *Game) Pass(s *engine.State) (*engine.State, error) {
	if g.ax != nil {
		return g.ax.pass(s)
	}
	after := s.Clone()
	pass := engine.PassMove()
	g.Apply(after, &pass)
	g.Advance(after)
	return after, nil
}

// pass returns the state after the player to move in s passes, having no move.
func (a *axiomGame) pass(s *engine.State) (after *engine.State, err error) {
	err = a.withEngine(s, func(e *axiom.Engine) error {
		if err := e.Pass(); err != nil {
			return err
		}
		child, err := e.Save()
		if err != nil {
			return err
		}
		after = s.Clone()
		after.Ply++
		after.LastFrom, after.LastTo = engine.NoLoc, engine.NoLoc
		a.g.Advance(after)
		after.External = child
		rehash(after)
		return nil
	})
	return after, err
}

// withEngine runs f on an engine of the pool put in the Forth position of s.
func (a *axiomGame) withEngine(s *engine.State, f func(e *axiom.Engine) error) error {
	if err := a.ready(); err != nil {
		return err
	}
	pos, err := a.position(s)
	if err != nil {
		return err
	}
	e, err := a.get()
	if err != nil {
		return err
	}
	defer a.put(e)
	if err := e.Restore(pos); err != nil {
		return err
	}
	if err := f(e); err != nil {
		return fmt.Errorf("%s: %w", a.g.Title, err)
	}
	return nil
}

// ForthSearch asks the search engine the Forth gives the player to move in s (OnSearch)
// for its move, with the Forth random generator seeded with seed, and returns the move's
// text. When that engine is one of Axiom's built-in ones, it returns no text but the
// engine's name ($NegamaxMove or $UCTMove), for the caller to search with ForthEvaluate.
// Only Axiom games have one.
func (g *Game) ForthSearch(s *engine.State, seed int32) (text, builtin string, err error) {
	if g.ax == nil {
		return "", "", fmt.Errorf("%s: not an Axiom game", g.Title)
	}
	err = g.ax.withEngine(s, func(e *axiom.Engine) error {
		var err error
		if text, builtin, err = e.Search(seed); err != nil {
			return err
		}
		if builtin == "" && text == "" {
			return errors.New("the player's search engine chose no move (no BestMove!)")
		}
		return nil
	})
	return text, builtin, err
}

// ForthEvaluate returns the Forth's evaluation (OnEvaluate) of s from the point of view
// of player p.
func (g *Game) ForthEvaluate(s *engine.State, p engine.Player) (int32, error) {
	if g.ax == nil {
		return 0, fmt.Errorf("%s: not an Axiom game", g.Title)
	}
	var v int32
	err := g.ax.withEngine(s, func(e *axiom.Engine) error {
		var err error
		v, err = e.Evaluate(g.Players[p].Name)
		return err
	})
	return v, err
}
