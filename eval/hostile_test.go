package eval_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

func loadString(t *testing.T, src string) *eval.Game {
	t.Helper()
	f, err := eval.Load(zrf.NewFileSet(), fstest.MapFS{"h.zrf": {Data: []byte(src)}}, "h.zrf")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	g, err := f.Game(0)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return g
}

// TestHostileRules checks that rules whose move code never ends, or makes moves without
// end, stop with an error naming the place in the rules, quickly.
func TestHostileRules(t *testing.T) {
	board := `(board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
	          (directions (n 0 -1) (s 0 1))))`
	for _, tt := range []struct {
		name, src, want string
	}{
		{"while without progress", `(game (title "W") (players A B) ` + board + `
(piece (name P) (moves (n
   (while empty? mark))))
(board-setup (A (P a1))))`, `h.zrf:4:4: while loop ran more than 100000 times`},
		{"endless moves", `(game (title "M") (players A B)
(board (grid (start-rectangle 0 0 1 1)
   (dimensions ("` + labels(700) + `" (1 0)) ("` + labels(700) + `" (0 1)))))
(piece (name P) (drops ((verify empty?) add))))`, `more than 200000 moves in one position`},
		// 90,000 turns that each keep a state of 90,000 cells would be 32 GB.
		{"states without end", `(game (title "S") (players A B)
(board (grid (start-rectangle 0 0 1 1)
   (dimensions ("` + labels(300) + `" (1 0)) ("` + labels(300) + `" (0 1)))))
(piece (name P) (drops ((verify empty?) add))))`, `h.zrf:4:41: more than 186 turns in one position on a board of 90000 positions`},
		{"fills nested in scans", `(version "zoggo-1") (game (title "F") (players A B)
(board (grid (start-rectangle 0 0 1 1)
   (dimensions ("` + labels(30) + `" (1 0)) ("` + labels(30) + `" (0 1))) (directions (n 0 -1) (s 0 1))))
(piece (name P) (drops ((verify empty?)
   (all-positions (verify (> (count (>= (area) 0)) 0))) add))))`, `h.zrf:5:41: group and area fills visited more than 20000000 positions in one block`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			testutil.LimitMemory(t, 1<<30)
			g := loadString(t, tt.src)
			start := time.Now()
			_, err := g.NewWorkspace().Turns(g.NewState())
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			var ge *eval.GenError
			if !errors.As(err, &ge) {
				t.Fatalf("error %v is not a *GenError", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want it to contain %q", err, tt.want)
			}
			if el := time.Since(start); el > 20*time.Second {
				t.Errorf("took %v", el)
			}
		})
	}
}

func labels(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString("x")
		b.WriteString(strings.Repeat("y", i/26))
		b.WriteByte(byte('a' + i%26))
	}
	return b.String()
}
