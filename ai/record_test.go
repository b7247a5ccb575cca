package ai_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestShardsMerge: the shards of a run, written as JSON lines and merged, give the
// statistics of the whole run, with seats fixed or alternating, points and failed games.
func TestShardsMerge(t *testing.T) {
	g := evaltest.LoadText(t, "pitfall.zrf", pitfall)
	agents := []ai.Agent{ai.NewSearch(1), ai.Random{}}
	points := func(s *engine.State, p engine.Player) float64 {
		n := 0.0
		for i, c := range s.Cells {
			if !c.IsEmpty() && c.Player() == p {
				n += 1 + float64(i)/7 // not a round number, so that sums depend on their order
			}
		}
		return n
	}
	for _, rotate := range []bool{true, false} {
		for _, shards := range []int{1, 3, 7, 25} {
			games := ai.Run(g, agents, ai.Options{Games: 20, Seed: 3, Jobs: 2, MaxPlies: 60, Rotate: rotate})
			want := ai.Summarise(g, agents, games, rotate, points)
			if want.Failed == 0 || want.Games == 0 {
				t.Fatalf("%d games failed and %d played: the test wants both", want.Failed, want.Games)
			}
			info := &ai.RunInfo{Rules: "pitfall.zrf", SHA256: "00", Game: g.Title, Players: []string{"White", "Black"},
				Bots: []string{"search:1", "random"}, Seed: 3, Games: 20, MaxPlies: 60, FixedSeats: !rotate, Score: "test"}
			var m ai.Merge
			for i := shards - 1; i >= 0; i-- {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				ai.Run(g, agents, ai.Options{Games: 20, Seed: 3, Jobs: 2, MaxPlies: 60, Rotate: rotate, Shard: i, Shards: shards, Discard: true,
					Done: func(k int, rec *ai.Game) {
						if k%shards != i {
							t.Errorf("shard %d of %d played game %d", i, shards, k)
						}
						if err := enc.Encode(ai.Line{Record: ai.NewRecord(g, info, k, rec, points), Run: info}); err != nil {
							t.Fatal(err)
						}
					}})
				if err := m.Read(&buf, "shard"); err != nil {
					t.Fatal(err)
				}
			}
			recs, err := m.Records()
			if err != nil {
				t.Fatal(err)
			}
			if miss := m.Missing(); len(miss) > 0 {
				t.Fatalf("games %v missing", miss)
			}
			got := ai.Tally(m.Info, recs)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("rotate %t, %d shards: merged statistics mismatch (-want +got):\n%s", rotate, shards, d)
			}
		}
	}
}

// TestMergeBadLines: every prefix of a good line, and lines with fields wrong, are
// refused with an error naming the line, never a panic.
func TestMergeBadLines(t *testing.T) {
	good := `{"game":2,"seed":9,"seats":[{"player":"White","bot":"random","outcome":"win","points":1.5},{"player":"Black","bot":"search:1","outcome":"loss","points":0}],"result":"win","winners":["White"],"losers":["Black"],"turns":7,"ended":"x","run":{"rules":"r.zrf","sha256":"00","game":"G","players":["White","Black"],"bots":["search:1","random"],"seed":3,"games":4,"maxPlies":60,"fixedSeats":false,"score":"d"}}`
	var m ai.Merge
	if err := m.Read(strings.NewReader(good), "f"); err != nil {
		t.Fatalf("good line: %v", err)
	}
	for n := range len(good) - 1 {
		var m ai.Merge
		if err := m.Read(strings.NewReader("\n"+good[:n]), "f"); n > 0 && (err == nil || !strings.HasPrefix(err.Error(), "f:2: ")) {
			t.Errorf("line cut after %d bytes: error %v, want one at f:2", n, err)
		}
	}
	for _, tt := range []struct{ old, new, want string }{
		{`"game":2,`, `"game":0,`, "game 0: the run has games 1 to 4"},
		{`"game":2,`, `"game":"2",`, "cannot unmarshal"},
		{`"seats":[`, `"seats":null,"x":[`, `game 2: 0 "seats" for the run's 2 players`},
		{`"bots":["search:1","random"]`, `"bots":["random"]`, `"run": 1 "bots" for 2 "players"`},
		{`"players":["White","Black"]`, `"players":[]`, `"run": no "players"`},
		{`"games":4`, `"games":-4`, `"run": "games" must be at least 1, found -4`},
		{`"player":"Black"`, `"player":"Red"`, `seat 2 is "Red", the run's player there is "Black"`},
		{`"outcome":"loss"`, `"outcome":"lost"`, `Black's "outcome" "lost"`},
		{`,"points":0`, ``, `Black has no "points" in a run with --score`},
		{`"score":"d"`, `"score":""`, `White has "points" in a run without --score`},
		{`"result":"win"`, `"result":"failed"`, `a failed game without "error"`},
		{`"turns":7`, `"turns":-1`, `"turns" is -1`},
		{`,"run":{`, `,"nur":{`, `no "run"`},
	} {
		var m ai.Merge
		line := strings.Replace(good, tt.old, tt.new, 1)
		err := m.Read(strings.NewReader("\n\n"+line), "f")
		if err == nil || !strings.HasPrefix(err.Error(), "f:3: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s → %s: error %v, want f:3: ...%s", tt.old, tt.new, err, tt.want)
		}
	}
}
