#!/usr/bin/env bash
# The language GCC 16 speaks by default (-std=gnu23), case by case against
# gcc-16 itself.  Each tests/c23/cases/*.c is compiled by both compilers
# with no -std option (or with the options a `c23-flags:` line in it names):
#   NAME diagnostics  the error and warning lines (file, line, column,
#                     text; GCC's quotes made ASCII) equal gcc-16's;
#   NAME BTF          where gcc-16 reports no error, the .BTF text of
#                     -gbtf -S -dA (x86_64) equals gcc-16's, from its
#                     .section line to the next .section or .ident;
#   NAME DWARF        the DIEs of -gdwarf-5 objects (llvm-dwarfdump
#                     --show-form, normalised by tests/dwarf/dwarfnorm.py)
#                     equal gcc-16's;
#   NAME CTF          the .ctf text of -gctf -S -dA equals gcc-16's
#                     (normalised by tests/ctf/ctfnorm.py).
# A case listed in tests/c23/xfail.list ("NAME check  reason") is a known
# difference: XFAIL while it differs, FAIL once it matches.  Last, the
# old vmlinux.h declarations (vmlinux_old.c) compile with -std=gnu17 under
# both, as the README tells.
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
if [ ! -x "$G16/gcc-16" ]; then skip "c23 (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
cd "$TMPDIR"
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
[ -n "$DWARFDUMP" ] || skip "c23 DWARF checks (no llvm-dwarfdump)"
cases=$TESTROOT/c23/cases
diags() { "$@" -fsyntax-only -fdiagnostics-plain-output 2>&1 | grep -E ': (error|warning): ' | sed "s/[‘’]/'/g"; }
known() { awk -v k="$1 $2" '{ if ($1 " " $2 == k) { $1 = $2 = ""; sub(/^ +/, ""); print; f = 1 } } END { exit !f }' "$TESTROOT/c23/xfail.list"; }
# verdict NAME CHECK SAME(0/1) [detail]
verdict() {
  local why
  if why=$(known "$1" "$2"); then
    if [ "$3" = 1 ]; then fail "c23/$1 $2 (matches gcc-16 now: remove it from tests/c23/xfail.list)"
    else xfail "c23/$1 $2 ($why)"; fi
  elif [ "$3" = 1 ]; then pass "c23/$1 $2"
  else fail "c23/$1 $2"; [ -n "${4:-}" ] && printf '%s\n' "$4" | head -6; fi
}
n=0
for src in "$cases"/*.c; do
  name=$(basename "$src" .c); n=$((n + 1))
  read -r -a flags <<<"$(sed -n 's/.*c23-flags: *\([^*]*\).*/\1/p' "$src" | head -1)"
  (cd "$cases" && diags "$G16/gcc-16" "${flags[@]}" "$name.c") > g.txt
  (cd "$cases" && diags "$BTFCC" "${flags[@]}" "$name.c") > b.txt
  same=0; cmp -s g.txt b.txt && same=1
  verdict "$name" diagnostics $same "$(diff g.txt b.txt | grep '^[<>]')"
  grep -q ': error: ' g.txt && continue
  (cd "$cases" && "$G16/gcc-16" "${flags[@]}" -gbtf -S -dA "$name.c" -o "$TMPDIR/g.s" 2>/dev/null)
  (cd "$cases" && "$BTFCC" "${flags[@]}" -gbtf -S -dA "$name.c" -o "$TMPDIR/b.s" 2>/dev/null) || : > b.s
  btf_section g.s > g.btf; btf_section b.s > b.btf
  same=0; [ -s g.btf ] && cmp -s g.btf b.btf && same=1
  verdict "$name" BTF $same "$(diff g.btf b.btf | grep '^[<>]' | grep -v str_off)"
  if [ -n "$DWARFDUMP" ]; then
    dies() { "$DWARFDUMP" --debug-info --show-form "$1" | python3 "$TESTROOT/dwarf/dwarfnorm.py"; }
    (cd "$cases" && "$G16/gcc-16" "${flags[@]}" -gdwarf-5 -c "$name.c" -o "$TMPDIR/g.o" 2>/dev/null) &&
      dies g.o > g.dw || : > g.dw
    (cd "$cases" && "$BTFCC" "${flags[@]}" -gdwarf-5 -c "$name.c" -o "$TMPDIR/b.o" 2>/dev/null) &&
      dies b.o > b.dw || : > b.dw
    same=0; [ -s g.dw ] && cmp -s g.dw b.dw && same=1
    verdict "$name" DWARF $same "$(diff g.dw b.dw | grep '^[<>]')"
  fi
  (cd "$cases" && "$G16/gcc-16" "${flags[@]}" -gctf -S -dA "$name.c" -o "$TMPDIR/g.s" 2>/dev/null) &&
    python3 "$TESTROOT/ctf/ctfnorm.py" g.s > g.ctf || : > g.ctf
  (cd "$cases" && "$BTFCC" "${flags[@]}" -gctf -S -dA "$name.c" -o "$TMPDIR/b.s" 2>/dev/null) &&
    python3 "$TESTROOT/ctf/ctfnorm.py" b.s > b.ctf || : > b.ctf
  same=0; [ -s g.ctf ] && cmp -s g.ctf b.ctf && same=1
  verdict "$name" CTF $same "$(diff g.ctf b.ctf | grep '^[<>]')"
done
(cd "$cases" && diags "$G16/gcc-16" -std=gnu17 vmlinux_old.c) > g.txt
(cd "$cases" && diags "$BTFCC" -std=gnu17 vmlinux_old.c) > b.txt
if [ ! -s g.txt ] && [ ! -s b.txt ] && grep -q ': error: ' <(cd "$cases" && diags "$BTFCC" vmlinux_old.c); then
  pass "c23/vmlinux_old: rejected by default, accepted with -std=gnu17 (as gcc-16)"
else
  fail "c23/vmlinux_old: -std=gnu17"; cat g.txt b.txt | head -4
fi
echo "c23: $n cases"
