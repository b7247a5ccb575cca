package code

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestEnumNames checks that every constant of the enums has a name of its own. It reads
// the constants from the source, so a constant added without a name fails here.
func TestEnumNames(t *testing.T) {
	consts := enumConsts(t, "code.go")
	for _, tt := range []struct {
		typ    string
		name   func(i int) string
		prefix string
	}{
		{"Opcode", func(i int) string { return Opcode(i).String() }, "Opcode("},
		{"CondCode", func(i int) string { return CondCode(i).String() }, "CondCode("},
		{"ExprCode", func(i int) string { return ExprCode(i).String() }, "ExprCode("},
		{"LocKind", func(i int) string { return LocKind(i).String() }, "LocKind("},
	} {
		t.Run(tt.typ, func(t *testing.T) {
			names := consts[tt.typ]
			if len(names) == 0 {
				t.Fatalf("no constants of type %s found in code.go", tt.typ)
			}
			seen := map[string]string{}
			for i, c := range names {
				s := tt.name(i)
				if s == "" || strings.HasPrefix(s, tt.prefix) {
					t.Errorf("%s (%d) has no name: String() = %q", c, i, s)
					continue
				}
				if prev, ok := seen[s]; ok {
					t.Errorf("%s and %s have the same name %q", prev, c, s)
				}
				seen[s] = c
			}
			if got, want := tt.name(len(names)), fmt.Sprintf("%s%d)", tt.prefix, len(names)); got != want {
				t.Errorf("%s(%d).String() = %q, want %q", tt.typ, len(names), got, want)
			}
		})
	}
}

// enumConsts returns, for each type that opens a const block with iota, the names of the
// block's constants in order, which are their values.
func enumConsts(t *testing.T, file string) map[string][]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) == 0 {
			continue
		}
		first := gd.Specs[0].(*ast.ValueSpec)
		id, ok := first.Type.(*ast.Ident)
		if !ok || len(first.Values) != 1 {
			continue
		}
		if v, ok := first.Values[0].(*ast.Ident); !ok || v.Name != "iota" {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if vs != first && (vs.Type != nil || len(vs.Values) != 0) {
				t.Fatalf("%s: constant %s of the %s block is not an iota successor", file, vs.Names[0].Name, id.Name)
			}
			for _, n := range vs.Names {
				out[id.Name] = append(out[id.Name], n.Name)
			}
		}
	}
	return out
}
