#!/usr/bin/env python3
"""Writes walk.jsonl: for each Axiom variant that the Python executable specification of
Axiom loads (its folder holds axiom.py and replay.py), a walk of up to 12 plies from the start
position, taking at ply k the move of index 7k modulo the number of moves, and the SHA-1 of
the move lists it met. Filler and Jofur are left out: they set up at random.

    python3 walk.py PROTOTYPE_DIR CORPUS_DIR [PART NPARTS] > walk.jsonl
"""
import hashlib, json, os, sys

proto, corpus = sys.argv[1], sys.argv[2]
part, nparts = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 4 else (0, 1)
sys.path.insert(0, proto)
from replay import corpus_path, engine_folder, library_files, zrf_setup
from axiom import Axiom


def digest(lists):
    h = hashlib.sha1()
    for l in lists:
        h.update(('%d\n' % len(l)).encode('latin1'))
        for s in l:
            h.update((s + '\n').encode('latin1'))
    return h.hexdigest()


recs = [json.loads(l) for l in open(os.path.join(proto, 'expected', 'loadall.jsonl'))]
recs = [r for r in recs if 'error' not in r and r['title'] not in ('Filler', 'Jofur')]
for i, r in enumerate(recs):
    if i % nparts != part:
        continue
    lists, err = [], None
    try:
        zrf_path = corpus_path(corpus, r['zrf'])
        folder = engine_folder(corpus, zrf_path)
        core, axm, _ = library_files(corpus, folder)
        ax = Axiom(folder, core, axm)
        ax.start_new_game(r['title'])
        for p in zrf_setup(zrf_path, r['title']):
            ax.edit_add(*p)
        for ply in range(12):
            mv = [s for _, s in ax.generate()]
            lists.append(mv)
            if not mv:
                break
            if not ax.make_a_move(mv[(ply * 7) % len(mv)]):
                err = 'no move'
                break
    except Exception as e:
        err = str(e)[:100]
    rec = {'zrf': r['zrf'], 'title': r['title'], 'plies': len(lists), 'sha1': digest(lists)}
    if err:
        rec['error'] = err
    print(json.dumps(rec), flush=True)
