#!/usr/bin/env bash
# Every libFuzzer target (fuzz/fuzz_NAME.c) has its own seed corpus,
# fuzz/seeds-NAME, with files git keeps (.ci/run once looked for a
# fuzz/seeds-dwarf that did not exist; .gitignore's *.o once kept seeds
# out of a commit).
source "$TESTROOT/lib.sh"
root=$TESTROOT/..
for src in "$root"/fuzz/fuzz_*.c; do
  name=$(basename "$src" .c); name=${name#fuzz_}
  d=$root/fuzz/seeds-$name
  n=$(ls -A "$d" 2>/dev/null | wc -l)
  ignored=$(cd "$root" && git check-ignore "fuzz/seeds-$name"/* 2>/dev/null | head -3)
  if [ "$n" -gt 0 ] && [ -z "$ignored" ]; then
    pass "fuzz_$name has seeds ($n in fuzz/seeds-$name)"
  else
    fail "fuzz_$name: fuzz/seeds-$name has $n files${ignored:+; git ignores $ignored}"
  fi
done
