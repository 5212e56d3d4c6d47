#!/usr/bin/env bash
# btftool encode on a real kernel (issue 13 a): the vmlinux of Debian 12's
# linux-image-*-amd64-dbg (tests/install-kernel-dbg; SKIP without it).
# Encoded once; then
#  - the running kernel's BPF_BTF_LOAD accepts the BTF (strict: no
#    fix-ups; a refusal fails);
#  - libbpf's btf__dedup (libbpf_dedup.c) changes nothing in it, and it
#    has at most MAX_TYPES types (a bound that fails when dedup
#    regresses);
#  - by name and shape (btfnorm.py), against `pahole -J` (Debian 12's
#    /usr/bin/pahole, the one Debian's kernels are built with): for each
#    kind (struct, union, enum, typedef, fwd, func, var, datasec) the
#    counts of entries equal, only pahole's, only btftool's and differing
#    in shape are printed, and a kind passes when all are equal.  The kinds
#    that differ are listed in KNOWN below with the reason: they report
#    XFAIL while they differ, and FAIL once they no longer do (the list
#    is then to be updated).
# Two modules (veth, nls_utf8) are encoded as split BTF on the vmlinux's
# own .BTF (written by Debian's pahole) with --base, and compared with
# `pahole --btf_base`: the same types by kind and name, none of which
# the base already has; and `btftool dedup --base` of their split BTF
# as encoded without dedup equals libbpf's btf__dedup of it -- also
# under the sanitizers (the modules are small; the vmlinux is the plain
# build's only).
source "$TESTROOT/lib.sh"
here=$TESTROOT/encode
KDIR=${KERNEL_DBG:-$HOME/.cache/btfcc-oracles/kernel-dbg}
vmlinux=$KDIR/vmlinux
if [ ! -r "$vmlinux" ]; then
  skip "kernel: no Debian debug vmlinux in $KDIR (tests/install-kernel-dbg)"; exit 0
fi
command -v pahole >/dev/null || { skip "kernel: no pahole (tests/install-deps)"; exit 0; }
cd "$TMPDIR" || exit 1

# module NAME: NAME.ko's split BTF on the vmlinux's .BTF, btftool's and
# pahole's, listed as "KIND NAME" lines (bpftool -B reads split BTF);
# equal, but for the differences module.known lists.
module() {
  local m=$1
  if ! "$BTFTOOL" encode --base base.btf -o $m.btf "$KDIR/$m.ko" 2>$m.err ||
     [ ! -s $m.btf ] || [ -s $m.err ]; then
    fail "kernel: btftool encode --base vmlinux $m.ko"; head -5 $m.err; return
  fi
  pahole --btf_base base.btf --btf_encode_detached=$m.ref.btf "$KDIR/$m.ko" >$m.pahole 2>&1 ||
    { fail "kernel: pahole --btf_base on $m.ko"; head -3 $m.pahole; return; }
  for f in $m $m.ref; do
    bpftool btf dump file $f.btf -B base.btf >$f.dump 2>&1 ||
      { fail "kernel: bpftool cannot read $f.btf on the vmlinux's BTF"; head -3 $f.dump; return; }
    awk '/^\[/ {print $2, $3}' $f.dump | sort >$f.list
  done
  module_dedup $m
  local n ref
  n=$(wc -l <$m.list); ref=$(wc -l <$m.ref.list)
  if diff $m.ref.list $m.list >$m.diff; then
    pass "kernel: $m.ko --base vmlinux: $n types, as pahole --btf_base"
  else
    fail "kernel: $m.ko --base vmlinux: $n types, pahole $ref (< pahole, > btftool)"
    head -10 $m.diff
  fi
}
# module_dedup NAME: `btftool dedup --base` of NAME.ko's split BTF as
# encoded but not deduplicated: bpftool's dump equals that of libbpf's
# btf__dedup of the same split BTF on the same base, and the bytes equal
# those of `encode --base` (which deduplicates the same way).
module_dedup() {
  local m=$1 t="kernel: btftool dedup --base vmlinux of $1.ko's split BTF"
  if ! "$BTFTOOL" encode --base base.btf --no-dedup -o $m.raw.btf "$KDIR/$m.ko" 2>$m.err ||
     ! "$BTFTOOL" dedup --base base.btf -o $m.dd.btf $m.raw.btf 2>>$m.err; then
    fail "$t"; head -5 $m.err; return
  fi
  local counts
  counts=$(./libbpf_dedup -B base.btf $m.raw.btf $m.lb.btf 2>&1) ||
    { fail "$t: libbpf's btf__dedup failed"; echo "$counts"; return; }
  bpftool btf dump file $m.dd.btf -B base.btf >$m.dd.dump 2>&1
  bpftool btf dump file $m.lb.btf -B base.btf >$m.lb.dump 2>&1
  if [ "${counts% *}" = "${counts#* }" ]; then
    fail "$t: libbpf's dedup merged nothing ($counts): no test"
  elif ! grep -q '^\[' $m.dd.dump || ! cmp -s $m.dd.dump $m.lb.dump; then
    fail "$t: differs from libbpf's btf__dedup ($counts types)"
    diff $m.lb.dump $m.dd.dump | head -5
  elif ! cmp -s $m.dd.btf $m.btf; then
    fail "$t: not the bytes encode --base writes"
  else
    pass "$t: as libbpf's btf__dedup ($counts types)"
  fi
}
if ! cc -O1 -o libbpf_dedup "$here/libbpf_dedup.c" -lbpf 2>libbpf.err; then
  fail "kernel: cannot build libbpf_dedup (libbpf-dev)"; head -3 libbpf.err; exit 0
fi
# The base: the vmlinux's .BTF section, cut out by its offset and size
# (reading all of the vmlinux's 700 MB would take most of the time here).
read -r off size < <(readelf -SW "$vmlinux" |
  awk '{ for (i = 1; i < NF; i++) if ($i == ".BTF") print $(i + 3), $(i + 4) }')
if [ -n "$size" ] && dd if="$vmlinux" of=base.btf bs=1M iflag=skip_bytes,count_bytes \
     skip=$((16#$off)) count=$((16#$size)) 2>/dev/null && [ -s base.btf ]; then
  for m in veth nls_utf8; do module $m; done
else
  fail "kernel: no .BTF section in $vmlinux to put the modules on"
fi

# Under the sanitizers a vmlinux (3.7 million types: a minute and
# gigabytes even in the plain build) would take most of CI's time: the
# vmlinux comparison below is the plain build's.
case ${BUILD:-build} in *san*) exit 0;; esac

# Why btftool's BTF differs from pahole 1.24's, by kind.
declare -A KNOWN=(
  [datasec]="btftool's .data..percpu DATASEC lists one variable more"
  [var]="one per-CPU variable pahole leaves out"
  [fwd]="one FWD pahole keeps is resolved by btftool's dedup"
)
# The most types the vmlinux's BTF may have: 100,284 measured, one less
# than pahole 1.24's 100,285 (the FWD pahole keeps, KNOWN[fwd]).  More
# means dedup lost a merge.
MAX_TYPES=100284

if ! "$BTFTOOL" encode --stats -o ours.btf "$vmlinux" 2>enc.err; then
  fail "kernel: btftool encode $vmlinux failed"; head -3 enc.err; exit 0
fi
pass "kernel: btftool encode vmlinux ($(stat -c %s ours.btf) bytes of BTF)"
# Each batch's BTF is merged on its thread (btf_merge_equal) and the join
# deduplicated with the counts of the whole (btf_dedup_merged): the bytes
# and the figures (types in, out, FWDs resolved, rounds) must be those
# of deduplicating the unmerged join at once.
t="kernel: vmlinux's batches merged apart, then deduplicated"
if ! "$BTFTOOL" encode --no-dedup -o whole.raw.btf "$vmlinux" 2>whole.err ||
   ! "$BTFTOOL" dedup --stats -o whole.btf whole.raw.btf 2>>whole.err; then
  fail "$t: encode --no-dedup, dedup failed"; head -3 whole.err
elif ! cmp -s ours.btf whole.btf; then
  fail "$t: other bytes than the unmerged join deduplicated at once"
elif ! cmp -s enc.err whole.err; then
  fail "$t: other figures than the unmerged join's"; diff enc.err whole.err | head -5
else
  pass "$t: as the whole at once ($(cat enc.err))"
fi
rm -f whole.raw.btf
# The same bytes whatever the number of threads (encode -j, the default
# being the processors online): one thread and two.
for j in 1 2; do
  if ! "$BTFTOOL" encode -j$j -o ours.j$j.btf "$vmlinux" 2>enc.j$j.err; then
    fail "kernel: btftool encode -j$j $vmlinux failed"; head -3 enc.j$j.err
  elif ! cmp -s ours.btf ours.j$j.btf; then
    fail "kernel: btftool encode -j$j gives other bytes than -j$(nproc)"
  else
    pass "kernel: btftool encode -j$j gives the same bytes"
  fi
done
if can_load_btf; then
  if "$BTFTOOL" load --no-fixup ours.btf >load.out 2>&1; then
    pass "kernel: BPF_BTF_LOAD accepts the vmlinux BTF as encoded"
  else
    fail "kernel: BPF_BTF_LOAD refuses the vmlinux BTF"
    tail -3 load.out # the kernel's log ends with the refused type
  fi
else
  skip "kernel: BPF_BTF_LOAD (needs root with CAP_BPF)"
fi
types=$(bpftool btf dump file ours.btf | grep -c '^\[')
if [ "$types" -le $MAX_TYPES ]; then
  pass "kernel: vmlinux BTF has $types types (at most $MAX_TYPES)"
else
  fail "kernel: vmlinux BTF has $types types, more than $MAX_TYPES: dedup regressed"
fi
counts=$(./libbpf_dedup ours.btf libbpf.btf 2>&1)
if [ "${counts% *}" = "${counts#* }" ] &&
   cmp -s <(bpftool btf dump file ours.btf) <(bpftool btf dump file libbpf.btf); then
  pass "kernel: libbpf's btf__dedup changes nothing in the vmlinux BTF ($counts)"
else
  fail "kernel: libbpf's btf__dedup changes the vmlinux BTF ($counts)"
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
