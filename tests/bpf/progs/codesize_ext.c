/* Code size against clang-19 (issue 10, items d and 6): conversions
   through int make chains of extensions computed in place,
   `(__u32)(p[1] << 8)` a 32-bit shift, a sign-extension of its int
   result and a zero-extension back to 32 bits; ir.c's
   fold_extension_chains keeps the last one reading the first's operand,
   and drops a zero-extension of what a 32-bit operation or an unsigned
   load left zero-extended already (`p[0] << 0` is a zero-extension).

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.1
   Measured (translated instructions), btfcc against clang-19: v3 62
   against 58, v4 61 against 58; 85 and 77 (1.47x, 1.33x) with the
   chains.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define byte_at(src, b) (((volatile __u8 *)&(src))[b] << 8 * b)
#define half_at(src, w) (((volatile __u16 *)&(src))[w] << 16 * w)

__u64 by_bytes, by_halves, port_bytes, same;
__u32 seed = 0x8badf00d;

SEC("xdp") int exts(struct xdp_md *ctx) {
  __u32 v = 0, h = 0, ifindex = ctx->ingress_ifindex + seed;
  __u16 port = 0, q = (__u16)(ifindex >> 3);

  v |= byte_at(ifindex, 0);
  v |= byte_at(ifindex, 1);
  v |= byte_at(ifindex, 2);
  v |= byte_at(ifindex, 3);
  h |= half_at(ifindex, 0);
  h |= half_at(ifindex, 1);
  port |= byte_at(q, 0);
  port |= byte_at(q, 1);
  by_bytes = v;
  by_halves = h;
  port_bytes = port;
  same = v == ifindex && h == ifindex && port == q;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
