package lsp

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

// diagBound is how long a test waits for diagnostics: far more than a check takes, so
// that a slow machine does not fail the test; it bounds a server that never answers.
const diagBound = 2 * time.Minute

// readText reads a rules file as an editor shows it: decoded to UTF-8.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(b) {
		return zrf.Decode(string(b))
	}
	return string(b)
}

// findLine returns the 0-based line of text that contains sub, and the byte column.
func findLine(t *testing.T, text, sub string) (int, int) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if j := strings.Index(l, sub); j >= 0 {
			return i, j
		}
	}
	t.Fatalf("no line holds %q", sub)
	return 0, 0
}

func abs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDiagnosticsCorpus opens a corpus file with macros and includes, with an error
// typed into it, and expects the error at its line and column, with the "did you
// mean" fixed by a code action; then fixes it and expects no error.
func TestDiagnosticsCorpus(t *testing.T) {
	dir := testutil.CorpusDir(t)
	path := filepath.Join(dir, "dagazproject-zrf", "Sokoban", "levels_01_10.zrf")
	text := readText(t, path)
	line, _ := findLine(t, text, "(title \"Sokoban (Level 1)\")")
	lines := strings.SplitAfter(text, "\n")
	bad := strings.Join(lines[:line], "") + "   (sttrategy \"push\")\n" + strings.Join(lines[line:], "")
	c := startServer(t, Options{Debounce: 50 * time.Millisecond})
	uri := uriOf(path)
	c.open(uri, bad)
	p, ok := c.diagnostics(uri, diagBound)
	if !ok {
		t.Fatalf("no diagnostics within %v", diagBound)
	}
	var found *protocol.Diagnostic
	for i, d := range p.Diagnostics {
		if strings.Contains(d.Message, "sttrategy") {
			found = &p.Diagnostics[i]
		}
	}
	if found == nil {
		t.Fatalf("no diagnostic names sttrategy: %+v", p.Diagnostics)
	}
	if found.Range.Start.Line != protocol.UInteger(line) || found.Range.Start.Character != 4 || found.Range.End.Character != 13 {
		t.Errorf("diagnostic at %+v, want line %d characters 4-13", found.Range, line)
	}
	if found.Severity == nil || *found.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("severity %v, want error", found.Severity)
	}
	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": found.Range, "context": map[string]any{"diagnostics": []protocol.Diagnostic{*found}}}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Edit == nil || len(actions[0].Edit.Changes[uri]) != 1 {
		t.Fatalf("code actions %+v, want one edit", actions)
	}
	e := actions[0].Edit.Changes[uri][0]
	if e.NewText != "strategy" || e.Range != found.Range {
		t.Errorf("edit %+v, want strategy at %+v", e, found.Range)
	}
	fixed := strings.Replace(bad, "sttrategy", "strategy", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"text": fixed}}})
	p, ok = c.diagnostics(uri, diagBound)
	if !ok {
		t.Fatalf("no diagnostics after the fix within %v", diagBound)
	}
	if p.Version == nil || *p.Version != 2 {
		t.Errorf("diagnostics of version %v, want 2", p.Version)
	}
	for _, d := range p.Diagnostics {
		if *d.Severity == protocol.DiagnosticSeverityError {
			t.Errorf("error left after the fix: %+v", d)
		}
	}
}

// TestDiagnosticsMacroChain types a wrong direction into a macro call of a dialect
// game: the error is at the argument, and the macros it went through are related
// information.
func TestDiagnosticsMacroChain(t *testing.T) {
	path := abs(t, filepath.Join("..", "games", "taacoca.zrf"))
	text := strings.Replace(readText(t, path), "(duo ne)", "(duo nee)", 1)
	line, col := findLine(t, text, "(duo nee)")
	c := startServer(t, Options{Debounce: 10 * time.Millisecond})
	uri := uriOf(path)
	c.open(uri, text)
	p, ok := c.diagnostics(uri, diagBound)
	if !ok {
		t.Fatalf("no diagnostics within %v", diagBound)
	}
	if len(p.Diagnostics) == 0 {
		t.Fatal("no diagnostic")
	}
	d := p.Diagnostics[0]
	if !strings.Contains(d.Message, `found "nee" (did you mean "ne"?)`) {
		t.Errorf("message %q", d.Message)
	}
	if d.Range.Start.Line != protocol.UInteger(line) || d.Range.Start.Character != protocol.UInteger(col+5) {
		t.Errorf("at %+v, want %d:%d", d.Range.Start, line, col+5)
	}
	defLine, _ := findLine(t, text, "(define duo")
	var macros []string
	for _, r := range d.RelatedInformation {
		if r.Location.URI != uri {
			t.Errorf("related information in %s", r.Location.URI)
		}
		macros = append(macros, r.Message)
		if strings.Contains(r.Message, `macro "duo"`) && r.Location.Range.Start.Line != protocol.UInteger(defLine+1) {
			t.Errorf("note %q at line %d, want %d", r.Message, r.Location.Range.Start.Line, defLine+1)
		}
	}
	if len(macros) != 2 || !strings.Contains(macros[0], `macro "stone"`) || !strings.Contains(macros[1], `macro "duo"`) {
		t.Errorf("related information %q, want the notes of stone and duo", macros)
	}
}

// hoverText asks for the hover at a place.
func hoverText(t *testing.T, c *client, uri string, line, char int) string {
	t.Helper()
	var h *protocol.Hover
	if err := c.call("textDocument/hover", at(uri, line, char), &h); err != nil {
		t.Fatal(err)
	}
	if h == nil {
		return ""
	}
	switch m := h.Contents.(type) {
	case protocol.MarkupContent:
		return m.Value
	case map[string]any:
		s, _ := m["value"].(string)
		return s
	}
	t.Fatalf("hover contents %T", h.Contents)
	return ""
}

func locations(t *testing.T, c *client, method string, params map[string]any) []protocol.Location {
	t.Helper()
	var locs []protocol.Location
	if err := c.call(method, params, &locs); err != nil {
		t.Fatal(err)
	}
	return locs
}

func symbolsOf(t *testing.T, c *client, uri string) []protocol.DocumentSymbol {
	t.Helper()
	var syms []protocol.DocumentSymbol
	if err := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms); err != nil {
		t.Fatal(err)
	}
	return syms
}

func completions(t *testing.T, c *client, uri string, line, char int) map[string]protocol.CompletionItemKind {
	t.Helper()
	var items []protocol.CompletionItem
	if err := c.call("textDocument/completion", at(uri, line, char), &items); err != nil {
		t.Fatal(err)
	}
	out := map[string]protocol.CompletionItemKind{}
	for _, it := range items {
		out[it.Label] = *it.Kind
	}
	return out
}

func wantContains(t *testing.T, what, got string, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(got, s) {
			t.Errorf("%s: %q does not contain %q", what, got, s)
		}
	}
}

// countAtoms counts the atoms text in src outside comments.
func countAtoms(src, text string) int {
	re := regexp.MustCompile(`(^|[\s()])` + regexp.QuoteMeta(text) + `($|[\s()])`)
	n := 0
	for _, l := range strings.Split(src, "\n") {
		if i := strings.IndexByte(l, ';'); i >= 0 && !strings.Contains(l[:i], `"`) {
			l = l[:i]
		}
		n += len(re.FindAllStringIndex(" "+strings.ReplaceAll(l, " ", "  ")+" ", -1))
	}
	return n
}

// TestNavigationDialect asks hover, definition, references, symbols and completion of
// a dialect game.
func TestNavigationDialect(t *testing.T) {
	path := abs(t, filepath.Join("..", "games", "taacoca.zrf"))
	text := readText(t, path)
	c := startServer(t, Options{})
	uri := uriOf(path)
	c.open(uri, text)

	// A macro at a call: its definition and what it expands to there.
	line, col := findLine(t, text, "(trio after1 after2)")
	defLine, _ := findLine(t, text, "(define trio")
	h := hoverText(t, c, uri, line, col+2)
	wantContains(t, "hover on trio", h, "**macro** `trio`", "games/taacoca.zrf:"+itoa(defLine+1)+":9",
		"(define trio (tri $1 $2 ne) (tri $1 $2 nw))", "expands here to:", "(verify (on-board? ne))", "(shift nw)")
	// A keyword.
	kl, kc := findLine(t, text, "(shift $3) add))")
	h = hoverText(t, c, uri, kl, kc+12)
	wantContains(t, "hover on add", h, "**keyword** `add`", "ZRF reference §8.8")
	// A keyword of the dialect.
	wantContains(t, "hover on shift", hoverText(t, c, uri, kl, kc+3), "**keyword** `shift`", "docs/dialect.md §7")
	// A piece, a direction, a position, a zone.
	sl, sc := findLine(t, text, "(White (Stone a1")
	pieceLine, _ := findLine(t, text, "(name Stone)")
	wantContains(t, "hover on Stone", hoverText(t, c, uri, sl, sc+8), "**piece** `Stone`", "taacoca.zrf:"+itoa(pieceLine+1)+":13")
	dimLine, _ := findLine(t, text, `("a/b/c/d/e/f/g/h/i" (-20 -35))`)
	wantContains(t, "hover on a1", hoverText(t, c, uri, sl, sc+14), "**position** `a1`", "taacoca.zrf:"+itoa(dimLine+1)+":")
	dl, dc := findLine(t, text, "(symmetry Black (ne sw)")
	dirLine, _ := findLine(t, text, "(directions (e 0 1)")
	wantContains(t, "hover on ne", hoverText(t, c, uri, dl, dc+17), "**direction** `ne`", "taacoca.zrf:"+itoa(dirLine+1)+":")
	// The parameter of a macro.
	pl, pc := findLine(t, text, "(verify (on-board? $1))")
	wantContains(t, "hover on $1", hoverText(t, c, uri, pl, pc+19), "parameter 1 of macro `stone`")

	// Definition of a macro at a call, and of a piece.
	locs := locations(t, c, "textDocument/definition", at(uri, line, col+2))
	if len(locs) != 1 || locs[0].URI != uri || locs[0].Range.Start.Line != protocol.UInteger(defLine) || locs[0].Range.Start.Character != 8 {
		t.Errorf("definition of trio: %+v, want line %d character 8", locs, defLine)
	}
	locs = locations(t, c, "textDocument/definition", at(uri, sl, sc+8))
	if len(locs) != 1 || locs[0].Range.Start.Line != protocol.UInteger(pieceLine) {
		t.Errorf("definition of Stone: %+v, want line %d", locs, pieceLine)
	}

	// References of a macro: every call, and the definition when asked.
	for _, decl := range []bool{false, true} {
		p := at(uri, line, col+7) // after1
		p["context"] = map[string]any{"includeDeclaration": decl}
		locs = locations(t, c, "textDocument/references", p)
		want := countAtoms(text, "after1")
		if !decl {
			want--
		}
		if len(locs) != want || want < 20 {
			t.Errorf("references of after1 (declaration %v): %d, want %d", decl, len(locs), want)
		}
		l := newLines(text)
		for _, r := range locs {
			if got := text[l.offset(r.Range.Start):l.offset(r.Range.End)]; got != "after1" {
				t.Errorf("reference at %+v is %q", r.Range, got)
			}
		}
	}

	// Symbols: the game with its piece, and the macros.
	syms := symbolsOf(t, c, uri)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	wantContains(t, "symbols", strings.Join(names, " "), "stone", "trio", "duo", "solo", "Taacoca")
	for _, s := range syms {
		if s.Name == "Taacoca" {
			if s.Kind != protocol.SymbolKindNamespace || len(s.Children) != 1 || s.Children[0].Name != "Stone" || s.Children[0].Kind != protocol.SymbolKindClass {
				t.Errorf("symbol of the game: %+v", s)
			}
		}
	}

	// Completion: move code in a piece's moves, piece forms in a piece, top-level forms
	// outside; names the file defines.
	ml, mc := findLine(t, text, "(duo ne) (duo nw)")
	items := completions(t, c, uri, ml, mc+1)
	for _, w := range []string{"add", "capture", "verify", "trio", "after3", "Stone", "ne", "a1", "home"} {
		if _, ok := items[w]; !ok {
			t.Errorf("completion in moves lacks %q", w)
		}
	}
	if items["trio"] != protocol.CompletionItemKindFunction || items["add"] != protocol.CompletionItemKindKeyword {
		t.Errorf("completion kinds: trio %v, add %v", items["trio"], items["add"])
	}
	if _, ok := items["board-setup"]; ok {
		t.Errorf("completion in moves offers board-setup")
	}
	hl, hc := findLine(t, text, "(help \"Stone: three")
	items = completions(t, c, uri, hl, hc+1)
	if _, ok := items["moves"]; !ok {
		t.Errorf("completion in a piece lacks moves")
	}
	items = completions(t, c, uri, len(strings.Split(text, "\n"))-1, 0)
	if _, ok := items["variant"]; !ok {
		t.Errorf("completion at the top lacks variant")
	}
	if _, ok := items["add"]; ok {
		t.Errorf("completion at the top offers add")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestNavigationCorpusIncludes asks hover, definition, references, symbols and
// completion of a corpus file whose pieces and macros come from the file it includes.
func TestNavigationCorpusIncludes(t *testing.T) {
	dir := testutil.CorpusDir(t)
	path := filepath.Join(dir, "dagazproject-zrf", "Sokoban", "levels_01_10.zrf")
	incPath := filepath.Join(dir, "dagazproject-zrf", "Sokoban", "sokoban.inc")
	text, inc := readText(t, path), readText(t, incPath)
	c := startServer(t, Options{})
	uri, incURI := uriOf(path), uriOf(incPath)
	c.open(uri, text)

	// A macro of the included file at its call: where it is defined and what it
	// expands to.
	line, col := findLine(t, text, "(common-level)")
	defLine, _ := findLine(t, inc, "(define common-level")
	wantContains(t, "hover on common-level", hoverText(t, c, uri, line, col+3),
		"**macro** `common-level`", "Sokoban/sokoban.inc:"+itoa(defLine+1)+":9", "expands here to:", "(players You)", "(name Y)")
	locs := locations(t, c, "textDocument/definition", at(uri, line, col+3))
	if len(locs) != 1 || locs[0].URI != incURI || locs[0].Range.Start.Line != protocol.UInteger(defLine) {
		t.Errorf("definition of common-level: %+v, want %s line %d", locs, incURI, defLine)
	}
	// A piece defined in the macro's body in the included file, used in the setups.
	wl, wc := findLine(t, text, "(W e2 c4")
	p := at(uri, wl, wc+1)
	p["context"] = map[string]any{"includeDeclaration": true}
	locs = locations(t, c, "textDocument/references", p)
	if want := countAtoms(text, "W") + countAtoms(inc, "W"); len(locs) != want || want < 10 {
		t.Errorf("references of W: %d, want %d", len(locs), want)
	}
	pieceLine, _ := findLine(t, inc, "(name W)")
	wantContains(t, "hover on W", hoverText(t, c, uri, wl, wc+1), "**piece** `W`", "Sokoban/sokoban.inc:"+itoa(pieceLine+1)+":13")
	locs = locations(t, c, "textDocument/definition", at(uri, wl, wc+1))
	if len(locs) != 1 || locs[0].URI != incURI || locs[0].Range.Start.Line != protocol.UInteger(pieceLine) {
		t.Errorf("definition of W: %+v, want %s line %d", locs, incURI, pieceLine)
	}
	// A position of the grid, and a direction of the included grid macro.
	dimLine, _ := findLine(t, text, `("a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v" (24 0))`)
	wantContains(t, "hover on e2", hoverText(t, c, uri, wl, wc+4), "**position** `e2`", "levels_01_10.zrf:"+itoa(dimLine+1)+":")
	// A keyword.
	bl, bc := findLine(t, text, "(board-setup")
	wantContains(t, "hover on board-setup", hoverText(t, c, uri, bl, bc+3), "**keyword** `board-setup`", "§7.5")

	// Symbols: the game and its nine variants.
	syms := symbolsOf(t, c, uri)
	if len(syms) != 10 || syms[0].Name != "Sokoban (Level 1)" || syms[0].Kind != protocol.SymbolKindNamespace || syms[9].Kind != protocol.SymbolKindModule {
		t.Errorf("symbols: %+v", syms)
	}

	// Completion inside the board-setup offers the pieces of the included file.
	items := completions(t, c, uri, wl, wc+1)
	for _, w := range []string{"W", "B", "Y", "common-level", "slide-Y", "n"} {
		if _, ok := items[w]; !ok {
			t.Errorf("completion lacks %q", w)
		}
	}
	if items["W"] != protocol.CompletionItemKindClass {
		t.Errorf("completion kind of W: %v", items["W"])
	}
}

// TestFormatCorpus formats every corpus rules file and every bundled game through the
// server: formatting the result again changes nothing, and the formatted text reads
// back to the same tree as the text as written. Expansion is a function of the trees
// read (the file's and its includes', which formatting leaves alone), so the same tree
// read means the same tree expanded; the expanded trees are compared too, for every
// expandEvery-th file (every file under make test-long: expanding the corpus twice
// takes about a minute).
func TestFormatCorpus(t *testing.T) {
	dir := testutil.CorpusDir(t)
	var files []string
	for _, root := range []string{dir, abs(t, filepath.Join("..", "games"))} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".zrf") {
				files = append(files, p)
			}
			return nil
		})
	}
	// The checks are put off for longer than the test: formatting needs none.
	c := startServer(t, Options{Debounce: time.Hour})
	compared, changed, unread, expandedN := 0, 0, 0, 0
	for _, path := range files {
		text := readText(t, path)
		uri := uriOf(path)
		c.open(uri, text)
		var edits []protocol.TextEdit
		err := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri},
			"options": map[string]any{"tabSize": 3, "insertSpaces": true}}, &edits)
		if err != nil {
			if _, rerr := zrf.Read(zrf.NewFileSet(), "f", []byte(text)); rerr == nil {
				t.Errorf("%s: %v", path, err)
			}
			unread++
			c.close(uri)
			continue
		}
		out := apply(t, text, edits)
		if out != text {
			changed++
		}
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
			"contentChanges": []map[string]any{{"text": out}}})
		if err := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri},
			"options": map[string]any{}}, &edits); err != nil {
			t.Fatalf("%s: formatting again: %v", path, err)
		}
		if len(edits) != 0 {
			t.Errorf("%s: formatting twice changes the text", path)
		}
		c.close(uri)
		if read(path, text) != read(path, out) {
			t.Errorf("%s: the formatted text reads back to another tree", path)
		}
		compared++
		if (compared-1)%expandEvery != 0 {
			continue
		}
		before, err1 := expanded(path, text)
		after, err2 := expanded(path, out)
		if (err1 == nil) != (err2 == nil) {
			t.Errorf("%s: expanding before formatting: %v; after: %v", path, err1, err2)
			continue
		}
		if before != after {
			t.Errorf("%s: the formatted text expands to another tree", path)
		}
		if err1 == nil {
			expandedN++
		}
	}
	t.Logf("%d files formatted (%d changed, %d not read) and compared, %d of them expanded", compared, changed, unread, expandedN)
	if compared < 200 || changed < 50 || expandedN < compared/expandEvery-5 {
		t.Errorf("compared %d files (%d changed), %d expanded: too few", compared, changed, expandedN)
	}
}

// apply applies the edits of a formatting answer to text.
func apply(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	if len(edits) > 1 {
		t.Fatalf("%d edits, want one", len(edits))
	}
	for _, e := range edits {
		l := newLines(text)
		text = text[:l.offset(e.Range.Start)] + e.NewText + text[l.offset(e.Range.End):]
	}
	return text
}

// expanded returns the expanded forms of the rules file at path with text in place
// of its contents, printed.
func expanded(path, text string) (string, error) {
	root := filepath.Dir(filepath.Dir(path))
	rel, _ := filepath.Rel(root, path)
	name := filepath.ToSlash(rel)
	ex, err := zrf.Load(zrf.NewFileSet(), overlay{base: os.DirFS(root), files: map[string]string{name: text}}, name, zrf.DefaultLimits)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, f := range ex.Forms {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// read returns the forms of text as read, printed.
func read(path, text string) string {
	nodes, err := zrf.Read(zrf.NewFileSet(), path, []byte(text))
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, f := range nodes {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestIncludes checks a file whose include has an error: the error is shown on the
// include form, with its place in the included file as related information; the
// included file opened with the error fixed, unsaved, fixes the including file.
func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	lib := "(define board-of-two\n   (board (grid (dimensions (\"a/b\" (0 1))) (directions (n 1)))))\n(define mover (moves (nn add)))\n"
	main := "; a game whose board and moves come from lib.inc\n(include \"lib.inc\")\n(game (title \"Two\") (players A)\n   (board-of-two)\n   (piece (name P) (mover)))\n"
	for name, text := range map[string]string{"lib.inc": lib, "main.zrf": main} {
		if err := os.WriteFile(filepath.Join(rules, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startServer(t, Options{Debounce: 10 * time.Millisecond})
	uri, libURI := uriOf(filepath.Join(rules, "main.zrf")), uriOf(filepath.Join(rules, "lib.inc"))
	c.open(uri, main)
	p, ok := c.diagnostics(uri, diagBound)
	if !ok || len(p.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v, want one", p.Diagnostics)
	}
	d := p.Diagnostics[0]
	wantContains(t, "message", d.Message, "rules/lib.inc:3:23: unknown instruction \"nn\"")
	if d.Range.Start.Line != 1 || d.Range.Start.Character != 0 || d.Range.End.Character != 19 {
		t.Errorf("diagnostic at %+v, want the include on line 1", d.Range)
	}
	if len(d.RelatedInformation) < 2 || d.RelatedInformation[0].Location.URI != libURI || d.RelatedInformation[0].Location.Range.Start.Line != 2 {
		t.Errorf("related information %+v, want lib.inc line 2 first", d.RelatedInformation)
	}
	// Hover and definition reach into the included file.
	wantContains(t, "hover on mover", hoverText(t, c, uri, 4, 22), "**macro** `mover`", "rules/lib.inc:3:9", "(define mover (moves (nn add)))")
	c.open(libURI, strings.Replace(lib, "nn add", "n add", 1))
	for {
		p, ok = c.diagnostics(uri, diagBound)
		if !ok {
			t.Fatalf("no diagnostics of main.zrf after lib.inc changed")
		}
		if p.Version != nil && len(p.Diagnostics) == 0 {
			break
		}
	}
}

// TestBadRequests sends what a broken client might: requests about documents not
// open, places past the end, params of the wrong shape, a message too large to read.
// Each gets an answer or nothing, and the server goes on.
func TestBadRequests(t *testing.T) {
	c := startServer(t, Options{Debounce: 10 * time.Millisecond})
	uri := "file:///nowhere/x.zrf"
	if err := c.call("textDocument/hover", at(uri, 0, 0), nil); err != nil {
		t.Errorf("hover on a document not open: %v", err)
	}
	c.open(uri, "(game (title \"x\")\n ; a comment\n (players \"A)")
	if _, ok := c.diagnostics(uri, diagBound); !ok {
		t.Fatal("no diagnostics for a document that does not read")
	}
	for _, m := range []string{"textDocument/hover", "textDocument/definition", "textDocument/completion"} {
		if err := c.call(m, at(uri, 1000, 1000), nil); err != nil {
			t.Errorf("%s past the end: %v", m, err)
		}
	}
	items := completions(t, c, uri, 1, 5)
	if len(items) != 0 {
		t.Errorf("completion inside a comment offers %d items", len(items))
	}
	items = completions(t, c, uri, 2, 12)
	if len(items) != 0 {
		t.Errorf("completion inside a string offers %d items", len(items))
	}
	if err := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}}, nil); err == nil || !strings.Contains(err.Error(), "does not read") {
		t.Errorf("formatting text that does not read: %v", err)
	}
	if err := c.call("textDocument/hover", map[string]any{"textDocument": 7}, nil); err == nil {
		t.Error("hover with bad params answered no error")
	}
	if err := c.call("no/such/method", nil, nil); err == nil {
		t.Error("an unknown method answered no error")
	}
	if err := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, nil); err != nil {
		t.Errorf("the server stopped answering: %v", err)
	}
}

func TestCodecBounds(t *testing.T) {
	for _, tt := range []struct{ in, err string }{
		{"Content-Length: 99999999999\r\n\r\n{}", "at most"},
		{"Content-Length: " + strings.Repeat("1", 2000) + "\r\n\r\n", "longer than"},
		{"Content-Type: x\r\n\r\n{}", "no Content-Length"},
		{"Content-Length: 2\r\n\r\n{}", ""},
	} {
		var v any
		err := codec{}.ReadObject(bufio.NewReader(strings.NewReader(tt.in)), &v)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ReadObject(%.40q) = %v, want %q", tt.in, err, tt.err)
		}
	}
}
