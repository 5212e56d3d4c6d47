#!/usr/bin/env bash
# btftool encode (BTF from DWARF) and btftool dedup, against the oracles:
#  - gcc-16 -g objects encode to the types and tags gcc-16 -gbtf writes
#    for the same input, btfcc -g objects to those btfcc -gbtf writes;
#  - clang-19 -O2 -g --target=bpf objects encode to the types and tags of
#    clang's own .BTF;
#  - libbpf's btf__dedup (tests/encode/libbpf_dedup.c) changes nothing in
#    what encode writes, and finds as many types as btftool dedup in the
#    BTF of many units (an ld -r of the gcc-16 objects, encoded without
#    dedup); the kernel's BPF_BTF_LOAD accepts what encode writes.
# Comparisons are by name and shape (btfnorm.py), not by id.  Where an
# oracle's BTF differs on purpose, the difference is expected word for
# word in expected/COMPILER.INPUT.diff, whose head says why.
source "$TESTROOT/lib.sh"
here=$TESTROOT/encode
GCC16=${GCC16:-$HOME/.cache/btfcc-oracles/gcc16/bin/gcc-16}
cd "$TMPDIR" || exit 1
: >norm.list

have_libbpf=0
cc -O1 -o libbpf_dedup "$here/libbpf_dedup.c" -lbpf 2>libbpf.err && have_libbpf=1
can_load=0; can_load_btf && can_load=1

# Cases are gathered first (encode_case) and compared at the end, with
# one Python start for all their normalisations (starts are slow here).
cases=()
# compare NAME: equal by name and shape, or differing exactly as
# expected/NAME.diff says.
compare() {
  local name=$1 d=cases/$1
  [ -s "$d/ours.n" ] && [ -s "$d/ref.n" ] ||
    { fail "$name: bpftool cannot read the BTF"; return; }
  diff "$d/ref.n" "$d/ours.n" >"$d/got.diff"
  local exp=$here/expected/$name.diff
  if [ -f "$exp" ]; then
    if cmp -s <(grep -v '^#' "$exp") "$d/got.diff"; then
      pass "$name: encode = oracle but for expected/$name.diff"
    else
      fail "$name: the differences are not those of expected/$name.diff"
      diff <(grep -v '^#' "$exp") "$d/got.diff" | head -20
    fi
  elif [ -s "$d/got.diff" ]; then
    fail "$name: encode differs from the oracle (< oracle, > encode)"; head -20 "$d/got.diff"
  else
    pass "$name: encode = oracle"
  fi
}

# after_encode NAME BTF: libbpf's dedup finds nothing to merge, and the
# kernel loads it.
after_encode() {
  local name=$1 btf=$2
  if [ $have_libbpf = 1 ]; then
    local counts
    counts=$(./libbpf_dedup "$btf" libbpf.btf 2>&1)
    if [ "${counts% *}" = "${counts#* }" ] &&
       cmp -s <(bpftool btf dump file "$btf") <(bpftool btf dump file libbpf.btf); then
      pass "$name: libbpf's btf__dedup changes nothing ($counts)"
    else
      fail "$name: libbpf's btf__dedup changes the BTF ($counts)"
    fi
  fi
  if [ $can_load = 1 ]; then
    check "$name: BPF_BTF_LOAD accepts it" "$BTFTOOL" load "$btf"
  fi
}

# encode_case NAME OBJ REF [--no-datasec]
encode_case() {
  local name=$1 obj=$2 ref=$3 d=cases/$1; shift 3
  mkdir -p "$d"
  if ! "$BTFTOOL" encode -o "$d/enc.btf" "$obj" 2>"$d/enc.err"; then
    fail "$name: btftool encode failed"; head -3 "$d/enc.err"; return
  fi
  if [ -z "$("$BTFTOOL" dump "$ref" 2>/dev/null | head -1)" ]; then
    check "$name: no types, as the oracle" test -z "$("$BTFTOOL" dump "$d/enc.btf" | head -1)"
    return
  fi
  cp "$ref" "$d/ref.o"
  echo "$d/enc.btf $d/ours.n $*" >>norm.list
  echo "$d/ref.o $d/ref.n $*" >>norm.list
  cases+=("$name")
  after_encode "$name" "$d/enc.btf"
}

has_dwarf() { readelf -S "$1" 2>/dev/null | grep -q '\.debug_info'; }

inputs=()
for f in "$TESTROOT"/tags/*.c; do
  grep -q '/\* error:' "$f" || inputs+=("$f")
done
seeds=$SHARED/seeds/tests
if [ -d "$seeds" ]; then
  while IFS= read -r f; do
    grep -q 'dg-error\|dg-do run' "$f" || inputs+=("$f")
  done < <(find "$seeds" -name '*.c' | sort)
else
  skip "the seed tests (no $seeds)"
fi
inputs+=("$TESTROOT/../examples/kernel_tags.c")

# (b) GCC's tags: gcc-16 -g against gcc-16 -gbtf; btfcc -g against
# btfcc -gbtf (btfcc's x86-64 objects define no data symbols: no DATASEC).
merged=()
for f in "${inputs[@]}"; do
  b=$(basename "$f" .c)
  if [ -x "$GCC16" ]; then
    if "$GCC16" -g -w -c "$f" -o "gcc-$b.o" 2>/dev/null &&
       "$GCC16" -gbtf -w -c "$f" -o gcc-btf.o 2>/dev/null && has_dwarf "gcc-$b.o"; then
      encode_case "gcc16.$b" "gcc-$b.o" gcc-btf.o
      merged+=("gcc-$b.o")
    fi
  fi
  if "$BTFCC" -g -w -c "$f" -o btfcc.o 2>/dev/null &&
     "$BTFCC" -gbtf -w -c "$f" -o btfcc-btf.o 2>/dev/null && has_dwarf btfcc.o; then
    encode_case "btfcc.$b" btfcc.o btfcc-btf.o --no-datasec
  fi
done
[ -x "$GCC16" ] || skip "gcc-16 objects (no $GCC16: ../shared/tools/get-gcc16)"

# (c) clang's tags: DW_TAG_LLVM_annotation children.
if command -v clang-19 >/dev/null; then
  for f in "${inputs[@]}"; do
    b=$(basename "$f" .c)
    clang-19 -O2 -g --target=bpf -w -c "$f" -o clang.o 2>/dev/null && has_dwarf clang.o ||
      continue
    encode_case "clang19.$b" clang.o clang.o
  done
else
  skip "clang-19 objects (no clang-19)"
fi

python3 "$here/btfnorm.py" --batch norm.list 2>norm.err
for c in "${cases[@]}"; do compare "$c"; done

# (d) Many units: btftool dedup finds as many types as libbpf's dedup.
if [ ${#merged[@]} -gt 1 ] && [ $have_libbpf = 1 ]; then
  # every symbol local, as the static variables of a kernel's units: the
  # names repeat, the places do not
  for o in "${merged[@]}"; do objcopy -w --localize-symbol='*' "$o" "local-$o"; done
  ld -r "${merged[@]/#/local-}" -o merged.o
  "$BTFTOOL" encode --no-dedup -o merged.btf merged.o &&
    "$BTFTOOL" dedup -o ours.btf merged.btf && counts=$(./libbpf_dedup merged.btf libbpf.btf)
  ours=$(bpftool btf dump file ours.btf | grep -c '^\[')
  if [ -n "${counts:-}" ] && [ "${counts#* }" = "$ours" ]; then
    pass "dedup of ${#merged[@]} units: $ours types, as libbpf (${counts% *} in)"
  else
    fail "dedup of ${#merged[@]} units: btftool $ours types, libbpf ${counts:-failed}"
  fi
  after_encode "dedup of ${#merged[@]} units" ours.btf
  "$BTFTOOL" encode -o merged2.btf merged.o && check "encode = encode --no-dedup + dedup" cmp -s merged2.btf ours.btf
elif [ $have_libbpf = 0 ]; then
  skip "libbpf's dedup (libbpf-dev: cannot link tests/encode/libbpf_dedup.c)"
fi

# Output forms: .BTF added to the file (as pahole -J), or a copy with it.
if [ -f "${merged[0]:-}" ]; then
  cp "${merged[0]}" inplace.o
  "$BTFTOOL" encode -o copy.o inplace.o && "$BTFTOOL" encode inplace.o &&
    check "encode FILE adds .BTF to FILE, -o OUT.o writes a copy with it" \
      cmp -s inplace.o copy.o
  check "the object with .BTF: readelf and bpftool read it" \
    bash -c 'readelf -S inplace.o >/dev/null && bpftool btf dump file inplace.o >/dev/null'
  "$BTFTOOL" encode inplace.o &&
    check "encode of a file with .BTF replaces it" \
      cmp -s <(bpftool btf dump file inplace.o) <(bpftool btf dump file copy.o)
  # a regular file is mapped, standard input read: the same BTF
  "$BTFTOOL" encode -o mapped.btf "${merged[0]}" &&
    "$BTFTOOL" encode -o piped.btf - <"${merged[0]}" &&
    check "encode of standard input = encode of the file (read, not mapped)" \
      bash -c 'test -s mapped.btf && cmp -s mapped.btf piped.btf'
fi

# A linked executable of many units, with GCC 12's DWARF: btftool itself.
if [ $have_libbpf = 1 ]; then
  "$BTFTOOL" encode --no-dedup -o exe-all.btf "$BTFTOOL" &&
    "$BTFTOOL" encode -o exe.btf "$BTFTOOL" &&
    counts=$(./libbpf_dedup exe-all.btf exe-libbpf.btf) &&
    ours=$(bpftool btf dump file exe.btf | grep -c '^\[')
  if [ -n "${ours:-}" ] && [ "${counts#* }" = "$ours" ]; then
    pass "btftool's own executable: $ours types after dedup, as libbpf (${counts% *} in)"
  else
    fail "btftool's own executable: btftool ${ours:-failed}, libbpf ${counts:-failed}"
  fi
  counts=$(./libbpf_dedup exe.btf exe-again.btf)
  check "btftool's own executable: libbpf's dedup of encode's output changes nothing ($counts)" \
    test "${counts% *}" = "${counts#* }"
fi
