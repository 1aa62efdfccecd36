#!/bin/bash
# sitting.sh ROUNDS [SECONDS=2] [WARM_GAMES=30] -> round 9's Gangsters sitting: steady.py
# for five trees on core 0, in turns (the order turned each round), one JSON line each into
# OUT/steady.jsonl (OUT: this folder unless set; round 10 set it to ../round10, with
# HEAD_TREE and HEAD_COMPILED at round 9's end):
#   base           BASE/src            (issue 30's base, ae325f2; BASE defaults to /work/wt-base)
#   head           HEAD_TREE/src       (round 8's end, 9b4d08e; defaults to /work/wt-head)
#   pure           src                 (this checkout, pure Python: the reference)
#   head-compiled  $HEAD_COMPILED      (round 8's end built: scripts/build_compiled.py --out ...)
#   compiled       $COMPILED           (this checkout built, default build/compiled)
rounds=$1; seconds=${2:-2}; warm=${3:-30}
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../../.." && pwd); out=${OUT:-$here}
py=${PYTHON:-$root/.venv/bin/python}
declare -A tree=([base]=${BASE:-/work/wt-base}/src [head]=${HEAD_TREE:-/work/wt-head}/src
                 [pure]=$root/src [head-compiled]=${HEAD_COMPILED:-/work/runs/compiled}
                 [compiled]=${COMPILED:-$root/build/compiled})
for i in $(seq 1 "$rounds"); do
  case $(( i % 2 )) in
    1) order="base head pure head-compiled compiled";;
    0) order="compiled head-compiled pure head base";;
  esac
  for side in $order; do
    line=$(PYTHONPATH=${tree[$side]} PYTHONHASHSEED=0 taskset -c 0 "$py" "$here/steady.py" \
      gangsters "$seconds" "$warm")
    echo "{\"side\": \"$side\", \"round\": $i, ${line:1}" | tee -a "$out/steady.jsonl"
  done
done
{ uname -srm; lscpu | grep -E '^(Model name|CPU\(s\)|CPU family|Model):'; uptime; } > "$out/machine.txt"
