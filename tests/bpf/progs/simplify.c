/* What the IR simplifier rewrites must compute what the C says: constants
   propagated into branches, calls and stores (and branches on two
   constants decided), copies through inlined helpers and statement
   expressions, temporaries computed in place, call arguments computed in
   their argument registers, and loops that loop pragmas keep as loops or
   unroll.  Each result depends on the packet, so a wrong rewrite shows in
   the values the run prints (compared with clang-19's build).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 folded, copied, in_place, call_args, kept_loops, unrolled, div_guard;

static __always_inline int pick(int mode, int x) {
  if (mode == 1)
    return x + 1;
  if (mode == 2)
    return x * 3;
  return x - 5;
}

static __noinline __u64 mix(__u64 a, __u64 b, __u64 c, __u64 d) {
  return a * 1000003 + b * 101 + (c ^ d) + (a < b ? c : d);
}

static __always_inline __u64 same(__u64 v) { return v; }

SEC("xdp")
int simplify(struct xdp_md *ctx) {
  /* from the IP header on: lengths, protocol and checksum differ
     between the inputs */
  unsigned char *d = (unsigned char *)(long)ctx->data + 14;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 16 > end)
    return XDP_PASS;

  /* constants: a local assigned once, an inlined mode argument */
  int k = 7, mode = 2;
  __u64 f = 0;
  if (k == 7)
    f += pick(mode, d[0]);
  if (k > 9)
    f += 1000;
  f += pick(1, d[1]) + pick(3, d[2]);
  folded = f;

  /* copies: a chain of moves through inline functions and a statement
     expression */
  __u64 a = d[3];
  __u64 b = same(a);
  __u64 c = ({ __u64 t = b; t; });
  copied = c * 3 + b - a + same(c) * 7;

  /* temporaries computed in place: negation, narrowing, shifts */
  long t1 = (long)d[4] * 5;
  long t2 = -t1;
  short t3 = (short)(t2 + 3);
  int t4 = (int)t3 << 4;
  in_place = (__u64)(long)(t4 ^ (d[5] - 300));

  /* call arguments: computed values, constants, one used twice */
  __u64 x = d[6] + 1, y = d[7] * 2;
  call_args = mix(x, y, x + y, 9) + mix(y, 4, x, x);

  /* loops that pragmas keep as loops, and ones they unroll */
  __u64 s = 0;
#pragma GCC unroll 1
  for (int i = 0; i < 8; i++)
    s += d[i] * (i + 1);
#pragma nounroll
  for (int i = 0; i < 6; i++)
    s ^= (__u64)d[i + 2] << i;
#pragma clang loop unroll(disable)
  for (int i = 0; i < 4; i++)
    s += d[i + 8] + i;
#pragma GCC unroll 2
  for (int i = 0; i < 8; i++)
    s = s * 3 + d[i];
  kept_loops = s;
  __u64 u = 0;
#pragma unroll
  for (int i = 0; i < 8; i++)
    u += d[i + 4] << (i & 3);
  unrolled = u;

  /* a division by a zero constant stays a register operand (the
     verifier refuses an immediate zero divisor); the branch never runs */
  int z = 0;
  __u64 q = d[9];
  if (d[10] > 250 && d[11] > 250 && d[12] > 250)
    q = q / z;
  div_guard = q;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
