#!/usr/bin/env bash
# A kernel-style corpus (kernel_corpus.py: __user, __rcu, __percpu,
# __iomem, __kptr, __kptr_untrusted, __percpu_kptr, __uptr, bpf_kfunc and
# arg:* decl tags over a few hundred declarations) compiled by btfcc and by
# clang-19 -target bpf -g -O2:
# - every decl tag is the same record in both;
# - the type-tag chains of every declaration agree, except exactly where
#   btfcc's -Wbtf-tag-placement fired (tagcmp.py lists each divergence
#   with both chains; the rule behind each is the warning's);
# - the kernel accepts btfcc's BTF; btftool and bpftool dump it alike.
#   Listed exception: the kptr, kptr_untrusted, percpu_kptr and uptr tags
#   mark special fields that the kernel checks against its own types when
#   they appear in a struct (the pointee must be a kernel struct); the
#   corpus's own structs fail that check, for clang's object as for ours.
#   So the kernel must treat both objects alike, and accept ours once
#   those four tags are renamed.
source "$TESTROOT/lib.sh"
if ! command -v clang-19 >/dev/null; then skip "kernel corpus (no clang-19)"; exit 0; fi
for seed in 1 2 3; do
  src=$TMPDIR/corpus$seed.c
  python3 "$TESTROOT/tags/kernel_corpus.py" $seed > "$src"
  clang-19 -target bpf -g -O2 -c "$src" -o "$TMPDIR/c.o" || { fail "corpus $seed: clang-19"; continue; }
  "$BTFCC" --target=bpf -gbtf -gno-prune-btf -Wbtf-tag-placement -c "$src" -o "$TMPDIR/b.o" 2> "$TMPDIR/warn" ||
    { fail "corpus $seed: btfcc"; continue; }
  if python3 "$TESTROOT/tags/tagcmp.py" "$TMPDIR/b.o" "$TMPDIR/c.o" "$TMPDIR/warn" "$src" > "$TMPDIR/cmp"; then
    pass "corpus $seed vs clang-19: $(tail -1 "$TMPDIR/cmp")"
  else
    fail "corpus $seed vs clang-19"; grep -v '^differs\|^  ' "$TMPDIR/cmp"
  fi
  if can_load_btf; then
    "$BTFTOOL" load "$TMPDIR/b.o" >/dev/null 2>&1; ours=$?
    "$BTFTOOL" load "$TMPDIR/c.o" >/dev/null 2>&1; theirs=$?
    [ $ours = $theirs ] && pass "corpus $seed: the kernel treats btfcc's and clang's BTF alike (exit $ours)" ||
      fail "corpus $seed: kernel verdicts differ (btfcc $ours, clang $theirs)"
  fi
  sed -i 's/"\(kptr\|kptr_untrusted\|percpu_kptr\|uptr\)"/"\1_"/' "$src"
  for opts in "--target=bpf" "--target=bpf -gno-prune-btf" ""; do
    "$BTFCC" -gbtf $opts -c "$src" -o "$TMPDIR/k.o" 2>/dev/null
    if can_load_btf; then
      check "corpus $seed ${opts:-x86-64} (special-field tags renamed): kernel accepts the BTF" "$BTFTOOL" load "$TMPDIR/k.o"
    else
      skip "corpus $seed: kernel load (bpf(BPF_BTF_LOAD) unavailable)"
    fi
    check_dump "corpus $seed ${opts:-x86-64}: btftool dump = bpftool dump" "$TMPDIR/k.o"
  done
done
