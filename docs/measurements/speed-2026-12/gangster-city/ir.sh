#!/bin/bash
# ir.sh ROOT WHAT K [CPU] -> instructions (millions) of w.py WHAT K less w.py WHAT 0
# Bytecode is cached per checkout (PYTHONPYCACHEPREFIX) and warmed by a first run, so no
# count holds a module's compilation (with PYTHONDONTWRITEBYTECODE every run compiles
# every module, and one imported only by the measured work would be counted in it).
root=$1; what=$2; k=$3; cpu=${4:-0}
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX=/tmp/ir-pycache$(realpath "$root")
py=/work/main/.venv/bin/python; work=$(dirname "$0")/w.py
PYTHONPATH=$root/src PYTHONHASHSEED=0 $py "$work" "$what" 1 >/dev/null
count() { PYTHONPATH=$root/src PYTHONHASHSEED=0 taskset -c $cpu valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $py "$work" "$what" $1 2>&1 | grep -E "I\s+refs" | sed 's/.*refs: *//; s/,//g'; }
a=$(count $k); b=$(count 0)
echo "$root $what $k: $(( (a-b)/1000000 ))M ($a - $b)"
