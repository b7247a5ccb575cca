//go:build linux

package ai_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// processCPU returns the CPU time the whole process has used (user and system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLevelOneTurn plays search:1 against itself in every game of games/ for
// ZOGGO_LEVEL_TURNS turns (40 unless set) and reports, per game, the CPU time of the
// whole process a bot's turn takes (its choice and the match playing it): the mean, the
// median and the largest, against level 1's stated 20 ms (ai.LevelTime). It measures;
// it asserts nothing about speed. ZOGGO_LEVEL_GAMES narrows it to one file's name, and
// ZOGGO_LEVEL_EACH=1 prints every turn's time as well, and ZOGGO_LEVEL_BOT plays another
// bot than search:1 (search:1:eval=full, say). Run it once per build to compare
// (go test -run NONE -bench LevelOneTurn -benchtime 1x ./ai).
func BenchmarkLevelOneTurn(b *testing.B) {
	turns := 40
	if s := os.Getenv("ZOGGO_LEVEL_TURNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			b.Fatalf("ZOGGO_LEVEL_TURNS=%q: want a positive number", s)
		}
		turns = n
	}
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no games in ../games: %v", err)
	}
	only := os.Getenv("ZOGGO_LEVEL_GAMES")
	spec := "search:1"
	if s := os.Getenv("ZOGGO_LEVEL_BOT"); s != "" {
		spec = s
	}
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			name := filepath.Base(f)
			if only != "" && name != only {
				continue
			}
			g := evaltest.Load(b, f)
			m, err := match.New(g, nil)
			if err != nil {
				b.Fatalf("%s: %v", name, err)
			}
			bot, err := ai.Parse(spec, g)
			if err != nil {
				b.Fatalf("%s: %v", name, err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			var costs []time.Duration
			var total, played time.Duration
			for t := 0; t < turns && !m.Over(); t++ {
				if m.MustPass() || g.Players[m.Mover()].Random {
					k := 0
					if !m.MustPass() {
						k = r.IntN(len(m.Legal()))
					}
					if err := m.Play(k); err != nil {
						b.Fatalf("%s: %v", name, err)
					}
					continue
				}
				start := processCPU()
				k, err := ai.Choose(bot, m, r)
				if err != nil {
					b.Fatalf("%s: %v", name, err)
				}
				mid := processCPU()
				if err := m.Play(k); err != nil {
					b.Fatalf("%s: %v", name, err)
				}
				d := processCPU() - start
				played += processCPU() - mid
				costs = append(costs, d)
				if os.Getenv("ZOGGO_LEVEL_EACH") != "" {
					fmt.Printf("%.1f ", float64(d)/1e6)
				}
				total += d
			}
			if len(costs) == 0 {
				continue
			}
			sort.Slice(costs, func(a, c int) bool { return costs[a] < costs[c] })
			ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
			fmt.Printf("%-20s turns %3d  mean %6.1f  median %6.1f  max %6.1f ms (of the mean %5.1f playing it)\n", name, len(costs),
				ms(total/time.Duration(len(costs))), ms(costs[len(costs)/2]), ms(costs[len(costs)-1]), ms(played/time.Duration(len(costs))))
		}
	}
}
