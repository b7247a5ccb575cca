package compile_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/zrf"
)

var errorComment = regexp.MustCompile(`; ERROR "((?:[^"\\]|\\.)*)"`)

// TestErrors compiles each chunk of testdata/errors.zrf and checks that exactly the
// expected errors are reported, each on its line.
func TestErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/errors.zrf")
	if err != nil {
		t.Fatal(err)
	}
	chunks := strings.Split(string(src), "\n---\n")
	// The first chunk carries the file's comment header and a shared macro; the macro is
	// prepended to every chunk so that line numbers stay those of the chunk.
	for i, chunk := range chunks {
		name := "chunk" + strconv.Itoa(i+1)
		t.Run(name, func(t *testing.T) {
			want := map[int]*regexp.Regexp{}
			for n, line := range strings.Split(chunk, "\n") {
				if m := errorComment.FindStringSubmatch(line); m != nil {
					// Inside the quotes, \" stands for a quote; every other backslash
					// belongs to the regexp.
					pat := strings.ReplaceAll(m[1], `\"`, `"`)
					re, err := regexp.Compile(pat)
					if err != nil {
						t.Fatalf("line %d: bad ERROR regexp: %v", n+1, err)
					}
					want[n+1] = re
				}
			}
			if len(want) == 0 {
				t.Fatalf("chunk has no ERROR comment:\n%s", chunk)
			}
			fsys := fstest.MapFS{"t.zrf": {Data: []byte(chunk)}}
			f, err := compile.Load(zrf.NewFileSet(), fsys, "t.zrf")
			if err == nil {
				err = f.Check()
			}
			if err == nil {
				t.Fatalf("no error; want errors on lines %v", keys(want))
			}
			for _, e := range zrf.AsList(err).Errors() {
				re, ok := want[e.Pos.Line]
				if !ok || !re.MatchString(e.Msg) {
					t.Errorf("unexpected error: %s", e.Detail())
					continue
				}
				delete(want, e.Pos.Line)
			}
			for line, re := range want {
				t.Errorf("line %d: missing error matching %q; got %v", line, re, err)
			}
		})
	}
}

func keys(m map[int]*regexp.Regexp) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	return out
}
