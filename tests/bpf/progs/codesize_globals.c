/* Code size against clang-19 (issue 10, items d and 6): a global read,
   changed and written back, or read twice in straight-line code, has its
   address (an LD_IMM64 of .data or .bss, two instruction slots) loaded
   once and kept in a register for the next access, as clang does: the
   address is one of the values ir.c's reuse_values finds again.  Where
   no register is free the allocator recomputes it instead of spilling it.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.2
   Measured (translated instructions, v3 and v4 alike): btfcc 48 against
   clang-19's 42 (1.14); 62 (1.48) with the address loaded for every
   access.  What remains is other patterns (the if/else's two jumps, a
   copy of the length).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 packets, bytes, small, large;
__u32 last_len = 7, max_len;
int seen_odd;

SEC("xdp") int counters(struct xdp_md *ctx) {
  __u32 len = ctx->data_end - ctx->data;
  packets++;
  bytes += len;
  if (len < 128)
    small++;
  else
    large++;
  if (len > max_len)
    max_len = len;
  if (len & 1)
    seen_odd += 1;
  last_len = last_len * 3 + len;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
