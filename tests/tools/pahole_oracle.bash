# pahole as the oracle for btfcc's DWARF (sourced by tests/vmlinux/dwarf.sh
# and tests/headers/dwarf.sh; not a test itself).  The same source goes
# through `gcc -g` and `btfcc -gdwarf` (both -fno-eliminate-unused-debug-types),
# then through the same pahole, so every difference is btfcc's.
#
# dwarf_types NAME SRC TARGET VERSION [MIN]: one configuration, reported as
#   "NAME: types equal GCC's"   pahole -J shapes (tests/tools/btfshape.py)
#                               equal, 0 differences, at least MIN types;
#   "NAME: pahole reads ... as GCC's"  pahole's complaints (stderr) are the
#                               same for both objects, DIE offsets aside.
# Leaves the objects in $TMPDIR/g.o and $TMPDIR/b.o for pahole_layouts.
#
# pahole_layouts NAME: pahole's C-like struct printer (layouts, holes,
#   padding, forced alignments) prints the same text for both objects.

# btfcc is given -std=gnu17: the host gcc (12) it is compared with has
# that default, and vmlinux.h needs it (bool, false, true).
TIMEOUT=${TIMEOUT:-600}   # btfcc -gdwarf on vmlinux.h can take a while

dwarf_types() {
  local name=$1 src=$2 tgt=$3 ver=$4 min=${5:-1}
  local gcc=gcc topt="" w=$TMPDIR c
  [ "$tgt" = bpf ] && { gcc=bpf-gcc; topt=--target=bpf; }
  if ! command -v pahole >/dev/null || ! command -v $gcc >/dev/null; then
    skip "$name (needs pahole and $gcc)"; rm -f "$w"/[gb].o; return
  fi
  rm -f "$w"/[gb].o "$w"/[gb].btf
  if ! timeout "$TIMEOUT" $gcc -gdwarf-"$ver" -fno-eliminate-unused-debug-types -c -x c "$src" -o "$w/g.o" 2>"$w/g.cc.err"; then
    fail "$name: $gcc -gdwarf-$ver failed"; head -5 "$w/g.cc.err"; return
  fi
  if ! timeout "$TIMEOUT" "$BTFCC" -std=gnu17 $topt -gdwarf-"$ver" -fno-eliminate-unused-debug-types -c "$src" -o "$w/b.o" 2>"$w/b.cc.err"; then
    fail "$name: btfcc -gdwarf-$ver failed"; head -5 "$w/b.cc.err"; return
  fi
  for c in g b; do
    # pahole exits 0 even when it skips DIEs it does not know; what it
    # says about them is compared below.
    timeout "$TIMEOUT" pahole --btf_gen_floats --btf_encode_detached="$w/$c.btf" "$w/$c.o" \
      >/dev/null 2>"$w/$c.perr"
    sed -E 's/0x[0-9a-f]+/0x_/g' "$w/$c.perr" | LC_ALL=C sort > "$w/$c.perr.norm"
    python3 "$TESTROOT/tools/btfshape.py" "$w/$c.btf" > "$w/$c.shape" 2>/dev/null || : > "$w/$c.shape"
  done
  local n; n=$(wc -l < "$w/g.shape")
  if [ "$n" -lt "$min" ]; then
    fail "$name: types equal GCC's (pahole gave $n named types from gcc's object, expected >= $min)"
  elif python3 "$TESTROOT/tools/shapecmp.py" "$w/g.shape" "$w/b.shape" > "$w/cmp"; then
    pass "$name: types equal GCC's ($n named types, 0 differences)"
  else
    fail "$name: types equal GCC's: $(grep -c '^DIFF' "$w/cmp") differences of $n"
    grep -A2 '^DIFF' "$w/cmp" | head -12 | cut -c1-300
  fi
  if cmp -s "$w/g.perr.norm" "$w/b.perr.norm"; then
    pass "$name: pahole reads btfcc's DWARF as GCC's ($(wc -l < "$w/g.perr") complaint lines for each)"
  else
    fail "$name: pahole complains differently (gcc $(wc -l < "$w/g.perr") lines, btfcc $(wc -l < "$w/b.perr"))"
    diff "$w/g.perr.norm" "$w/b.perr.norm" | grep '^[<>]' | uniq -c | head -6
  fi
}

pahole_layouts() {
  local name=$1 w=$TMPDIR
  [ -s "$w/g.o" ] && [ -s "$w/b.o" ] || { skip "$name: pahole layouts (no objects)"; return; }
  timeout "$TIMEOUT" pahole "$w/g.o" > "$w/g.layout" 2>/dev/null
  timeout "$TIMEOUT" pahole "$w/b.o" > "$w/b.layout" 2>/dev/null
  if [ -s "$w/g.layout" ] && cmp -s "$w/g.layout" "$w/b.layout"; then
    pass "$name: pahole layouts equal GCC's ($(grep -c '^[a-z].* {$' "$w/g.layout") structs/unions)"
  else
    fail "$name: pahole layouts differ: $(diff "$w/g.layout" "$w/b.layout" | grep -c '^<') of $(wc -l < "$w/g.layout") lines"
    diff "$w/g.layout" "$w/b.layout" | head -8 | cut -c1-200
  fi
}
