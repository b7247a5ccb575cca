package axiom_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// jofurFault is the error of Jofur's Forth (glukkazan-zog/Axiom/Jofur/Code.4th) when a
// piece that slides has a second square to slide to: check-pass leaves stray cells on the
// stack (calc-pass leaves its argument under its result, and the branch of no pass value
// leaves that value too), and the loop of common-slide then runs EXECUTE on the top one,
// 0 or 4, instead of the direction it keeps there.
var jofurFault = regexp.MustCompile(`^generating moves: OnGenerateMoves: glukkazan-zog/Axiom/Jofur/Code\.4th:334:3: ` +
	`(EXECUTE: 0 is not the address of a word|bad code field 0 at 4) \(in "common-slide", called from "slide-(n|s|e|w|ne|nw|se|sw)"\)$`)

// TestJofurFault plays Jofur at random with a few seeds until its Forth faults, and checks
// that the error says where: the file, line and column of the word that faulted, its name
// and its caller. Where python3 is found, the first game is replayed in the Python
// executable specification of Axiom, which must meet the same move lists and fault after
// the same moves: the fault is the rules file's, not this package's.
func TestJofurFault(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	const zrf, title = "glukkazan-zog/Rules/jofur.zrf", "Jofur"
	var first []string // the lists and moves of the first game, for the prototype
	faults := 0
	for _, seed := range []uint64{3, 7, 8} {
		e, err := start(t, corpus, zrf, title)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 0))
		var lines []string
		var ferr error
		ply := 0
		for ; ply < 60; ply++ {
			mv, err := e.Moves()
			if err != nil {
				ferr = err
				break
			}
			if len(mv) == 0 {
				break
			}
			m := mv[r.IntN(len(mv))]
			lines = append(lines, strings.Join(mv, "|")+"\t"+m)
			if err := e.Play(m); err != nil {
				t.Fatalf("seed %d, ply %d: %v", seed, ply, err)
			}
		}
		if ferr == nil {
			t.Errorf("seed %d: no fault in %d plies", seed, ply)
			continue
		}
		if !jofurFault.MatchString(ferr.Error()) {
			t.Errorf("seed %d, ply %d: %v\nwant the error to match %s", seed, ply, ferr, jofurFault)
			continue
		}
		faults++
		t.Logf("seed %d, ply %d: %v", seed, ply, ferr)
		if first == nil {
			first = lines
		}
	}
	if faults < 3 {
		t.Fatalf("%d faults met, want 3", faults)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 not found: the fault is not compared with the Axiom prototype")
		return
	}
	proto := filepath.Join(corpus, "..", "tools", "axiom-proto")
	lists := filepath.Join(t.TempDir(), "lists")
	if err := os.WriteFile(lists, []byte(strings.Join(first, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, "testdata/fault.py", proto, corpus, zrf, title, lists).Output()
	if err != nil {
		t.Fatalf("fault.py: %v", err)
	}
	var got struct {
		Plies, Same int
		Error       string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("fault.py: %v: %s", err, out)
	}
	// The prototype's EXECUTE finds no code at the token: KeyError, the code field it read.
	if got.Plies != len(first) || got.Same != len(first) || !strings.HasPrefix(got.Error, "KeyError: 0") {
		t.Errorf("the prototype replayed %d of %d plies, %d lists identical, and ended with %q; want all, and the fault (KeyError: 0)",
			got.Plies, len(first), got.Same, got.Error)
	}
	t.Logf("the prototype met the same %d lists and faulted after the same moves: %s", got.Same, got.Error)
}
