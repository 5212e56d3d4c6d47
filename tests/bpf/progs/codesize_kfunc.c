/* Code size against clang-19 (issue 10, items d and 6): a kfunc's
   32-bit integer parameter is read by the kernel's native code at its
   width, so its argument is passed as it is, without the zero-extension
   the IR's canonical form (every value extended to 64 bits) would put
   before the call (ir/demand.c, IrCall.arg_bytes); a parameter whose
   name carries a verifier annotation (`buffer__szk`) keeps it.  clang
   passes such arguments unextended too.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.12
   Measured (translated instructions), btfcc against clang-19: v3 49
   against 44, v4 46 against 42; 51 and 48 (1.16x, 1.14x) with the
   extensions.  What remains is a copy of each global kept for a later
   operation, and the sign-extension of the int results.  */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>

extern int bpf_dynptr_from_xdp(struct xdp_md *x, __u64 flags, struct bpf_dynptr *ptr) __ksym;
extern int bpf_dynptr_adjust(const struct bpf_dynptr *p, __u32 start, __u32 end) __ksym;
extern __u32 bpf_dynptr_size(const struct bpf_dynptr *p) __ksym;

/* upper halves the kfunc must not see */
__u64 start = 0x500000001ull, end = 0x90000000cull, first, second, size_after;

SEC("xdp") int kfunc_args(struct xdp_md *ctx) {
  struct bpf_dynptr ptr;
  __u64 s = start, e = end;

  if (bpf_dynptr_from_xdp(ctx, 0, &ptr))
    return XDP_PASS;
  first = bpf_dynptr_adjust(&ptr, (__u32)s, (__u32)e);
  second = bpf_dynptr_adjust(&ptr, (__u32)(s * 2), (__u32)(e - s - 2));
  size_after = bpf_dynptr_size(&ptr);
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
