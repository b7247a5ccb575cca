package compile_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/zrf"
)

var update = flag.Bool("update", false, "rewrite the out sections of testdata/dump")

// TestDump compiles the in.zrf of each testdata/dump/*.txtar and compares the dump of
// every game in it with the out section. go test ./compile -update rewrites out.
func TestDump(t *testing.T) {
	files, err := filepath.Glob("testdata/dump/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases in testdata/dump: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{}
			out := -1
			for i, f := range ar.Files {
				if f.Name == "out" {
					out = i
					continue
				}
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			if out < 0 {
				t.Fatalf("%s has no out section", file)
			}
			cf, err := compile.Load(zrf.NewFileSet(), fsys, "in.zrf")
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, g := range cf.Games {
				b.WriteString("== " + g.Title + "\n")
				if err := g.Dump(&b); err != nil {
					t.Fatal(err)
				}
			}
			got := b.String()
			if *update {
				ar.Files[out].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			if d := cmp.Diff(string(ar.Files[out].Data), got); d != "" {
				t.Errorf("Dump(%s) mismatch (-want +got):\n%s", file, d)
			}
		})
	}
}
