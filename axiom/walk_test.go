package axiom_test

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// TestWalk walks each variant as testdata/walk.py made the Python executable specification
// of Axiom walk it (up to 12 plies, the move of index 7k mod n at ply k) and compares the
// SHA-1 of the move lists met. Generation order, the moves made and the state generators keep
// are all in the digest.
func TestWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("walking 155 variants takes a while")
	}
	corpus := testutil.CorpusDir(t)
	f, err := os.Open("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// underflow lists the walks the prototype stops with a stack underflow in MarGo's
	// clear-f, which drops a cell it never pushed; the DLL did not check the stack there,
	// and neither does this package (see TestGeneratorUnderflow).
	underflow := 0
	var n, same int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var rec struct {
			Zrf, Title, Sha1, Error string
			Plies                   int
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		n++
		t.Run(rec.Zrf+"/"+rec.Title, func(t *testing.T) {
			e, err := start(t, corpus, rec.Zrf, rec.Title)
			if err != nil {
				t.Fatal(err)
			}
			h := sha1.New()
			plies := 0
			var werr error
			for ply := 0; ply < 12; ply++ {
				mv, err := e.Moves()
				if err != nil {
					werr = err
					break
				}
				plies++
				fmt.Fprintf(h, "%d\n", len(mv))
				for _, s := range mv {
					fmt.Fprintf(h, "%s\n", s)
				}
				if len(mv) == 0 {
					break
				}
				if err := e.Play(mv[(ply*7)%len(mv)]); err != nil {
					werr = err
					break
				}
			}
			if strings.Contains(rec.Error, "underflow") && strings.Contains(rec.Zrf, "Margo") {
				if werr != nil {
					t.Errorf("stopped at ply %d: %v", plies, werr)
				}
				underflow++
				return
			}
			if werr != nil || rec.Error != "" {
				t.Errorf("error %v after %d plies; the prototype: %q after %d", werr, plies, rec.Error, rec.Plies)
			}
			if sum := hex.EncodeToString(h.Sum(nil)); plies != rec.Plies || sum != rec.Sha1 {
				t.Errorf("%d plies, digest %s; the prototype %d, %s", plies, sum, rec.Plies, rec.Sha1)
			} else {
				same++
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 155 || underflow != 15 {
		t.Errorf("%d walks, %d of them MarGo's underflow; want 155 and 15", n, underflow)
	}
	t.Logf("%d of %d walks as the prototype's, %d MarGo walks go on past its underflow", same, n, underflow)
}
