#!/usr/bin/env bash
# CTF in objects (-gctf -c), read by binutils' libctf (`objdump --ctf`):
#   - objdump reads every object btfcc writes, without a message, and its
#     dump equals its dump of GCC 16's object for the same input
#     (ctfdump.py: the file name aside, and the order of data objects and
#     functions, which GCC takes from a hash of DIE addresses);
#   - the .ctf bytes are GCC 16's when there is at most one data object
#     and one function (no order to differ in);
#   - `ld -r` of several btfcc objects (tests/ctf/link: shared types,
#     a conflicting struct, forwards) links their CTF without a message,
#     the linked dictionary holds every type, data object and function of
#     each object, and equals ld's link of GCC 16's objects.
source "$TESTROOT/lib.sh"
set -u
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16
DUMP="python3 $TESTROOT/ctf/ctfdump.py"
if [ ! -x "$GCC" ]; then
  skip "ctf objects: no GCC 16 ($GCC)"; exit 0
fi
for tool in objdump ld objcopy; do
  command -v $tool >/dev/null || { skip "ctf objects: no $tool"; exit 0; }
done
objdump --help 2>/dev/null | grep -q -- '--ctf' || { skip "ctf objects: objdump without --ctf (libctf)"; exit 0; }

opts=(-std=gnu17 -w -gctf -c)
# ctf_dump OBJ OUT: objdump's CTF dump; fails on a message or exit status.
ctf_dump() {
  objdump --ctf "$1" > "$2" 2> "$2.err" && [ ! -s "$2.err" ] && grep -q 'Header:' "$2"
}

# The random units of ctf.sh (the same seed), but those it lists as known
# differences.
declare -A xfail=()
while read -r name why; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  xfail[$name]=$why
done < "$TESTROOT/ctf/xfail.list"
python3 "$TESTROOT/ctf/geninputs.py" "$TMPDIR/gen" "${CTF_RANDOM_OBJECTS:-12}" 3
n=0
for f in "$TESTROOT"/ctf/inputs/*.c "$TMPDIR"/gen/*.c; do
  name=$(basename "$f" .c)
  [ -n "${xfail[random/$name]+x}" ] && continue
  "$BTFCC" "${opts[@]}" "$f" -o "$TMPDIR/b.o" 2>"$TMPDIR/err" || { fail "ctf object $name: btfcc"; head -3 "$TMPDIR/err"; continue; }
  "$GCC" "${opts[@]}" "$f" -o "$TMPDIR/g.o" 2>/dev/null || { fail "ctf object $name: GCC 16"; continue; }
  if ! ctf_dump "$TMPDIR/b.o" "$TMPDIR/b.txt"; then
    fail "ctf object $name: objdump --ctf cannot read btfcc's object"; head -3 "$TMPDIR/b.txt.err"; continue
  fi
  ctf_dump "$TMPDIR/g.o" "$TMPDIR/g.txt" || { fail "ctf object $name: objdump --ctf on GCC 16's object"; continue; }
  if cmp -s <($DUMP "$TMPDIR/g.txt") <($DUMP "$TMPDIR/b.txt"); then
    pass "ctf object $name: objdump --ctf reads it, dump = GCC 16's ($(wc -l < "$TMPDIR/b.txt") lines)"
  else
    fail "ctf object $name: objdump --ctf dump differs from GCC 16's"
    diff <($DUMP "$TMPDIR/g.txt") <($DUMP "$TMPDIR/b.txt") | head -8
  fi
  n=$((n + 1))
done
check "ctf objects: $n inputs compared" [ "$n" -gt 10 ]

# Byte for byte, where GCC's order cannot differ.
printf 'struct S { int a; char b : 3; struct S *next; } s;\nint f(int a, ...) { return a; }\n' > "$TMPDIR/one.c"
"$BTFCC" "${opts[@]}" "$TMPDIR/one.c" -o "$TMPDIR/b.o"
"$GCC" "${opts[@]}" "$TMPDIR/one.c" -o "$TMPDIR/g.o"
objcopy --dump-section .ctf="$TMPDIR/b.ctf" "$TMPDIR/b.o" "$TMPDIR/x.o"
objcopy --dump-section .ctf="$TMPDIR/g.ctf" "$TMPDIR/g.o" "$TMPDIR/x.o"
check "ctf object: the .ctf bytes are GCC 16's ($(stat -c %s "$TMPDIR/g.ctf") bytes)" \
  eval '[ -s "$TMPDIR/g.ctf" ] && cmp -s "$TMPDIR/g.ctf" "$TMPDIR/b.ctf"'

# ld -r: deduplication.
L=$TESTROOT/ctf/link
for u in a b c; do
  "$BTFCC" "${opts[@]}" "$L/$u.c" -o "$TMPDIR/lb-$u.o"
  "$GCC" "${opts[@]}" "$L/$u.c" -o "$TMPDIR/lg-$u.o"
done
if ld -r "$TMPDIR"/lb-{a,b,c}.o -o "$TMPDIR/lb.o" 2>"$TMPDIR/ld.err" && [ ! -s "$TMPDIR/ld.err" ]; then
  pass "ctf ld -r: links three btfcc objects without a message"
else
  fail "ctf ld -r of btfcc objects"; head -5 "$TMPDIR/ld.err"
fi
ld -r "$TMPDIR"/lg-{a,b,c}.o -o "$TMPDIR/lg.o"
if ctf_dump "$TMPDIR/lb.o" "$TMPDIR/lb.txt"; then
  pass "ctf ld -r: objdump --ctf reads the linked CTF"
else
  fail "ctf ld -r: objdump --ctf on the linked object"; head -3 "$TMPDIR/lb.txt.err"
fi
ctf_dump "$TMPDIR/lg.o" "$TMPDIR/lg.txt"
$DUMP --linked "$TMPDIR/lb.txt" > "$TMPDIR/lb.set"
missing=0
for u in a b c; do
  ctf_dump "$TMPDIR/lb-$u.o" "$TMPDIR/u.txt"
  # (ld turns the variable section into data objects.)
  $DUMP --linked "$TMPDIR/u.txt" | grep -v -e '^Strings:' -e '^Variables:' > "$TMPDIR/u.set"
  m=$(comm -23 "$TMPDIR/u.set" "$TMPDIR/lb.set" | wc -l)
  [ "$m" -eq 0 ] || { echo "  in $u.c, not linked:"; comm -23 "$TMPDIR/u.set" "$TMPDIR/lb.set" | head -5; }
  missing=$((missing + m))
done
check "ctf ld -r: the linked dictionary holds every type, object and function of the three ($(grep -c '^Types:' "$TMPDIR/lb.set") types)" [ "$missing" -eq 0 ]
shared=$(grep -c "^Types: (kind 6) struct shared " "$TMPDIR/lb.set")
archive=$(grep -c 'CTF archive member' "$TMPDIR/lb.txt")
check "ctf ld -r: struct shared is deduplicated to one type, struct conflict goes to per-unit members ($archive)" \
  [ "$shared" -eq 1 -a "$archive" -ge 2 ]
if cmp -s "$TMPDIR/lb.set" <($DUMP --linked "$TMPDIR/lg.txt"); then
  pass "ctf ld -r: the linked dictionary equals the one ld makes of GCC 16's objects"
else
  fail "ctf ld -r: linked dictionary differs from GCC 16's"
  diff <($DUMP --linked "$TMPDIR/lg.txt") "$TMPDIR/lb.set" | head -8
fi
