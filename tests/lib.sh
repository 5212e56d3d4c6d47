# Helpers sourced by test scripts.  Each reports cases as PASS:/FAIL:/SKIP:.
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
skip() { echo "SKIP: $*"; }
# check NAME COMMAND...: run the command, PASS if it succeeds.
check() { local n=$1; shift; if "$@"; then pass "$n"; else fail "$n"; fi; }
# Whether the bpf(BPF_BTF_LOAD) syscall works here (root with CAP_BPF).
can_load_btf() { "$BTFTOOL" load --probe >/dev/null 2>&1; }
# Compiler flags for test programs that link $BUILD/libbtfcc.a: the
# sanitizer build's library needs the sanitizer runtime too.
lib_cflags() { case "$BUILD" in *san*) echo "-fsanitize=address,undefined";; esac; }
