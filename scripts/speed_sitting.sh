#!/usr/bin/env bash
# One sitting of issue 30's before-and-after benchmark: `gangland bench --json --reference`
# for every game, base and new at the same time, each pinned to its own core, the cores
# swapped from pair to pair, so that whatever else the machine does falls on both sides.
# Then `python scripts/speed_table.py OUT` prints the table.
#
#   scripts/speed_sitting.sh BASE_CHECKOUT NEW_CHECKOUT OUT [PAIRS=3] [SECONDS=2]
#
# ONE_CORE=1: base then new on core 0, one after the other, the order swapped from pair to
# pair (where the two cores are one core's hyperthreads, two benches at once slow each
# other by more than the load they share).
set -euo pipefail
base=$(cd "$1" && pwd); new=$(cd "$2" && pwd); out=$3; pairs=${4:-3}; seconds=${5:-2}
python=${PYTHON:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python}
mkdir -p "$out"
bench() {  # bench CHECKOUT CORE FILE
    (cd "$1" && PYTHONPATH=src PYTHONHASHSEED=0 taskset -c "$2" \
        "$python" -m gangland bench --seconds "$seconds" --json --reference) > "$3"
}
for i in $(seq 1 "$pairs"); do
    if [[ ${ONE_CORE:-} == 1 ]]; then
        if (( i % 2 )); then
            bench "$base" 0 "$out/base-$i.json"; bench "$new" 0 "$out/new-$i.json"
        else
            bench "$new" 0 "$out/new-$i.json"; bench "$base" 0 "$out/base-$i.json"
        fi
        echo "pair $i of $pairs done (one after the other on core 0)"
        continue
    fi
    if (( i % 2 )); then b=0; n=1; else b=1; n=0; fi
    bench "$base" "$b" "$out/base-$i.json" & bench "$new" "$n" "$out/new-$i.json" & wait
    echo "pair $i of $pairs done (base on core $b, new on core $n)"
done
{ uname -srm; lscpu | grep -E '^(Model name|CPU\(s\)|CPU family|Model):'; uptime; } > "$out/machine.txt"
