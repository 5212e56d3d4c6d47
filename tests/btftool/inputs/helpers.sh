# Helpers shared by tests/btftool/*.sh (sourced after tests/lib.sh).
INPUTS=$TESTROOT/btftool/inputs
RULES=$INPUTS/rules.tsv

# Sanitizer reports must not look like our own exit status 1.
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-exitcode=87:print_stacktrace=1}

have() { command -v "$1" >/dev/null 2>&1; }

mkbtf() { perl "$INPUTS/mkbtf.pl" "$@"; }

# The clang that has the BPF back end with btf_type_tag (clang 19).
CLANG_BPF=$(command -v clang-19 || true)

# compile_bpf SRC OUT TARGET OPT: a BPF object with BTF.
compile_bpf() {
  "$CLANG_BPF" -target "$3" -g "$4" -c "$1" -o "$2" 2>"$2.err"
}

# extract_btf OBJ OUT: the raw .BTF section (GNU objcopy for host
# objects, llvm-objcopy for BPF ones; .BTF is not allocated, so mark it).
extract_btf() {
  local tool=objcopy
  case $(od -An -tx1 -j18 -N1 "$1" | tr -d ' ') in
  f7) tool=$(command -v llvm-objcopy-19 || command -v llvm-objcopy) ;; # EM_BPF
  00) tool=$(command -v llvm-objcopy-19 || command -v llvm-objcopy) ;; # EM_BPF, big-endian
  esac
  "$tool" -O binary --only-section=.BTF --set-section-flags .BTF=alloc \
    "$1" "$2" 2>/dev/null && [ -s "$2" ]
}

# same_dump NAME FILE: btftool dump FILE is byte-identical to bpftool's.
same_dump() {
  local name=$1 file=$2
  bpftool btf dump file "$file" >"$TMPDIR/ref.txt" 2>"$TMPDIR/ref.err"
  "$BTFTOOL" dump "$file" >"$TMPDIR/ours.txt" 2>"$TMPDIR/ours.err"
  local rc=$?
  if [ $rc -eq 0 ] && [ -s "$TMPDIR/ref.txt" ] &&
     cmp -s "$TMPDIR/ref.txt" "$TMPDIR/ours.txt"; then
    pass "$name"
  else
    fail "$name (exit $rc)"
    head -5 "$TMPDIR/ours.err"
    diff "$TMPDIR/ref.txt" "$TMPDIR/ours.txt" | head -10
  fi
}

# one_line_error NAME EXPECTED-SUBSTRING CMD...: the command exits 1 with
# exactly one line on stderr, naming the problem, and nothing on stdout.
one_line_error() {
  local name=$1 want=$2
  shift 2
  "$@" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
  local rc=$? lines
  lines=$(wc -l <"$TMPDIR/e.txt")
  if [ $rc -eq 1 ] && [ "$lines" -eq 1 ] && [ ! -s "$TMPDIR/o.txt" ] &&
     grep -aq "^btftool: " "$TMPDIR/e.txt" &&
     grep -aqF -- "$want" "$TMPDIR/e.txt"; then
    pass "$name"
  else
    fail "$name (exit $rc, $lines stderr lines)"
    head -c 600 "$TMPDIR/e.txt"
  fi
}

# The rule cases: each line "name<TAB>kernel's last log line<TAB>spec".
# rule_blob NAME SPEC: assemble it into $TMPDIR/rules/NAME.btf.
rule_blob() {
  mkdir -p "$TMPDIR/rules"
  mkbtf "$TMPDIR/rules/$1.btf" "$2"
}

# for_each_rule FN: call FN name expected spec for every case.
for_each_rule() {
  local name want spec
  while IFS=$'\t' read -r name want spec; do
    case $name in '#'* | '') continue ;; esac
    want=$(printf '%b' "$want")
    "$1" "$name" "$want" "$spec"
  done <"$RULES"
}

# first_violation FILE: the first violation btftool check printed (a
# member or entry error continues on lines starting with a tab).
first_violation() {
  awk 'NR == 1 { print; next } /^\t/ { print; next } { exit }' "$1"
}
