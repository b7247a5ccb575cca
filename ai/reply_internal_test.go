package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestRepliesLearn: the winner's drops become the replies to the one and two turns
// before them, the loser's drops are forgotten where they were the replies kept, and a
// draw changes nothing.
func TestRepliesLearn(t *testing.T) {
	rp := newReplies(10)
	// Black 1, White 2, Black 3, White pass, Black 4 after no turn and Black's 0.
	play := func() {
		rp.begin([2]replyTurn{{1, engine.NoLoc}, {0, 0}})
		for _, tu := range []replyTurn{{1, 2}, {0, 3}, {1, engine.NoLoc}, {0, 4}} {
			rp.add(tu.p, tu.l)
		}
	}
	play()
	rp.learn(eval.Result{Over: true, Winners: []engine.Player{0}})
	rp.hist = append(rp.hist[:0], replyTurn{0, 2}, replyTurn{0, 3})
	if two, one := rp.reply(0); two != engine.NoLoc || one != engine.NoLoc {
		t.Fatalf("replies to turns never answered: %v, %v", two, one)
	}
	for _, c := range []struct {
		p           engine.Player
		prev2, prev engine.Loc
		want        engine.Loc
	}{{0, 0, 2, 3}, {0, 3, engine.NoLoc, 4}, {1, 0, 2, engine.NoLoc}} {
		rp.hist = append(rp.hist[:0], replyTurn{0, c.prev2}, replyTurn{1, c.prev})
		two, one := rp.reply(c.p)
		if two != c.want || one != c.want {
			t.Fatalf("player %d after %v, %v: replies %v, %v, want %v", c.p, c.prev2, c.prev, two, one, c.want)
		}
	}
	// The same turns lost by Black: its replies are forgotten, White's kept.
	play()
	rp.learn(eval.Result{Over: true, Draw: true})
	rp.hist = append(rp.hist[:0], replyTurn{0, 0}, replyTurn{1, 2})
	if _, one := rp.reply(0); one != 3 {
		t.Fatalf("a draw changed the reply to %v", one)
	}
	play()
	rp.learn(eval.Result{Over: true, Winners: []engine.Player{1}})
	rp.hist = append(rp.hist[:0], replyTurn{0, 0}, replyTurn{1, 2})
	if two, one := rp.reply(0); two != engine.NoLoc || one != engine.NoLoc {
		t.Fatalf("the loser's replies kept: %v, %v", two, one)
	}
	rp.hist = append(rp.hist[:0], replyTurn{1, engine.NoLoc}, replyTurn{0, 0})
	if two, one := rp.reply(1); two != 2 || one != 2 {
		t.Fatalf("the winner's reply not kept: %v, %v", two, one)
	}
}

// TestRepliesPlayed: in 9x9 Go, from positions along random games, a playout whose
// tables hold a reply to the last turn plays it first where the policy would (a legal
// drop that fills no eye of the mover's and puts none of its groups in atari), and the
// playout stays a game of the rules (TestGroupPlayout's replay through the match).
func TestRepliesPlayed(t *testing.T) {
	g := evaltest.Load(t, "../games/go.zrf")
	gp := newGroupPlayout(g)
	// The positions near the last drop are tried before the replies by chance; this
	// test asks whether a reply is played first, so the playouts here do not try them.
	gp.local = 0
	n := len(g.Board.Locs)
	pol := newPolicy(g)
	r := rand.New(rand.NewPCG(9, 9))
	tried, played := 0, 0
	for game := range 8 {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 5+6*game && !m.Over(); ply++ {
			if err := m.Play(pol.pick(m, r)); err != nil {
				t.Fatal(err)
			}
		}
		for range 10 {
			x := m.Explore()
			x.SetLazy(true)
			if err := gp.b.Load(x.State()); err != nil {
				t.Fatal(err)
			}
			gp.rule, gp.window = x.RepeatRule()
			gp.forget()
			mover := x.Mover()
			before := lastTurns(g, x)
			// A reply to the last turn: a random empty point, or now and then any point
			// (one taken since, which the playout must pass over).
			e := gp.b.Empty()
			want := e[r.IntN(len(e))]
			if r.IntN(4) == 0 {
				want = engine.Loc(r.IntN(n))
			}
			atari := false
			if last := lastDrop(x); last != engine.NoLoc {
				for _, v := range append([]engine.Loc{last}, gp.b.Neighbours(last)...) {
					atari = atari || v != engine.NoLoc && !gp.b.Cells()[v].IsEmpty() && gp.b.Atari(v) != engine.NoLoc
				}
			}
			ok := gp.b.Legal(want, mover) && !gp.last(want, mover) && !gp.repeats(x, gp.b.KeyAfter(want, mover))
			gp.rp = newReplies(n)
			gp.rp.one[gp.rp.at1(mover, before[1].l)] = want
			var trace []engine.Loc
			gp.trace = &trace
			if _, ok, err := gp.playout(x, r, nil, 4*n); err != nil || !ok {
				t.Fatalf("playout: %v, %v", ok, err)
			}
			gp.trace = nil
			if atari {
				continue // the last liberty around the last drop comes first
			}
			tried++
			if (trace[0] == want) != ok {
				t.Fatalf("reply %s (policy's: %v), the playout's first turn %v", g.Board.Locs[want].Name, ok, trace[0])
			}
			if ok {
				played++
			}
			for _, l := range trace {
				i := -1
				for j, tu := range x.Legal() {
					if l == engine.NoLoc && tu.Parts[0].Pass || l != engine.NoLoc && !tu.Parts[0].Pass && tu.Parts[0].Dest() == l {
						i = j
					}
				}
				if i < 0 {
					t.Fatalf("turn %v of the playout is not legal in the match", l)
				}
				if err := x.Play(i); err != nil {
					t.Fatal(err)
				}
				if x.Over() {
					break
				}
			}
		}
	}
	t.Logf("%d replies tried, %d played", tried, played)
	if tried < 40 || played < 20 || played == tried {
		t.Fatal("too little compared")
	}
}
