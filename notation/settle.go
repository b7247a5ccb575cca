package notation

import "github.com/zoggo/zoggo/engine"

// settle puts out of the game, after a turn by mover, the players that turn made lose,
// as a match does: with more than two players who choose moves, eval's Outcome marks a
// loser out and changes the state to skip its turns (Splut!, where a killed Sorcerer's
// team leaves the game). A saved game records no turn for a player who is out, so the
// replay must skip them too. An error of Outcome is kept for the next begin, which
// returns it: the replay stops at the next line.
func (w *walker) settle(mover engine.Player) {
	n := 0
	for _, p := range w.g.Players {
		if !p.Random {
			n++
		}
	}
	if n <= 2 {
		return
	}
	if _, _, err := w.g.NewWorkspace().Outcome(w.s, mover, 1); err != nil && w.err == nil {
		w.err = err
	}
}
