package notation_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// playSAN plays a game written as a chess player writes it ("1.e4 e5 2.Nf3 …"): each
// move must be the short text of exactly one legal turn, and its "+" or "#" must be what
// Mark says after it. It returns the number of moves compared and the match.
func playSAN(t *testing.T, g *eval.Game, game string) (int, *match.Match) {
	t.Helper()
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, w := range strings.Fields(game) {
		if i := strings.LastIndex(w, "."); i >= 0 {
			w = w[i+1:]
		}
		if w == "" {
			continue
		}
		san := strings.TrimRight(w, "+#")
		mark := w[len(san):]
		texts := notation.ShortTurns(g, m.State(), m.Legal())
		var found []int
		for i, tx := range texts {
			if tx == san {
				found = append(found, i)
			}
		}
		if len(found) != 1 {
			t.Fatalf("move %d %q: %d legal turns read so; the turns read %q", n+1, w, len(found), texts)
		}
		if err := m.Play(found[0]); err != nil {
			t.Fatal(err)
		}
		got, err := notation.Mark(g, m.State(), m.Result())
		if err != nil {
			t.Fatal(err)
		}
		if got != mark {
			t.Errorf("move %d %q: the mark after it is %q", n+1, w, got)
		}
		n++
	}
	return n, m
}

func TestShortChess(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "chess.zrf"))
	for _, tt := range []struct {
		name, game string
		moves      int
		end        string // how the game ended, in words; "" while it goes on
	}{
		// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
		{"opera game", `1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7
			8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6
			15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8#`, 33, "White wins by checkmate"},
		{"fool's mate", "1.f3 e5 2.g4 Qh4#", 4, "Black wins by checkmate"},
		{"check, not mate", "1.e4 f5 2.Qh5+", 3, ""},
		{"promotion and castling", "1.e4 d5 2.exd5 c6 3.dxc6 Nf6 4.cxb7 Nbd7 5.bxa8=Q e6 6.Nf3 Bc5 7.Bb5 O-O 8.O-O", 15, ""},
		{"en passant", "1.e4 Nf6 2.e5 d5 3.exd6", 5, ""},
		{"file and rank", "1.Nf3 a6 2.Ng5 a5 3.d3 a4 4.Nd2 a3 5.Ndf3 axb2 6.Ng1 bxa1=Q 7.N1f3", 13, ""},
		// Sam Loyd's stalemate in ten moves.
		{"stalemate", "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6", 19, "Draw: Black has no legal move (stalemate)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, m := playSAN(t, g, tt.game)
			if n != tt.moves {
				t.Errorf("compared %d moves, want %d", n, tt.moves)
			}
			if got := g.Words(m.Result(), m.State()); got != tt.end || m.Over() != (tt.end != "") {
				t.Errorf("the end: over %v, %q, want %q", m.Over(), got, tt.end)
			}
		})
	}
}

// firstTurns returns the short texts of the first position's turns, sorted.
func firstTurns(t *testing.T, file string) []string {
	t.Helper()
	g := evaltest.Load(t, filepath.Join("..", "games", file))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := notation.ShortTurns(g, m.State(), m.Legal())
	slices.Sort(out)
	return out
}

func TestShortDraughts(t *testing.T) {
	// Square numbers, from the top row as drawn: Black's first moves in checkers,
	// White's in international draughts, as their players write them.
	for _, tt := range []struct {
		file string
		want []string
	}{
		{"checkers.zrf", []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		{"international.zrf", []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
	} {
		if got := firstTurns(t, tt.file); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.file, got, tt.want)
		}
	}
}

func TestShortChain(t *testing.T) {
	for _, tt := range []struct {
		file  string
		moves []string
	}{
		// Captures in checkers: 15x22 takes one piece, 25x18 takes it back.
		{"checkers.zrf", []string{"11-15", "24-20", "8-11", "28-24", "9-13", "22-18", "15x22", "25x18"}},
		// International draughts takes the jumped pieces when the chain ends: a chain of
		// three captures.
		{"international.zrf", []string{"31-27", "20-24", "34-29", "15-20", "32-28", "17-21", "38-32", "11-17", "43-38", "18-22", "27x18", "12x23x34x43"}},
	} {
		playShort(t, tt.file, tt.moves)
	}
}

// playShort plays moves written in the short notation on a new game of file.
func playShort(t *testing.T, file string, moves []string) {
	t.Helper()
	g := evaltest.Load(t, filepath.Join("..", "games", file))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		texts := notation.ShortTurns(g, m.State(), m.Legal())
		i := slices.Index(texts, mv)
		if i < 0 {
			t.Fatalf("%s is not among %q", mv, texts)
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
}

func TestShortGoAndDice(t *testing.T) {
	goTurns := firstTurns(t, "go.zrf")
	if len(goTurns) != 82 || !slices.Contains(goTurns, "e5") || !slices.Contains(goTurns, "pass") {
		t.Errorf("Go's first turns: %d, %q…", len(goTurns), goTurns[:min(5, len(goTurns))])
	}
	ur := firstTurns(t, "ur.zrf")
	if len(ur) == 0 {
		t.Fatal("Ur: no first turn")
	}
	for _, tx := range ur {
		if !strings.HasPrefix(tx, "rolled ") || strings.Count(tx, " ") != 3 {
			t.Errorf("Ur's throw %q is not three faces rolled", tx)
		}
	}
}

// BenchmarkShortTurns writes every legal turn of a position, as the server does for the
// legal turns it shows, and one of them (/one), as it does for a turn replayed: chess at
// the start, and the empty 19x19 Go board (362 turns).
func BenchmarkShortTurns(b *testing.B) {
	for _, tt := range []struct{ name, file, variant string }{
		{"chess", "chess.zrf", ""}, {"go19", "go.zrf", "Go 19x19"},
	} {
		f, err := eval.LoadFile(filepath.Join("..", "games", tt.file))
		if err != nil {
			b.Fatal(err)
		}
		g, err := f.Default()
		if tt.variant != "" {
			g, err = f.Find(tt.variant)
		}
		if err != nil {
			b.Fatal(err)
		}
		m, err := match.New(g, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				notation.ShortTurns(g, m.State(), m.Legal())
			}
		})
		b.Run(tt.name+"/one", func(b *testing.B) {
			for b.Loop() {
				notation.ShortTurn(g, m.State(), m.Legal(), len(m.Legal())/2)
			}
		})
	}
}

// TestMarkDialectMate: a mate of the dialect's check rule with two kings, decided by a
// goal's formula, is marked "#".
func TestMarkDialectMate(t *testing.T) {
	g := evaltest.LoadText(t, "kings.zrf", `(version "zoggo-1")
(define step ($1 (verify not-friend?) add))
(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(game
   (title "Two kings")
   (players White Black)
   (turn-order White Black)
   (board
      (grid (start-rectangle 0 0 10 10)
         (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
         (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
   (board-setup (White (Rook b4 c3)) (Black (King a1 d2)))
   (check (= (count (and friend? (piece? King) attacked?)) 0))
   (piece (name King) (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
   (piece (name Rook) (moves (slide n) (slide s) (slide e) (slide w)))
   (loss-condition (White Black) (result mate)
      (formula (and (= moves 0) (> (count (and friend? (piece? King) attacked?)) 0)))))
`)
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Rc3-a3 attacks the king on a1, whose steps a2, b1 and b2 the rooks hold, and no
	// move of the king on d2 saves it.
	for _, tt := range []struct{ move, mark string }{{"c3a3", "#"}} {
		texts := notation.DescribeTurns(g, m.State(), m.Legal())
		got := notation.MatchTurn(texts, tt.move)
		if len(got) != 1 {
			t.Fatalf("%s: %d legal turns match", tt.move, len(got))
		}
		if err := m.Play(got[0]); err != nil {
			t.Fatal(err)
		}
		mark, err := notation.Mark(g, m.State(), m.Result())
		if err != nil {
			t.Fatal(err)
		}
		if mark != tt.mark {
			t.Errorf("after %s: mark %q, want %q (over %v)", tt.move, mark, tt.mark, m.Over())
		}
	}
	if got, want := g.Words(m.Result(), m.State()), "White wins (mate)"; got != want {
		t.Errorf("the end: %q, want %q", got, want)
	}
}

// TestShortUnique: in random games of every bundled rules file, the short texts of the
// legal turns of each position differ, unless the turns are the same move (equal ZSG)
// or outcomes of the dice that show the same faces;
// the test counts the positions it compared and how often the named notation had to
// follow in parentheses.
func TestShortUnique(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) < 20 {
		t.Fatalf("%d bundled games: %v", len(files), err)
	}
	positions, turns, fallback := 0, 0, 0
	for fi, f := range files {
		g := evaltest.Load(t, f)
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(fi), 7))
		for ply := 0; ply < 30 && !m.Over(); ply++ {
			legal := m.Legal()
			texts := notation.ShortTurns(g, m.State(), legal)
			seen := map[string]int{}
			for i, tx := range texts {
				if j, ok := seen[tx]; ok && !strings.HasPrefix(tx, "rolled ") && notation.Turn(g, m.State(), &legal[i]) != notation.Turn(g, m.State(), &legal[j]) {
					t.Errorf("%s ply %d: turns %d and %d both read %q", filepath.Base(f), ply, j, i, tx)
				}
				seen[tx] = i
				if strings.Contains(tx, " (") {
					fallback++
				}
				if one := notation.ShortTurn(g, m.State(), legal, i); one != tx {
					t.Errorf("%s ply %d: turn %d alone reads %q, among all %q", filepath.Base(f), ply, i, one, tx)
				}
			}
			positions++
			turns += len(texts)
			if err := m.Play(r.IntN(len(legal))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions, %d turns compared; %d texts needed the named notation", positions, turns, fallback)
	if positions < 500 {
		t.Errorf("only %d positions compared", positions)
	}
}

// TestShortDiceNumbers: sticks whose faces are named by numbers (Senet's Zero and One,
// from the corpus) are written as the numbers.
func TestShortDiceNumbers(t *testing.T) {
	g := evaltest.Load(t, filepath.Join(testutil.CorpusDir(t), "glukkazan-zog", "Rules", "Senet.zrf"))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	texts := notation.ShortTurns(g, m.State(), m.Legal())
	slices.Sort(texts)
	if texts = slices.Compact(texts); !slices.Equal(texts, []string{"rolled 0", "rolled 1"}) {
		t.Errorf("Senet's first throw reads %q, want rolled 0 and rolled 1", texts)
	}
}

// TestShortLateCaptures: Russian draughts takes the pieces jumped when the turn ends
// (post-move); its jumps are written with x all the same.
func TestShortLateCaptures(t *testing.T) {
	playShort(t, "russian.zrf", []string{"24-19", "11-15", "27-24", "12-16", "19x12"})
}

// TestShortPentago: a marble put and a quarter turned read as the square where the
// marble was put and the quarter's turn ("b5 ne↻"). Each of the 288 first turns is
// checked against its named text, which gives the square where the marble ends and the
// rules' name of the quarter and sense: the square put, turned so, must be that square.
func TestShortPentago(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "pentago.zrf"))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	legal := m.Legal()
	short := notation.ShortTurns(g, m.State(), legal)
	named := notation.DescribeTurns(g, m.State(), legal)
	arrow := map[string]string{"cw": "↻", "ccw": "↺"}
	corner := map[string][2]int{"nw": {0, 6}, "ne": {3, 6}, "sw": {0, 3}, "se": {3, 3}} // first file, top rank
	seen := map[string]bool{}
	n := 0
	for i := range legal {
		var end, block, sense string
		if _, err := fmt.Sscanf(named[i].Named, "%s twist %s %s", &end, &block, &sense); err != nil {
			t.Fatalf("turn %d: named %q: %v", i, named[i].Named, err)
		}
		put, quarter, ok := strings.Cut(short[i], " ")
		if !ok || quarter != block+arrow[sense] || len(put) != 2 {
			t.Errorf("turn %q reads %q, want the square put then %s%s", named[i].Named, short[i], block, arrow[sense])
			continue
		}
		c := corner[block]
		x, y := int(put[0]-'a')-c[0], c[1]-int(put[1]-'0')
		if x >= 0 && x < 3 && y >= 0 && y < 3 { // put in the quarter: it turns with it
			if sense == "cw" {
				x, y = 2-y, x
			} else {
				x, y = y, 2-x
			}
		}
		x, y = x+c[0], c[1]-y
		if got := fmt.Sprintf("%c%d", 'a'+x, y); got != end {
			t.Errorf("turn %q reads %q: put there and turned, the marble ends on %s", named[i].Named, short[i], got)
		}
		if seen[short[i]] {
			t.Errorf("two turns read %q", short[i])
		}
		seen[short[i]] = true
		n++
	}
	if n != 288 || !seen["b5 ne↻"] || !seen["a6 nw↻"] {
		t.Errorf("%d first turns compared, want 288 among them b5 ne↻ and a6 nw↻", n)
	}
}
