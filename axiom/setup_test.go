package axiom_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/testutil"
)

// TestSetupAgainstPrototype checks the start position sent to every Axiom variant of the
// corpus against the one the Python executable specification of Axiom sends (its
// zrf_setup), when python3 is here.
func TestSetupAgainstPrototype(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	proto := filepath.Join(corpus, "..", "tools", "axiom-proto")
	py := testutil.Tool(t, "to compare the start positions with the Axiom prototype", "python3")
	golden, err := os.ReadFile(filepath.Join(proto, "expected", "loadall.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	type variant struct{ Zrf, Title string }
	var all []variant
	for _, line := range strings.Split(strings.TrimSpace(string(golden)), "\n") {
		var v variant
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		all = append(all, v)
	}
	// One run of the prototype for every variant: a JSON list of edits per line.
	script := `
import json, os, sys
sys.path.insert(0, sys.argv[1])
from replay import zrf_setup
for line in sys.stdin:
    zrf, title = json.loads(line)
    print(json.dumps([list(e) for e in zrf_setup(os.path.join(sys.argv[2], zrf), title)]))
`
	var in strings.Builder
	for _, v := range all {
		b, _ := json.Marshal([]string{v.Zrf, v.Title})
		in.Write(b)
		in.WriteString("\n")
	}
	cmd := exec.Command(py, "-c", script, proto, corpus)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the prototype: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(all) {
		t.Fatalf("the prototype answered %d lines for %d variants", len(lines), len(all))
	}
	files := map[string]*compile.File{}
	edits := 0
	for i, v := range all {
		cf := files[v.Zrf]
		if cf == nil {
			if cf, err = compile.LoadFile(filepath.Join(corpus, v.Zrf)); err != nil {
				t.Fatalf("%s: %v", v.Zrf, err)
			}
			files[v.Zrf] = cf
		}
		var want [][3]string
		if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(cf.Games, func(g *compile.Game) bool { return g.Title == v.Title })
		if i < 0 {
			t.Errorf("%s: no variant %q", v.Zrf, v.Title)
			continue
		}
		var got [][3]string
		for _, e := range axiom.Setup(cf.Games[i].Game) {
			got = append(got, [3]string{e.Player, e.Piece, e.Pos})
		}
		edits += len(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s %q: %d edits, the prototype %d; first difference at %d", v.Zrf, v.Title, len(got), len(want), firstDiff(got, want))
		}
	}
	if edits == 0 {
		t.Fatal("no variant has a start position: the comparison checked nothing")
	}
	t.Logf("%d variants, %d edits, the same as the prototype's", len(all), edits)
}

func firstDiff(a, b [][3]string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
