#!/bin/bash
# usage: SRC=TREE build.sh NAME module.py ...  (modules relative to src/; builds in
# /tmp/mypyc-build/NAME/src, never beside the .py files of a worktree)
name=$1; shift
d=/tmp/mypyc-build/$name
rm -rf $d && mkdir -p $d && cp -r ${SRC:-/work/wt-s2-mypyc/src} $d/src && cp "$(dirname "$0")/mypy.ini" $d/src/
cd $d/src && find . -name __pycache__ -prune -exec rm -rf {} + 
start=$(date +%s)
/work/main/.venv/bin/mypyc "$@" > $d/build.log 2>&1
rc=$?
echo "rc=$rc seconds=$(( $(date +%s) - start ))"
grep -E "error|Error" $d/build.log | grep -v "^gcc\|Werror" | head -60
