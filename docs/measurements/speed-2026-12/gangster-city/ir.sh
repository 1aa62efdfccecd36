#!/bin/bash
# ir.sh ROOT WHAT K [CPU] -> instructions (millions) of w.py WHAT K less w.py WHAT 0
root=$1; what=$2; k=$3; cpu=${4:-0}
count() { PYTHONPATH=$root/src PYTHONHASHSEED=0 taskset -c $cpu valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /work/main/.venv/bin/python $(dirname "$0")/w.py $what $1 2>&1 | grep -E "I\s+refs" | sed 's/.*refs: *//; s/,//g'; }
a=$(count $k); b=$(count 0)
echo "$root $what $k: $(( (a-b)/1000000 ))M ($a - $b)"
