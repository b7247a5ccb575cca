package eval_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// perftRow is one line of testdata/perft.txt: FILE DEPTH NODES [long] [variant TITLE...].
// FILE is relative to the repository, or starts with corpus/ for $ZOGGO_CORPUS.
type perftRow struct {
	file, variant string
	depth         int
	nodes         int64
	long          bool
	line          int
}

func readPerft(t testing.TB) []perftRow {
	f, err := os.Open("../testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 3 {
			t.Fatalf("perft.txt:%d: want FILE DEPTH NODES", n)
		}
		r := perftRow{file: fields[0], line: n}
		r.depth, err = strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("perft.txt:%d: %v", n, err)
		}
		r.nodes, err = strconv.ParseInt(fields[2], 10, 64)
		if err != nil {
			t.Fatalf("perft.txt:%d: %v", n, err)
		}
		rest := fields[3:]
		if len(rest) > 0 && rest[0] == "long" {
			r.long, rest = true, rest[1:]
		}
		if len(rest) > 0 && rest[0] == "variant" {
			r.variant = strings.Join(rest[1:], " ")
		}
		rows = append(rows, r)
	}
	return rows
}

func loadRow(t testing.TB, file, variant string) *eval.Game {
	path := filepath.Join("..", file)
	if rest, ok := strings.CutPrefix(file, "corpus/"); ok {
		path = filepath.Join(corpusDir(t), rest)
	}
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	g, err := f.Find(variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPerft checks the move-tree counts of testdata/perft.txt; rows marked long run
// under make test-long.
func TestPerft(t *testing.T) {
	for _, r := range readPerft(t) {
		name := r.file + "/" + r.variant + "/d" + strconv.Itoa(r.depth)
		t.Run(name, func(t *testing.T) {
			if r.long && !longTests {
				t.Skip("deep row: run make test-long")
			}
			g := loadRow(t, r.file, r.variant)
			got, err := g.Perft(g.NewState(), r.depth)
			if err != nil {
				t.Fatal(err)
			}
			if got != r.nodes {
				t.Errorf("perft.txt:%d: perft(%d) of %s %q = %d, want %d", r.line, r.depth, r.file, g.Title, got, r.nodes)
			}
		})
	}
}

// perftAgainst compares g's perft from its start with a reference generator's count,
// ref(d), at every depth from 1 to depth.
func perftAgainst(t *testing.T, g *eval.Game, depth int, ref func(d int) int64) {
	t.Helper()
	for d := 1; d <= depth; d++ {
		got, err := g.Perft(g.NewState(), d)
		if err != nil {
			t.Fatal(err)
		}
		if want := ref(d); got != want {
			t.Errorf("perft(%d) = %d, reference %d", d, got, want)
		}
	}
}
