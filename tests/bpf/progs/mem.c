/* Structs, unions, arrays and bit-fields on the stack and in global
   data; struct copies, __builtin_memcpy/memset, switch, goto, strings;
   a packed struct on the stack whose 4-byte member sits at offset 2 (the
   verifier refuses misaligned stack accesses: it goes byte by byte).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct inner { unsigned char tag; unsigned short len; unsigned int val; };
struct rec {
  int id;
  struct inner in[3];
  union { unsigned long long q; unsigned char b[8]; } u;
  unsigned int f1 : 3, f2 : 7, f3 : 22;
  int sf : 5;
  long long tail;
};

struct packed_opt {
  unsigned char kind, len;
  union { unsigned char data[4]; unsigned int data32; };
} __attribute__((packed));
struct packed_opt last_opt;

struct rec saved;
struct rec copies[2];
const char greeting[] = "hello, bpf";
char buf[16];
long out[16];
int counts[8] = {1, 2, 3};

static int classify(int v) {
  switch (v & 15) {
  case 0: return 10;
  case 1: case 2: return 20;
  case 3 ... 6: return 30;
  case 9: goto nine;
  default: return -1;
  }
nine:
  return 99;
}

SEC("xdp")
int mem(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 24 > end)
    return XDP_PASS;
  struct rec r;
  __builtin_memset(&r, 0, sizeof r);
  r.id = d[0] | d[1] << 8;
  for (int i = 0; i < 3; i++) {
    r.in[i].tag = d[2 + i];
    r.in[i].len = d[5 + i] * 100;
    r.in[i].val = d[8 + i] * 100000u;
  }
  __builtin_memcpy(r.u.b, d + 11, 8);
  r.f1 = d[19];
  r.f2 = d[20];
  r.f3 = d[21] * 1000;
  r.sf = d[22];
  r.tail = -(long long)d[23];
  saved = r;
  copies[d[0] & 1] = r;
  out[0] = r.f1 + r.f2 * 10 + r.f3;
  out[1] = r.sf;
  out[2] = r.u.q;
  out[3] = classify(d[1]);
  out[4] = classify(d[2]) + classify(d[3]) + classify(9);
  for (int i = 0; i < (int)sizeof(greeting) - 1 && i < 15; i++)
    buf[i] = greeting[i] ^ (d[i] & 1);
  struct inner tmp = r.in[d[4] & 1];
  out[7] = d[4] % 3 + d[5] / 7 + (unsigned)r.id / 10 + (unsigned long long)r.u.q % 1000;
  out[5] = tmp.tag + tmp.len + tmp.val;
  counts[d[5] & 7] += 5;
  counts[3] = counts[0] + counts[1] + counts[2];
  union { int i; unsigned char c[4]; } un = {.i = r.id};
  out[6] = un.c[0] + un.c[1];
  struct packed_opt opt = {.kind = d[6], .len = 6, .data32 = 0};
  opt.data32 += d[7] * 0x01010101u;
  out[8] = opt.data32 + opt.kind;
  last_opt = opt;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
