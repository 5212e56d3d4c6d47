#!/usr/bin/env bash
# The DWARF seed tests of GCC's patch series, as our own checks: each seed
# file (read in place from ../shared/seeds) compiled with its dg-options,
# then the expectations of seeds.txt: line counts in the -S -dA output,
# the warnings and their lines, and the annotation graph of the object
# (which DIE refers to which annotation DIEs, which are shared, counts).
# dwarf-btf-type-tag-8 (type units) fails until -fdebug-types-section is
# implemented.
source "$TESTROOT/lib.sh"
set -u
SEEDS=$SHARED/seeds/tests/gcc.dg/debug/dwarf2
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
W=$TMPDIR
if [ ! -d "$SEEDS" ]; then
  skip "DWARF seed tests ($SEEDS not found)"
  exit 0
fi
if [ -z "$DWARFDUMP" ] || ! command -v python3 >/dev/null; then
  skip "DWARF seed tests (needs llvm-dwarfdump and python3)"
  exit 0
fi

# section NAME: the lines of seeds.txt under [NAME], comments dropped.
section() {
  awk -v n="[$1]" '$0 == n { on = 1; next } /^\[/ { on = 0 } on && !/^#/ && NF' \
    "$TESTROOT/dwarf/seeds.txt"
}

# asm_counts ASM: every "asm N /REGEX/" line holds; prints the others.
asm_counts() {
  python3 - "$1" "$W/spec" <<'EOF'
import re, sys
text = open(sys.argv[1]).read().split("\n")
bad = 0
for line in open(sys.argv[2]):
    m = re.match(r"^asm (\d+) /(.*)/$", line.rstrip("\n"))
    if not m:
        continue
    n = sum(1 for l in text if re.search(m.group(2), l))
    if n != int(m.group(1)):
        print("%d lines match /%s/, want %s" % (n, m.group(2), m.group(1)))
        bad = 1
sys.exit(bad)
EOF
}

# diagnostics ERR SEED: the warnings are exactly the "warning" lines.
diagnostics() {
  python3 - "$1" "$2" "$W/spec" <<'EOF'
import re, sys, os
err, seed, spec = sys.argv[1:4]
got = [l for l in open(err).read().split("\n") if re.search(r": (warning|error): ", l)]
want = []
for line in open(spec):
    m = re.match(r"^warning (\d+) (.*)$", line.rstrip("\n"))
    if m:
        want.append((int(m.group(1)), m.group(2)))
bad = 0
for ln, text in want:
    hit = [g for g in got if g.startswith("%s:%d:" % (seed, ln)) and ": warning: " in g and text in g]
    if not hit:
        print("no warning containing %r on line %d" % (text, ln)); bad = 1
    else:
        got.remove(hit[0])
for g in got:
    print("unexpected: " + g); bad = 1
sys.exit(bad)
EOF
}

n=0
for name in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$TESTROOT/dwarf/seeds.txt"); do
  seed=$SEEDS/$name
  if [ ! -f "$seed" ]; then
    fail "seed $name: file missing"
    continue
  fi
  n=$((n + 1))
  section "$name" >"$W/spec"
  grep -v -E '^(asm|warning) ' "$W/spec" >"$W/graph"
  opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$seed" | head -1)
  # -S -dA as GCC's harness compiles it, then an object.
  if ! "$BTFCC" -fdiagnostics-plain-output $opts -S "$seed" -o "$W/s.s" 2>"$W/s.err"; then
    fail "seed $name: compiles"; head -5 "$W/s.err"
    continue
  fi
  "$BTFCC" -fdiagnostics-plain-output $opts -c "$seed" -o "$W/s.o" 2>/dev/null
  check "seed $name: diagnostics" diagnostics "$W/s.err" "$seed"
  check "seed $name: -dA output line counts" asm_counts "$W/s.s"
  check "seed $name: annotation DIE graph" \
    python3 "$TESTROOT/dwarf/dwarfgraph.py" "$BTFTOOL" "$DWARFDUMP" "$W/s.o" "$W/graph"
done
# Every DWARF seed test has its section.
for seed in "$SEEDS"/dwarf-btf-*.c; do
  grep -qxF "[$(basename "$seed")]" "$TESTROOT/dwarf/seeds.txt" ||
    fail "seed $(basename "$seed"): no expectations in seeds.txt"
done
check "all $n DWARF seed tests have expectations" [ "$n" -eq "$(ls "$SEEDS"/dwarf-btf-*.c | wc -l)" ]
