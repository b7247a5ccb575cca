package notation

// This file replays saved games: each move line is matched against the parts that zoggo
// generates for the side to move, and turn boundaries come from our own turn order and
// continuations, never from the "partial K" numbers.
//
// A line is matched against the parts of the legal complete turns of the position, so the
// royal-piece rule, move-priorities and maximal captures all apply. Matching goes by tiers:
// the text exactly as zoggo writes it; then the parts as multisets of items (ZoG may list
// captures and side effects in another order); then as sets (ZoG sometimes lists a capture
// twice); then without attribute items (ZoG numbers attributes its own way).

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/spell"
	"github.com/zoggo/zoggo/match"
)

// Ply is one replayed line: the part made and the states around it.
type Ply struct {
	Line     MoveLine
	Move     engine.Move // a pass has Pass set
	Before   *engine.State
	After    *engine.State // after the part; the turn order has advanced if the turn ended
	EndsTurn bool
	// Tier says how the recorded text matched: 0 exactly as zoggo writes it, 1 as a
	// multiset of items, 2 as a set, 3 as a set without attribute items.
	Tier int

	cands []*engine.Move // the parts that could have been made instead (for named notation)
}

// Replayed is a saved game replayed against its rules.
type Replayed struct {
	Game  *eval.Game
	Start *engine.State // after the board edits
	Plies []Ply
	Final *engine.State
}

// Divergence says where and why a saved game stops following the rules.
type Divergence struct {
	File       string
	Line       int
	Recorded   string
	Reason     string
	Before     *engine.State // the position before the line
	Candidates []string      // the nearest legal parts, with what differs
}

func (d *Divergence) Error() string {
	return fmt.Sprintf("%s:%d: %s: %q", d.File, d.Line, d.Reason, d.Recorded)
}

// Detail returns the divergence on its first line, then the position before it as draw
// draws it (left out when draw is nil), then the nearest candidates. notation does not
// draw: the caller, which knows the game, passes the drawing it wants.
func (d *Divergence) Detail(draw func(*engine.State) string) string {
	var b strings.Builder
	b.WriteString(d.Error())
	b.WriteString("\n")
	if draw != nil && d.Before != nil {
		b.WriteString("position before it:\n")
		b.WriteString(draw(d.Before))
	}
	if len(d.Candidates) > 0 {
		b.WriteString("nearest legal moves:\n")
		for _, c := range d.Candidates {
			b.WriteString("  " + c + "\n")
		}
	}
	return b.String()
}

// OpenSavedGame reads a .zsg file and loads the rules it names: the last component of
// RulesFile=, looked up in the saved game's folder without regard to case, and the game or
// variant titled VariantName=.
func OpenSavedGame(path string) (*SavedGame, *eval.Game, error) {
	sg, g, _, err := LoadSavedGame(path, "")
	return sg, g, err
}

// LoadSavedGame is OpenSavedGame with a choice of rules file: rules when it is not "",
// else the one the saved game names. It also returns the path of the rules file loaded.
func LoadSavedGame(path, rules string) (*SavedGame, *eval.Game, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, "", err
	}
	sg, err := ParseSavedGame(path, data)
	if err != nil {
		return nil, nil, "", err
	}
	if rules == "" {
		if rules, err = findRules(filepath.Dir(path), sg.RulesFile); err != nil {
			return sg, nil, "", &ParseError{path, 2, err.Error()}
		}
	}
	f, err := eval.LoadFile(rules)
	if err != nil {
		return sg, nil, rules, fmt.Errorf("%s: rules file %s: %w", path, rules, err)
	}
	g, err := f.Find(sg.Variant)
	if err != nil {
		return sg, nil, rules, &ParseError{path, 3, err.Error()}
	}
	return sg, g, rules, nil
}

// findRules resolves a RulesFile= value in dir.
func findRules(dir, name string) (string, error) {
	base := name
	if i := strings.LastIndexAny(base, `\/`); i >= 0 {
		base = base[i+1:]
	}
	if base == "" {
		return "", fmt.Errorf("RulesFile= names no file")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.Name() == base {
			return filepath.Join(dir, e.Name()), nil
		}
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), base) {
			return filepath.Join(dir, e.Name()), nil
		}
	}
	return "", fmt.Errorf("rules file %q not found in %s", base, dir)
}

// Limits bound what a replay may cost, for saved games from strangers (the game server's
// uploads); the zero Limits bound nothing.
type Limits struct {
	// Lines is the most move lines a saved game may have: one with more is refused
	// before anything is replayed. 0 means any number.
	Lines int
	// Deadline stops the replay with an error at the line it reached once it is past;
	// zero means never.
	Deadline time.Time
	// Bare keeps of each Ply only its line, its part and EndsTurn, for a caller that
	// plays the turns on a match of its own: no states around it and no candidates, so
	// that the plies of a long game keep little memory. Named notation cannot be
	// written from bare plies.
	Bare bool
}

// ErrLimit is wrapped by the errors of a replay stopped by its Limits.
var ErrLimit = errors.New("over the limits of a replay")

// check returns the error of a replay at line of file name that is past its deadline.
func (l Limits) check(name string, line int) error {
	if !l.Deadline.IsZero() && time.Now().After(l.Deadline) {
		return fmt.Errorf("%s:%d: the replay took too long: %w", name, line, ErrLimit)
	}
	return nil
}

// keep returns p as the replay keeps it.
func (l Limits) keep(p Ply) Ply {
	if l.Bare {
		p.Before, p.After, p.cands = nil, nil, nil
	}
	return p
}

// ReplayLimited is ReplayAny within lim.
func ReplayLimited(g *eval.Game, sg *SavedGame, name string, lim Limits) (*Replayed, error) {
	if lim.Lines > 0 && len(sg.Moves) > lim.Lines {
		return nil, fmt.Errorf("%s: %d move lines, more than %d: %w", name, len(sg.Moves), lim.Lines, ErrLimit)
	}
	if g.Axiom() {
		return replayAxiom(g, sg, name, lim)
	}
	if sg.Named {
		return replayNamed(g, sg, name, lim)
	}
	return replay(g, sg, name, lim)
}

// Replay replays a saved game. It returns what was replayed up to a divergence, and the
// divergence (a *Divergence) or another error.
func Replay(g *eval.Game, sg *SavedGame, name string) (*Replayed, error) {
	if g.Axiom() {
		return replayAxiom(g, sg, name, Limits{})
	}
	return replay(g, sg, name, Limits{})
}

// replay is Replay within lim, for a game of ZRF move code.
func replay(g *eval.Game, sg *SavedGame, name string, lim Limits) (*Replayed, error) {
	s, err := startState(g, sg, name)
	if err != nil {
		return nil, err
	}
	r := &Replayed{Game: g, Start: s.Clone()}
	w := newWalker(g, s)
	for i, ml := range sg.Moves {
		before := w.s
		diverge := func(reason string, cands []string) error {
			r.Final = before
			return &Divergence{File: name, Line: ml.Line, Recorded: ml.Text, Reason: reason,
				Before: before, Candidates: cands}
		}
		if err := lim.check(name, ml.Line); err != nil {
			r.Final = before
			return r, err
		}
		if err := w.begin(); err != nil {
			r.Final = before
			return r, fmt.Errorf("%s:%d: %w", name, ml.Line, err)
		}
		pass := match.PassMove()
		if ml.Pass && w.made > 0 {
			// With "pass partial", Pass ends a turn whose continuation the player declines.
			j := w.canEnd()
			if j < 0 {
				return r, diverge("Pass recorded in the middle of a turn that must go on", texts(g, before, w.parts()))
			}
			w.end(j)
			r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: pass, Before: before, After: w.s, EndsTurn: true}))
			continue
		}
		if ml.Pass {
			if j := w.passTurn(); j >= 0 {
				w.end(j)
			} else {
				_, mover := g.Side(before)
				if len(w.cand) > 0 && !g.Players[mover].Random {
					return r, diverge("Pass recorded, but passing is not legal here", texts(g, before, w.parts()))
				}
				if err := w.passNoMove(); err != nil {
					return r, diverge(err.Error(), nil)
				}
			}
			r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: pass, Before: before, After: w.s, EndsTurn: true}))
			continue
		}
		parts := w.parts()
		m, tier, err := matchTier(g, before, ml.Text, parts)
		if err != nil {
			return r, diverge(err.Error(), nearest(g, before, ml.Text, parts))
		}
		w.play(m)
		// Does the turn end here? It must if no consistent turn goes on; it may if one
		// ends here, and then it does unless the next line goes on (a Pass line ends it).
		j := w.canEnd()
		if j >= 0 && w.canGo() && i+1 < len(sg.Moves) {
			next := sg.Moves[i+1]
			if next.Pass {
				j = -1
			} else if _, err := matchPart(g, w.s, next.Text, w.parts()); err == nil {
				j = -1
			}
		}
		ends := j >= 0
		if ends {
			w.end(j)
		}
		r.Plies = append(r.Plies, lim.keep(Ply{Line: ml, Move: *m, Before: before, After: w.s, EndsTurn: ends, Tier: tier, cands: parts}))
	}
	r.Final = w.s
	return r, nil
}

// matchPart finds the part among parts that the text describes.
func matchPart(g *eval.Game, s *engine.State, text string, parts []*engine.Move) (*engine.Move, error) {
	m, _, err := matchTier(g, s, text, parts)
	return m, err
}

// matchTier is matchPart that also says which tier matched.
func matchTier(g *eval.Game, s *engine.State, text string, parts []*engine.Move) (*engine.Move, int, error) {
	if err := checkNames(g, text); err != nil {
		return nil, 0, err
	}
	if len(parts) == 0 {
		return nil, 0, fmt.Errorf("no legal move here")
	}
	want := Normalize(text)
	wantItems := Items(g, want)
	for tier := 0; tier < 4; tier++ {
		for _, p := range parts {
			got := Normalize(Part(g, s, p))
			ok := false
			switch tier {
			case 0:
				ok = got == want
			case 1:
				ok = sameMultiset(Items(g, got), wantItems)
			case 2:
				ok = sameSet(Items(g, got), wantItems, false)
			case 3:
				ok = sameSet(Items(g, got), wantItems, true)
			}
			if ok {
				return p, tier, nil
			}
		}
	}
	return nil, 0, fmt.Errorf("not a legal move here")
}

// Items splits part text into its items (a movement, a capture, a drop, a change), in a
// form that does not depend on how the writer chose to spell them: "x" and "-" between
// squares are the same, and "= TYPE" after a movement is "= TYPE on DEST".
func Items(g *eval.Game, text string) []string {
	w := strings.Fields(text)
	isPlayer := func(s string) bool { return g.PlayerIndex(s) != engine.NoPlayer }
	isPiece := func(s string) bool { return g.KindIndex(s) != engine.NoKind }
	var out []string
	justMoved := "" // the destination of the item just before, if it was a movement
	for i := 0; i < len(w); {
		moved := ""
		switch {
		case w[i] == "x" && i+1 < len(w):
			out = append(out, "x "+w[i+1])
			i += 2
		case w[i] == "flip" && i+1 < len(w):
			out = append(out, "flip "+w[i+1])
			i += 2
		case w[i] == "@" && i+3 < len(w):
			out = append(out, "@ "+w[i+1]+" "+w[i+2]+" "+w[i+3])
			i += 4
		case w[i] == "=" && i+1 < len(w):
			name := w[i+1]
			i += 2
			if i < len(w) && w[i] == "on" {
				i++
				for i < len(w) && g.Board.LocIndex(w[i]) != engine.NoLoc && !(i+1 < len(w) && (w[i+1] == "-" || w[i+1] == "x") && isPiece(w[i])) {
					out = append(out, "= "+name+" on "+w[i])
					i++
				}
			} else {
				out = append(out, "= "+name+" on "+justMoved)
				moved = justMoved
			}
		case isPlayer(w[i]) && i+2 < len(w) && isPiece(w[i+1]):
			out = append(out, "put "+w[i]+" "+w[i+1]+" "+w[i+2])
			moved = w[i+2]
			i += 3
		case i+3 < len(w) && (w[i+2] == "-" || w[i+2] == "x"):
			out = append(out, w[i]+" "+w[i+1]+" - "+w[i+3])
			moved = w[i+3]
			i += 4
		default:
			out = append(out, "? "+w[i])
			i++
		}
		justMoved = moved
	}
	return out
}

// checkNames reports a piece or position name in the movements of move text that the
// game does not have.
func checkNames(g *eval.Game, text string) error {
	for _, it := range Items(g, text) {
		w := strings.Fields(it)
		if len(w) != 4 || w[2] != "-" {
			continue
		}
		if g.KindIndex(w[0]) == engine.NoKind {
			var names []string
			for _, p := range g.Pieces {
				names = append(names, p.Name)
			}
			msg := fmt.Sprintf("unknown piece %q", w[0])
			if sug := spell.Suggest(w[0], names); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			}
			return fmt.Errorf("%s", msg)
		}
		for _, sq := range []string{w[1], w[3]} {
			if g.Board.LocIndex(sq) == engine.NoLoc {
				return fmt.Errorf("unknown position %q", sq)
			}
		}
	}
	return nil
}

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(a, b)
}

func sameSet(a, b []string, noAttrs bool) bool {
	set := func(x []string) []string {
		var out []string
		for _, s := range x {
			if noAttrs && strings.HasPrefix(s, "@ ") {
				continue
			}
			out = append(out, s)
		}
		sort.Strings(out)
		return slices.Compact(out)
	}
	return slices.Equal(set(a), set(b))
}

// texts writes parts in the ZSG dialect.
func texts(g *eval.Game, s *engine.State, parts []*engine.Move) []string {
	var out []string
	for _, p := range parts {
		out = append(out, Part(g, s, p))
	}
	return out
}

// nearest returns up to three legal parts closest to the recorded text, each with the
// items it lacks and has in excess.
func nearest(g *eval.Game, s *engine.State, text string, parts []*engine.Move) []string {
	want := Items(g, Normalize(text))
	type scored struct {
		text  string
		score int
		diff  string
	}
	var all []scored
	for _, t := range texts(g, s, parts) {
		got := Items(g, t)
		missing, extra := diffItems(want, got)
		all = append(all, scored{t, len(missing) + len(extra), fmt.Sprintf("recorded has %s; zoggo has %s", listOr(missing), listOr(extra))})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score < all[j].score })
	var out []string
	for i := 0; i < len(all) && i < 3; i++ {
		out = append(out, all[i].text+"   ("+all[i].diff+")")
	}
	if len(all) > 3 {
		out = append(out, strconv.Itoa(len(all)-3)+" more")
	}
	return out
}

func diffItems(want, got []string) (missing, extra []string) {
	g := slices.Clone(got)
	for _, w := range want {
		if i := slices.Index(g, w); i >= 0 {
			g = slices.Delete(g, i, i+1)
		} else {
			missing = append(missing, w)
		}
	}
	return missing, g
}

func listOr(items []string) string {
	if len(items) == 0 {
		return "nothing more"
	}
	return strings.Join(items, ", ")
}

// startState is the variant's start position with the saved game's board edits applied.
func startState(g *eval.Game, sg *SavedGame, name string) (*engine.State, error) {
	s := g.NewState()
	for _, e := range sg.Edits {
		if err := applyEdit(g, s, e); err != nil {
			return nil, &ParseError{name, e.Line, err.Error()}
		}
	}
	s.Hash = g.FullHash(s)
	return s, nil
}

// ReplayAny replays a saved game in either notation.
func ReplayAny(g *eval.Game, sg *SavedGame, name string) (*Replayed, error) {
	return ReplayLimited(g, sg, name, Limits{})
}

// applyEdit applies a board-edit line to s.
func applyEdit(g *eval.Game, s *engine.State, e Edit) error {
	l := g.Board.LocIndex(e.Pos)
	if l == engine.NoLoc {
		return fmt.Errorf("unknown position %q in board edit", e.Pos)
	}
	if e.Clear {
		s.Cells[l] = engine.Empty
		return nil
	}
	p := g.PlayerIndex(e.Player)
	if p == engine.NoPlayer {
		return fmt.Errorf("unknown player %q in board edit", e.Player)
	}
	k := g.KindIndex(e.Piece)
	if k == engine.NoKind {
		return fmt.Errorf("unknown piece %q in board edit", e.Piece)
	}
	s.Cells[l] = engine.MakeCell(p, k, g.DefaultAttrs(k))
	return nil
}
