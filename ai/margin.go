package ai

// This file holds the statistics of a run that count points rather than results: the
// points margin of each bot in each seat, and for two bots that change seats, the pairs
// of games with the sides swapped compared by their total points. A game scored by
// points and played in unequal seats (Thud: the Trolls win nearly every battle stopped
// at a ply cap) says little by its winner alone; two battles with the sides swapped,
// compared by points, are how such a game is played.

import "math"

// Margin is a bot's points margin in one seat: its points minus the best other seat's,
// over the games it played there, with the 95% interval of the mean (normal, from the
// sample's standard deviation).
type Margin struct {
	Agent  string  `json:"bot"`
	Player string  `json:"player"`
	Games  int     `json:"games"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// Pairs compares two bots that change seats from game to game over pairs of games,
// the games 2j+1 and 2j+2 of the run (each bot plays both sides once in a pair): a
// pair is won by the bot with more points over its two games. Wins, Draws and Losses
// count the pairs for the first bot of the run, with Score and its Wilson interval as
// a seat's; Mean is the first bot's points minus the second's per pair, with the 95%
// interval of the mean. Pairs with a failed game or a game missing are left out.
type Pairs struct {
	Agent  string  `json:"bot"` // the first bot
	Other  string  `json:"other"`
	Pairs  int     `json:"pairs"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	MLow   float64 `json:"meanLow"`
	MHigh  float64 `json:"meanHigh"`
}

// margins computes the margins of every bot in every seat from recs (in game order),
// bots in the run's order and seats in the rules' order; nil when the games have no
// points.
func margins(info *RunInfo, recs []Record) []Margin {
	n := len(info.Players)
	sums := make([][]float64, len(info.Bots)*n) // by bot row, then seat
	for _, r := range recs {
		if r.Result == ResultFailed || len(r.Seats) != n {
			continue
		}
		for k := range r.Seats {
			m, ok := marginOf(r.Seats, k)
			if !ok {
				continue
			}
			row := seatRow(k, r.Game-1, n, !info.FixedSeats)
			if row >= len(info.Bots) {
				continue
			}
			sums[row*n+k] = append(sums[row*n+k], m)
		}
	}
	var out []Margin
	for b := range info.Bots {
		for k := 0; k < n; k++ {
			xs := sums[b*n+k]
			if len(xs) == 0 {
				continue
			}
			mean, sd, low, high := meanInterval(xs)
			out = append(out, Margin{Agent: info.Bots[b], Player: info.Players[k], Games: len(xs),
				Mean: mean, SD: sd, Low: low, High: high})
		}
	}
	return out
}

// marginOf returns seat k's points minus the best other seat's, when every seat has
// points.
func marginOf(seats []Seat, k int) (float64, bool) {
	if seats[k].Points == nil || len(seats) < 2 {
		return 0, false
	}
	best := math.Inf(-1)
	for j, s := range seats {
		if s.Points == nil {
			return 0, false
		}
		if j != k {
			best = math.Max(best, *s.Points)
		}
	}
	return *seats[k].Points - best, true
}

// pairs compares the two bots of a run over pairs of games with the sides swapped;
// nil unless the games have points and the run two players and two bots changing
// seats.
func pairs(info *RunInfo, recs []Record) *Pairs {
	if info.FixedSeats || len(info.Players) != 2 || len(info.Bots) != 2 {
		return nil
	}
	// diff[j] is the first bot's points minus the second's in game j (from 0).
	diff := map[int]float64{}
	for _, r := range recs {
		if r.Result == ResultFailed || len(r.Seats) != 2 {
			continue
		}
		m, ok := marginOf(r.Seats, 0)
		if !ok {
			continue
		}
		if seatRow(0, r.Game-1, 2, true) != 0 {
			m = -m // the first bot sat in the second seat
		}
		diff[r.Game-1] = m
	}
	if len(diff) == 0 {
		return nil // no points
	}
	p := &Pairs{Agent: info.Bots[0], Other: info.Bots[1]}
	var xs []float64
	for j := 0; j+1 < info.Games; j += 2 {
		a, ok1 := diff[j]
		b, ok2 := diff[j+1]
		if !ok1 || !ok2 {
			continue
		}
		d := a + b
		xs = append(xs, d)
		switch {
		case d > 0:
			p.Wins++
		case d < 0:
			p.Losses++
		default:
			p.Draws++
		}
	}
	p.Pairs = len(xs)
	if p.Pairs == 0 {
		return p
	}
	p.Score = (float64(p.Wins) + 0.5*float64(p.Draws)) / float64(p.Pairs)
	p.Low, p.High = scoreInterval(p.Wins, p.Draws, p.Losses)
	p.Mean, p.SD, p.MLow, p.MHigh = meanInterval(xs)
	return p
}

// meanInterval returns the mean of xs, their sample standard deviation and the 95%
// interval of the mean by the normal approximation (the interval is the mean alone for
// one value).
func meanInterval(xs []float64) (mean, sd, low, high float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) > 1 {
		ss := 0.0
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		sd = math.Sqrt(ss / (n - 1))
	}
	half := 1.96 * sd / math.Sqrt(n)
	return mean, sd, mean - half, mean + half
}
