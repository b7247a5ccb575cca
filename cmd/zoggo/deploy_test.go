package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDeployJob reads deploy/kubernetes/run-job.yaml and checks that it is an Indexed Job
// whose pods run shard $JOB_COMPLETION_INDEX of completions with flags zoggo run takes,
// reading the rules and writing the results on volumes the pod mounts.
func TestDeployJob(t *testing.T) {
	docs := readYAML(t, "../../deploy/kubernetes/run-job.yaml")
	var job map[string]any
	kinds := map[string]bool{}
	for _, d := range docs {
		kinds[str(d, "kind")] = true
		if str(d, "kind") == "Job" {
			job = d
		}
	}
	if job == nil || str(job, "apiVersion") != "batch/v1" {
		t.Fatalf("no Job of batch/v1 among %v", kinds)
	}
	if !kinds["PersistentVolumeClaim"] {
		t.Errorf("no PersistentVolumeClaim for the results")
	}
	if m := str(job, "spec", "completionMode"); m != "Indexed" {
		t.Errorf("completionMode %q, want Indexed", m)
	}
	n, err := strconv.Atoi(str(job, "spec", "completions"))
	if err != nil || n < 1 {
		t.Fatalf("completions %q", str(job, "spec", "completions"))
	}
	if p := str(job, "spec", "parallelism"); p == "" {
		t.Errorf("no parallelism")
	}
	if r := str(job, "spec", "template", "spec", "restartPolicy"); r != "Never" && r != "OnFailure" {
		t.Errorf("restartPolicy %q: a Job's pods need Never or OnFailure", r)
	}
	containers, _ := get(job, "spec", "template", "spec", "containers").([]any)
	if len(containers) != 1 {
		t.Fatalf("%d containers, want 1", len(containers))
	}
	c, _ := containers[0].(map[string]any)
	var args []string
	for _, a := range list(c, "args") {
		args = append(args, fmt.Sprint(a))
	}
	if len(args) < 2 || args[0] != "run" {
		t.Fatalf("args %q: want zoggo run FILE ...", args)
	}
	mounts := map[string]string{} // mount path → volume
	for _, m := range list(c, "volumeMounts") {
		mounts[str(m, "mountPath")] = str(m, "name")
	}
	claims := map[string]bool{}
	for _, d := range docs {
		if str(d, "kind") == "PersistentVolumeClaim" {
			claims[str(d, "metadata", "name")] = true
		}
	}
	volumes := map[string]bool{}
	for _, v := range list(job, "spec", "template", "spec", "volumes") {
		name := str(v, "name")
		volumes[name] = true
		cm, pvc := str(v, "configMap", "name"), str(v, "persistentVolumeClaim", "claimName")
		switch {
		case (cm == "") == (pvc == ""):
			t.Errorf("volume %q: want a configMap or a persistentVolumeClaim, by name", name)
		case pvc != "" && !claims[pvc]:
			t.Errorf("volume %q: claim %q is not in the file", name, pvc)
		}
	}
	for path, v := range mounts {
		if !volumes[v] {
			t.Errorf("%s mounts volume %q, which the pod does not have", path, v)
		}
	}
	mounted := func(file string) bool {
		for path := range mounts {
			if strings.HasPrefix(file, path+"/") {
				return true
			}
		}
		return false
	}
	if !mounted(args[1]) {
		t.Errorf("the rules file %s is on none of the pod's volumes %v", args[1], mounts)
	}
	// Every pod's arguments, with the index Kubernetes expands, are flags zoggo run takes,
	// and together the pods play shards 0 to n-1 of n.
	for i := range n {
		expanded := make([]string, len(args)-1)
		for k, a := range args[1:] {
			expanded[k] = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(i))
		}
		run := newRun()
		if err := run.ParseFlags(expanded); err != nil {
			t.Fatalf("pod %d: zoggo run %q: %v", i, expanded, err)
		}
		f := run.Flags()
		sh, err := parseShard(f.Lookup("shard").Value.String())
		if err != nil || sh != (shard{i, n}) {
			t.Errorf("pod %d plays --shard %q (%v), want %d/%d", i, f.Lookup("shard").Value, err, i, n)
		}
		if f.Lookup("json").Value.String() != "true" {
			t.Errorf("pod %d: no --json", i)
		}
		out := f.Lookup("output").Value.String()
		if !mounted(out) || !strings.Contains(out, strconv.Itoa(i)) {
			t.Errorf("pod %d writes %q: want a file of its own on a volume", i, out)
		}
	}
}

// TestDockerfile checks deploy/Dockerfile: a build stage with the Go of go.mod, a static
// binary, and a final stage that holds the binary only.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("../../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(string(mod))
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(src, -1)
	if len(froms) != 2 || goVersion == nil || froms[0][1] != "golang:"+goVersion[1] {
		t.Errorf("stages %q: want golang:%s to build, then the image that runs", froms, goVersion)
	}
	if !regexp.MustCompile(`(?m)^RUN CGO_ENABLED=0 go build .* \./cmd/zoggo$`).MatchString(src) {
		t.Errorf("no static build of ./cmd/zoggo (RUN CGO_ENABLED=0 go build ...)")
	}
	last := src[strings.LastIndex(src, "\nFROM "):]
	for _, l := range strings.Split(last, "\n") {
		if strings.HasPrefix(l, "COPY ") && !strings.HasPrefix(l, "COPY --from=build /out/zoggo ") {
			t.Errorf("the final stage copies more than the binary: %s", l)
		}
	}
	if !strings.Contains(last, `ENTRYPOINT ["/usr/local/bin/zoggo"]`) {
		t.Errorf("the final stage does not run zoggo")
	}
}

// readYAML reads the YAML documents of a file in the block style that deploy's files
// use: mappings, sequences, plain and double-quoted scalars, comments on lines of their
// own. Anything else fails the test with the line, so the files stay in this style.
func readYAML(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var docs []map[string]any
	var lines []yamlLine
	flush := func() {
		if len(lines) == 0 {
			return
		}
		p := &yamlParser{lines: lines, path: path}
		v := p.block(lines[0].indent)
		if p.err == nil && p.i < len(p.lines) {
			p.fail(p.lines[p.i], "indented less than the lines before it")
		}
		if p.err != nil {
			t.Fatal(p.err)
		}
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: a document that is not a mapping", path)
		}
		docs = append(docs, m)
		lines = nil
	}
	for n, text := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(text)
		switch {
		case strings.Contains(text, "\t"):
			t.Fatalf("%s:%d: a tab", path, n+1)
		case trimmed == "---":
			flush()
		case trimmed != "" && !strings.HasPrefix(trimmed, "#"):
			lines = append(lines, yamlLine{n + 1, len(text) - len(strings.TrimLeft(text, " ")), trimmed})
		}
	}
	flush()
	if len(docs) == 0 {
		t.Fatalf("%s: no YAML document", path)
	}
	return docs
}

type yamlLine struct {
	n, indent int
	text      string
}

type yamlParser struct {
	lines []yamlLine
	i     int
	path  string
	err   error
}

func (p *yamlParser) fail(l yamlLine, format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("%s:%d: %s", p.path, l.n, fmt.Sprintf(format, args...))
	}
	p.i = len(p.lines)
}

// block reads the mapping or sequence whose lines start at column indent.
func (p *yamlParser) block(indent int) any {
	if p.i >= len(p.lines) {
		return nil
	}
	if strings.HasPrefix(p.lines[p.i].text+" ", "- ") {
		var seq []any
		for p.i < len(p.lines) && p.lines[p.i].indent == indent && strings.HasPrefix(p.lines[p.i].text+" ", "- ") {
			l := p.lines[p.i]
			item := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
			if _, _, ok := yamlKey(item); ok {
				// A mapping that starts on the dash's line, its keys two columns in.
				p.lines[p.i] = yamlLine{l.n, indent + 2, item}
				seq = append(seq, p.block(indent+2))
				continue
			}
			p.i++
			seq = append(seq, p.scalar(l, item))
		}
		return seq
	}
	m := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		k, v, ok := yamlKey(l.text)
		if !ok {
			p.fail(l, "expected KEY: VALUE, found %q", l.text)
			return nil
		}
		if _, dup := m[k]; dup {
			p.fail(l, "key %q again", k)
			return nil
		}
		p.i++
		if v = strings.TrimSpace(v); v != "" {
			m[k] = p.scalar(l, v)
			continue
		}
		if p.i >= len(p.lines) || p.lines[p.i].indent <= indent {
			p.fail(l, "%q has no value", k)
			return nil
		}
		m[k] = p.block(p.lines[p.i].indent)
	}
	if p.i < len(p.lines) && p.lines[p.i].indent > indent {
		p.fail(p.lines[p.i], "indented more than the line before it")
	}
	return m
}

// yamlKey splits "KEY: VALUE" or "KEY:"; a colon without a space after it is part of a
// scalar, as in --players=search:2.
func yamlKey(s string) (k, v string, ok bool) {
	if strings.HasSuffix(s, ":") {
		k = s[:len(s)-1]
	} else if i := strings.Index(s, ": "); i >= 0 {
		k, v = s[:i], s[i+2:]
	}
	return k, v, k != "" && !strings.ContainsAny(k, ` "'`)
}

// scalar reads a plain or double-quoted scalar.
func (p *yamlParser) scalar(l yamlLine, s string) any {
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			p.fail(l, "bad quoted string %s", s)
		}
		return u
	}
	if strings.ContainsAny(s[:1], `'[{&*!|>%@`+"`") || strings.Contains(s, " #") || strings.Contains(s, ": ") {
		p.fail(l, "%q: only plain and double-quoted scalars here", s)
	}
	return s
}

// get follows keys through nested mappings.
func get(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// str returns the scalar at keys, or "".
func str(v any, keys ...string) string {
	s, _ := get(v, keys...).(string)
	return s
}

// list returns the sequence at keys.
func list(v any, keys ...string) []any {
	l, _ := get(v, keys...).([]any)
	return l
}
