package eval

// This file copies turns out of a workspace, so that a match can keep the turns it plays
// while it computes the turns of every position in the same few workspaces.

import "github.com/zoggo/zoggo/engine"

// Keep returns a copy of t that shares nothing with the workspace that made it: its
// parts, their changes, the changes of its post-move actions and the state after it are
// new. The copy stays valid when the workspace is used again. The dialect's facts of the
// turn, which only the workspace's own checks read, are not copied.
func (t *Turn) Keep() Turn {
	n := len(t.End)
	for i := range t.Parts {
		n += len(t.Parts[i].Changes)
	}
	changes := make([]engine.Change, 0, n)
	parts := make([]engine.Move, len(t.Parts))
	for i := range t.Parts {
		parts[i] = t.Parts[i]
		if t.Parts[i].Changes != nil {
			k := len(changes)
			changes = append(changes, t.Parts[i].Changes...)
			parts[i].Changes = changes[k:len(changes):len(changes)]
		}
	}
	c := Turn{Parts: parts, captures: t.captures, promoted: t.promoted}
	if t.End != nil {
		k := len(changes)
		changes = append(changes, t.End...)
		c.End = changes[k:len(changes):len(changes)]
	}
	if t.After != nil {
		c.After = t.After.Clone()
	}
	return c
}
