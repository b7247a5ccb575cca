package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// switchFree are the packages whose paths are chosen per game, never by a variable of
// the package: their shortcuts are options of a game (eval.Game.SetOff, engine.Game.Off),
// so that tests can switch one at a time and run in parallel.
var switchFree = []string{"eval", "engine"}

// TestNoPackageSwitches holds eval and engine to having no package-level switch: no
// variable that their production files declare at package level is assigned,
// incremented or has its address taken anywhere in the package, tests included, outside
// its declaration. What such variables may be is then tables, error values and locks.
func TestNoPackageSwitches(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, dir := range switchFree {
		fset := token.NewFileSet()
		paths, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		var files []*ast.File
		vars := map[string]*ast.Object{} // the package-level variables of production files
		for _, p := range paths {
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, s := range gd.Specs {
						for _, n := range s.(*ast.ValueSpec).Names {
							if n.Name != "_" {
								vars[n.Name] = n.Obj
							}
						}
					}
				}
			}
		}
		// isVar reports whether e names one of vars, or a field or element of one: a
		// name the parser resolved to the declaration itself (its own file), or left
		// unresolved (another file of the package; a local of the same name resolves
		// to the local).
		isVar := func(e ast.Expr) (string, bool) {
			for {
				switch x := e.(type) {
				case *ast.SelectorExpr:
					e = x.X
					continue
				case *ast.IndexExpr:
					e = x.X
					continue
				case *ast.ParenExpr:
					e = x.X
					continue
				case *ast.StarExpr:
					e = x.X
					continue
				case *ast.Ident:
					obj, ok := vars[x.Name]
					return x.Name, ok && (x.Obj == nil || x.Obj == obj)
				}
				return "", false
			}
		}
		found := 0
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				var targets []ast.Expr
				switch s := n.(type) {
				case *ast.AssignStmt:
					targets = s.Lhs
				case *ast.IncDecStmt:
					targets = []ast.Expr{s.X}
				case *ast.UnaryExpr:
					if s.Op == token.AND {
						targets = []ast.Expr{s.X}
					}
				case *ast.RangeStmt:
					targets = []ast.Expr{s.Key, s.Value}
				}
				for _, e := range targets {
					if e == nil {
						continue
					}
					if name, ok := isVar(e); ok {
						found++
						t.Errorf("%s: the package-level variable %s of %s is set: make it an option of a game (a Shortcut) or a constant", fset.Position(e.Pos()), name, dir)
					}
				}
				return true
			})
		}
		t.Logf("%s: %d package-level variables, %d set", dir, len(vars), found)
		if len(files) < 10 {
			t.Errorf("%s: only %d files read", dir, len(files))
		}
	}
}
