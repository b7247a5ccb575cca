package eval

// This file rewrites the move blocks of the dialect's games into the form that exec
// (gen.go), the one loop of the run-time, runs: fast blocks and guards, as fast.go
// makes them for plain ZRF games, run by runFastBlocks. Two rules, each turned off by
// UseDialectHeads (then every block runs its general form, set up whole), and compared
// with the general path by TestDialectShortcutsChangeNothing and TestEachShortcutAlone:
//
//   - Fast blocks (dialectFastOK). A block whose ops fastOps takes (steps, tests, ifs,
//     whiles, captures, attribute changes and plain adds: no dialect op, no from, to,
//     cascade or add-copy) opens no second movement, selects no group, runs no
//     permutation and names no capture side, so each of its adds makes one move of its
//     piece from where the block started to the cursor, then the effects recorded so
//     far: what add writes (addEffects with no selection) is what fastAdd writes. The
//     rest of what reset sets up is read by none of its ops when every condition that
//     fastOps leaves to gen.test (ccAny) reads only the cursor, the board, the side,
//     attributes and the last part's squares (fastCondReads): not the run's flags,
//     mark or selection, nor values, which reset and the immediate values of the
//     dialect would need. A game with stacks is left out: its adds fix the takes of a
//     stack's moves. A man's step, (nw (verify empty?) add), becomes a step with its
//     test and an add (fStepTest, fAdd); a king's slide, (ne (while empty? add ne)),
//     a step and a slide (fStep, fSlide), whose loop keeps its bound and error.
//   - Heads (headOps). A block on the general path that begins with steps and
//     verifies whose conditions read only the cursor, the board, the side, attributes
//     and the last part's squares (headCondReads) runs them first, as a guard, and is
//     not set up when they stop it: they record nothing, and what they read is set
//     before the block is (pureReads). When they pass, the block runs on from the op
//     after them, the cursor where they left it. A man's jump with no enemy next to
//     it is not set up.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// headCondReads is what the conditions of a head, and the conditions of a dialect's
// fast block that gen.test answers, may read: nothing that reset sets up.
const headCondReads = pureReads | readAttr | readLast

// initDialectBlocks makes the fast blocks and guards of the move blocks of g, a game of
// the dialect without fast.go's blocks, into f; it reports whether it made one.
func (g *Game) initDialectBlocks(f *dialectFast) bool {
	p := g.code
	if g.fast != nil {
		return false
	}
	stacks := g.Ext != nil && g.Ext.StackCap > 0
	found := false
	blocks := make([][]fastBlock, len(p.Moves))
	for k, bl := range p.Moves {
		blocks[k] = g.fastBlocksOf(bl, false, func(b *fastBlock) {
			if ops, ok := fastOps(b.blk.Ops); ok && !stacks && dialectFastOK(ops) {
				b.ops, b.ok, found = ops, true, true
				return
			}
			b.guard, b.rest = headOps(b.blk.Ops)
			b.guardOn = UseDialectHeads
			found = found || b.guard != nil
		})
		// The first checks of the first 64 blocks, those gen.firstFails makes on a
		// word: a block after them runs its first op itself.
		for i := range blocks[k][:min(len(blocks[k]), 64)] {
			b := &blocks[k][i]
			if len(b.ops) > 0 && b.ops[0].code == fStepTest {
				b.first = &b.ops[0]
			} else if len(b.guard) > 0 && b.guard[0].code == fStepTest {
				b.first = &b.guard[0]
			}
			if b.first != nil {
				b.firstDir = b.first.a
			}
		}
		if len(blocks[k]) > 0 {
			blocks[k][0].firsts = firstDirs(blocks[k])
		}
	}
	if found {
		f.blocks = blocks
	}
	return found
}

// dialectFastOK reports whether the fast ops of a dialect's block test no condition
// with gen.test that reads more than headCondReads.
func dialectFastOK(ops []fastOp) bool {
	for i := range ops {
		f := &ops[i]
		if f.cond != nil && f.cc == ccAny && condReads(f.cond, nil)&^headCondReads != 0 {
			return false
		}
		if f.add != nil && !dialectFastOK([]fastOp{*f.add}) || !dialectFastOK(f.body) || !dialectFastOK(f.els) {
			return false
		}
	}
	return true
}

// headOps returns the fast ops of the head of a block's ops, its leading steps and
// verifies of headCondReads up to the last such verify, and the index of the first op
// after it; nil when the block has no head.
func headOps(ops []code.Op) ([]fastOp, int) {
	n := 0
	for i := range ops {
		o := &ops[i]
		if o.Code == code.OpVerify && condReads(o.Cond, nil)&^headCondReads == 0 {
			n = i + 1
			continue
		}
		if o.Code != code.OpStep {
			break
		}
	}
	if n == 0 {
		return nil, 0
	}
	h, ok := fastOps(ops[:n])
	if !ok {
		return nil, 0
	}
	return h, n
}

// runPieceBlocks is runBlocks for the move blocks of the piece c on l in pieceParts:
// the dialect's blocks rewritten (initDialectBlocks) run by runFastBlocks.
func (x *gen) runPieceBlocks(l engine.Loc, c engine.Cell, typ engine.MoveType) {
	if blocks := x.dialectBlocks(); blocks != nil {
		x.runKindBlocks(blocks[c.Kind()], l, c, typ)
		return
	}
	x.runBlocks(x.g.code.Moves[c.Kind()], l, false, c, typ, ^uint64(0))
}

// dialectBlocks returns the dialect's blocks of each kind (initDialectBlocks) when they
// run, nil when runBlocks runs the blocks as compiled.
func (x *gen) dialectBlocks() [][]fastBlock {
	if f := x.g.dfast; f != nil && x.g.on(UseDialectHeads) && !x.attackMode {
		return f.blocks
	}
	return nil
}

// runKindBlocks runs fast, the dialect's blocks of the kind of the piece c on l, each
// whose first check passes.
func (x *gen) runKindBlocks(fast []fastBlock, l engine.Loc, c engine.Cell, typ engine.MoveType) {
	var fails uint64
	if len(fast) > 0 {
		fails = x.firstFails(fast[0].firsts, l)
	}
	x.runFastBlocks(fast, l, c, typ, ^uint64(0), fails)
}
