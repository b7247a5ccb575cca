package lsp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/zrf"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"depth by line", "(game\n(title \"x\")\n  (board\n(grid)))\n", "(game\n   (title \"x\")\n   (board\n      (grid)))\n"},
		{"two lists opened on a line", "(define m (\n$1\n))\n", "(define m (\n   $1\n))\n"},
		{"closers", "(a\n(b\n)\n    )\n", "(a\n   (b\n   )\n)\n"},
		{"comments stay", "(a ; (not a list\n; (nor this\n\t(b))  \n", "(a ; (not a list\n   ; (nor this\n   (b))\n"},
		{"strings keep their lines", "(a \"one\n    two (\"\n  (b   \n\"x  \n  y\"   ))\n", "(a \"one\n    two (\"\n   (b\n      \"x  \n  y\"   ))\n"},
		{"line ends kept", "(a\r\n(b)\r(c))", "(a\r\n   (b)\r   (c))"},
		{"blank lines", "(a\n\n   \n(b))\n", "(a\n\n\n   (b))\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Format(tt.src)
			if got != tt.want {
				t.Errorf("Format(%q)\n got %q\nwant %q", tt.src, got, tt.want)
			}
			if again := Format(got); again != got {
				t.Errorf("Format is not idempotent: %q then %q", got, again)
			}
			if read(tt.name, got) != read(tt.name, tt.src) {
				t.Errorf("Format changed the tree: %s", read(tt.name, got))
			}
		})
	}
}

// FuzzFormat checks on any text that reads that formatting keeps the tree and is
// idempotent.
func FuzzFormat(f *testing.F) {
	f.Add("(game (title \"a\nb\") ; c\n (piece (name P)))")
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := zrf.Read(zrf.NewFileSet(), "f", []byte(src)); err != nil {
			return
		}
		got := Format(src)
		if read("f", got) != read("f", src) {
			t.Fatalf("Format(%q) = %q: another tree", src, got)
		}
		if Format(got) != got {
			t.Fatalf("Format(%q) is not idempotent", src)
		}
	})
}

// TestGrammarKeywords checks that the VS Code grammar colours every keyword hover
// knows: by name, or as a predicate (a name that ends in "?").
func TestGrammarKeywords(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "editors", "vscode", "syntaxes", "zrf.tmLanguage.json"))
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]bool{}
	for _, alt := range regexp.MustCompile(`\(\?:([^()]*)\)`).FindAllStringSubmatch(string(b), -1) {
		for _, w := range strings.Split(alt[1], "|") {
			words[strings.ReplaceAll(w, `\\`, "")] = true
		}
	}
	if len(words) < 50 {
		t.Fatalf("the grammar names %d keywords", len(words))
	}
	for k := range keywords {
		if !words[k] && !strings.HasSuffix(k, "?") {
			t.Errorf("the grammar does not colour %q", k)
		}
	}
}
