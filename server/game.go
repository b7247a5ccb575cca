package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/store"
)

// maxForcedPasses bounds the passes the server makes in a row for players who cannot
// move (the match declares a draw long before).
const maxForcedPasses = 1000

// game is a game in memory. Its fields change only under mu, and a new match replaces
// the old one whole (gen counts the changes, so that a bot's late answer is dropped).
type game struct {
	id   string
	hub  hub
	pics *pictures // the server's

	mu     sync.Mutex
	loaded bool // rec, m and the rest are valid
	rec    *store.Game
	fsys   fs.FS // the rules' folder, for the bitmaps
	dir    string
	g      *eval.Game
	m      *match.Match
	agents []ai.Agent // per seat; nil for people
	played []playedText
	legal  []notation.TurnText // texts of m.Legal(), computed when first asked for
	shorts []string            // m.Legal() in the short notation, computed when first asked for
	// legalJSON is m.Legal() as the state shows it, computed when first asked for.
	legalJSON []legalJSON
	gen       int
	offer     int // the seat that offered a draw, or -1
	think     bool
	fails     int // failures of the store met by the bots in a row
	// lease is whether this server holds the game's lease in the store (lease.go): it
	// does while its bots play the game. elsewhere is until when another server is
	// taken to hold it, so that its bot turns are not tried for here at every change.
	lease     bool
	leased    time.Time // when this server took the lease
	elsewhere time.Time
	used      time.Time // when a request, bot or stream last asked for the game
	botRand   *rand.Rand
	images    map[int]string // pictures of pieces without a bitmap, by player*len(Pieces)+kind (handImage)
	svg       *boardJSON     // the board of generation svgGen
	svgGen    int
	caps      []stockJSON // the pieces captured by generation capsGen
	capsGen   int
	words     *string // the outcome in words at generation wordsGen
	wordsGen  int
	sides     []side       // where the players' pieces start (seats.go), for sidesOf
	sidesOf   *eval.Game   // the game sides was found for
	tc        *timeControl // the game's clock (clock.go); nil without one
}

// playedText is what the server remembers of a turn played: its texts in the named
// notation, in ZSG and in the short notation with its mark of check (notation.Mark).
type playedText struct {
	player engine.Player
	named  string
	zsg    string
	short  string
	check  []string  // the royal pieces in check after it
	at     time.Time // when it was stored
	clocks []int64   // as stored with it (clock.go)
}

// over reports whether the game has ended, by its goals or otherwise.
func (gm *game) over() bool { return gm.rec.Result != "" || gm.m.Over() }

// result returns how the game ended, or "".
func (gm *game) result() string {
	if gm.rec.Result != "" {
		return gm.rec.Result
	}
	if gm.m.Over() {
		return gm.m.Result().String()
	}
	return ""
}

// outcome says how the game ended in words, or "": the goal that decided (eval's
// Words), or what the server stored (a resignation, a draw agreed, an error).
func (gm *game) outcome() string {
	r := gm.rec.Result
	if gm.m.Over() && (r == "" || r == gm.m.Result().String()) {
		if gm.words == nil || gm.wordsGen != gm.gen {
			w := gm.g.Words(gm.m.Result(), gm.m.State())
			gm.words, gm.wordsGen = &w, gm.gen
		}
		return *gm.words
	}
	switch {
	case r == "draw agreed":
		return "Draw agreed"
	case strings.HasPrefix(r, "error: "):
		return stoppedWords(strings.TrimPrefix(r, "error: "))
	}
	return r
}

// stoppedWords says the error that stopped a game: from its place in the rules on, when it
// has one (what went before it, such as "Jofur: generating moves: OnGenerateMoves: ", is
// the path the error took through the program, which a player has no use for).
func stoppedWords(r string) string {
	r = strings.TrimPrefix(r, "internal error: ")
	if loc := rulesPlace.FindStringIndex(r); loc != nil {
		return "Game stopped: rules error at " + r[loc[0]:]
	}
	return "Game stopped: " + r
}

// rulesPlace matches the place in the rules an error gives: FILE:LINE:COL, at the start
// or after the words that carried the error up.
var rulesPlace = regexp.MustCompile(`[^\s:]+:[0-9]+:[0-9]+: `)

// checked returns the positions of the royal pieces in check in the match's position,
// and the mark of the turn that led there: "+", "#" or "". A rules error while looking
// is no check: the turn was played, and the error shows when the rules are run next.
func (gm *game) checked() ([]string, string) {
	locs, err := gm.g.Checked(gm.m.State())
	if err != nil {
		return nil, ""
	}
	var out []string
	for _, l := range locs {
		out = append(out, locName(gm.g, l))
	}
	return out, notation.MarkOf(gm.m.State(), gm.m.Result(), locs)
}

// ply returns the number of turns played.
func (gm *game) ply() int { return len(gm.m.History()) }

// texts returns the texts of the legal turns.
func (gm *game) texts() []notation.TurnText {
	if gm.legal == nil {
		gm.legal = notation.DescribeTurns(gm.g, gm.m.State(), gm.m.Legal())
	}
	return gm.legal
}

// short returns legal turn i in the short notation.
func (gm *game) short(i int) string {
	if gm.shorts == nil {
		gm.shorts = notation.ShortTurns(gm.g, gm.m.State(), gm.m.Legal())
	}
	return gm.shorts[i]
}

// seats returns the seats a secret acts for, and whether it may read the game: anybody
// may read a public game.
func (gm *game) seats(secret string) (you []int, ok bool) {
	if secret == "" {
		return nil, gm.rec.Public
	}
	h := hashSecret(secret)
	for i, st := range gm.rec.Seats {
		if st.Kind == "human" && sameHash(st.Token, h) {
			you = append(you, i)
		}
	}
	return you, len(you) > 0 || sameHash(gm.rec.ViewToken, h) || gm.rec.Public
}

// game returns the game id, loaded and in step with the store, locked: the caller
// unlocks gm.mu.
func (s *Server) game(ctx context.Context, id string) (*game, error) {
	if len(id) > 64 {
		return nil, errf(http.StatusNotFound, "not_found", "no game %q", id)
	}
	s.mu.Lock()
	gm, ok := s.live[id]
	if !ok {
		if len(s.live) >= maxLive {
			s.evict()
		}
		gm = &game{id: id, offer: -1, pics: &s.pics}
		s.live[id] = gm
	}
	gm.used = time.Now()
	s.mu.Unlock()
	gm.mu.Lock()
	err := s.refresh(ctx, gm)
	if err == nil {
		err = s.settle(ctx, gm)
	}
	if err != nil {
		gm.mu.Unlock()
		if !ok {
			s.mu.Lock()
			if s.live[id] == gm && !gm.loaded {
				delete(s.live, id)
			}
			s.mu.Unlock()
		}
		return nil, err
	}
	return gm, nil
}

// maxLive is the number of games kept in memory beyond which idle ones are dropped (they
// are rebuilt from the store when asked for again).
const maxLive = 2000

// evict drops from memory the games that no request, bot or event stream uses; s.mu is
// held.
func (s *Server) evict() {
	for id, gm := range s.live {
		if !gm.mu.TryLock() {
			continue
		}
		if !gm.think && gm.hub.listeners() == 0 {
			delete(s.live, id)
		}
		gm.mu.Unlock()
	}
}

// evictIdle drops from memory the games that nothing has asked for since before, and
// that no bot or event stream uses.
func (s *Server) evictIdle(before time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, gm := range s.live {
		if !gm.used.Before(before) || !gm.mu.TryLock() {
			continue
		}
		if !gm.think && gm.hub.listeners() == 0 {
			delete(s.live, id)
		}
		gm.mu.Unlock()
	}
}

// refresh reads gm from the store and brings the game in memory in step with it; gm.mu
// is held, so that no turn is stored meanwhile by this server.
func (s *Server) refresh(ctx context.Context, gm *game) error {
	rec, turns, err := s.st.Game(ctx, gm.id)
	if errors.Is(err, store.ErrNotFound) {
		gm.loaded = false
		return errf(http.StatusNotFound, "not_found", "no game %q", gm.id)
	}
	if err != nil {
		return err
	}
	if err := s.sync(ctx, gm, rec, turns); err != nil {
		gm.loaded = false
		if re := (*rulesError)(nil); errors.As(err, &re) {
			// The rules fail at the start: the game is stored as ended with their
			// error, so that no restart resumes it.
			if rec.Result == "" {
				if err := s.st.SetResult(ctx, gm.id, "error: "+errText(re.err)); err != nil {
					s.logf("game %s: %v", gm.id, err)
				}
			}
			return errf(http.StatusUnprocessableEntity, "rules", "game %q cannot be played: %s", gm.id, errText(re.err))
		}
		return err
	}
	return nil
}

// sync brings gm in step with what the store holds.
func (s *Server) sync(ctx context.Context, gm *game, rec *store.Game, turns []store.Turn) error {
	if gm.loaded && len(turns) >= gm.ply() && slices.EqualFunc(gm.played, turns[:gm.ply()], func(p playedText, t store.Turn) bool {
		return p.zsg == t.Text
	}) {
		if gm.rec.Result != rec.Result { // a resignation or a draw agreed through another server
			gm.rec.Result = rec.Result
			gm.gen++
		}
		gm.syncSite(rec)
		defer gm.syncOffer(rec)
		if len(turns) == gm.ply() {
			return nil
		}
		gm.gen++
		return s.replay(ctx, gm, turns[gm.ply():])
	}
	if err := s.load(ctx, gm, rec); err != nil {
		return err
	}
	defer gm.syncOffer(rec)
	return s.replay(ctx, gm, turns)
}

// syncOffer takes the draw offer from the stored record: it stands while every turn
// played since it was made is the offering seat's own (the other side declines an offer
// by moving), and while the game goes on.
func (gm *game) syncOffer(rec *store.Game) {
	offer := rec.DrawOffer
	if offer < 0 || rec.Result != "" || gm.over() || rec.DrawOfferPly > len(gm.played) {
		offer = -1
	} else {
		for _, p := range gm.played[rec.DrawOfferPly:] {
			if int(p.player) != offer {
				offer = -1
				break
			}
		}
	}
	if offer != gm.offer {
		gm.offer = offer
		gm.gen++
	}
	gm.rec.DrawOffer, gm.rec.DrawOfferPly = rec.DrawOffer, rec.DrawOfferPly
}

// load starts gm afresh from its stored record.
func (s *Server) load(ctx context.Context, gm *game, rec *store.Game) error {
	var fsys fs.FS
	var dir string
	var g *eval.Game
	if e, ok := s.cat.hashed(rec.RulesHash); ok {
		var err error
		if g, err = e.game(rec.Variant); err != nil {
			return err
		}
		fsys, dir = e.fsys, e.dir()
	} else {
		src, err := s.st.Rules(ctx, rec.RulesHash)
		if err != nil {
			return fmt.Errorf("game %q: rules %q: %w", rec.ID, rec.RulesName, err)
		}
		name := path.Base(rec.RulesName)
		if name == "." || name == "/" || !fs.ValidPath(name) {
			name = "rules.zrf"
		}
		fsys, dir = fstest.MapFS{name: {Data: src}}, "."
		f, err := loadRules(fsys, name)
		if err != nil {
			return fmt.Errorf("game %q: the stored rules do not load: %s", rec.ID, errText(err))
		}
		if g, err = f.Find(rec.Variant); err != nil {
			return fmt.Errorf("game %q: %s", rec.ID, errText(err))
		}
		if n := len(g.Board.Locs); n > maxBoardPositions {
			return fmt.Errorf("game %q: %w", rec.ID, &rulesError{fmt.Errorf("a board of %d positions; the server offers boards of at most %d", n, maxBoardPositions)})
		}
	}
	if len(rec.Seats) != len(g.Players) {
		return fmt.Errorf("game %q has %d seats but %q has %d players", rec.ID, len(rec.Seats), rec.Variant, len(g.Players))
	}
	tc, err := parseControl(rec.Clock)
	if err != nil {
		return fmt.Errorf("game %q: %w", rec.ID, err)
	}
	agents, err := s.makeAgents(g, rec.Seats)
	if err != nil {
		return fmt.Errorf("game %q: %w", rec.ID, err)
	}
	start, err := startOf(g, rec.Start) // setup.go
	if err != nil {
		return fmt.Errorf("game %q: %w", rec.ID, &rulesError{err})
	}
	m, err := match.New(g, start)
	if err != nil {
		return fmt.Errorf("game %q: %w", rec.ID, &rulesError{err})
	}
	gm.loaded, gm.rec, gm.fsys, gm.dir, gm.g, gm.m, gm.agents, gm.tc = true, rec, fsys, dir, g, m, agents, tc
	gm.played, gm.legal, gm.legalJSON, gm.shorts, gm.offer, gm.images = nil, nil, nil, nil, -1, nil
	gm.gen++
	if gm.botRand == nil {
		gm.botRand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return nil
}

// rulesError is an error of the rules' move code met while a game is built or replayed
// (an *eval.GenError, or too many turns): the rules, not the request or the store, fail.
type rulesError struct{ err error }

func (e *rulesError) Error() string { return e.err.Error() }
func (e *rulesError) Unwrap() error { return e.err }

// makeAgents makes the bots of the seats.
func (s *Server) makeAgents(g *eval.Game, seats []store.Seat) ([]ai.Agent, error) {
	agents := make([]ai.Agent, len(seats))
	for i, st := range seats {
		spec := ""
		switch st.Kind {
		case "bot":
			spec = st.Bot
		case "random":
			spec = "random"
		default:
			continue
		}
		a, err := s.agent(spec, g)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		agents[i] = a
	}
	return agents, nil
}

// agent makes a bot from its spelling: "engine:NAME", an engine of Options.Engines,
// or one of zoggo's own (ai.Parse).
func (s *Server) agent(spec string, g *eval.Game) (ai.Agent, error) {
	if name, ok := strings.CutPrefix(spec, "engine:"); ok {
		cmd, ok := s.engines[name]
		if !ok {
			return nil, fmt.Errorf("no engine %q on this server", name)
		}
		return engines.NewEngine(name, cmd, g)
	}
	return ai.Parse(spec, g)
}

// replay plays stored turns on gm, checking each. A turn the rules' move code fails on
// (in the position it leads to) ends the game there with the error as its result, stored
// unless a result is: the turns after it are not played.
func (s *Server) replay(ctx context.Context, gm *game, turns []store.Turn) error {
	for _, t := range turns {
		if t.Ply != gm.ply() {
			return fmt.Errorf("game %q: stored turn %d is numbered %d", gm.id, gm.ply(), t.Ply)
		}
		if gm.m.Over() {
			return fmt.Errorf("game %q: stored turn %d follows the end of the game", gm.id, t.Ply)
		}
		legal := gm.m.Legal()
		if t.Index < 0 || t.Index >= len(legal) {
			return fmt.Errorf("game %q: stored turn %d is number %d of %d legal turns", gm.id, t.Ply, t.Index, len(legal))
		}
		if z := zsgText(gm.g, gm.m.State(), &legal[t.Index]); z != t.Text {
			return fmt.Errorf("game %q: stored turn %d is %q, but turn %d of the rules is %q now", gm.id, t.Ply, t.Text, t.Index, z)
		}
		if err := gm.play(t.Index); err != nil {
			if gm.rec.Result == "" {
				result := fmt.Sprintf("error: turn %d: %s", t.Ply+1, errText(err))
				if err := s.st.SetResult(ctx, gm.id, result); err != nil {
					return err
				}
				gm.rec.Result = result
				gm.gen++
			}
			return nil
		}
		p := &gm.played[len(gm.played)-1]
		p.at, p.clocks = t.At, t.Clocks
	}
	return nil
}

// play makes legal turn i on the match and remembers its text.
func (gm *game) play(i int) error {
	mover := gm.m.Mover()
	legal := gm.m.Legal()
	var named string
	if gm.legal != nil {
		named = gm.legal[i].Named
	} else {
		named = notation.NameTurn(gm.g, gm.m.State(), legal, i)
	}
	z := zsgText(gm.g, gm.m.State(), &legal[i])
	var short string
	if gm.shorts != nil {
		short = gm.shorts[i]
	} else {
		short = notation.ShortTurn(gm.g, gm.m.State(), legal, i) // replays: this turn alone
	}
	if err := gm.m.Play(i); err != nil {
		return err
	}
	check, mark := gm.checked()
	gm.played = append(gm.played, playedText{player: mover, named: named, zsg: z, short: short + mark, check: check})
	gm.legal, gm.legalJSON, gm.shorts = nil, nil, nil
	gm.gen++
	if gm.offer >= 0 && engine.Player(gm.offer) != mover {
		gm.offer = -1
	}
	return nil
}

// zsgText is a turn as the store keeps it: its parts in ZSG notation, one per line.
func zsgText(g *eval.Game, s *engine.State, t *eval.Turn) string {
	if len(t.Parts) == 1 {
		return notation.Part(g, s, &t.Parts[0])
	}
	cur := s.Clone()
	out := make([]string, len(t.Parts))
	for i := range t.Parts {
		out[i] = notation.Part(g, cur, &t.Parts[i])
		g.Apply(cur, &t.Parts[i])
	}
	return strings.Join(out, "\n")
}

// commit plays legal turn i on gm and stores it as the next turn; the turn is stored
// when commit returns nil. A turn the rules fail on (an error of their move code in the
// position it leads to) is not stored: it ends the game with the error as the result. A
// game that ends has its result stored.
func (s *Server) commit(ctx context.Context, gm *game, i int) error {
	legal := gm.m.Legal()
	t := store.Turn{Ply: gm.ply(), Index: i, Text: zsgText(gm.g, gm.m.State(), &legal[i]), At: time.Now().UTC()}
	if gm.tc != nil {
		clocks, ok := gm.clocksAfter(t.At)
		if !ok {
			seat := int(gm.m.Mover())
			if err := s.end(ctx, gm, gm.timeResult(seat)); err != nil {
				return err
			}
			return errf(http.StatusConflict, "conflict", "the game is over: %s", gm.rec.Result)
		}
		t.Clocks = clocks
	}
	offer := gm.offer
	if err := gm.play(i); err != nil {
		return s.end(ctx, gm, "error: "+err.Error())
	}
	gm.played[len(gm.played)-1].at, gm.played[len(gm.played)-1].clocks = t.At, t.Clocks
	if err := s.st.AppendTurn(ctx, gm.id, t); err != nil {
		gm.m.Undo()
		gm.played = gm.played[:len(gm.played)-1]
		gm.legal, gm.legalJSON, gm.shorts, gm.offer = nil, nil, nil, offer
		gm.gen++
		if errors.Is(err, store.ErrConflict) {
			gm.loaded = false // resync on the next request
			return errf(http.StatusConflict, "conflict", "the game has moved on since ply %d", t.Ply)
		}
		return err
	}
	gm.elsewhere = time.Time{} // This server moved: its bots may play the reply.
	if gm.m.Over() {
		// The turn is stored: a result that cannot be stored now is found again when
		// the game is replayed.
		return s.end(ctx, gm, gm.m.Result().String())
	}
	return nil
}

// end records how gm ended: in the store first, then in memory.
func (s *Server) end(ctx context.Context, gm *game, result string) error {
	if err := s.st.SetResult(ctx, gm.id, result); err != nil {
		return fmt.Errorf("game %s: storing the result %q: %w", gm.id, result, err)
	}
	gm.rec.Result = result
	gm.offer = -1
	gm.gen++
	return nil
}

// settle makes the passes of players who cannot move and sets a bot thinking when one
// is to move. It runs after every change, with gm.mu held.
func (s *Server) settle(ctx context.Context, gm *game) error {
	defer s.armFlag(gm)
	if _, err := s.checkFlag(ctx, gm); err != nil {
		return err
	}
	for range maxForcedPasses {
		if gm.over() || !gm.m.MustPass() {
			break
		}
		if err := s.commit(ctx, gm, 0); err != nil {
			if gm.flag() >= 0 {
				break // the passer's time ran out: the game ended on time
			}
			return err
		}
	}
	if gm.think {
		return nil
	}
	seat := int(gm.m.Mover())
	if gm.over() || seat < 0 || seat >= len(gm.agents) || gm.agents[seat] == nil {
		s.release(ctx, gm)
		return nil
	}
	if !gm.lease && time.Now().Before(gm.elsewhere) {
		return nil // Another server plays this game's bots.
	}
	gm.think = true
	gen := gm.gen
	agent := gm.agents[seat]
	m := gm.m.Clone()
	rng := rand.New(rand.NewPCG(gm.botRand.Uint64(), gm.botRand.Uint64()))
	if !s.startThink(gm, gen, agent, m, rng, gm.lease, s.botUntil(gm, time.Now())) {
		gm.think = false
		return nil
	}
	gm.hub.notify()
	return nil
}

// think lets a bot choose on a clone of the match when the pool gives it its turn (see
// bots.go), then plays its choice if the game has not changed meanwhile. Unless leased,
// it first takes the game's lease, and leaves the game to the server that holds it when
// it cannot. When the store fails, the game waits before its bot thinks again (retry).
func (s *Server) think(gm *game, gen int, agent ai.Agent, m *match.Match, rng *rand.Rand, leased bool, until time.Time) {
	defer s.wg.Done()
	if !leased && !s.takeLease(gm) {
		return
	}
	i, err, ok := s.bots.choose(s.ctx, agent, m, rng, until) // a panic of the bot is its error
	if ok {
		s.botChosen.Add(1)
	}
	ctx := context.WithoutCancel(s.ctx)
	gm.mu.Lock()
	defer gm.hub.notify()
	defer gm.mu.Unlock()
	defer func() {
		// A panic of ours while the bot's turn is played ends that game, never the
		// server (a goroutine's panic would end the process).
		if r := recover(); r != nil {
			s.logf("game %s: internal error: %v", gm.id, r)
			if err := s.end(ctx, gm, fmt.Sprintf("error: internal error: %v", r)); err != nil {
				s.logf("game %s: %v", gm.id, err)
			}
			gm.loaded = false
		}
	}()
	gm.think = false
	if !ok {
		// The server is closing: the turn is not stored.
		return
	}
	var failed error
	var forfeit *ai.Forfeit
	switch {
	case !gm.loaded || gm.gen != gen || gm.over():
		// The game changed while the bot thought: settle again below.
	case !gm.lease:
		// The lease ran out meanwhile and another server took it: it plays.
	case errors.As(err, &forfeit):
		// The engine lost by its own move: the game ends as its loss.
		if err := s.end(ctx, gm, forfeit.Result(gm.g.Game, m.Mover()).String()); err != nil {
			failed = err
		}
	case err != nil:
		if err := s.end(ctx, gm, "error: "+err.Error()); err != nil {
			failed = err
		}
	default:
		if err := s.commit(ctx, gm, i); err != nil {
			if ae := (*apiError)(nil); errors.As(err, &ae) && ae.code == "conflict" {
				// Another server moved first: play on from what it stored.
				if err := s.refresh(ctx, gm); err != nil {
					failed = err
				}
			} else {
				// The store refused the turn: the bot thinks again after a wait
				// (retry), never at once.
				failed = err
			}
		} else {
			s.botStored.Add(1)
		}
	}
	switch {
	case failed != nil || s.ctx.Err() != nil:
	case gm.loaded:
		failed = s.settle(ctx, gm)
	default:
		s.release(ctx, gm) // The game is gone from memory until it is asked for again.
	}
	if failed != nil {
		gm.fails++
		s.retry(gm.id, gm.fails, failed)
	} else {
		gm.fails = 0
	}
}
