package eval_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
)

// protoSample are the variants whose first moves make test compares with the prototype;
// make test-long compares all 159.
var protoSample = map[string]bool{
	"Afrika": true, "Selus Problem": true, "Tchuka Ruma": true, "Senet (Kendall's variant)": true,
	"Ur [first]": true, "Gabata": true, "Ohojitxi 6x2": true, "Quantum tic-tac-toe (variant 1)": true,
}

// TestFirstMovesAgainstPrototype runs the Python executable specification of Axiom
// (tools/axiom-proto/replay.py) on the variants of the corpus and compares the first move
// list it prints with the texts of zoggo's first turns, whole and in order, through the
// same path every command takes (eval's Turns of the start position). Filler and Jofur
// place pieces at random from the clock, so only their counts are compared; ChessCraft,
// a draft, loads in neither.
func TestFirstMovesAgainstPrototype(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	proto := filepath.Join(corpus, "..", "tools", "axiom-proto")
	py := testutil.Tool(t, "to compare the first moves with the Axiom prototype", "python3")
	f, err := os.Open(filepath.Join(proto, "expected", "loadall.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type variant struct{ Zrf, Title, Error string }
	var all []variant
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v variant
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Error == "" && (longTests || protoSample[v.Title]) {
			all = append(all, v)
		}
	}
	random := map[string]bool{"Filler": true, "Jofur": true}
	var mu sync.Mutex
	compared, moves := 0, 0
	work := make(chan variant)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range work {
				cmd := exec.Command(py, filepath.Join(proto, "replay.py"), "--corpus", corpus, v.Zrf, v.Title)
				out, err := cmd.Output()
				if err != nil {
					t.Errorf("%s %q: the prototype: %v", v.Zrf, v.Title, err)
					continue
				}
				var rec struct{ Moves []string }
				if err := json.Unmarshal(out, &rec); err != nil {
					t.Errorf("%s %q: the prototype's answer: %v", v.Zrf, v.Title, err)
					continue
				}
				got, err := firstTexts(filepath.Join(corpus, v.Zrf), v.Title)
				if err != nil {
					t.Errorf("%s %q: %v", v.Zrf, v.Title, err)
					continue
				}
				if random[v.Title] && len(got) != len(rec.Moves) || !random[v.Title] && !slices.Equal(got, rec.Moves) {
					t.Errorf("%s %q: first moves\n %q\nthe prototype's\n %q", v.Zrf, v.Title, got, rec.Moves)
				}
				mu.Lock()
				compared++
				moves += len(got)
				mu.Unlock()
			}
		}()
	}
	for _, v := range all {
		work <- v
	}
	close(work)
	wg.Wait()
	t.Logf("%d variants, %d first moves compared with the prototype", compared, moves)
}

// firstTexts returns the texts of the first turns of the variant title of a rules file.
func firstTexts(path, title string) ([]string, error) {
	file, err := eval.LoadFile(path)
	if err != nil {
		return nil, err
	}
	g, err := file.Find(title)
	if err != nil {
		return nil, err
	}
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil {
		return nil, err
	}
	var out []string
	for i := range turns {
		var parts []string
		for _, p := range turns[i].Parts {
			parts = append(parts, p.Text)
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out, nil
}
