/* The stack frame: locals whose lives do not overlap share bytes, as
   clang's stack colouring shares them.  Three always-inline readers each
   fill a 200-byte buffer through a helper (its address is given to
   bpf_probe_read_kernel, which only uses it during the call), one after
   the other and in the arms of a switch; a 160-byte buffer inside them
   dies before the other is filled, in the same scope (btfcc's frame: 208
   bytes; sharing by scopes alone: 360).  Each result is checked against
   sums of the packet's bytes.  Also: memset whose size is a const local
   or an inlined function's argument (constant only once it is
   propagated, as in the kernel's selftests/syscall.c), and a static
   array of compound literals (the kernel's BPF_* instruction macros).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct insn { unsigned char code; unsigned char dst : 4, src : 4; short off; int imm; };
struct insn prog[] = {
  ((struct insn){.code = 0xb7, .dst = 1, .src = 2, .off = -3, .imm = 42}),
  ((struct insn){0x95, 0, 0, 0, 0}),
};

long out[16];

static __attribute__((always_inline)) long sum_copy(const unsigned char *d, int skip) {
  unsigned char head[100];
  long s = 0;
  bpf_probe_read_kernel(head, sizeof head, d + 8);
  s += head[0] + head[50] * skip + head[99] * 3;
  unsigned char big[120];
  if (bpf_probe_read_kernel(big, sizeof big, d))
    return -1;
  s += (big[7] ^ big[119]) + big[skip * 20];
  return s;
}

static __attribute__((always_inline)) long sum_words(const unsigned char *d) {
  unsigned int w[30];
  long s = 0;
  if (bpf_probe_read_kernel(w, sizeof w, d))
    return -1;
  s += w[0] % 1000 + w[29] % 999 + w[d[9] & 15];
  return s;
}

static __attribute__((always_inline)) void clear(long *p, int n) {
  __builtin_memset(p, 0, n);
}

SEC("xdp")
int frame(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 200 > end)
    return XDP_PASS;
  out[0] = sum_copy(d, 1);
  out[1] = sum_words(d);
  out[2] = sum_copy(d, 3);
  unsigned short h[60];
  if (!bpf_probe_read_kernel(h, sizeof h, d))
    out[4] = h[d[3] & 31] + h[59];
  switch (d[0] & 3) {
  case 0: out[3] = sum_copy(d, 2); break;
  case 1: out[3] = sum_words(d) * 2; break;
  default: {
    unsigned long long q[15];
    if (!bpf_probe_read_kernel(q, sizeof q, d))
      out[3] = q[d[1] & 7] & 0xffff;
  }
  }
  const int n = sizeof(out) / 2;
  __builtin_memset(&out[8], 0, n);
  out[9] = d[5];
  clear(&out[12], 2 * sizeof(long));
  out[10] = prog[d[2] & 1].imm + prog[0].src + prog[0].dst + prog[0].off;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
