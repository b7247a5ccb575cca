package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
)

func TestJournalResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	set := ladderSetting{Journal: 1, Rules: "ab", Variant: "Chess", Bot: "search:{time}", Opponent: "uci:x:{step}", Time: "1s", MaxPlies: 400, Seed: 1}
	j, err := openJournal(path, set)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		g := journalGame{Step: "1500", Record: ai.Record{Game: i + 1, Result: ai.ResultDraw}, BotNs: int64(i+1) * 1e9, BotTurns: 10 * (i + 1), OppNs: 5, OppTurns: 7}
		if err := j.write(g); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	// A stop while the fourth game was written leaves half a line.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"step":"1500","record":{"ga`)
	f.Close()

	j, err = openJournal(path, set)
	if err != nil {
		t.Fatal(err)
	}
	had, bt, bn, _, on := j.step("1500", 2)
	if len(had) != 2 || had[0].Game != 1 || had[1].Game != 2 {
		t.Errorf("first 2 games of the step: got %v", had)
	}
	if bt != 3*time.Second || bn != 30 || on != 7 {
		t.Errorf("times: got %v over %d turns (opponent %d turns), want the last game's 3s over 30 (7)", bt, bn, on)
	}
	if had, _, _, _, _ := j.step("1700", 10); len(had) != 0 {
		t.Errorf("a step not played: got %d games", len(had))
	}
	if err := j.write(journalGame{Step: "1500", Record: ai.Record{Game: 4}}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 5 || !strings.Contains(lines[4], `"game":4,`) {
		t.Errorf("after the cut line is dropped and a game added, want 5 whole lines, got %d:\n%s", len(lines), b)
	}
}

func TestJournalRefuses(t *testing.T) {
	dir := t.TempDir()
	set := ladderSetting{Journal: 1, Rules: "ab", Variant: "Chess", Bot: "search:{time}", Opponent: "uci:x:{step}", Time: "1s", MaxPlies: 400, Seed: 1, Build: "r1"}
	path := filepath.Join(dir, "j.jsonl")
	j, err := openJournal(path, set)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	other := set
	other.Build = "r2"
	if _, err := openJournal(path, other); err == nil || !strings.Contains(err.Error(), `same zoggo binary (it has "build r1", this run "build r2")`) {
		t.Errorf("another binary: got %v", err)
	}
	for name, text := range map[string]string{
		"notjournal": "hello\n",
		"badgame":    `{"zoggoLadder":1,"rules":"ab","variant":"Chess","bot":"search:{time}","opponent":"uci:x:{step}","time":"1s","maxPlies":400,"seed":1,"build":"r1"}` + "\n" + `{"step":"1500","record":{"game":0}}` + "\n",
		"long":       strings.Repeat("x", maxJournalLine+10) + "\n",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		_, err := openJournal(p, set)
		if err == nil {
			t.Errorf("%s: opened", name)
			continue
		}
		if !strings.Contains(err.Error(), p+":") {
			t.Errorf("%s: the error names no line of the file: %v", name, err)
		}
		if b, _ := os.ReadFile(p); string(b) != text {
			t.Errorf("%s: a journal refused was changed", name)
		}
	}
}
