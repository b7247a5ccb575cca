#!/bin/sh
# playout-rbg.sh: random playouts of zoggo and of RBG's generated reasoners, side by side
# in one run, measured in processor time (user + system, /usr/bin/time).
#
# Usage: testdata/bench/playout-rbg.sh RBGBIN ROUNDS ZOGGO...
#
# RBGBIN is a folder holding RBG's flat Monte Carlo drivers built from the reasoners that
# rbg2cpp generated from chess.rbg and englishDraughts.rbg, with the release flags of RBG's
# Makefile (README.md beside this script says how): chess-sim and draughts-sim. Each
# ZOGGO is a zoggo binary (several, to compare builds); they run from the repository's
# top folder, on games/chess.zrf and games/checkers.zrf with two random players.
# Every round runs each program once on each game, in the order given.
#
# Output: one line per run (round, program, game, plies, user s, system s, plies per CPU
# second), then per program and game the median plies per CPU second and its ratio to
# RBG's median. A ply is one complete turn (a chain of jumps is one): RBG's "number of
# states" (the summed depths of its playouts), zoggo run's games times their mean length
# in turns (printed to a tenth). zoggo's time includes loading the rules file (about 10
# ms); RBG's chess ends a game after 50 plies without a pawn move or a capture and its
# draughts after 20 without a capture or a man's move, so the games differ in length:
# compare plies per second, not games.
#
# Environment: DRAUGHTS_GAMES (default 20000) and CHESS_GAMES (1000) for zoggo,
# RBG_DRAUGHTS (20000) and RBG_CHESS (1000) playouts for RBG.
set -eu
if [ $# -lt 3 ]; then
	echo "usage: $0 RBGBIN ROUNDS ZOGGO..." >&2
	exit 2
fi
rbg=$1
rounds=$2
shift 2
dg=${DRAUGHTS_GAMES:-20000}
cg=${CHESS_GAMES:-1000}
rd=${RBG_DRAUGHTS:-20000}
rc=${RBG_CHESS:-1000}
out=$(mktemp)
tm=$(mktemp)
rows=$(mktemp)
trap 'rm -f "$out" "$tm" "$rows"' EXIT

# run NAME GAME PLIES-COMMAND... : times the command; PLIES-COMMAND's output is read
# by the awk program in $parse.
run() {
	name=$1 game=$2 parse=$3
	shift 3
	/usr/bin/time -f '%U %S' -o "$tm" "$@" >"$out" 2>&1
	plies=$(awk "$parse" "$out")
	set -- $(cat "$tm")
	echo "$round $name $game $plies $1 $2" | awk '{printf "%s %s %s %d %.2f %.2f %.0f\n", $1, $2, $3, $4, $5, $6, $4/($5+$6)}'
}

rbgPlies='/number of states/ {print $4}'
zoggoPlies='/games, mean length/ {print $2 * $6}'
round=1
while [ "$round" -le "$rounds" ]; do
	run rbg draughts "$rbgPlies" "$rbg/draughts-sim" "$rd"
	for z in "$@"; do
		run "$z" draughts "$zoggoPlies" "$z" run games/checkers.zrf --players random,random --games "$dg" --seed "$round" --jobs 1
	done
	run rbg chess "$rbgPlies" "$rbg/chess-sim" "$rc"
	for z in "$@"; do
		run "$z" chess "$zoggoPlies" "$z" run games/chess.zrf --players random,random --games "$cg" --seed "$round" --jobs 1
	done
	round=$((round + 1))
done >"$rows"
cat "$rows"
awk '
	{ r[$2 " " $3] = r[$2 " " $3] " " $7; n[$2 " " $3]++ }
	function median(s,   a, k, i, j, t) {
		k = split(s, a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	END {
		for (key in r) m[key] = median(r[key])
		for (key in r) {
			split(key, p, " ")
			printf "median %s %s %.0f plies/cpu-s, %.2fx rbg\n", p[1], p[2], m[key], m[key] / m["rbg " p[2]]
		}
	}' "$rows" | sort
