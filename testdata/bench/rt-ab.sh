#!/bin/bash
# A/B of the run-time rows of issue 25: old and new zoggo binaries (and their eval test
# binaries, for BenchmarkCheckCorpus) alternate, the order swapped each round; user and
# system seconds from /usr/bin/time, the leaves or a hash of the output to show both
# did the same work. Run from the checkout's root with ZOGGO_CORPUS set:
#   testdata/bench/rt-ab.sh ROUNDS OLD_ZOGGO NEW_ZOGGO OLD_EVAL_TEST NEW_EVAL_TEST
# RT_ROWS, when set, names the rows to run (e.g. RT_ROWS="chess5 russian7"); the eval
# test binaries are then needed only for the row load.
set -u
rounds=$1; shift
bins=("$1" "$2"); tests=("$3" "$4"); names=(old new)
rows=(
  "chess5|perft games/chess.zrf --depth 5"
  "checkers9|perft games/checkers.zrf --depth 9"
  "checkers9states|perft games/checkers.zrf --depth 9 --states"
  "russian7|perft games/russian.zrf --depth 7"
  "russian8|perft games/russian.zrf --depth 8"
  "international6|perft games/international.zrf --depth 6"
  "international7|perft games/international.zrf --depth 7"
  "thud3|perft games/thud.zrf --depth 3"
  "playouts|run games/chess.zrf --players random,random --games 1000 --jobs 1 --seed 1"
  "check|check CORPUS"
  "load|BENCH"
)
echo "# round binary row user_s sys_s wall_s leaves-or-output-hash"
for r in $(seq 1 "$rounds"); do
  echo "# round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  for row in "${rows[@]}"; do
    name=${row%%|*}; cmd=${row#*|}
    if [ -n "${RT_ROWS:-}" ] && [[ " $RT_ROWS " != *" $name "* ]]; then continue; fi
    order=(0 1); [ $((r % 2)) = 0 ] && order=(1 0)
    for k in "${order[@]}"; do
      if [ "$cmd" = BENCH ]; then
        /usr/bin/time -o /tmp/rt-ab.time -f '%U %S %e' "${tests[$k]}" -test.run '^$' -test.bench '^BenchmarkCheckCorpus$' -test.benchtime 1x >/tmp/rt-ab.out 2>&1
        sig=$(grep -o '[0-9]* B/op' /tmp/rt-ab.out | tr -d ' ')
      elif [ "$cmd" = "check CORPUS" ]; then
        /usr/bin/time -o /tmp/rt-ab.time -f '%U %S %e' "${bins[$k]}" check $(find "$ZOGGO_CORPUS" -name '*.zrf' | sort) >/tmp/rt-ab.out 2>&1
        sig=$(md5sum </tmp/rt-ab.out | cut -c1-8)
      else
        /usr/bin/time -o /tmp/rt-ab.time -f '%U %S %e' "${bins[$k]}" $cmd >/tmp/rt-ab.out 2>&1
        sig=$(grep -o 'perft [0-9]*: [0-9]* leaves' /tmp/rt-ab.out | awk '{print $3}')
        [ -z "$sig" ] && sig=$(md5sum </tmp/rt-ab.out | cut -c1-8)
      fi
      echo "$r ${names[$k]} $name $(tail -1 /tmp/rt-ab.time) $sig"
    done
  done
done
