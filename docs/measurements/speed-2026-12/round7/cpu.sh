#!/bin/bash
# cpu.sh K ROUNDS GAME... -> round5/cpu.py's line for each game at K iterations, for three
# trees on core 0, one after the other, ROUNDS times (the order turned each round):
#   base      BASE/src               (issue 30's base, ae325f2; BASE defaults to /work/wt-base)
#   pure      src                    (this checkout, pure Python: the reference)
#   compiled  build/compiled         (python scripts/build_compiled.py first)
k=$1; rounds=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../../.." && pwd)
py=${PYTHON:-$root/.venv/bin/python}
declare -A tree=([base]=${BASE:-/work/wt-base}/src [pure]=$root/src [compiled]=$root/build/compiled)
run() { echo "$1 $(PYTHONPATH=${tree[$1]} PYTHONHASHSEED=0 taskset -c 0 "$py" "$here/../round5/cpu.py" "$2" "$k")"; }
for game in "$@"; do
  for i in $(seq 1 "$rounds"); do
    case $(( i % 3 )) in
      1) order="base pure compiled";; 2) order="compiled base pure";; 0) order="pure compiled base";;
    esac
    for side in $order; do run "$side" "$game"; done
  done
done
