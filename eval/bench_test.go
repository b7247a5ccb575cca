package eval_test

import (
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
)

// BenchmarkPerft measures perft with every leaf applied, single-threaded, and reports
// leaves per second. Compare runs with benchstat.
func BenchmarkPerft(b *testing.B) {
	for _, bb := range []struct {
		name, file, variant string
		depth               int
	}{
		{"chess/d4", "games/chess.zrf", "", 4},
		{"kiwipete/d3", "games/chess.zrf", "Kiwipete", 3},
		{"checkers/d7", "games/checkers.zrf", "", 7},
		{"international/d5", "games/international.zrf", "", 5},
		{"thud/d2", "games/thud.zrf", "", 2},
		// Games in the zoggo-1 dialect.
		{"brazilian/d6", "games/brazilian.zrf", "", 6},
		{"russian/d6", "games/russian.zrf", "", 6},
		{"bashni/d5", "games/bashni.zrf", "", 5},
		{"abalone/d2", "games/abalone.zrf", "", 2},
		{"gess/d2", "games/gess.zrf", "", 2},
		// The run-time targets of issue 16 at their own depths.
		{"chess/d5", "games/chess.zrf", "", 5},
		{"checkers/d9", "games/checkers.zrf", "", 9},
		{"international/d6", "games/international.zrf", "", 6},
		{"thud/d3", "games/thud.zrf", "", 3},
		{"brazilian/d7", "games/brazilian.zrf", "", 7},
		{"russian/d7", "games/russian.zrf", "", 7},
	} {
		b.Run(bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, bb.variant)
			s := g.NewState()
			// Warm up: the tables a game makes the first time it needs them (reach,
			// walks) are not part of the run.
			if _, err := g.Perft(s, min(bb.depth, 3)); err != nil {
				b.Fatal(err)
			}
			var leaves int64
			b.ReportAllocs()
			allocs := mallocs()
			for b.Loop() {
				n, err := g.Perft(s, bb.depth)
				if err != nil {
					b.Fatal(err)
				}
				leaves += n
			}
			reportLeaves(b, leaves, mallocs()-allocs, "leaves/s", "allocs/leaf")
			b.ReportMetric(float64(stateBytes(s)), "B/state")
		})
	}
	// Random games played through match, each in a new one (ai.Play): every turn is
	// drawn among the legal turns (match's PlayRandom where the rules allow it, the
	// whole list otherwise) and the goals decide whether the game is over.
	for _, bb := range playoutRows {
		b.Run("playout/"+bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, "")
			benchPlayouts(b, g, bb.plies, func(agents []ai.Agent, seed uint64, plies int) (*ai.Game, error) {
				return ai.Play(g, agents, seed, plies)
			})
		})
	}
}

// playoutRows are the games of the playout benchmarks and their caps on plies.
var playoutRows = []struct {
	name, file string
	plies      int
}{
	{"chess", "games/chess.zrf", 1000},
	{"gwangsanghui", "corpus/glukkazan-zog/Rules/Gwangsanghui.zrf", 300},
	// A game without royal pieces, whose legal turns need no check.
	{"checkers", "games/checkers.zrf", 1000},
}

// benchPlayouts plays random games of g of at most plies plies with play, one per
// iteration after one to warm up (the tables a game makes the first time it needs them),
// and reports plies per second of processor time and of the clock, and allocations.
func benchPlayouts(b *testing.B, g *eval.Game, plies int, play func(agents []ai.Agent, seed uint64, plies int) (*ai.Game, error)) {
	agents := make([]ai.Agent, len(g.Players))
	if _, err := play(agents, 0, plies); err != nil {
		b.Fatal(err)
	}
	var n int64
	seed := uint64(0)
	b.ReportAllocs()
	allocs := mallocs()
	cpu := testutil.CPUTime()
	for b.Loop() {
		seed++
		rec, err := play(agents, seed, plies)
		if err != nil {
			b.Fatal(err)
		}
		n += int64(len(rec.Match.History()))
	}
	// The machine may be shared: processor time (the garbage collector's included) is
	// steadier than the wall clock.
	if d := testutil.CPUTime() - cpu; d > 0 {
		b.ReportMetric(float64(n)/d.Seconds(), "plies/cpu-s")
	}
	reportLeaves(b, n, mallocs()-allocs, "plies/s", "allocs/ply")
}

// mallocs returns the number of heap allocations made so far.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// reportLeaves reports n things (leaves, plies) per second under rate, and the heap
// allocations made per thing under per.
func reportLeaves(b *testing.B, n int64, allocs uint64, rate, per string) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), rate)
	if n > 0 {
		b.ReportMetric(float64(allocs)/float64(n), per)
	}
}

// stateBytes is the memory a state holds: the struct and its slices' elements.
func stateBytes(s *engine.State) int {
	return int(unsafe.Sizeof(*s)) + 4*len(s.Cells) + 4*len(s.Stock) + 4*len(s.Vals) + 4*len(s.Under)
}

// BenchmarkGenerate measures the generation of one position's legal turns.
func BenchmarkGenerate(b *testing.B) {
	for _, bb := range []struct{ name, file, variant string }{
		{"chess", "games/chess.zrf", ""},
		{"kiwipete", "games/chess.zrf", "Kiwipete"},
		{"checkers", "games/checkers.zrf", ""},
		{"thud", "games/thud.zrf", ""},
	} {
		b.Run(bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, bb.variant)
			s := g.NewState()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Perft(s, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWorkspace measures the legal turns of one position computed again and again
// in one reused workspace, as a searcher does at each depth of its tree, against a new
// workspace each time.
func BenchmarkWorkspace(b *testing.B) {
	for _, bb := range []struct{ name, file, variant string }{
		{"chess", "games/chess.zrf", ""},
		{"kiwipete", "games/chess.zrf", "Kiwipete"},
		{"russian", "games/russian.zrf", ""},
	} {
		g := loadRow(b, bb.file, bb.variant)
		s := g.NewState()
		b.Run(bb.name+"/reused", func(b *testing.B) {
			ws := g.NewWorkspace()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ws.Turns(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bb.name+"/new", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.NewWorkspace().Turns(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAxiomPlayout plays random games of Axiom games (moves from the Forth) beside
// the same or a similar game of ZRF, through match as zoggo run does, and reports turns
// per second: every turn lists the legal turns (each made and saved) and asks whether
// the game is over.
func BenchmarkAxiomPlayout(b *testing.B) {
	corpus := testutil.CorpusDir(b)
	for _, bb := range []struct{ name, file, variant string }{
		{"axiom/ordo", filepath.Join(corpus, "dagazproject-zrf/Ordo/Ordo.zrf"), ""},
		{"zrf/ordo", filepath.Join("..", "games", "ordo.zrf"), ""},
		{"axiom/ur", filepath.Join(corpus, "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf"), "Ur"},
		{"zrf/ur", filepath.Join(corpus, "glukkazan-zog/Rules/07.Ur.zrf"), "Ur"},
		{"axiom/mancala", filepath.Join(corpus, "dagazproject-zrf/AbstractMancala/AbstractMancala.zrf"), ""},
		{"zrf/mancala-knights", filepath.Join(corpus, "glukkazan-zog/Rules/MancalaKnights.zrf"), ""},
	} {
		b.Run(bb.name, func(b *testing.B) {
			f, err := eval.LoadFile(bb.file)
			if err != nil {
				b.Fatal(err)
			}
			g, err := f.Find(bb.variant)
			if err != nil {
				b.Fatal(err)
			}
			turns := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				rec, err := ai.Play(g, make([]ai.Agent, len(g.Players)), seed, 300)
				if err != nil {
					b.Fatal(err)
				}
				turns += len(rec.Match.History())
			}
			b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
