#!/usr/bin/env bash
# `btftool dump` on CTF: objects with .ctf (btfcc's and GCC 16's, both
# byte orders), raw .ctf sections and ld's linked CTF archives.
#   - btftool's dump of btfcc's object equals its dump of GCC 16's (the
#     data objects and functions sorted: GCC's order changes per run);
#   - it agrees with libctf (objdump --ctf): the same number of types,
#     data objects, functions and variables, and the same names;
#   - damaged input (truncated, bytes changed) gives exit status 1 and a
#     message naming the file, never a crash or another status.
source "$TESTROOT/lib.sh"
set -u
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16
opts=(-std=gnu17 -w -gctf -c)

# sorted_dump FILE: btftool's dump with each symbol list sorted.
sorted_dump() {
  "$BTFTOOL" dump "$1" | awk '
    /^(Data objects|Functions|Variables):$/ { flush(); print; insym = 1; next }
    insym && /^\t/ { lines[n++] = $0; next }
    { flush(); insym = 0; print }
    function flush(  i, j, t) {
      for (i = 1; i < n; i++) for (j = i; j > 0 && lines[j-1] > lines[j]; j--) {
        t = lines[j]; lines[j] = lines[j-1]; lines[j-1] = t }
      for (i = 0; i < n; i++) print lines[i]; n = 0 }
    END { flush() }'
}

if [ -x "$GCC" ]; then
  for f in "$TESTROOT"/ctf/inputs/*.c; do
    n=$(basename "$f" .c)
    "$BTFCC" "${opts[@]}" "$f" -o "$TMPDIR/b.o" && "$GCC" "${opts[@]}" "$f" -o "$TMPDIR/g.o" 2>/dev/null ||
      { fail "ctf dump $n: compile"; continue; }
    if ! "$BTFTOOL" dump "$TMPDIR/b.o" > "$TMPDIR/b.txt" 2>"$TMPDIR/err"; then
      fail "ctf dump $n: btftool dump fails on btfcc's object"; head -3 "$TMPDIR/err"; continue
    fi
    check "ctf dump $n: btftool dumps btfcc's object as GCC 16's ($(wc -l < "$TMPDIR/b.txt") lines)" \
      cmp -s <(sorted_dump "$TMPDIR/b.o") <(sorted_dump "$TMPDIR/g.o" | sed "s|$TMPDIR/g.o|$TMPDIR/b.o|")
    # libctf agrees on what is there.
    if objdump --help 2>/dev/null | grep -q -- '--ctf'; then
      objdump --ctf "$TMPDIR/b.o" > "$TMPDIR/o.txt"
      ours=$(grep -c '^\[' "$TMPDIR/b.txt")
      theirs=$(awk '/^  Types:/ { t = 1; next } /^  [A-Z]/ { t = 0 } t && /^    0x/' "$TMPDIR/o.txt" | wc -l)
      names_b=$(grep -o "^\[[^]]*\] [A-Z]* '[^']*'" "$TMPDIR/b.txt" | sed "s/.*'\(.*\)'/\1/" | grep -v '^(anon)$' | sort | tr '\n' ' ')
      check "ctf dump $n: libctf counts the same types ($ours)" [ "$ours" -eq "$theirs" ]
      objs_b=$(awk '/^Data objects:/ { s = 1; next } /^[A-Z]/ { s = 0 } s' "$TMPDIR/b.txt" | sed "s/^\t'\([^']*\)'.*/\1/" | sort | tr '\n' ' ')
      objs_o=$(awk '/^  Data objects:/ { s = 1; next } /^  [A-Z]/ { s = 0 } s && /->/' "$TMPDIR/o.txt" | sed 's/^ *\([^ ]*\) ->.*/\1/' | sort | tr '\n' ' ')
      check "ctf dump $n: libctf lists the same data objects" [ "$objs_b" = "$objs_o" ]
      [ -n "$names_b" ] || fail "ctf dump $n: no named types"
    fi
  done
else
  skip "ctf dump against GCC 16's objects (no GCC 16)"
fi

# Big-endian (BPF eb) and the raw section.
"$BTFCC" --target=bpfeb "${opts[@]}" "$TESTROOT/ctf/inputs/bpf.c" -o "$TMPDIR/eb.o"
"$BTFCC" --target=bpfel "${opts[@]}" "$TESTROOT/ctf/inputs/bpf.c" -o "$TMPDIR/el.o"
check "ctf dump: a big-endian object dumps as the little-endian one" \
  cmp -s <("$BTFTOOL" dump "$TMPDIR/eb.o" | sed 1d) <("$BTFTOOL" dump "$TMPDIR/el.o" | sed 1d)
"$BTFCC" "${opts[@]}" "$TESTROOT/ctf/inputs/bpf.c" -o "$TMPDIR/x86.o"
objcopy --dump-section .ctf="$TMPDIR/raw.ctf" "$TMPDIR/x86.o" "$TMPDIR/x.o"
check "ctf dump: a raw .ctf section dumps as its object" \
  cmp -s <("$BTFTOOL" dump "$TMPDIR/raw.ctf") <("$BTFTOOL" dump "$TMPDIR/x86.o")

# ld's archive.
L=$TESTROOT/ctf/link
for u in a b c; do "$BTFCC" "${opts[@]}" "$L/$u.c" -o "$TMPDIR/l-$u.o"; done
if ld -r "$TMPDIR"/l-{a,b,c}.o -o "$TMPDIR/linked.o" 2>/dev/null; then
  if "$BTFTOOL" dump "$TMPDIR/linked.o" > "$TMPDIR/l.txt" 2>"$TMPDIR/err"; then
    members=$(grep -c "^CTF archive member" "$TMPDIR/l.txt")
    check "ctf dump: ld's CTF archive, $members members, struct conflict in two children" \
      [ "$members" -eq 3 -a "$(grep -c "^\[0x80000001\] STRUCT 'conflict'" "$TMPDIR/l.txt")" -eq 2 ]
  else
    fail "ctf dump: ld's archive"; head -3 "$TMPDIR/err"
  fi
  objcopy --dump-section .ctf="$TMPDIR/archive.ctf" "$TMPDIR/linked.o" "$TMPDIR/x.o"
else
  skip "ctf dump of an archive (ld -r failed)"
fi

# Damaged input: exit 1 with a message, never a crash.
python3 - "$TMPDIR" "$TMPDIR/raw.ctf" "$TMPDIR/el.o" ${TMPDIR:+"$TMPDIR/archive.ctf"} <<'EOF'
import os, random, sys
out = sys.argv[1]
r = random.Random(7)
n = 0
for src in sys.argv[2:]:
    if not os.path.exists(src):
        continue
    data = open(src, 'rb').read()
    base = os.path.basename(src)
    for cut in (1, 3, 4, 20, 51, 52, 60, len(data) // 2, len(data) - 1):
        if cut < len(data):
            open(os.path.join(out, 'bad-%s-cut%d' % (base, cut)), 'wb').write(data[:cut])
            n += 1
    for i in range(60):
        b = bytearray(data)
        for _ in range(r.randint(1, 4)):
            pos = r.randrange(min(len(b), 120)) if r.random() < 0.6 else r.randrange(len(b))
            b[pos] = r.choice([0, 0xff, 0x7f, 0x80, r.randrange(256)])
        open(os.path.join(out, 'bad-%s-%d' % (base, i)), 'wb').write(bytes(b))
        n += 1
EOF
crashes=0 silent=0 total=0 refused=0
for f in "$TMPDIR"/bad-*; do
  total=$((total + 1))
  "$BTFTOOL" dump "$f" > /dev/null 2> "$TMPDIR/err"; rc=$?
  case $rc in
    0) ;;
    1) refused=$((refused + 1)); grep -q "^btftool: $f: " "$TMPDIR/err" || { silent=$((silent + 1)); echo "  no message: $f"; } ;;
    *) crashes=$((crashes + 1)); echo "  exit $rc: $f"; head -2 "$TMPDIR/err" ;;
  esac
done
check "ctf dump: $total damaged inputs, none crashes ($refused refused)" [ "$crashes" -eq 0 -a "$total" -gt 100 ]
check "ctf dump: every refusal names the file and says why" [ "$silent" -eq 0 -a "$refused" -gt 10 ]
