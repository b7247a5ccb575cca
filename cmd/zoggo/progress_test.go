package main

import (
	"testing"
	"time"
)

// TestProgressPaced: a progress line is drawn the first and the last time and otherwise
// at most once per progressEvery, and never where the output is no terminal.
func TestProgressPaced(t *testing.T) {
	p := &progress{on: true}
	drawn := 0
	for done := 1; done <= 100000; done++ {
		if p.due(done, 100000) {
			drawn++
		}
	}
	// The loop takes far less than progressEvery per thousand games, so the line is
	// drawn a few times, not once per game.
	if drawn < 2 || drawn > 1000 {
		t.Errorf("drawn %d times for 100000 games", drawn)
	}
	if !p.due(100000, 100000) {
		t.Error("the last game does not draw the line")
	}
	p.last = time.Now().Add(-progressEvery)
	if !p.due(5, 10) {
		t.Error("the line is not drawn once progressEvery has passed")
	}
	// Drawn a moment ago (a time in the future, so that a stall of the machine between
	// the two calls cannot make the wait pass).
	p.last = time.Now().Add(time.Hour)
	if p.due(6, 10) {
		t.Error("the line is drawn again before progressEvery has passed")
	}
	off := newProgress(nil)
	for done := 1; done <= 3; done++ {
		if off.due(done, 3) {
			t.Error("a progress on no terminal draws")
		}
	}
}
