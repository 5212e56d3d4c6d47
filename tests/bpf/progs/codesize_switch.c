/* Code size against clang-19 (issue 10, item d): a switch whose cases
   fall through one into the next (jhash's tail, `case 12: c += k[11] <<
   24; case 11: ...`).  The lowering lays the switch's tests out before
   the body, so the cases follow one another with nothing between them;
   with each test just before its case, every case but the last ended in
   a jump over the next one's test.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.1
   btfcc-max-processed: 1.0
   Measured, btfcc against clang-19 (translated, processed): v3 187 and
   560 against 178 and 588, v4 187 and 560 against 177 and 586; with a
   test between each two cases 217 and 973 (1.22x, 1.65x).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 tails[4];

static __always_inline __u32 tail(const unsigned char *k, __u32 len, __u32 a, __u32 b, __u32 c) {
  switch (len) {
  case 12: c += (__u32)k[11] << 24;
  case 11: c += (__u32)k[10] << 16;
  case 10: c += (__u32)k[9] << 8;
  case 9:  c += k[8];
  case 8:  b += (__u32)k[7] << 24;
  case 7:  b += (__u32)k[6] << 16;
  case 6:  b += (__u32)k[5] << 8;
  case 5:  b += k[4];
  case 4:  a += (__u32)k[3] << 24;
  case 3:  a += (__u32)k[2] << 16;
  case 2:  a += (__u32)k[1] << 8;
  case 1:  a += k[0];
  case 0:  break;
  }
  return a ^ (b << 3) ^ (c << 7);
}

SEC("xdp") int switch_tail(struct xdp_md *ctx) {
  unsigned char *data = (void *)(long)ctx->data, *data_end = (void *)(long)ctx->data_end;
  if (data + 12 > data_end)
    return XDP_PASS;
  __u32 len = ctx->ingress_ifindex % 13;
  tails[0] = tail(data, len, 1, 2, 3);
  tails[1] = tail(data, (len + 5) % 13, 4, 5, 6);
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
