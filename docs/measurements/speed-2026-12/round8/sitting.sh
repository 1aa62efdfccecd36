#!/bin/bash
# sitting.sh ROUNDS [SECONDS=1] -> round 8's bench sitting: `gangland bench --json
# --reference` for three trees on core 0, one after the other, ROUNDS times (the order
# turned each round), into this folder as base-N.json, pure-N.json and compiled-N.json:
#   base      BASE/src         (issue 30's base, ae325f2; BASE defaults to /work/wt-base)
#   pure      src              (this checkout, pure Python: the reference)
#   compiled  build/compiled   (python scripts/build_compiled.py first)
# Then: python scripts/speed_table.py THIS_FOLDER pure (or compiled).
rounds=$1; seconds=${2:-1}
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../../.." && pwd)
py=${PYTHON:-$root/.venv/bin/python}
declare -A tree=([base]=${BASE:-/work/wt-base}/src [pure]=$root/src [compiled]=$root/build/compiled)
run() {
  PYTHONPATH=${tree[$1]} PYTHONHASHSEED=0 taskset -c 0 "$py" -m gangland bench \
    --seconds "$seconds" --json --reference > "$here/$1-$2.json"
  echo "$1 round $2 done"
}
for i in $(seq 1 "$rounds"); do
  case $(( i % 3 )) in
    1) order="base pure compiled";; 2) order="compiled base pure";; 0) order="pure compiled base";;
  esac
  for side in $order; do run "$side" "$i"; done
done
{ uname -srm; lscpu | grep -E '^(Model name|CPU\(s\)|CPU family|Model):'; uptime; } > "$here/machine.txt"
