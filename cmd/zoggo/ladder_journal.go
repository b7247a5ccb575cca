package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/zoggo/zoggo/ai"
)

// A ladder's journal keeps each game as it ends, one JSON object a line, so that a
// ladder of hours survives being stopped: run again with the same journal, it plays
// only the games the journal lacks and rates them all. The first line says what was
// played (ladderSetting); a journal is only resumed by the same setting, so that the
// games rated together were played by one binary, on one rules file, at one time.

// ladderSetting is what makes the games of a ladder comparable. --games and --steps
// are not in it: a resumed ladder may have more steps or more games a step.
type ladderSetting struct {
	Journal  int    `json:"zoggoLadder"` // the journal's format: 1
	Rules    string `json:"rules"`       // SHA-256 of the rules file
	Variant  string `json:"variant"`
	Bot      string `json:"bot"`
	Opponent string `json:"opponent"`
	Time     string `json:"time"`
	MaxPlies int    `json:"maxPlies"`
	Seed     uint64 `json:"seed"`
	Build    string `json:"build"` // the binary's revision, "" when it has none
}

// journalGame is one game of a journal, with both sides' time over the step's games
// so far (exact with --jobs 1: with more, it holds the turns of the games then going on).
type journalGame struct {
	Step     string    `json:"step"`
	Record   ai.Record `json:"record"`
	BotNs    int64     `json:"botNs"`
	BotTurns int       `json:"botTurns"`
	OppNs    int64     `json:"oppNs"`
	OppTurns int       `json:"oppTurns"`
}

// journal is an open ladder journal: the games it held, and the file games go to.
type journal struct {
	path  string
	f     *os.File
	games map[string]map[int]journalGame // by step, by game number from 0
	last  map[string]journalGame         // each step's last game in the file
}

// maxJournalLine bounds a line of a journal (a game's record with its error).
const maxJournalLine = 1 << 20

// buildRevision returns the revision of the checkout this binary was built from, with
// "+modified" when it had changes not committed, or "" when the build kept none.
func buildRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" && modified {
		rev += "+modified"
	}
	return rev
}

// rulesDigest returns the SHA-256 of a rules file.
func rulesDigest(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// openJournal opens the journal at path for the setting: a new file gets the setting
// as its first line; an existing one must have been written for the same setting, and
// its games are read. A last line cut short (the ladder stopped while writing it) is
// dropped from the file.
func openJournal(path string, set ladderSetting) (*journal, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("--journal: %w", err)
	}
	j := &journal{path: path, f: f, games: map[string]map[int]journalGame{}, last: map[string]journalGame{}}
	end, err := j.read(set)
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Truncate(end); err != nil {
		f.Close()
		return nil, fmt.Errorf("--journal: %w", err)
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("--journal: %w", err)
	}
	if end == 0 {
		if err := j.write(set); err != nil {
			f.Close()
			return nil, err
		}
	}
	return j, nil
}

// read reads the journal's lines and returns the offset after the last whole one.
func (j *journal) read(set ladderSetting) (int64, error) {
	r := bufio.NewReaderSize(j.f, 64<<10)
	var end int64
	for n := 1; ; n++ {
		line, err := readLine(r)
		if errors.Is(err, io.EOF) && len(line) == 0 {
			return end, nil
		}
		if errors.Is(err, io.EOF) { // no newline: cut short while written
			return end, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s:%d: %w", j.path, n, err)
		}
		end += int64(len(line)) + 1
		if n == 1 {
			var had ladderSetting
			if err := json.Unmarshal(line, &had); err != nil || had.Journal != 1 {
				return 0, fmt.Errorf("%s:1: not a ladder journal: %q", j.path, clip(line))
			}
			if field, was, now := differs(had, set); field != "" {
				return 0, fmt.Errorf("%s: written for another ladder; it is resumed only with the same %s (it has %q, this run %q); use a new --journal",
					j.path, field, was, now)
			}
			continue
		}
		var g journalGame
		if err := json.Unmarshal(line, &g); err != nil {
			return 0, fmt.Errorf("%s:%d: %v: %q", j.path, n, err, clip(line))
		}
		i := g.Record.Game - 1
		if g.Step == "" || i < 0 || i >= 100_000 {
			return 0, fmt.Errorf("%s:%d: a game needs a step and a number from 1 to 100000: %q", j.path, n, clip(line))
		}
		if j.games[g.Step] == nil {
			j.games[g.Step] = map[int]journalGame{}
		}
		j.games[g.Step][i] = g
		j.last[g.Step] = g
	}
}

// readLine reads a line without its newline, refusing one longer than maxJournalLine.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := r.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > maxJournalLine {
			return nil, fmt.Errorf("a line longer than %d bytes", maxJournalLine)
		}
		switch {
		case err == nil:
			return line[:len(line)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return line, err
		}
	}
}

// clip shortens a line for an error message.
func clip(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// settingFields lists a setting's fields as a person names and reads them.
func settingFields(s ladderSetting) [][2]string {
	return [][2]string{{"rules file", "SHA-256 " + s.Rules}, {"variant", s.Variant}, {"--bot", s.Bot},
		{"--opponent", s.Opponent}, {"--time", s.Time}, {"--max-plies", fmt.Sprint(s.MaxPlies)}, {"--seed", fmt.Sprint(s.Seed)},
		{"zoggo binary", "build " + s.Build}}
}

// differs names the first field in which two settings differ, with its two values.
func differs(a, b ladderSetting) (field, had, now string) {
	fa, fb := settingFields(a), settingFields(b)
	for k := range fa {
		if fa[k] != fb[k] {
			return fa[k][0], fa[k][1], fb[k][1]
		}
	}
	return "", "", ""
}

// write adds a line to the journal and syncs it to the disk.
func (j *journal) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("--journal: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("--journal: %w", err)
	}
	return nil
}

// step returns the games of a step that the journal holds, by number, among the
// first games of the step; and the times of both sides over them.
func (j *journal) step(step string, games int) (map[int]ai.Record, time.Duration, int, time.Duration, int) {
	if j == nil {
		return nil, 0, 0, 0, 0
	}
	had := map[int]ai.Record{}
	for i, g := range j.games[step] {
		if i < games {
			had[i] = g.Record
		}
	}
	l := j.last[step]
	return had, time.Duration(l.BotNs), l.BotTurns, time.Duration(l.OppNs), l.OppTurns
}

func (j *journal) Close() error {
	if j == nil {
		return nil
	}
	return j.f.Close()
}
