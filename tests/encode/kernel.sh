#!/usr/bin/env bash
# btftool encode on a real kernel (issue 13 a): the vmlinux of Debian 12's
# linux-image-*-amd64-dbg (tests/install-kernel-dbg; SKIP without it).
# Encoded once; then
#  - the running kernel's BPF_BTF_LOAD accepts the BTF;
#  - by name and shape (btfnorm.py), against `pahole -J` (Debian 12's
#    /usr/bin/pahole, the one Debian's kernels are built with): for each
#    kind (struct, union, enum, typedef, fwd, func, var, datasec) the
#    counts of entries equal, only pahole's, only btftool's and differing
#    in shape are printed, and a kind passes when all are equal.  The kinds
#    that differ are listed in KNOWN below with the reason: they report
#    XFAIL while they differ, and FAIL once they no longer do (the list
#    is then to be updated).
source "$TESTROOT/lib.sh"
here=$TESTROOT/encode
KDIR=${KERNEL_DBG:-$HOME/.cache/btfcc-oracles/kernel-dbg}
vmlinux=$KDIR/vmlinux
if [ ! -r "$vmlinux" ]; then
  skip "kernel: no Debian debug vmlinux in $KDIR (tests/install-kernel-dbg)"; exit 0
fi
command -v pahole >/dev/null || { skip "kernel: no pahole (tests/install-deps)"; exit 0; }
cd "$TMPDIR" || exit 1

# Under the sanitizers a vmlinux (3.7 million types: minutes and gigabytes
# even in the plain build) would take most of CI's time: the sanitizer
# pass encodes the two modules instead, which must encode without a
# sanitizer report; the vmlinux comparison below is the plain build's.
case ${BUILD:-build} in *san*)
  for m in veth nls_utf8; do
    if "$BTFTOOL" encode -o $m.btf "$KDIR/$m.ko" 2>$m.err && [ -s $m.btf ] && [ ! -s $m.err ]; then
      pass "kernel (sanitizers): btftool encode $m.ko ($(stat -c %s $m.btf) bytes)"
    else
      fail "kernel (sanitizers): btftool encode $m.ko"; head -5 $m.err
    fi
  done
  exit 0;;
esac

# Why btftool's BTF differs from pahole 1.24's, by kind.
declare -A KNOWN=(
  [func]="pahole also encodes functions whose DWARF is an out-of-line instance (DW_AT_abstract_origin), which the loader skips, and the two pick different DIEs of a name where several exist"
  [enum]="declaration-only enums (DW_AT_declaration, no size) become ENUMs of size 0 and vlen 0 where pahole has the full enum"
  [datasec]="btftool's .data..percpu DATASEC lists one variable more"
  [var]="one per-CPU variable pahole leaves out"
  [fwd]="one FWD pahole keeps is resolved by btftool's dedup"
)

if ! "$BTFTOOL" encode -o ours.btf "$vmlinux" 2>enc.err; then
  fail "kernel: btftool encode $vmlinux failed"; head -3 enc.err; exit 0
fi
pass "kernel: btftool encode vmlinux ($(stat -c %s ours.btf) bytes of BTF)"
if can_load_btf; then
  # Expected to fail until declaration-only enums get a size (KNOWN[enum]).
  if "$BTFTOOL" load ours.btf >load.out 2>&1; then
    fail "kernel: BPF_BTF_LOAD accepts the vmlinux BTF, but it is listed as refused: update the test"
  else
    xfail "kernel: BPF_BTF_LOAD refuses the vmlinux BTF ($(grep -m1 'Unexpected\|Invalid' load.out)): ${KNOWN[enum]}"
  fi
else
  skip "kernel: BPF_BTF_LOAD (needs root with CAP_BPF)"
fi

if ! pahole --btf_encode_detached=ref.btf "$vmlinux" >pahole.out 2>&1; then
  fail "kernel: pahole -J failed on $vmlinux"; head -3 pahole.out; exit 0
fi
printf 'ours.btf ours.n\nref.btf ref.n\n' >norm.list
python3 "$here/btfnorm.py" --batch norm.list 2>norm.err ||
  { fail "kernel: btfnorm.py failed"; head -3 norm.err; exit 0; }

# One line per kind: KIND EQUAL ONLY_PAHOLE ONLY_BTFTOOL DIFFER, an entry
# being a name; "differ" when both have the name with other shapes.
python3 - ref.n ours.n >counts <<'EOF'
import sys, collections
def read(path):
    d = collections.defaultdict(set)
    for line in open(path):
        key, _, shape = line.rstrip("\n").partition(": ")
        d[key].add(shape)
    return d
ref, ours = read(sys.argv[1]), read(sys.argv[2])
c = collections.defaultdict(lambda: [0, 0, 0, 0])
for key in set(ref) | set(ours):
    kind = key.split()[0]
    if key not in ours: c[kind][1] += 1
    elif key not in ref: c[kind][2] += 1
    elif ref[key] == ours[key]: c[kind][0] += 1
    else: c[kind][3] += 1
for kind in sorted(c):
    print(kind, *c[kind])
EOF
echo "kind      equal  only-pahole  only-btftool  differ"
while read -r kind eq op ob df; do
  printf '%-8s %6d %12d %13d %7d\n' "$kind" "$eq" "$op" "$ob" "$df"
  if [ "$op$ob$df" = 000 ]; then
    if [ -n "${KNOWN[$kind]:-}" ]; then
      fail "kernel: $kind: equal to pahole's ($eq) but listed as differing: update KNOWN"
    else
      pass "kernel: $kind: $eq equal to pahole's"
    fi
  elif [ -n "${KNOWN[$kind]:-}" ]; then
    xfail "kernel: $kind: $eq equal, $op only pahole's, $ob only btftool's, $df differ (${KNOWN[$kind]})"
  else
    fail "kernel: $kind: $eq equal, $op only pahole's, $ob only btftool's, $df differ"
    diff <(grep "^$kind " ref.n) <(grep "^$kind " ours.n) | head -10
  fi
done <counts
