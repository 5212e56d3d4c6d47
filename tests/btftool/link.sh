# btftool link: BPF objects linked into one, against libbpf's static
# linker (`bpftool gen object OUT A.o B.o ...`, the oracle).
# Inputs: tests/btftool/link/prog_{a,b,c}.c, a program in three files (a
# global function defined in one and called from the others, extern
# variables, a map defined in one object and used in another, .data,
# .bss and .rodata in each, statics of the same name in two, CO-RE reads
# in two, weak definitions in prog_c.c), compiled by clang-19 and by
# btfcc, linked in several orders, each compiler's objects alone and
# mixed.  For each link:
#   - btftool and bpftool both link it, and btftool's output is the same
#     bytes when linked again;
#   - BTF: `bpftool btf dump file` of both outputs, type ids replaced by
#     names (link/btfids.py), are equal: the same types, variables,
#     functions and DATASECs, in the same order, each global variable at
#     its symbol's offset.  Ours must already have every global there;
#     libbpf 1.1's may not: an extern listed in a DATASEC before the
#     object that defines it (the selftests' linked_maps: map2, an extern
#     map of linked_maps1.c) keeps the extern's offset 0 in libbpf's
#     .maps while its symbol says 64, and libbpf then finds no map there
#     (the object does not open).  btftool moves it to the definition;
#     the case says so when libbpf's differs;
#   - .BTF.ext: `btftool dump --ext` of both are equal but for string
#     offsets (the string tables are ordered differently: libbpf's dedup
#     sorts nothing but lays strings out in its own order), so the same
#     func_info, line_info and core_relo records, instruction offsets
#     moved with their sections;
#   - ELF: readelf's section list, symbol table and relocations of both
#     are equal (readelf warns about the symbol table's sh_info, which
#     libbpf leaves 0, and so does btftool);
#   - `bpftool prog loadall` loads btftool's output (needs the bpf
#     syscall: SKIP without it, which CI counts as a failure); for the
#     selftests' programs, whose `?` sections bpftool 7.1's loadall cannot
#     pin, tests/bpf/bpfload (today's libbpf) loads each program alone,
#     and every one must load.
# Then damaged input and links that cannot be made: a clear error and
# exit status 1, never a crash; where libbpf can say, it refuses too.
# The selftests' own multi-file programs (linked_funcs, linked_vars,
# linked_maps) are linked the same way when tests/install-selftests has
# put them in place.
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"
SRC=$TESTROOT/btftool/link
W=$TMPDIR/link
mkdir -p "$W"
ARCH_INC=/usr/include/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)

if ! have bpftool; then
  skip "link (bpftool, the oracle, is not installed)"
  exit 0
fi
can_load=0
can_load_btf && can_load=1

# compile CC NAME: $W/CC_NAME.o from link/NAME.c.
compile() {
  local cc=$1 name=$2 out=$W/$1_$2.o
  case $cc in
    clang) "$CLANG_BPF" --target=bpf -O2 -g -I"$ARCH_INC" -c "$SRC/$name.c" -o "$out" 2>"$out.err" ;;
    btfcc) "$BTFCC" --target=bpf -O2 -g -c "$SRC/$name.c" -o "$out" 2>"$out.err" ;;
  esac || { fail "compile $name.c with $cc"; cat "$out.err"; return 1; }
}

compilers=(btfcc)
if [ -n "$CLANG_BPF" ]; then compilers+=(clang); else skip "clang-19 objects (clang-19 not installed)"; fi
for cc in "${compilers[@]}"; do
  for p in prog_a prog_b prog_c; do compile "$cc" "$p"; done
done

ext_norm() { sed -E 's/(name_off|file_name_off|line_off|access_str_off)=[0-9]+//g' "$1"; }

# same_text NAME A B: files A and B equal, else FAIL with their diff.
same_text() {
  if cmp -s "$2" "$3"; then pass "$1"; else fail "$1"; diff "$2" "$3" | head -20; fi
}

# link_case NAME OBJ...: link with both linkers and compare.
link_case() {
  local name=$1 out=$W/$1.o ref=$W/$1.ref.o; shift
  local objs=() o
  for o in "$@"; do objs+=("$W/$o.o"); done
  if ! bpftool gen object "$ref" "${objs[@]}" >"$ref.log" 2>&1; then
    fail "$name: bpftool gen object fails"; tail -3 "$ref.log"; return
  fi
  if ! "$BTFTOOL" link -o "$out" "${objs[@]}" 2>"$out.err"; then
    fail "$name: btftool link fails"; cat "$out.err"; return
  fi
  pass "$name: links"
  "$BTFTOOL" link -o "$out.again" "${objs[@]}" 2>/dev/null
  check "$name: linking again gives the same bytes" cmp -s "$out" "$out.again"
  local f
  for f in "$out" "$ref"; do
    bpftool btf dump file "$f" 2>/dev/null | python3 "$SRC/btfids.py" --symbols "$f" >"$f.btf"
    "$BTFTOOL" dump --ext "$f" 2>&1 |
      sed -n '/^\(func_info\|line_info\|core_relo\) rec_size=/,$p' >"$f.ext.raw"
    ext_norm "$f.ext.raw" >"$f.ext"
    readelf -SW "$f" 2>/dev/null | sed 's/^ *\[ *\([0-9]*\)\] //' | awk '{ print $1, $2, $5, $6, $7, $8, $9, $10, $11 }' >"$f.secs"
    readelf -sW "$f" 2>/dev/null >"$f.syms"
    readelf -rW "$f" 2>/dev/null >"$f.rels"
  done
  if [ "$(wc -l <"$ref.btf")" -gt 1 ]; then
    sed '$d' "$ref.btf" >"$ref.btf.types"
    sed '$d' "$out.btf" >"$out.btf.types"
    same_text "$name: BTF equals libbpf's by name and shape" "$ref.btf.types" "$out.btf.types"
  else
    fail "$name: bpftool cannot dump the reference's BTF"
  fi
  check "$name: every global variable's DATASEC entry is at its symbol" \
    grep -qx '# offsets not at their symbols: none' "$out.btf"
  tail -1 "$ref.btf" | grep -q ': none$' ||
    echo "NOTE: $name: libbpf's DATASEC entries not at their symbols ($(tail -1 "$ref.btf" | sed 's/.*: //')): btftool's are"
  same_text "$name: .BTF.ext records equal libbpf's" "$ref.ext" "$out.ext"
  same_text "$name: sections equal libbpf's" "$ref.secs" "$out.secs"
  same_text "$name: symbols equal libbpf's" "$ref.syms" "$out.syms"
  same_text "$name: relocations equal libbpf's" "$ref.rels" "$out.rels"
  if [ $can_load = 0 ]; then
    skip "$name: loading it (the bpf syscall is unavailable)"
    return
  fi
  if [ -n "${LOADER:-}" ]; then
    "$LOADER" load "$out" 2>&1 | cut -f2-4,7 >"$out.load"
    "$LOADER" load "$ref" 2>&1 | cut -f2-4,7 >"$ref.load"
    if [ -s "$out.load" ] && ! grep -qv $'\tloaded' "$out.load"; then
      pass "$name: bpfload loads each of its $(wc -l <"$out.load") programs"
      cmp -s "$out.load" "$ref.load" ||
        echo "NOTE: $name: libbpf's output does not: $(grep -v $'\tloaded' "$ref.load" | head -1)"
    elif cmp -s <(cut -f1-3 "$out.load") <(cut -f1-3 "$ref.load"); then
      pass "$name: bpfload's verdicts equal those on libbpf's output ($(grep -c $'\tloaded' "$out.load") of $(wc -l <"$out.load") load)"
      grep -v $'\tloaded' "$out.load" | sed "s/^/NOTE: $name: the compiler's, in both: /"
    else
      fail "$name: bpfload's verdicts differ from those on libbpf's output"; diff "$ref.load" "$out.load" | head -6
    fi
    return
  fi
  local pin=/sys/fs/bpf/btftool_link_$$_$name
  rm -rf "$pin"
  if bpftool prog loadall "$out" "$pin" >"$out.load" 2>&1; then
    pass "$name: bpftool prog loadall loads it"
  else
    fail "$name: bpftool prog loadall refuses it"; grep -v '^[0-9]*:' "$out.load" | tail -8
  fi
  rm -rf "$pin"
}

link_case btfcc_ab btfcc_prog_a btfcc_prog_b
link_case btfcc_ba btfcc_prog_b btfcc_prog_a
link_case btfcc_abc btfcc_prog_a btfcc_prog_b btfcc_prog_c
link_case btfcc_cba btfcc_prog_c btfcc_prog_b btfcc_prog_a
if [ -n "$CLANG_BPF" ]; then
  link_case clang_ab clang_prog_a clang_prog_b
  link_case clang_abc clang_prog_a clang_prog_b clang_prog_c
  link_case clang_cba clang_prog_c clang_prog_b clang_prog_a
  link_case clang_bca clang_prog_b clang_prog_c clang_prog_a
  link_case mixed_ab btfcc_prog_a clang_prog_b
  link_case mixed_ba clang_prog_b btfcc_prog_a
  link_case mixed_abc btfcc_prog_a btfcc_prog_b clang_prog_c
  link_case mixed_cba clang_prog_c btfcc_prog_b btfcc_prog_a
  # Weak, then strong after an extern: libbpf 1.1 calls the pair a
  # conflict (a resolved extern keeps the extern's binding), and so does
  # btftool (below, among the errors).
fi

# --- Errors ---

# refuses NAME PATTERN ARGS...: btftool link ARGS exits 1 with an error
# matching PATTERN (grep -E).
refuses() {
  local name=$1 pattern=$2 rc; shift 2
  "$BTFTOOL" link "$@" >"$W/err.out" 2>"$W/err.txt"
  rc=$?
  if [ $rc -eq 1 ] && grep -qE -- "$pattern" "$W/err.txt"; then
    pass "$name: $(head -1 "$W/err.txt")"
  else
    fail "$name: exit $rc, expected 1 and /$pattern/"; head -3 "$W/err.txt"
  fi
}
# libbpf_refuses NAME OBJ...: bpftool gen object fails on them too.
libbpf_refuses() {
  local name=$1; shift
  if bpftool gen object "$W/libbpf_err.o" "$@" >/dev/null 2>&1; then
    fail "$name: libbpf links what btftool refuses"
  else
    pass "$name: libbpf refuses it too"
  fi
}

a=$W/btfcc_prog_a.o b=$W/btfcc_prog_b.o
refuses "no output" "usage" "$a" "$b"
refuses "no input" "usage" -o "$W/x.o"
refuses "unknown option" "unknown option '--frob'" --frob -o "$W/x.o" "$a"
refuses "missing file" "$W/none.o: No such file" -o "$W/x.o" "$a" "$W/none.o"
printf 'not an object\n' >"$W/text.o"
refuses "not ELF" "text.o: not an ELF file" -o "$W/x.o" "$a" "$W/text.o"
printf 'int host_fn(void) { return 1; }\n' >"$W/host.c"
if gcc -c "$W/host.c" -o "$W/host.o" 2>/dev/null; then
  refuses "x86-64 object" "host.o: not a BPF relocatable object" -o "$W/x.o" "$a" "$W/host.o"
  libbpf_refuses "x86-64 object" "$a" "$W/host.o"
fi
head -c 300 "$b" >"$W/short.o"
refuses "truncated object" "short.o: " -o "$W/x.o" "$a" "$W/short.o"
refuses "two strong definitions" "symbol 'add_hits' is defined here and in an earlier object, neither of them weak" \
  -o "$W/x.o" "$a" "$b" "$b"
libbpf_refuses "two strong definitions" "$a" "$b" "$b"
if [ -n "$CLANG_BPF" ]; then
  refuses "weak after an extern, then strong (libbpf 1.1's rule)" "symbol 'add_hits' is defined here" \
    -o "$W/x.o" "$W/clang_prog_a.o" "$W/clang_prog_c.o" "$W/clang_prog_b.o"
  libbpf_refuses "weak after an extern, then strong" "$W/clang_prog_a.o" "$W/clang_prog_c.o" "$W/clang_prog_b.o"
fi
# a function in one object, a variable of the same name in the other
printf '#include "common.h"\nint add_hits_v;\nSEC("xdp") int f(void *c) { return add_hits_v; }\n' >"$W/var.c"
printf '#include "common.h"\nextern int add_hits_v(void);\nSEC("xdp") int g(void *c) { return add_hits_v(); }\n' >"$W/fn.c"
if "$BTFCC" --target=bpf -O2 -g -I"$SRC" -c "$W/var.c" -o "$W/var.o" 2>/dev/null &&
   "$BTFCC" --target=bpf -O2 -g -I"$SRC" -c "$W/fn.c" -o "$W/fn.o" 2>/dev/null; then
  refuses "function and variable of one name" "global 'add_hits_v' is a function here and a variable" \
    -o "$W/x.o" "$W/var.o" "$W/fn.o"
else
  fail "compile the function/variable conflict's inputs"
fi
# An extern whose BTF disagrees with its definition's: refused as libbpf
# refuses it (integers of another size, another number of parameters, a
# struct laid out otherwise); a struct seen through a pointer may be a
# forward declaration, and const does not count: linked.  libbpf gets
# clang's objects: libbpf 1.1 fails on any two objects that both hold an
# empty section (realloc to 0 bytes: "Cannot allocate memory", then a
# double free), and GNU as's empty .data and .bss are in btfcc's and
# bpf-gcc's.
for f in def_shared ext_size ext_params ext_member ext_fwd; do
  for cc in "${compilers[@]}"; do compile "$cc" "$f"; done
done
# libbpf_refuses_because NAME PATTERN OBJ...: and says why.
libbpf_refuses_because() {
  local name=$1 pattern=$2; shift 2
  if bpftool gen object "$W/libbpf_err.o" "$@" >/dev/null 2>"$W/libbpf_err.txt"; then
    fail "$name: libbpf links what btftool refuses"
  elif grep -qE -- "$pattern" "$W/libbpf_err.txt"; then
    pass "$name: libbpf refuses it too ($(grep -m1 -E -- "$pattern" "$W/libbpf_err.txt"))"
  else
    fail "$name: libbpf refuses it for another reason"; head -3 "$W/libbpf_err.txt"
  fi
}
for cc in "${compilers[@]}"; do
  d=$W/${cc}_def_shared.o
  refuses "$cc: extern of another size" "global 'shared_len': INT '(long|int)'.* of (4 and 8|8 and 4) bytes" \
    -o "$W/x.o" "$d" "$W/${cc}_ext_size.o"
  refuses "$cc: extern function with fewer parameters" "global 'shared_fn': prototypes with 2 and 1 parameters" \
    -o "$W/x.o" "$d" "$W/${cc}_ext_params.o"
  refuses "$cc: extern struct laid out otherwise" "global 'shared_pair': member 1 \('b'\) at different offsets" \
    -o "$W/x.o" "$W/${cc}_ext_member.o" "$d"
  check "$cc: externs through a forward declaration, const added: linked" \
    "$BTFTOOL" link -o "$W/fwd.o" "$W/${cc}_ext_fwd.o" "$d"
done
if [ -n "$CLANG_BPF" ]; then
  d=$W/clang_def_shared.o
  libbpf_refuses_because "extern of another size" "global 'shared_len'" "$d" "$W/clang_ext_size.o"
  libbpf_refuses_because "extern function with fewer parameters" "global 'shared_fn'" "$d" "$W/clang_ext_params.o"
  libbpf_refuses_because "extern struct laid out otherwise" "global 'shared_pair'" "$W/clang_ext_member.o" "$d"
  check "externs through a forward declaration, const added: libbpf links them" \
    bpftool gen object "$W/fwd_libbpf.o" "$W/clang_ext_fwd.o" "$d"
fi

# damage SRC DST SECTION OFFSET VALUE: DST is SRC with the 32-bit word at
# OFFSET inside SECTION set to VALUE.
damage() {
  python3 - "$@" <<'EOF'
import struct, subprocess, sys
src, dst, name, off, value = sys.argv[1:6]
data = bytearray(open(src, "rb").read())
for line in subprocess.run(["readelf", "-SW", src], capture_output=True, text=True).stdout.splitlines():
    f = line.replace("[ ", "[").split()
    if len(f) > 5 and f[1] == name:
        base = int(f[4], 16)
        struct.pack_into("<I", data, base + int(off), int(value, 0))
        open(dst, "wb").write(data)
        sys.exit(0)
sys.exit(1)
EOF
}
# .BTF's string length past the section's end
damage "$b" "$W/badbtf.o" .BTF 20 0x7fffffff &&
  refuses "damaged .BTF" "badbtf.o: .BTF: " -o "$W/x.o" "$a" "$W/badbtf.o"
# the first func_info record names a type that does not exist
damage "$b" "$W/badext.o" .BTF.ext 48 0xfffff &&
  refuses "damaged .BTF.ext (func_info type out of range)" "badext.o: .*type_id" -o "$W/x.o" "$a" "$W/badext.o"
# a relocation of .text names a symbol past the symbol table
damage "$b" "$W/badrel.o" .rel.text 12 0x7fff &&
  refuses "relocation to a missing symbol" "badrel.o: .rel.text: relocation 0 names symbol" -o "$W/x.o" "$a" "$W/badrel.o"

# --- The selftests' multi-file programs ---
ROOT=$(cd "$TESTROOT/.." && pwd)
source "$TESTROOT/bpf/lib.bash"
if ! bpf_setup; then
  skip "selftests' linked_* programs ($BPF_SKIP)"
  exit 0
fi
# drop_empty_data OBJ: OBJ.nd.o is OBJ without an empty .data (btfcc's
# objects have one, as GAS makes it).  libbpf 1.1's linker fails on a
# second empty section of a name (realloc to 0 bytes taken for ENOMEM,
# then a double free: fixed in libbpf 1.4), so both linkers get the
# objects without it; btftool links them with it too (the check after).
drop_empty_data() {
  local size
  size=$(readelf -SW "$1" | sed 's/^ *\[ *\([0-9]*\)\] //' | awk '$1 == ".data" { print $5 }')
  if [ "$size" = 000000 ]; then
    "$OBJCOPY" --remove-section=.data "$1" "${1%.o}.nd.o"
  else
    cp "$1" "${1%.o}.nd.o"
  fi
}
OBJCOPY=$(command -v llvm-objcopy-19 || command -v llvm-objcopy)
LOADER=$BPFLOAD
for set in linked_funcs linked_vars linked_maps; do
  for cc in "${compilers[@]}"; do
    ok=1
    for i in 1 2; do
      src=$BPF_SELFTESTS/progs/${set}$i.c
      [ -f "$src" ] || { ok=0; break; }
      cmd=$BTFCC; [ $cc = clang ] && cmd=$CLANG
      bpf_compile "$cmd" "$src" "$W/${cc}_${set}$i.o" >"$W/${cc}_${set}$i.log" 2>&1 || ok=0
      drop_empty_data "$W/${cc}_${set}$i.o"
    done
    if [ $ok = 1 ]; then
      link_case "${cc}_$set" "${cc}_${set}1.nd" "${cc}_${set}2.nd"
      "$BTFTOOL" link -o "$W/${cc}_$set.full.o" "$W/${cc}_${set}1.o" "$W/${cc}_${set}2.o" 2>&1
      check "${cc}_$set: with their empty .data, btftool links the same BTF" \
        cmp -s <(bpftool btf dump file "$W/${cc}_$set.full.o" | python3 "$SRC/btfids.py") \
               <(bpftool btf dump file "$W/${cc}_$set.o" | python3 "$SRC/btfids.py")
    else
      fail "${cc}_$set: compile ${set}1.c and ${set}2.c"; tail -3 "$W/${cc}_${set}1.log" "$W/${cc}_${set}2.log" 2>/dev/null
    fi
  done
done

# btfcc's own linked_funcs: linked_funcs1.c calls set_output_ctx2 through
# a `__hidden extern` declaration.  btfcc marks the undefined symbol
# STV_HIDDEN (GCC's `.hidden`), the linked definition stays hidden, and
# libbpf has the verifier check it as a static function (a global one may
# not return void or take the context pointer): every program loads.
if [ $can_load = 1 ] && [ -s "$W/btfcc_linked_funcs.o.load" ]; then
  check "btfcc_linked_funcs: every program loads ($(cut -f3,4 "$W/btfcc_linked_funcs.o.load" | tr '\n\t' '; '))" \
    bash -c '! grep -qv $'"'"'\tloaded'"'"' "$1"' _ "$W/btfcc_linked_funcs.o.load"
  check "btfcc_linked_funcs: set_output_ctx2 is hidden in linked_funcs1.o, as the source declares it" \
    bash -c 'readelf -sW "$1" | grep -q " GLOBAL HIDDEN *UND set_output_ctx2$"' _ "$W/btfcc_linked_funcs1.o"
fi
