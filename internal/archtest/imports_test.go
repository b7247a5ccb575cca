// Package archtest checks that the code keeps the map of docs/architecture.md: every
// package is in its table, and imports only what the table's "may import" column allows.
package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/zoggo/zoggo"

// pkg is what go list -json says of a package, as far as the rules need it.
type pkg struct {
	ImportPath   string
	GoFiles      []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// rule is one row of the table: the zoggo packages a package may import, or any (for
// "everything").
type rule struct {
	may map[string]bool
	any bool
}

// TestImportRules runs go list over the module and holds every package's imports to the
// table of docs/architecture.md. A package with Go files outside its tests is held by
// its own imports; a package of tests only (server/e2e) by its tests' imports.
func TestImportRules(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("the go command is needed to list the packages' imports")
		}
		t.Skip("no go command: cannot list the packages' imports")
	}
	root := moduleRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rules := parseRules(t, string(doc))
	pkgs := listPackages(t, root)
	if len(pkgs) < 15 {
		t.Fatalf("go list gave %d packages; expected the whole module", len(pkgs))
	}
	checked := 0
	for _, p := range pkgs {
		name := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		r, ok := rules[name]
		if !ok {
			t.Errorf("package %s is not in the table of docs/architecture.md", name)
			continue
		}
		imports := p.Imports
		if len(p.GoFiles) == 0 {
			imports = append(slices.Clone(p.TestImports), p.XTestImports...)
		}
		for _, imp := range imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, module+"/")
			if dep == name {
				continue // an external test package importing its own package
			}
			checked++
			if !r.any && !r.may[dep] {
				t.Errorf("%s imports %s, which docs/architecture.md does not allow it", name, dep)
			}
		}
	}
	for name := range rules {
		if !slices.ContainsFunc(pkgs, func(p pkg) bool { return p.ImportPath == module+"/"+name }) {
			t.Errorf("docs/architecture.md has a row for %s, which go list does not know", name)
		}
	}
	if checked < 40 {
		t.Fatalf("checked %d imports of zoggo packages; expected at least 40", checked)
	}
	t.Logf("%d packages, %d imports of zoggo packages checked", len(pkgs), checked)
}

// moduleRoot is the folder of go.mod.
func moduleRoot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		t.Fatal("not inside the module")
	}
	return filepath.Dir(mod)
}

// listPackages runs go list -json over the module.
func listPackages(t *testing.T, root string) []pkg {
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

var (
	tick   = regexp.MustCompile("`([a-z][a-z0-9/]*)`")
	remark = regexp.MustCompile(`\([^)]*\)`)
)

// parseRules reads the table of "## The packages": its rows name a package in the first
// column and what it may import in the last: "nothing", "nothing of zoggo",
// "everything", or packages in backquotes, each perhaps with a remark in parentheses
// that is not a package.
func parseRules(t *testing.T, doc string) map[string]rule {
	_, sec, ok := strings.Cut(doc, "\n## The packages\n")
	if !ok {
		t.Fatal(`docs/architecture.md has no section "## The packages"`)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	rules := map[string]rule{}
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cols := strings.Split(strings.Trim(line, "| "), " | ")
		m := tick.FindStringSubmatch(cols[0])
		if m == nil || len(cols) < 3 {
			t.Fatalf("docs/architecture.md: cannot read the row %q", line)
		}
		last := strings.TrimSpace(cols[len(cols)-1])
		r := rule{may: map[string]bool{}}
		switch last {
		case "everything":
			r.any = true
		case "nothing", "nothing of zoggo":
		default:
			for _, d := range tick.FindAllStringSubmatch(remark.ReplaceAllString(last, ""), -1) {
				r.may[d[1]] = true
			}
			if len(r.may) == 0 {
				t.Fatalf("docs/architecture.md: the row of %s names nothing it may import: %q", m[1], last)
			}
		}
		rules[m[1]] = r
	}
	if len(rules) < 15 {
		t.Fatalf("docs/architecture.md: read %d rows of the package table; expected every package", len(rules))
	}
	return rules
}
