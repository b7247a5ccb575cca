package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
)

// serveProcess is zoggo serve running as a child process.
type serveProcess struct {
	cmd *exec.Cmd
	url string
}

// startServe runs zoggo serve on a free port of 127.0.0.1 with the games in db.
func startServe(t *testing.T, bin, db string) *serveProcess {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProcess{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("zoggo serve printed no address: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "zoggo serve: ")
	if !ok {
		t.Fatalf("zoggo serve printed %q", line)
	}
	p.url = strings.TrimSuffix(url, "/")
	go io.Copy(io.Discard, out)
	return p
}

// call makes a request of the process and decodes the answer into v when it is 2xx.
func (p *serveProcess) call(method, path, secret string, body, v any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.url+path, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode/100 == 2 && v != nil {
		return resp.StatusCode, json.Unmarshal(b, v)
	}
	return resp.StatusCode, nil
}

// TestCrash kills zoggo serve (SIGKILL) while clients play several games, restarts it on
// the same database, and checks that every move it acknowledged is there and that the
// games play on.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zoggo and runs it; skipped with -short")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "zoggo")
	build := exec.Command("go", "build", "-o", bin, "github.com/zoggo/zoggo/cmd/zoggo")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("building zoggo: %v", err)
	}
	db := filepath.Join(dir, "games.db")
	p := startServe(t, bin, db)

	const games, maxMoves, killAfter = 8, 60, 80
	type played struct {
		id, secret string
		acked      []string // the ZSG text of every acknowledged turn
	}
	all := make([]*played, games)
	for i := range all {
		var c createJSON
		if code, err := p.call("POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf",
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); err != nil || code != http.StatusCreated {
			t.Fatalf("create: %d %v", code, err)
		}
		all[i] = &played{id: c.ID, secret: c.Secret}
	}
	var acks atomic.Int64
	killed := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for _, g := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ply := range maxMoves {
				var st stateJSON
				if code, err := p.call("GET", "/api/games/"+g.id, g.secret, nil, &st); err != nil || code != http.StatusOK || st.Over || len(st.Legal) == 0 {
					return
				}
				pick := st.Legal[(ply*7)%len(st.Legal)]
				var after stateJSON
				code, err := p.call("POST", "/api/games/"+g.id+"/moves", g.secret, map[string]any{"ply": ply, "index": pick.Index}, &after)
				if err != nil || code != http.StatusOK {
					return
				}
				g.acked = append(g.acked, pick.ZSG)
				if acks.Add(1) == killAfter {
					once.Do(func() {
						p.cmd.Process.Signal(syscall.SIGKILL)
						close(killed)
					})
				}
			}
		}()
	}
	wg.Wait()
	once.Do(func() {
		p.cmd.Process.Signal(syscall.SIGKILL)
		close(killed)
	})
	<-killed
	p.cmd.Wait()
	if acks.Load() < killAfter {
		t.Fatalf("only %d moves were acknowledged before the kill", acks.Load())
	}

	p = startServe(t, bin, db)
	for _, g := range all {
		var st stateJSON
		if code, err := p.call("GET", "/api/games/"+g.id, g.secret, nil, &st); err != nil || code != http.StatusOK {
			t.Fatalf("game %s after the restart: %d %v", g.id, code, err)
		}
		if len(st.Moves) < len(g.acked) {
			t.Fatalf("game %s: %d turns after the restart, %d acknowledged", g.id, len(st.Moves), len(g.acked))
		}
		for i, z := range g.acked {
			if st.Moves[i].ZSG != z {
				t.Fatalf("game %s turn %d: %q after the restart, %q acknowledged", g.id, i, st.Moves[i].ZSG, z)
			}
		}
		if st.Over {
			continue
		}
		if code, err := p.call("POST", "/api/games/"+g.id+"/moves", g.secret, map[string]any{"ply": st.Ply, "index": 0}, nil); err != nil || code != http.StatusOK {
			t.Fatalf("game %s does not play on: %d %v", g.id, code, err)
		}
	}
	t.Logf("%d moves acknowledged before the kill", acks.Load())
}
