/* -fwrapv: signed int arithmetic wraps at 32 bits, as the option
   defines it (without it, overflow cannot happen and btfcc computes int
   sums in 64 bits).  Sums, differences and products that overflow, and
   a loop counter that passes INT_MAX, from packet bytes.
   btfcc-flags: -fwrapv
   btfcc-cpus: v3 v4
*/
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

long sum, diff, prod, counter, widened;

SEC("xdp")
int wrapv(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data + 14;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 8 > end)
    return XDP_PASS;
  int big = 0x7fffff00 + d[0];
  int neg = -0x7fffff00 - d[1];
  sum = big + 0x1000 + d[2];
  diff = neg - 0x1000 - d[3];
  prod = (big | 1) * (d[4] | 0x100);
  int i = 0x7ffffff0 + (d[5] & 7), n = 0;
  while (n < 40) {
    i++;
    n++;
  }
  counter = i;
  widened = (long)(big + big) * 3;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
