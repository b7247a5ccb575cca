package server

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store"
)

// TestClockCrash kills zoggo serve (SIGKILL) while two games on a clock run, and starts it
// again on the same database: in the long game, the clock that did not run is where it
// was stored, and the running one lost at least the time the server was down and at most
// the time since the last stored turn; the short game's clock ran out while the server
// was down, and the game ends on time at the restart without anybody asking for it.
func TestClockCrash(t *testing.T) {
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
	create := func(base int) createJSON {
		var c createJSON
		if code, err := p.call("POST", "/api/games", "", map[string]any{"rules": "games/chess.zrf",
			"clock": map[string]any{"kind": "fischer", "base": base},
			"seats": []map[string]string{{"kind": "human"}, {"kind": "invite"}}}, &c); err != nil || code != http.StatusCreated {
			t.Fatalf("create: %d %v", code, err)
		}
		return c
	}
	move := func(id, secret string) stateJSON {
		var st, after stateJSON
		if code, err := p.call("GET", "/api/games/"+id, secret, nil, &st); err != nil || code != http.StatusOK || len(st.Legal) == 0 {
			t.Fatalf("game %s: %d %v, %d legal turns", id, code, err, len(st.Legal))
		}
		if code, err := p.call("POST", "/api/games/"+id+"/moves", secret, map[string]any{"ply": st.Ply, "index": st.Legal[0].Index}, &after); err != nil || code != http.StatusOK {
			t.Fatalf("game %s move: %d %v", id, code, err)
		}
		return after
	}
	long, short := create(60), create(2)
	move(long.ID, long.Secret)
	time.Sleep(300 * time.Millisecond)
	move(long.ID, long.Invites[0].Secret)
	time.Sleep(200 * time.Millisecond)
	acked := move(long.ID, long.Secret) // Black's clock runs
	move(short.ID, short.Secret)        // Black has 2 s
	time.Sleep(500 * time.Millisecond)
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
	down := time.Now()
	time.Sleep(2 * time.Second)

	p = startServe(t, bin, db)
	up := time.Now()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// Nobody asks for the short game: Resume ends it.
	var result string
	for time.Since(up) < 10*time.Second {
		rec, _, err := st.Game(context.Background(), short.ID)
		if err != nil {
			t.Fatal(err)
		}
		if result = rec.Result; result != "" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if result != "White wins on time" {
		t.Errorf("the short game after the restart: result %q, want White wins on time", result)
	}

	_, turns, err := st.Game(context.Background(), long.ID)
	if err != nil || len(turns) != 3 {
		t.Fatalf("the long game's turns: %d, %v", len(turns), err)
	}
	stored := turns[2].Clocks
	var after stateJSON
	if code, err := p.call("GET", "/api/games/"+long.ID, long.Secret, nil, &after); err != nil || code != http.StatusOK {
		t.Fatalf("the long game after the restart: %d %v", code, err)
	}
	since := time.Since(turns[2].At)
	if after.Clock == nil || acked.Clock == nil {
		t.Fatalf("no clock: %+v, %+v", acked.Clock, after.Clock)
	}
	// The answer to the last turn showed Black's clock running from what was stored.
	if stored[0] != acked.Clock.Left[0] || acked.Clock.Running != 1 || acked.Clock.Left[1] > stored[1] || acked.Clock.Left[1] < stored[1]-1000 {
		t.Errorf("stored clocks %v, acknowledged %v with seat %d running", stored, acked.Clock.Left, acked.Clock.Running)
	}
	if after.Clock.Left[0] != stored[0] {
		t.Errorf("White's clock, which did not run, is %d ms after the restart, %d stored", after.Clock.Left[0], stored[0])
	}
	lost := time.Duration(stored[1]-after.Clock.Left[1]) * time.Millisecond
	downtime := up.Sub(down)
	if lost < downtime || lost > since+time.Millisecond || after.Clock.Running != 1 {
		t.Errorf("Black's running clock lost %v: want at least the %v the server was down, at most the %v since the last turn", lost, downtime, since)
	}
	t.Logf("White %d ms stored, %d ms after the restart; Black %d ms stored, %d ms after the restart: %v lost, the server down %v, %v since the last stored turn",
		stored[0], after.Clock.Left[0], stored[1], after.Clock.Left[1], lost, downtime, since)
}
