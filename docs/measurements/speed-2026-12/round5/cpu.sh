#!/bin/bash
# cpu.sh BASE NEW K ROUNDS GAME... -> cpu.py's line for each game, base then new, on core 0,
# one after the other, ROUNDS times (the order swapped each round).
base=$1; new=$2; k=$3; rounds=$4; shift 4
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-/work/main/.venv/bin/python}
run() { echo "$1 $(PYTHONPATH=$1/src PYTHONHASHSEED=0 taskset -c 0 "$py" "$here/cpu.py" "$2" "$k")"; }
for game in "$@"; do
  for i in $(seq 1 "$rounds"); do
    if (( i % 2 )); then run "$base" "$game"; run "$new" "$game"
    else run "$new" "$game"; run "$base" "$game"; fi
  done
done
