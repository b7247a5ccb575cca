package lsp

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
	"github.com/zoggo/zoggo/zrf"
)

// maxDiagnostics bounds the diagnostics published for one document.
const maxDiagnostics = 1000

// diagnostics converts the errors and warnings of the check into the protocol's
// diagnostics on the document: each at its place, or, when it lies in an included file,
// at the document's first include with the place in the message; the notes (the macro
// chain, earlier definitions) as related information.
func (a *analysis) diagnostics() []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	for _, e := range a.diags {
		if len(out) == maxDiagnostics {
			break
		}
		sev := protocol.DiagnosticSeverityError
		if e.Warn {
			sev = protocol.DiagnosticSeverityWarning
		}
		source := "zoggo"
		d := protocol.Diagnostic{Severity: &sev, Source: &source, Message: e.Msg}
		if loc, ok := a.location(e.Pos); ok && loc.URI == a.uri {
			d.Range = loc.Range
		} else {
			d.Range = a.includeRange()
			if e.Pos.Filename != "" {
				d.Message = e.Pos.String() + ": " + e.Msg
			}
			if ok {
				d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: e.Msg})
			}
		}
		for _, n := range e.Notes {
			if loc, ok := a.location(n.Pos); ok {
				d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: n.Msg})
			} else {
				d.Message += "\nnote: " + n.Msg
			}
		}
		out = append(out, d)
	}
	return out
}

// includeRange is where the errors of included files are shown on the document: its
// first include form, or its start.
func (a *analysis) includeRange() protocol.Range {
	for _, n := range a.doc.nodes {
		if n.Head() == "include" {
			off := a.doc.offset(n.Pos)
			return a.doc.lines.rangeOf(off, a.doc.end(n))
		}
	}
	return protocol.Range{}
}

// location returns where a position of an error lies: the word there (an atom, a
// string, or a "(" with the head after it) in the source that holds it.
func (a *analysis) location(p zrf.Position) (protocol.Location, bool) {
	s := a.srcs[p.Filename]
	if s == nil || !p.IsValid() || p.Line > len(s.lines.starts) {
		return protocol.Location{}, false
	}
	off := min(s.lines.starts[p.Line-1]+p.Column-1, len(s.text))
	end := off
	if i := tokenAt(s.toks, off); i >= 0 && s.toks[i].off == off {
		end = s.toks[i].end
	} else if off < len(s.text) && s.text[off] == '(' {
		end = off + 1
		if i := tokenAt(s.toks, off+1); i >= 0 && s.toks[i].off == off+1 {
			end = s.toks[i].end
		}
	}
	return protocol.Location{URI: s.uri, Range: s.lines.rangeOf(off, end)}, true
}

// loc returns the location of bytes [off, end) of s.
func (s *source) loc(off, end int) protocol.Location {
	return protocol.Location{URI: s.uri, Range: s.lines.rangeOf(off, end)}
}

// where names a place of a source for people: file:line:col.
func (s *source) where(off int) string {
	p := s.lines.position(off)
	return fmt.Sprintf("%s:%d:%d", s.name, p.Line+1, len(s.text[s.lines.starts[p.Line]:off])+1)
}

func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	a := s.analysis(p.TextDocument.URI)
	if a == nil {
		return nil, nil
	}
	off := a.doc.lines.offset(p.Position)
	text := a.hover(off)
	if text == "" {
		return nil, nil
	}
	_, wo, we := a.doc.wordAt(off)
	r := a.doc.lines.rangeOf(wo, we)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &r}, nil
}

// maxShown bounds the definitions one hover lists, and maxHoverText its text.
const (
	maxShown     = 8
	maxHoverText = 6000
)

// hover returns what hover says of the word at off in the document, in Markdown.
func (a *analysis) hover(off int) string {
	doc := a.doc
	w, wo, _ := doc.wordAt(off)
	if w == "" {
		return ""
	}
	if w[0] == '"' {
		w = strings.Trim(w, `"`)
	}
	var b strings.Builder
	if isParam(w) {
		for _, n := range doc.path(wo) {
			if n.Head() == "define" && len(n.List) > 1 {
				fmt.Fprintf(&b, "`%s`: parameter %c of macro `%s`, replaced by the argument in that place of each call\n", w, w[1], n.List[1].Text)
			}
		}
	}
	shown := 0
	for _, d := range a.idx.defs[w] {
		if shown == maxShown {
			fmt.Fprintf(&b, "\n… and %d more definitions\n", len(a.idx.defs[w])-shown)
			break
		}
		shown++
		if d.kind == symMacro {
			fmt.Fprintf(&b, "**macro** `%s`, defined at %s\n\n```zrf\n%s\n```\n", w, d.src.where(d.off), excerptLines(d.src.text[d.src.offset(d.form.Pos):d.src.end(d.form)], 20))
			continue
		}
		fmt.Fprintf(&b, "**%s** `%s`, defined at %s\n\n```zrf\n%s\n```\n", d.kind, w, d.src.where(d.off), strings.TrimSpace(d.src.lines.line(int(d.src.lines.position(d.off).Line))))
	}
	if call := a.callAt(wo); call != nil {
		if x := a.expansion(call); x != "" {
			fmt.Fprintf(&b, "\nexpands here to:\n\n```zrf\n%s\n```\n", x)
		}
	}
	if k, ok := keywords[w]; ok && doc.text[wo] != '"' {
		fmt.Fprintf(&b, "\n**keyword** `%s` (%s): %s\n", w, k.where(), k.text)
	}
	out := strings.TrimSpace(b.String())
	if len(out) > maxHoverText {
		out = out[:maxHoverText] + "\n…"
	}
	return out
}

// excerptLines returns at most n lines of s.
func excerptLines(s string, n int) string {
	ls := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if len(ls) > n {
		ls = append(ls[:n], "…")
	}
	return strings.Join(ls, "\n")
}

// callAt returns the list of the document whose head is the macro name at off, or nil.
func (a *analysis) callAt(off int) *zrf.Node {
	path := a.doc.path(off)
	if len(path) < 2 {
		return nil
	}
	list, head := path[len(path)-2], path[len(path)-1]
	if len(list.List) == 0 || list.List[0] != head || head.Kind != zrf.Atom {
		return nil
	}
	for _, d := range a.idx.defs[head.Text] {
		if d.kind == symMacro {
			return list
		}
	}
	return nil
}

// Bounds of what expansion shows: the forms one call makes, the nodes walked to find
// them, and the text.
const (
	maxExpansionForms = 40
	maxExpansionWalk  = 5_000_000
	maxExpansionText  = 3000
)

// expansion returns the forms that the macro call (a list of the document) expanded to
// where it stands, as the check expanded it, or "".
func (a *analysis) expansion(call *zrf.Node) string {
	if a.ex == nil {
		return ""
	}
	// The check read the document first, so its text starts at position 1 there.
	target := zrf.Pos(1 + a.doc.offset(call.Pos))
	if f := a.fset.File(target); f == nil || f.Name() != a.doc.name {
		return ""
	}
	memo := map[*zrf.Site]bool{}
	var from func(s *zrf.Site) bool
	from = func(s *zrf.Site) bool {
		if s == nil {
			return false
		}
		if v, ok := memo[s]; ok {
			return v
		}
		v := s.Call == target || from(s.Parent)
		memo[s] = v
		return v
	}
	var out []*zrf.Node
	walked := 0
	done := false
	var walk func(n *zrf.Node, site *zrf.Site)
	walk = func(n *zrf.Node, site *zrf.Site) {
		for _, c := range n.List {
			if done || walked > maxExpansionWalk {
				return
			}
			walked++
			cs := c.SiteIn(site)
			if from(cs) {
				out = append(out, c)
				if len(out) == maxExpansionForms {
					done = true
				}
				continue
			}
			if len(out) > 0 {
				done = true // the first expansion of the call is complete
				return
			}
			if c.Kind == zrf.List {
				walk(c, cs)
			}
		}
	}
	walk(&zrf.Node{Kind: zrf.List, List: a.ex.Forms}, nil)
	var b strings.Builder
	for _, n := range out {
		pretty(&b, n, 0)
		b.WriteByte('\n')
		if b.Len() > maxExpansionText {
			return b.String()[:maxExpansionText] + "\n…"
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// pretty writes n with Indent per level: a list that fits in a line on one line.
func pretty(b *strings.Builder, n *zrf.Node, depth int) {
	if b.Len() > maxExpansionText {
		return
	}
	s := n.String()
	if n.Kind != zrf.List || len(s)+depth*len(Indent) <= 80 || len(n.List) < 2 {
		b.WriteString(s)
		return
	}
	b.WriteByte('(')
	b.WriteString(n.List[0].String())
	for _, c := range n.List[1:] {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(Indent, depth+1))
		pretty(b, c, depth+1)
	}
	b.WriteByte(')')
}

// target returns the word under the cursor of a request, with its analysis.
func (s *server) target(uri string, pos protocol.Position) (*analysis, string, int) {
	a := s.analysis(uri)
	if a == nil {
		return nil, "", 0
	}
	off := a.doc.lines.offset(pos)
	w, wo, _ := a.doc.wordAt(off)
	return a, strings.Trim(w, `"`), wo
}

func (s *server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	a, w, _ := s.target(p.TextDocument.URI, p.Position)
	if a == nil || w == "" {
		return nil, nil
	}
	out := []protocol.Location{}
	for _, d := range a.idx.defs[w] {
		out = append(out, d.src.loc(d.off, d.end))
	}
	return out, nil
}

// maxReferences bounds the places references returns.
const maxReferences = 10000

func (s *server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	a, w, _ := s.target(p.TextDocument.URI, p.Position)
	if a == nil || w == "" || len(a.idx.defs[w]) == 0 {
		return nil, nil
	}
	isDef := map[ref]bool{}
	for _, d := range a.idx.defs[w] {
		isDef[ref{d.src, d.off, d.end}] = true
	}
	out := []protocol.Location{}
	if p.Context.IncludeDeclaration {
		for _, d := range a.idx.defs[w] {
			if strings.Trim(d.src.text[d.off:d.end], `"`) == w { // not a grid's dimensions
				out = append(out, d.src.loc(d.off, d.end))
			}
		}
	}
	for _, r := range a.idx.refs[w] {
		if len(out) == maxReferences {
			break
		}
		if !isDef[r] {
			out = append(out, r.src.loc(r.off, r.end))
		}
	}
	return out, nil
}

func (s *server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	a := s.analysis(p.TextDocument.URI)
	if a == nil {
		return nil, nil
	}
	return a.symbols(), nil
}

var symbolKinds = map[symKind]protocol.SymbolKind{
	symGame: protocol.SymbolKindNamespace, symVariant: protocol.SymbolKindModule,
	symPiece: protocol.SymbolKindClass, symMacro: protocol.SymbolKindFunction,
}

// symbols returns the games, variants, pieces and macros the document defines, each
// inside the one whose form holds it.
func (a *analysis) symbols() []protocol.DocumentSymbol {
	type sym struct {
		ds       protocol.DocumentSymbol
		off, end int
		kids     []*sym
	}
	var top []*sym
	var stack []*sym
	for _, d := range a.idx.order {
		k, ok := symbolKinds[d.kind]
		if !ok || d.src != a.doc {
			continue
		}
		off, end := a.doc.offset(d.form.Pos), a.doc.end(d.form)
		detail := d.kind.String()
		y := &sym{ds: protocol.DocumentSymbol{Name: d.name, Detail: &detail, Kind: k,
			Range: a.doc.lines.rangeOf(off, end), SelectionRange: a.doc.lines.rangeOf(d.off, d.end)}, off: off, end: end}
		for len(stack) > 0 && stack[len(stack)-1].end <= off {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			p := stack[len(stack)-1]
			p.kids = append(p.kids, y)
		} else {
			top = append(top, y)
		}
		stack = append(stack, y)
	}
	var conv func([]*sym) []protocol.DocumentSymbol
	conv = func(ys []*sym) []protocol.DocumentSymbol {
		out := []protocol.DocumentSymbol{}
		for _, y := range ys {
			y.ds.Children = conv(y.kids)
			out = append(out, y.ds)
		}
		return out
	}
	return conv(top)
}

// maxCompletions bounds the names completion offers.
const maxCompletions = 2000

var completionKinds = map[symKind]protocol.CompletionItemKind{
	symMacro: protocol.CompletionItemKindFunction, symPiece: protocol.CompletionItemKindClass,
	symAttribute: protocol.CompletionItemKindProperty, symDirection: protocol.CompletionItemKindEnumMember,
	symPosition: protocol.CompletionItemKindConstant, symZone: protocol.CompletionItemKindModule,
}

func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	text, ok := s.text(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	l := newLines(text)
	off := l.offset(p.Position)
	toks := scanTokens(text)
	for _, t := range toks {
		if t.off < off && off <= t.end && (t.kind == tokComment || t.kind == tokString && (off < t.end || t.end-t.off < 2 || text[t.end-1] != '"')) {
			return []protocol.CompletionItem{}, nil // inside a comment or a string
		}
	}
	items := []protocol.CompletionItem{}
	kw := keywordsIn(contextOf(enclosing(text, toks, off)))
	sort.Strings(kw)
	offered := map[string]bool{}
	for _, name := range kw {
		k := keywords[name]
		offered[name] = true
		kind := protocol.CompletionItemKindKeyword
		detail := "keyword, " + k.where()
		items = append(items, protocol.CompletionItem{Label: name, Kind: &kind, Detail: &detail, Documentation: k.text})
	}
	// The names come from the last check, which may be a little older than the text.
	s.mu.Lock()
	var a *analysis
	if d := s.docs[p.TextDocument.URI]; d != nil {
		a = d.last
	}
	s.mu.Unlock()
	if a != nil {
		seen := map[string]bool{}
		for _, d := range a.idx.order {
			kind, ok := completionKinds[d.kind]
			if !ok || seen[d.name] || offered[d.name] {
				continue
			}
			if len(seen) == maxCompletions {
				break
			}
			seen[d.name] = true
			detail := d.kind.String() + ", defined at " + d.src.where(d.off)
			items = append(items, protocol.CompletionItem{Label: d.name, Kind: &kind, Detail: &detail})
		}
	}
	return items, nil
}

func (s *server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	text, ok := s.text(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	if _, err := zrf.Read(zrf.NewFileSet(), "f", []byte(text)); err != nil {
		return nil, fmt.Errorf("the document does not read, so it is not formatted: %v", err)
	}
	out := Format(text)
	if out == text {
		return []protocol.TextEdit{}, nil
	}
	l := newLines(text)
	return []protocol.TextEdit{{Range: l.rangeOf(0, len(text)), NewText: out}}, nil
}

// didYouMean finds the suggestion of an error message's "did you mean".
var didYouMean = regexp.MustCompile(`\(did you mean ("(?:[^"\\]|\\.)*")\?\)`)

func (s *server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	text, ok := s.text(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	l := newLines(text)
	toks := scanTokens(text)
	out := []protocol.CodeAction{}
	for _, d := range p.Context.Diagnostics {
		m := didYouMean.FindStringSubmatch(d.Message)
		if m == nil {
			continue
		}
		good, err := strconv.Unquote(m[1])
		if err != nil {
			continue
		}
		// The name to replace is the word the diagnostic starts at, and the message
		// names it: a name that a macro pasted together is not written there.
		off := l.offset(d.Range.Start)
		if off < len(text) && text[off] == '(' {
			off++
		}
		i := tokenAt(toks, off)
		if i < 0 || toks[i].off != off || toks[i].kind != tokAtom {
			continue
		}
		bad := text[toks[i].off:toks[i].end]
		if bad == good || !strings.Contains(d.Message, strconv.Quote(bad)) && !strings.Contains(d.Message, "("+bad+" ") {
			continue
		}
		kind := protocol.CodeActionKindQuickFix
		yes := true
		out = append(out, protocol.CodeAction{
			Title: fmt.Sprintf("Change %q to %q", bad, good), Kind: &kind, IsPreferred: &yes,
			Diagnostics: []protocol.Diagnostic{d},
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{
				p.TextDocument.URI: {{Range: l.rangeOf(toks[i].off, toks[i].end), NewText: good}},
			}},
		})
	}
	return out, nil
}
