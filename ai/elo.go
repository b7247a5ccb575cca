package ai

// This file holds the ratings of a ladder: a bot's score against opponents of known
// ratings (Fairy-Stockfish's UCI_Elo steps, say) turned into a rating on their scale,
// with its 95% interval. The model is the logistic one of the Elo scale: a player rated
// d points above another is expected to score 1/(1+10^(-d/400)) against it.

import (
	"math"
	"sort"
)

// Expected returns the score a player is expected to make against an opponent rated d
// points below it (d negative: above it).
func Expected(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// EloDiff returns the rating difference that a score (0 to 1) implies: 0 for 1/2, about
// +191 for 3/4, -Inf for 0 and +Inf for 1. It is the inverse of Expected.
func EloDiff(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(score/(1-score))
}

// Step is what a bot scored against one opponent of a known rating.
type Step struct {
	Rating              float64 // the opponent's
	Wins, Draws, Losses int     // the bot's
}

// Games returns the games of the step.
func (s Step) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns the bot's mean score (win 1, draw 1/2), 0 without games.
func (s Step) Score() float64 {
	if s.Games() == 0 {
		return 0
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(s.Games())
}

// Interval returns the 95% interval of the step's score: Wilson's (scoreInterval),
// draws narrowing it.
func (s Step) Interval() (low, high float64) { return scoreInterval(s.Wins, s.Draws, s.Losses) }

// Rate returns the rating the step's score implies on its opponent's scale, and its
// 95% interval: the opponent's rating plus EloDiff of the score and of the ends of its
// interval. An end is infinite when the score is 0 or 1 (nothing bounds the rating on
// that side).
func (s Step) Rate() (elo, low, high float64) {
	l, h := s.Interval()
	return s.Rating + EloDiff(s.Score()), s.Rating + EloDiff(l), s.Rating + EloDiff(h)
}

// Estimate returns the rating of a bot from its steps against opponents of several
// ratings, and its 95% interval, on the opponents' scale. The rating is the maximum
// likelihood one: where the scores expected against every opponent add up to the
// scores made. The interval holds the ratings that the total score does not reject at
// the 5% level (a score test): those where the total score is within 1.96 standard
// deviations of the total expected, the deviation counted from the expected scores (as
// Wilson's interval does for one step; for one step without draws the two agree
// exactly). Draws shrink the variance of a game's score as in scoreInterval: each step
// counts as n*p(1-p)/v games, v the variance of its scores, p its mean score. A rating
// or an end is infinite when every game was lost or won. With no games it returns NaN
// and an interval of -Inf to +Inf.
func Estimate(steps []Step) (elo, low, high float64) {
	type st struct{ r, n, score float64 }
	var ss []st
	total, games := 0.0, 0.0
	for _, s := range steps {
		n := float64(s.Games())
		if n == 0 {
			continue
		}
		p := s.Score()
		eff := n
		v := (float64(s.Wins)*(1-p)*(1-p) + float64(s.Draws)*(0.5-p)*(0.5-p) + float64(s.Losses)*p*p) / n
		if v > 0 && p > 0 && p < 1 {
			eff = n * p * (1 - p) / v
		}
		// The step's score counts as eff games at mean p.
		ss = append(ss, st{s.Rating, eff, p * eff})
		total += p * eff
		games += eff
	}
	if games == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	sort.Slice(ss, func(i, j int) bool { return ss[i].r < ss[j].r })
	// dev is the total score made less the total expected of a player rated r, in
	// standard deviations of the latter; it falls as r rises.
	dev := func(r float64, z float64) float64 {
		exp, vr := 0.0, 0.0
		for _, s := range ss {
			e := Expected(r - s.r)
			exp += s.n * e
			vr += s.n * e * (1 - e)
		}
		return total - exp - z*math.Sqrt(vr)
	}
	const z = 1.96
	lo, hi := ss[0].r-4000, ss[len(ss)-1].r+4000
	solve := func(z float64) float64 {
		if dev(lo, z) <= 0 {
			return math.Inf(-1)
		}
		if dev(hi, z) >= 0 {
			return math.Inf(1)
		}
		a, b := lo, hi
		for range 200 {
			m := (a + b) / 2
			if dev(m, z) > 0 {
				a = m
			} else {
				b = m
			}
		}
		return (a + b) / 2
	}
	elo = solve(0)
	if total == 0 {
		elo = math.Inf(-1)
	} else if total == games {
		elo = math.Inf(1)
	}
	// The lower end is the rating whose expected score plus 1.96 deviations is the
	// score made, the upper one the rating whose expected score less 1.96 deviations is.
	return elo, solve(z), solve(-z)
}
