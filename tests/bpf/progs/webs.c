/* A variable assigned afresh in each of many steps (the shape of the
   kernel's test_verif_scale2: `ptr = data + i` before every step, each
   step an inlined hash with several values live at once).  The steps'
   values of `ptr` never meet, so each is a register of its own (src/ir/
   webs.c); kept as one register, `ptr` lived across the whole function
   and pushed the hash's values onto the stack.  A failed bounds check
   leaves one step and goes on with the next, so the verifier walks a
   path for every set of steps taken: what each step costs it counts
   many times over.

   btfcc-max-processed: 1.2
   The verifier's processed count of btfcc's build stays within 1.2 times
   clang-19's (measured: 28,703 against 31,718, 0.90; without webs 57,880,
   1.82).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 hashes[24];
__u32 steps;

static __always_inline __u32 rol(__u32 w, unsigned s) { return (w << s) | (w >> ((-s) & 31)); }

static __always_inline __u32 mix(const unsigned char *k, __u32 seed) {
  __u32 a = seed + *(volatile __u32 *)k, b = seed ^ *(volatile __u32 *)(k + 4),
        c = seed - *(volatile __u32 *)(k + 8);
  a -= c; a ^= rol(c, 4);  c += b;
  b -= a; b ^= rol(a, 6);  a += c;
  c -= b; c ^= rol(b, 8);  b += a;
  a -= c; a ^= rol(c, 16); c += b;
  b -= a; b ^= rol(a, 19); a += c;
  c -= b; c ^= rol(b, 4);  b += a;
  return a ^ b ^ c;
}

#define STEP do {                                   \
    ptr = data + i;                                 \
    if ((void *)(ptr + 12) > data_end)              \
      break;                                        \
    hashes[i] = mix(ptr, ctx->ingress_ifindex + i); \
    i++;                                            \
  } while (0);
#define STEP8 STEP STEP STEP STEP STEP STEP STEP STEP

SEC("xdp")
int webs(struct xdp_md *ctx) {
  void *data_end = (void *)(long)ctx->data_end;
  void *data = (void *)(long)ctx->data;
  unsigned char *ptr;
  int i = 0;
  STEP8 STEP8 STEP8
  steps = i;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
