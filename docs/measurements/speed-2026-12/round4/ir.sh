#!/bin/bash
# ir.sh GAME ROOT WHAT K  -> instructions (millions) of WHAT (hard: the hard level at K
# iterations at two of bench's mid-game positions; play: K seeded random playouts) in the
# checkout ROOT, less the same run with K=0 (imports, setup). Counts do not move with load.
# POSITIONS=12 KEEP=12: every one of bench's positions instead of the first two (round 5).
game=$1; root=$2; what=$3; k=$4
here=$(cd "$(dirname "$0")" && pwd)
count() {
  PYTHONPATH=$root/src PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null /work/main/.venv/bin/python "$here/work.py" "$game" "$what" "$1" 2>&1 \
    | grep -E "I\s+refs" | sed 's/.*refs: *//; s/,//g'
}
a=$(count "$k"); b=$(count 0)
echo "$game $root $what $k: $(( (a-b)/1000000 ))M"
