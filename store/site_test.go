package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestRematch(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		old := newGame(t, s, "old")
		if g, _, err := s.Game(ctx, "old"); err != nil || g.RematchOffer != -1 || g.Rematch != "" || g.Public {
			t.Fatalf("a new game: offer %d, rematch %q, public %v, %v; want -1, \"\", false", g.RematchOffer, g.Rematch, g.Public, err)
		}
		if err := s.SetRematchOffer(ctx, "old", 1); err != nil {
			t.Fatal(err)
		}
		if g, _, err := s.Game(ctx, "old"); err != nil || g.RematchOffer != 1 {
			t.Fatalf("after SetRematchOffer(1): %d, %v", g.RematchOffer, err)
		}
		if err := s.SetRematchOffer(ctx, "nope", 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetRematchOffer of an unknown game: %v, want ErrNotFound", err)
		}
		re := *old
		re.ID, re.RematchOf = "new", "old"
		re.Seats = []Seat{old.Seats[1], old.Seats[0]}
		if err := s.CreateGame(ctx, &re); err != nil {
			t.Fatal(err)
		}
		g, _, err := s.Game(ctx, "old")
		if err != nil || g.Rematch != "new" || g.RematchOffer != -1 {
			t.Fatalf("the old game after its rematch: rematch %q, offer %d, %v; want \"new\", -1", g.Rematch, g.RematchOffer, err)
		}
		if g, _, err := s.Game(ctx, "new"); err != nil || g.RematchOf != "old" || g.Seats[0].Bot != "search:1" {
			t.Fatalf("the rematch: of %q, seats %v, %v", g.RematchOf, g.Seats, err)
		}
		again := re
		again.ID = "again"
		if err := s.CreateGame(ctx, &again); !errors.Is(err, ErrConflict) {
			t.Errorf("a second rematch of one game: %v, want ErrConflict", err)
		}
		if _, _, err := s.Game(ctx, "again"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the refused rematch was stored: %v", err)
		}
		again.RematchOf = "missing"
		if err := s.CreateGame(ctx, &again); !errors.Is(err, ErrNotFound) {
			t.Errorf("a rematch of a missing game: %v, want ErrNotFound", err)
		}
	})
}

func TestListLive(t *testing.T) {
	databases(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := open(t, dsn)
		hash := putRules(t, s, "(game)")
		for i, id := range []string{"a", "b", "c", "d"} {
			g := &Game{ID: id, RulesHash: hash, RulesName: "x.zrf", Variant: "X", Seats: []Seat{{Kind: "human"}},
				Public: id != "b", Created: time.Date(2026, 11, 28, 10, i, 0, 0, time.UTC)}
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetResult(ctx, "c", "draw agreed"); err != nil {
			t.Fatal(err)
		}
		got, err := s.ListLive(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range got {
			ids = append(ids, g.ID)
			if !g.Public {
				t.Errorf("%s listed without Public", g.ID)
			}
		}
		if len(ids) != 2 || ids[0] != "d" || ids[1] != "a" {
			t.Errorf("ListLive = %v, want [d a]", ids)
		}
		if got, _ := s.ListLive(ctx, 1); len(got) != 1 {
			t.Errorf("ListLive(1) gave %d games", len(got))
		}
	})
}
