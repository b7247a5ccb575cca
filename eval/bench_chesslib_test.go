package eval_test

// This file compares chess perft with a Go chess library (corentings/chess, fetched
// through the module proxy for the tests only), in one benchmark so that both run on the
// same machine at the same moment, and reports the ratio of their speeds.

import (
	"testing"
	"time"

	chesslib "github.com/corentings/chess/v2"
	"github.com/zoggo/zoggo/internal/testutil"
)

// libPerft counts the leaves of the library's move tree, copy-make: every move, the leaf
// moves too, is applied with Position.Update, as zoggo's perft applies every leaf turn.
func libPerft(pos *chesslib.Position, depth int) int64 {
	moves := pos.ValidMoves()
	if depth == 1 {
		for i := range moves {
			pos.Update(&moves[i])
		}
		return int64(len(moves))
	}
	var n int64
	for i := range moves {
		n += libPerft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// TestLibPerft checks that the library's tree is the one zoggo counts.
func TestLibPerft(t *testing.T) {
	if got := libPerft(chesslib.StartingPosition(), 3); got != 8902 {
		t.Fatalf("library perft(3) = %d, want 8902", got)
	}
}

// BenchmarkPerftChessLib runs chess perft(4) in zoggo and in the library one after the
// other in each iteration and reports both speeds and zoggo's over the library's
// (lib-ratio): above 1 zoggo is faster.
func BenchmarkPerftChessLib(b *testing.B) {
	const depth = 4
	g := loadRow(b, "games/chess.zrf", "")
	s := g.NewState()
	if _, err := g.Perft(s, 2); err != nil {
		b.Fatal(err)
	}
	var ours, theirs, oursCPU, theirsCPU time.Duration
	var leaves, libLeaves int64
	for b.Loop() {
		t0, c0 := time.Now(), testutil.CPUTime()
		n, err := g.Perft(s, depth)
		if err != nil {
			b.Fatal(err)
		}
		t1, c1 := time.Now(), testutil.CPUTime()
		m := libPerft(chesslib.StartingPosition(), depth)
		t2, c2 := time.Now(), testutil.CPUTime()
		if n != m {
			b.Fatalf("perft(%d): zoggo %d, library %d", depth, n, m)
		}
		ours += t1.Sub(t0)
		theirs += t2.Sub(t1)
		oursCPU += c1 - c0
		theirsCPU += c2 - c1
		leaves += n
		libLeaves += m
	}
	zs := float64(leaves) / ours.Seconds()
	ls := float64(libLeaves) / theirs.Seconds()
	b.ReportMetric(zs, "leaves/s")
	b.ReportMetric(ls, "lib-leaves/s")
	b.ReportMetric(zs/ls, "lib-ratio")
	// The same ratio by CPU time, steadier on a loaded machine.
	if oursCPU > 0 && theirsCPU > 0 {
		b.ReportMetric(float64(leaves)/oursCPU.Seconds(), "cpu-leaves/s")
		b.ReportMetric(float64(libLeaves)/theirsCPU.Seconds(), "cpu-lib-leaves/s")
		b.ReportMetric(theirsCPU.Seconds()/oursCPU.Seconds()*float64(leaves)/float64(libLeaves), "cpu-lib-ratio")
	}
}
