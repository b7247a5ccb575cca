package zrf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// seedFiles adds our own rules files and, when ZOGGO_CORPUS is set, the corpus files as
// fuzz seeds.
func seedFiles(f *testing.F) {
	paths, _ := filepath.Glob("../games/*.zrf")
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".zrf") || strings.HasSuffix(p, ".inc")) {
				paths = append(paths, p)
			}
			return nil
		})
	}
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte("(define m ($1 $2 (m $1)))\n(game (m a b))"))
	f.Add([]byte("(a (b \"c\" ;d\n) e"))
}

// FuzzRead checks that reading never panics, and that printing a tree and reading it
// again gives the same tree.
func FuzzRead(f *testing.F) {
	seedFiles(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		nodes, err := Read(NewFileSet(), "f.zrf", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.zrf:") {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		printed := dump(nodes)
		again, err := Read(NewFileSet(), "g.zrf", []byte(printed))
		if err != nil {
			t.Fatalf("reading the printed tree: %v\n%s", err, printed)
		}
		if got := dump(again); got != printed {
			t.Fatalf("print/read round trip differs:\n%s\n%s", printed, got)
		}
	})
}

// FuzzExpand checks that expansion of any input ends, within small bounds, without a
// panic.
func FuzzExpand(f *testing.F) {
	seedFiles(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{"f.zrf": {Data: src}, "lib.inc": {Data: []byte("(define lib-m (x $1))")}}
		ex, err := Load(NewFileSet(), fsys, "f.zrf", Limits{MaxDepth: 50, MaxNodes: 200_000})
		if err == nil && ex == nil {
			t.Fatal("no result and no error")
		}
	})
}

func corpusFiles(tb testing.TB) []string {
	dir := os.Getenv("ZOGGO_CORPUS")
	if dir == "" {
		tb.Skip("ZOGGO_CORPUS is not set; set it to the shared corpus folder to run this")
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Fatalf("ZOGGO_CORPUS=%s: %v", dir, err)
	}
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zrf") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// BenchmarkRead reads every corpus file.
func BenchmarkRead(b *testing.B) {
	files := corpusFiles(b)
	srcs := make([][]byte, len(files))
	total := 0
	for i, p := range files {
		srcs[i], _ = os.ReadFile(p)
		total += len(srcs[i])
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for i, src := range srcs {
			if _, err := Read(NewFileSet(), files[i], src); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkExpand reads and expands every corpus file.
func BenchmarkExpand(b *testing.B) {
	files := corpusFiles(b)
	b.ReportAllocs()
	fsys := os.DirFS("/")
	for b.Loop() {
		for _, p := range files {
			abs, _ := filepath.Abs(p)
			if _, err := Load(NewFileSet(), fsys, strings.TrimPrefix(filepath.ToSlash(abs), "/"), DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	}
}
