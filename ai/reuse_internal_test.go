package ai

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestKeptTree: after a search, the bot's turn and the opponent's, the next search
// starts from the node of the position reached, with the playouts made below it; in a
// match that went another way it starts afresh.
func TestKeptTree(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "go.zrf"))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	bot := &MCTS{Iterations: 400, MaxPlayout: 200, kept: &keptTree{}}
	r := rand.New(rand.NewPCG(3, 4))
	i, err := bot.Choose(m, r)
	if err != nil {
		t.Fatal(err)
	}
	// The opponent answers with the reply the tree searched most.
	root := bot.kept.root
	child := root.children[i]
	if err := m.Play(i); err != nil {
		t.Fatal(err)
	}
	reply, most := -1, 0
	for j, c := range child.children {
		if c != nil && c.visits > most {
			reply, most = j, c.visits
		}
	}
	if reply < 0 {
		t.Fatal("the tree has no reply to its own turn")
	}
	want := child.children[reply]
	other := m.Clone()
	if err := m.Play(reply); err != nil {
		t.Fatal(err)
	}
	n, _ := bot.kept.take(m, true)
	if n != want || n.visits == 0 {
		t.Fatalf("kept node %p (%d visits), want %p", n, n.visits, want)
	}
	bot.kept.root = root // as the search left it
	// A reply the tree never searched, or another game: no node.
	never := -1
	for j, c := range child.children {
		if c == nil {
			never = j
			break
		}
	}
	if never >= 0 {
		if err := other.Play(never); err != nil {
			t.Fatal(err)
		}
		if n, _ := bot.kept.take(other, true); n != nil {
			t.Fatal("a node for a reply never searched")
		}
		bot.kept.root = root
	}
	// A new game from the same start is the same position with the same history: the
	// kept root serves it.
	fresh, _ := match.New(g, nil)
	if n, _ := bot.kept.take(fresh, true); n != root {
		t.Fatal("the root not found again for a new game from the same start")
	}
	// A search from the kept node goes on from its playouts.
	bot.kept.root = root
	before := want.visits
	bot.Iterations = 100
	if _, err := bot.Choose(m, r); err != nil {
		t.Fatal(err)
	}
	if bot.kept.root != want || want.visits != before+100 {
		t.Fatalf("the search did not go on from the kept node: %d visits, want %d", want.visits, before+100)
	}
}
