# tests/bpf/lib.bash — what the BPF tests and bench/bpf share: where the
# kernel's selftests are, how each compiler builds one of their objects,
# and the loader (tests/bpf/bpfload.c) that loads and runs the result.
#
# Sourced by tests/bpf/*.sh, tests/bpf/make-lists and bench/bpf.  Needs
# ROOT (the repository) set.  The selftests tree and its libbpf come from
# tests/install-selftests, into SELFTESTS_DIR.
#
# A compiler is given as a command (words split on spaces, e.g.
# "clang-19", "/path/bpf-gcc-16", "build/btfcc").  Its flavour decides the
# flags, each as the selftests' Makefile builds its BPF objects:
#   clang  (name contains "clang"): BPF_CFLAGS, clang's system include
#          dirs, -DENABLE_ATOMICS_TESTS, -O2 --target=bpf -mcpu=v3
#   gcc    (name contains "gcc"):   BPF_CFLAGS, gcc's system include dirs,
#          -DBPF_NO_PRESERVE_ACCESS_INDEX -Wno-attributes -O2 (the
#          test_progs-bpf_gcc runner's rule), and -std=gnu11 as the newer
#          trees' BPF_CFLAGS have it: GCC 16 defaults to C23, where
#          vmlinux.h's enumerators 'false' and 'true' are keywords
#   btfcc  (anything else): the clang flavour's flags without -Werror (its
#          warnings are not what is measured) and with -std=gnu11 (btfcc
#          follows GCC 16), with gcc's system include dirs; the command
#          line issue 10 names: --target=bpf -O2 -g -c; and
#          -D__clang_major__=19: the selftests keep their tests of the v4
#          instructions (sdiv, movsx, ldsx, bswap, gotol, in inline asm)
#          and some CO-RE builtins behind "__clang_major__ >= 18" (or 15),
#          a compiler-version check; btfcc accepts that code, so it is
#          given clang-19's number and the same programs are compared
#          (it defines no __clang__, so headers that ask for clang itself
#          still see GCC)
# plus each file's own flags from the Makefile (progs/X.c-CFLAGS, -fno-inline
# for the two *_noinline objects, progs/X.c-bpf_gcc-CFLAGS for gcc).

SELFTESTS_DIR=${SELFTESTS_DIR:-$HOME/.cache/btfcc-oracles/selftests}
CLANG=${CLANG:-clang-19}
BPF_GCC_DEFAULT=$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16
BPFLOAD=${BPFLOAD:-$ROOT/${BUILD:-build}/bpf/bpfload}

# bpf_setup: check that the selftests are installed and the bpf syscall
# works, make vmlinux.h for the running kernel and build the loader.  On
# failure, sets BPF_SKIP to the reason and returns 1.
bpf_setup() {
  BPF_SKIP=
  local src=$SELFTESTS_DIR/src/tools/testing/selftests/bpf
  if [ ! -f "$SELFTESTS_DIR/build/libbpf/libbpf.a" ] || [ ! -d "$src/progs" ]; then
    BPF_SKIP="kernel selftests not installed in $SELFTESTS_DIR (run tests/install-selftests)"; return 1
  fi
  BPF_SELFTESTS=$src
  BPF_PROGS=$src/progs
  # vmlinux.h belongs to the running kernel: one per release.
  BPF_KERNEL=$(uname -r)
  BPF_VMLINUX_DIR=$SELFTESTS_DIR/kernel-$BPF_KERNEL
  if [ ! -s "$BPF_VMLINUX_DIR/vmlinux.h" ]; then
    if [ ! -r /sys/kernel/btf/vmlinux ]; then BPF_SKIP="the running kernel has no BTF (/sys/kernel/btf/vmlinux)"; return 1; fi
    mkdir -p "$BPF_VMLINUX_DIR"
    # Scripts run side by side: each writes its own file, renamed into place.
    bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$BPF_VMLINUX_DIR/vmlinux.h.$$" \
      || { BPF_SKIP="bpftool cannot dump the kernel's BTF"; return 1; }
    mv "$BPF_VMLINUX_DIR/vmlinux.h.$$" "$BPF_VMLINUX_DIR/vmlinux.h"
  fi
  # The loader, against the tree's libbpf.
  local lsrc=$ROOT/tests/bpf/bpfload.c
  if [ ! -x "$BPFLOAD" ] || [ "$lsrc" -nt "$BPFLOAD" ] \
     || [ "$SELFTESTS_DIR/build/libbpf/libbpf.a" -nt "$BPFLOAD" ]; then
    mkdir -p "$(dirname "$BPFLOAD")"
    cc -std=c17 -D_GNU_SOURCE -O2 -Wall -Wextra -I"$SELFTESTS_DIR/build/include" "$lsrc" \
       "$SELFTESTS_DIR/build/libbpf/libbpf.a" -lelf -lz -o "$BPFLOAD.$$" \
      && mv "$BPFLOAD.$$" "$BPFLOAD" \
      || { BPF_SKIP="cannot build the loader tests/bpf/bpfload.c"; return 1; }
  fi
  if ! BPF_SKIP=$("$BPFLOAD" probe 2>&1); then
    BPF_SKIP="bpf syscall unavailable: ${BPF_SKIP#bpfload: }"; return 1
  fi
  BPF_SKIP=
  _bpf_sysinc_clang=$(_bpf_sys_includes "$CLANG")
  _bpf_sysinc_gcc=$(_bpf_sys_includes gcc)
}

# The compiler's own include directories as -idirafter options (the
# selftests' get_sys_includes).
_bpf_sys_includes() {
  "$1" -v -E - </dev/null 2>&1 \
    | sed -n '/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter \1|p }' | tr '\n' ' '
}

# bpf_flavour CC: clang, gcc or btfcc.
bpf_flavour() {
  local first=${1%% *}
  case ${first##*/} in
    *clang*) echo clang ;;
    *gcc*) echo gcc ;;
    *) echo btfcc ;;
  esac
}

# The flags the selftests' Makefile gives one file: NAME is the file name
# without .c, FLAVOUR as above.
_bpf_file_flags() {
  local name=$1 flavour=$2 mk=$BPF_SELFTESTS/Makefile
  sed -n "s|^progs/$name\\.c-CFLAGS *:\\?= *||p" "$mk"
  [ "$flavour" = gcc ] && sed -n "s|^progs/$name\\.c-bpf_gcc-CFLAGS *:\\?= *||p" "$mk"
  grep -q "^\$(OUTPUT)/$name\\.o: BPF_CFLAGS += " "$mk" \
    && sed -n "s|^\$(OUTPUT)/$name\\.o: BPF_CFLAGS += *||p" "$mk"
  return 0
}

# bpf_compile_cmd CC SRC OUT: set the array BPF_CMD to the command that
# compiles SRC (progs/NAME.c, or any file: NAME is its name without .c, for
# the Makefile's own flags) with CC into OUT.  (bench/bpf times the
# command alone, without the processes that find the flags.)
bpf_compile_cmd() {
  local cc=$1 src=$2 out=$3 flavour name
  name=$(basename "$src" .c)
  flavour=$(bpf_flavour "$cc")
  local common=(-g -Wall -D__TARGET_ARCH_x86 -mlittle-endian -I"$BPF_VMLINUX_DIR"
                -I"$SELFTESTS_DIR/build/include" -I"$BPF_SELFTESTS"
                -I"$SELFTESTS_DIR/src/tools/include/uapi" -Wno-compare-distinct-pointer-types)
  local own; own=$(_bpf_file_flags "$name" "$flavour" | tr '\n' ' ')
  # shellcheck disable=SC2206  # the compiler command and flag lists split on spaces
  case $flavour in
    clang) BPF_CMD=($cc "${common[@]}" -Werror $_bpf_sysinc_clang -DENABLE_ATOMICS_TESTS $own
                    -O2 --target=bpf -c "$src" -mcpu=v3 -o "$out") ;;
    gcc)   BPF_CMD=($cc "${common[@]}" -std=gnu11 -Werror $_bpf_sysinc_gcc $own
                    -DBPF_NO_PRESERVE_ACCESS_INDEX -Wno-attributes -O2 -c "$src" -o "$out") ;;
    btfcc) BPF_CMD=($cc --target=bpf "${common[@]}" -std=gnu11 $_bpf_sysinc_gcc -DENABLE_ATOMICS_TESTS
                    -D__clang_major__=19 $own
                    -O2 -mcpu=v3 -c "$src" -o "$out") ;;
  esac
}

# bpf_compile CC SRC OUT: compile SRC with CC into OUT (bpf_compile_cmd).
bpf_compile() {
  local BPF_CMD
  bpf_compile_cmd "$@"
  "${BPF_CMD[@]}"
}

# bpf_compile_all CC OUTDIR NAME...: compile each object (two at a time,
# BPF_JOBS; each for at most BPF_COMPILE_TIMEOUT seconds, default 600) into
# OUTDIR/NAME.bpf.o; a failure leaves OUTDIR/NAME.err with the compiler's
# messages and no object.
bpf_compile_all() {
  local cc=$1 dir=$2; shift 2
  mkdir -p "$dir"
  export -f bpf_compile bpf_compile_cmd bpf_flavour _bpf_file_flags
  export BPF_VMLINUX_DIR SELFTESTS_DIR BPF_SELFTESTS BPF_PROGS _bpf_sysinc_clang _bpf_sysinc_gcc
  printf '%s\n' "$@" | CC_CMD=$cc DIR=$dir xargs -P "${BPF_JOBS:-2}" -I{} \
    timeout "${BPF_COMPILE_TIMEOUT:-600}" bash -c \
    'bpf_compile "$CC_CMD" "$BPF_PROGS/{}.c" "$DIR/{}.bpf.o" 2>"$DIR/{}.err" || rm -f "$DIR/{}.bpf.o"'
  # A compile that timed out leaves no verdict of its own: say so.
  local n
  for n in "$@"; do
    if [ ! -s "$dir/$n.err" ] && [ ! -f "$dir/$n.bpf.o" ]; then
      echo "compile timed out after ${BPF_COMPILE_TIMEOUT:-600} s" > "$dir/$n.err"
      rm -f "$dir/$n.bpf.o"
    fi
  done
}

# bpf_list_objects LIST: the object names of a program list (first column).
bpf_list_objects() { grep -v '^#' "$1" | cut -f1 | uniq; }

# bpf_apply_expected FILE: filter a test's PASS/FAIL lines through its list
# of known differences (FILE: lines "NAME<TAB>why", NAME as the test prints
# it, '#' comments).  A FAIL of a listed name becomes a PASS that says so;
# a PASS of a listed name becomes a FAIL (the difference is gone: take it
# off the list); a listed name that never shows up is a FAIL too, unless
# BPF_ONLY narrows the run.  Other lines pass through.  So the test fails
# on every change against the list, in either direction, and the list is
# the record of what btfcc still does differently from clang-19.
bpf_apply_expected() {
  local file=$1
  awk -F'\t' -v only="${BPF_ONLY:-}" -v list="${file##*/}" '
    FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF) { want[$1] = $2; order[++n] = $1 } next }
    {
      line = $0; name = ""
      if (line ~ /^(PASS|FAIL): /) {
        name = substr(line, 7); sub(/ \(.*$/, "", name)
      }
      if (name != "" && (name in want)) {
        seen[name] = 1
        if (line ~ /^FAIL: /) { print "PASS: " name " (differs as " list " says: " want[name] ")"; next }
        print "FAIL: " name " (listed in " list " as differing, but agrees now: remove it)"; next
      }
      print line
    }
    END {
      if (only != "") exit
      for (i = 1; i <= n; i++)
        if (!(order[i] in seen)) print "FAIL: " order[i] " (listed in " list " but not tested any more: remove it)"
    }' "$file" -
}
