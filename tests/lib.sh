# Helpers sourced by test scripts.  Each reports cases as PASS:/FAIL:/SKIP:.
# Run alone (not from tests/run), a script still finds the tests folder.
TESTROOT=${TESTROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
skip() { echo "SKIP: $*"; }
# xfail NAME (REASON): an expected failure -- a case listed as unable to
# pass yet (a feature not built, a known oracle bug).  The script must
# report FAIL for a listed case that passes, so that the list is updated.
xfail() { echo "XFAIL: $*"; }
# check NAME COMMAND...: run the command, PASS if it succeeds.
check() { local n=$1; shift; if "$@"; then pass "$n"; else fail "$n"; fi; }
# Whether the bpf(BPF_BTF_LOAD) syscall works here (root with CAP_BPF).
can_load_btf() { "$BTFTOOL" load --probe >/dev/null 2>&1; }
# Compiler flags for test programs that link $BUILD/libbtfcc.a: the
# sanitizer build's library needs the sanitizer runtime too.
lib_cflags() { case "$BUILD" in *tsan*) echo "-fsanitize=thread";; *san*) echo "-fsanitize=address,undefined";; esac; }
# bpftool_dump FILE OUT [BPFTOOL-OPTIONS...]: bpftool's dump of FILE's BTF
# in OUT (its messages in OUT.err).  bpftool exits non-zero with no output
# both for BTF without types and for BTF it cannot read, so an empty dump
# proves nothing: the header (tests/tools/btfhdr.py, independent of bpftool
# and btftool) decides.  Returns 0: dumped; 1: the BTF has no types
# (type_len 0), nothing to dump; 2: bpftool failed (or printed nothing) on
# BTF that has types, or FILE has no readable BTF -- the caller fails.
bpftool_dump() {
  local f=$1 out=$2 hdr; shift 2
  bpftool "$@" btf dump file "$f" >"$out" 2>"$out.err" && [ -s "$out" ] && return 0
  hdr=$(python3 "$TESTROOT/tools/btfhdr.py" "$f" 2>>"$out.err") || return 2
  case $hdr in "type_len 0 "*) return 1;; esac
  echo "bpftool printed nothing for BTF with $hdr" >>"$out.err"
  return 2
}
# The project workspace's shared folder (seeds/, tools/dgrun, spec/): beside
# the repository in the workspace (../shared), or beside a worktree's parent
# (a worktree under WORKSPACE/wt/NAME); BTFCC_SHARED names it elsewhere.
find_shared() {
  local d=$TESTROOT/..
  [ -n "${BTFCC_SHARED:-}" ] && { echo "$BTFCC_SHARED"; return; }
  for d in "$d/../shared" "$d/../../shared"; do
    [ -d "$d/seeds" ] && { (cd "$d" && pwd); return; }
  done
  echo "$TESTROOT/../../shared"   # absent: the callers report it
}
SHARED=$(find_shared)
# btf_section FILE.s: the normalisation of every comparison of -gbtf -S -dA
# text with GCC's -- the .BTF section's text, from its .section line to the
# next directive that is not data (.ident or another .section).  What lies
# outside it (.file, .Ltext0, code, data definitions) btfcc does not
# generate as GCC does; types, functions and variables are all inside.
btf_section() { sed -n '/^\t\.section\t"\?\.BTF"\?,/,$p' "$1" | sed '1!{/^\t\.\(ident\|section\)/,$d}'; }
# check_dump NAME FILE: `btftool dump FILE` prints what `bpftool btf dump
# file FILE` prints.  Without types (type_len 0) bpftool prints nothing and
# so must btftool; when bpftool cannot dump BTF that has types, a FAIL --
# two empty dumps are not equal dumps.
check_dump() {
  local name=$1 f=$2 rc
  bpftool_dump "$f" "$TMPDIR/bpftool.dump"; rc=$?
  case $rc in
    0) check "$name" cmp -s <("$BTFTOOL" dump "$f" 2>/dev/null) "$TMPDIR/bpftool.dump" ;;
    1) check "$name (no types: neither prints anything)" test -z "$("$BTFTOOL" dump "$f" 2>/dev/null)" ;;
    *) fail "$name: bpftool cannot dump the BTF"; head -3 "$TMPDIR/bpftool.dump.err" ;;
  esac
}
