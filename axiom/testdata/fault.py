#!/usr/bin/env python3
"""Replays, in the Python executable specification of Axiom, a game that zoggo played, with
the clock stopped at 0 as zoggo's Forth has it (so that a game seeding its random numbers
from the clock, as Jofur does, sets up the same), and says whether each move list it meets
is the one zoggo met and how generation ends after the last move. Used by TestJofurFault.

    python3 fault.py PROTOTYPE_DIR CORPUS_DIR ZRF TITLE LISTS

LISTS holds, a line per ply, zoggo's move list joined with '|', a tab and the move made. Prints
one JSON object: plies replayed, lists identical, and the error of the generation after.
"""
import json, sys, time

proto, corpus, zrf, title, lists = sys.argv[1:6]
sys.path.insert(0, proto)
time.time = lambda: 0.0
from replay import corpus_path, engine_folder, library_files, zrf_setup
from axiom import Axiom

zrf_path = corpus_path(corpus, zrf)
folder = engine_folder(corpus, zrf_path)
core, axm, _ = library_files(corpus, folder)
ax = Axiom(folder, core, axm)
ax.start_new_game(title)
for p in zrf_setup(zrf_path, title):
    ax.edit_add(*p)
plies = same = 0
out = {}
for line in open(lists, encoding='latin1'):
    line = line.rstrip('\n')
    if not line:
        continue
    listed, _, made = line.partition('\t')
    mv = [s for _, s in ax.generate()]
    if '|'.join(mv) == listed:
        same += 1
    if not ax.make_a_move(made):
        out['error'] = 'no move %r' % made
        break
    plies += 1
if 'error' not in out:
    try:
        out['moves'] = len(ax.generate())
    except Exception as e:
        out['error'] = '%s: %s' % (type(e).__name__, e)
out.update(plies=plies, same=same)
print(json.dumps(out))
