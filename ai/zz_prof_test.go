package ai_test

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// chessMiddlegames are positions after the opening, as UCI move lists from the start.
var zzMiddlegames = []string{
	"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6 e1g1 e8g8",
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 b8d7 a1c1 c7c6",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7",
}

// BenchmarkZZFull searches middlegame chess positions to a fixed depth with
// the default search and reports the nodes (positions visited plus turns generated)
// of each search. It measures; it asserts nothing about speed (go test -run NONE
// -bench ChessSearchDepth -benchtime 1x ./ai).
func BenchmarkZZFull(b *testing.B) {
	g := evaltest.Load(b, filepath.Join("..", "games", "chess.zrf"))
	for i := 0; i < b.N; i++ {
		total := 0
		for _, line := range zzMiddlegames {
			m, err := match.New(g, nil)
			if err != nil {
				b.Fatal(err)
			}
			for _, mv := range strings.Fields(line) {
				k, err := engines.Find(g, m.State(), m.Legal(), mv)
				if err != nil {
					b.Fatalf("%s: %v", mv, err)
				}
				if err := m.Play(k); err != nil {
					b.Fatal(err)
				}
			}
			s := &ai.Search{Depth: 6, MaxNodes: 1 << 40, Terms: true}
			if _, err := s.Choose(m, rand.New(rand.NewPCG(1, 2))); err != nil {
				b.Fatal(err)
			}
			n, _ := s.Last()
			total += n
		}
		b.ReportMetric(float64(total), "nodes")
	}
}
