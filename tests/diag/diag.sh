#!/usr/bin/env bash
# Diagnostics like GCC's, recovery, and no crash or hang on any input.
source "$TESTROOT/lib.sh"
cd "$TMPDIR"
src=$TESTROOT/diag/errors.c

# Same errors as GCC, same places, same words: compare "file:line:col:
# error: message" lines (GCC's quotes normalised to ASCII).
gcc -fsyntax-only "$src" 2>&1 | grep ': error: ' | sed "s/[‘’]/'/g; s|^.*/||" > gcc.txt
# the host gcc (12) has gnu17 for its default: btfcc is given it too
"$BTFCC" -std=gnu17 -fsyntax-only "$src" 2>&1 | grep ': error: ' | sed 's|^.*/||' > btfcc.txt
if diff gcc.txt btfcc.txt > d.txt && [ -s gcc.txt ]; then
  pass "errors match GCC's: $(wc -l < gcc.txt) errors, locations and text"
else
  fail "errors differ from GCC's"; cat d.txt
fi
"$BTFCC" -fsyntax-only "$src" 2>/dev/null; [ $? -eq 1 ] && pass "exit status 1 on errors" || fail "exit status"

# Warnings GCC 16 gives when it finishes the unit (tests/diag/tentative.c):
# same lines, locations and order as gcc-16, and the one element GCC
# assumes in the BTF DATASEC entry (bts_size) as gcc-16 -gbtf writes it.
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
tent=$TESTROOT/diag/tentative.c
if [ -x "$G16/gcc-16" ]; then
  "$G16/gcc-16" -fdiagnostics-plain-output -fsyntax-only "$tent" 2>&1 | sed "s/[‘’]/'/g; s|^.*/||" > g16w.txt
  "$BTFCC" -fdiagnostics-plain-output -fsyntax-only "$tent" 2>&1 | sed 's|^.*/||' > bw.txt
  if [ "$(grep -c 'assumed to have one element' g16w.txt)" = 5 ] && diff g16w.txt bw.txt > d.txt; then
    pass "tentative arrays: gcc-16's 5 warnings, places and order"
  else
    fail "tentative arrays: warnings differ from gcc-16's"; cat d.txt
  fi
  "$G16/gcc-16" -gbtf -dA -S "$tent" -o g16.s 2>/dev/null
  "$BTFCC" -gbtf -dA -S "$tent" -o b.s 2>/dev/null
  grep -E 'bts_(type|size)' g16.s > g16.dsec; grep -E 'bts_(type|size)' b.s > b.dsec
  if grep -q "VAR 'a'" g16.dsec && diff g16.dsec b.dsec > d.txt; then
    pass "tentative arrays: DATASEC sizes as gcc-16's"
  else
    fail "tentative arrays: DATASEC differs from gcc-16's"; cat d.txt
  fi
else
  skip "tentative arrays (no gcc-16: shared/tools/get-gcc16)"
fi

# Types a target lacks, as GCC 16 configures each target: every floating
# type name in a declaration, on x86-64 (gcc-16) and BPF (bpf-gcc-16),
# gets the same diagnostics (or none) from btfcc.
for target in x86_64 bpf; do
  oracle=$G16/gcc-16; args=()
  [ $target = bpf ] && { oracle=$G16/bpf-gcc-16; args=(--target=bpf); }
  if [ ! -x "$oracle" ]; then skip "types on $target (no $(basename "$oracle"))"; continue; fi
  bad=0 refused=0
  for ty in _Float16 _Float32 _Float64 _Float128 _Float32x _Float64x _Float128x \
            _Decimal32 _Decimal64 _Decimal128 "_Complex _Float16" "_Float128 const" \
            "long double" __int128; do
    printf '%s v;\nint f(%s *p);\n' "$ty" "$ty" > ty.c
    "$oracle" -fsyntax-only -fdiagnostics-plain-output ty.c 2>&1 | sed "s/[‘’]/'/g" > g.txt
    "$BTFCC" "${args[@]}" -fsyntax-only -fdiagnostics-plain-output ty.c > b.txt 2>&1
    [ -s g.txt ] && refused=$((refused + 1))
    cmp -s g.txt b.txt || { bad=$((bad + 1)); echo "  $ty: $(head -1 g.txt) | $(head -1 b.txt)"; }
  done
  if [ $bad = 0 ] && [ $refused -gt 0 ]; then
    pass "types on $target: as $(basename "$oracle") ($refused refused)"
  else
    fail "types on $target: $bad differ from $(basename "$oracle")"
  fi
done

# Format: the source line and a caret under the column.
printf 'int a;\nint b = c;\n' > one.c
"$BTFCC" -fsyntax-only one.c 2> out.txt
if grep -q "^one.c:2:9: error: 'c' undeclared here (not in a function)$" out.txt &&
   grep -q '^    2 | int b = c;$' out.txt && grep -q '^      |         ^$' out.txt; then
  pass "file:line:col: error:, source line, caret"
else
  fail "diagnostic format"; cat out.txt
fi
"$BTFCC" -fdiagnostics-plain-output -fsyntax-only one.c 2> out.txt
[ "$(wc -l < out.txt)" = 1 ] && pass "-fdiagnostics-plain-output: one line" || fail "plain output"

# Include chain.
printf 'int broken(;\n' > hdr.h; printf '#include "hdr.h"\n' > inc.c
"$BTFCC" -fsyntax-only inc.c 2> out.txt
grep -q '^In file included from inc.c:1:$' out.txt && grep -q '^hdr.h:1:' out.txt &&
  pass "errors in headers name the include chain" || { fail "include chain"; cat out.txt; }

# Warnings go to stderr, do not fail the compilation.
printf 'int f(void) __attribute__((btf_type_tag("t")));\n' > warn.c
"$BTFCC" -fsyntax-only warn.c 2> out.txt >stdout.txt; rc=$?
[ $rc -eq 0 ] && grep -q "warning: 'btf_type_tag' attribute does not apply to functions \[-Wattributes\]" out.txt && [ ! -s stdout.txt ] &&
  pass "warnings on stderr with their option, exit 0" || fail "warnings"

# No crash, no hang: garbage, binary, empty, huge, and deep inputs.
run_safe() {  # NAME FILE: exit status 0 or 1, within 20 s, no signal
  timeout 20 "$BTFCC" -gbtf -c "$2" -o o.o >/dev/null 2>&1; local rc=$?
  if [ $rc -le 1 ]; then pass "$1 (exit $rc)"; else fail "$1 (exit $rc)"; fi
}
: > empty.c; run_safe "empty file" empty.c
head -c 20000 /dev/urandom > random.c; run_safe "random bytes" random.c
printf 'int x;\0int y;\n' > nul.c; run_safe "NUL byte" nul.c
python3 -c "print('int a' + ', a'*200000 + ';')" > long.c; run_safe "200000 declarators on one line" long.c
python3 -c "print('int x = ' + '('*50000 + '1' + ')'*50000 + ';')" > deep1.c; run_safe "50000 nested parentheses" deep1.c
python3 -c "print('void f(void) ' + '{'*50000 + '}'*50000)" > deep2.c; run_safe "50000 nested blocks" deep2.c
python3 -c "print('int ' + '*'*50000 + 'p;')" > deep3.c; run_safe "50000 pointer levels" deep3.c
python3 -c "print('int ' + '('*50000 + 'p' + ')'*50000 + ';')" > deep4.c; run_safe "50000 nested declarators" deep4.c
python3 -c "print('struct a { ' * 3000 + 'int x;' + '} y;' * 3000)" > deep5.c; run_safe "3000 nested structs" deep5.c
python3 -c "
print('struct A0 { int x; };')
for i in range(1, 3000): print('struct A%d { struct A%d x; };' % (i, i-1))" > deep6.c; run_safe "a chain of 3000 structs" deep6.c
printf '#define A A A\nA\n#define F(x) F(x) x\nF(F(F(1)))\n' > rec.c; run_safe "self-referential macros" rec.c
printf 'int f(void) { return ((((((((((((((1;\n' > unterminated.c; run_safe "unterminated expression" unterminated.c
printf 'struct { int a' > eof.c; run_safe "end of file inside a struct" eof.c
printf '"unterminated string\n' > str.c; run_safe "unterminated string" str.c
# Found by fuzz/fuzz_pipe: '&' on a string literal in an attribute read a
# declaration the literal never had (a crash before the fix).
cp "$TESTROOT/diag/addr-of-string.bin" addr.c; run_safe "address of a string literal in an attribute" addr.c
for s in 1 2 3 4 5 6 7 8; do
  python3 - "$s" > mut$s.c <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
toks = ["int", "char", "*", "(", ")", "[", "]", "{", "}", ";", ",", "=", "x", "y",
        "struct", "union", "enum", "typedef", "__attribute__((packed))", "1", "0x10",
        "sizeof", "__typeof__", "const", "[[gnu::btf_type_tag(\"t\")]]", ":", "?",
        "+", "-", "&", "...", "static", "extern", "return", "if", "else", "\"s\""]
print(" ".join(r.choice(toks) for _ in range(3000)))
PY
  run_safe "random token soup $s" mut$s.c
done
