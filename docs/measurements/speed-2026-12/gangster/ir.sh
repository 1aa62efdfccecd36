#!/bin/bash
# ir.sh ROOT [K NPOS] -> instructions (millions) of the hard level's work (K iterations at
# NPOS positions) less the K=0 run, which does everything but the search; and the digest.
root=$1; k=${2:-50}; npos=${3:-2}
count() { PYTHONPATH=$root/src PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null /work/main/.venv/bin/python "$(dirname "$0")/work.py" \
    hard "$1" "$npos" 2>&1 | grep -E "I\s+refs|^hard" | sed 's/.*refs: *//; s/,//g'; }
a=$(count "$k"); b=$(count 0)
ia=$(echo "$a" | tail -1); ib=$(echo "$b" | tail -1)
echo "$root hard $k x $npos: $(( (ia-ib)/1000000 ))M ($(echo "$a" | head -1 | awk '{print $NF}'))"
