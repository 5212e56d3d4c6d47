/* C's integer arithmetic and conversions at every width, on values read
   from the packet (so no compiler can fold them): the results land in
   .bss, which the loader prints variable by variable.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

long long res_s[40];
unsigned long long res_u[40];
int res_i[16];
signed char res_c[8];
unsigned short res_h[8];

static __attribute__((noinline)) long mix(long a, int b, unsigned char c) {
  return a * 3 - b / 2 + c;
}

SEC("xdp")
int arith(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 16 > end)
    return XDP_PASS;
  int a = (d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3];
  unsigned int u = (unsigned)a;
  long long l = ((long long)a << 20) - d[4];
  unsigned char c = d[5];
  signed char sc = (signed char)d[6];
  short sh = (short)((d[7] << 8) | d[8]);
  int b = d[9] + 1;
  res_s[0] = a + b;
  res_s[1] = a - b * 7;
  res_s[2] = (long long)a * b;
  res_s[3] = a / b;
  res_s[4] = a % b;
  res_s[5] = a >> 3;
  res_s[6] = (int)((unsigned)a << 5);
  res_s[7] = l / 3;
  res_s[8] = l % 1000;
  res_s[9] = sc;
  res_s[10] = sc * sh;
  res_s[11] = (short)(sh + 30000);
  res_s[12] = (signed char)(c + 100);
  res_s[13] = -a;
  res_s[14] = ~sh;
  res_s[15] = !c;
  res_s[16] = a < 0;
  res_s[17] = (a > b) + (u > (unsigned)b) * 2;
  res_s[18] = l >> 40;
  res_s[19] = mix(l, a, c);
  res_s[20] = sc / 4;
  res_s[21] = sc % 4;
  res_s[22] = a / -16;
  res_s[23] = (a & 0xff00) | (sh ^ 0x5555);
  res_s[24] = (_Bool)(a & 0x100);
  res_u[0] = u + 0xfffffff0u;
  res_u[1] = u * 2654435761u;
  res_u[2] = u / (unsigned)b;
  res_u[3] = u % (unsigned)b;
  res_u[4] = u >> 7;
  res_u[5] = (unsigned long long)l * 0x9e3779b97f4a7c15ull;
  res_u[6] = (unsigned long long)l >> 13;
  res_u[7] = (unsigned char)(c * 3);
  res_u[8] = (unsigned short)(sh * 5);
  res_u[9] = (unsigned long long)(unsigned)sc;
  res_u[10] = (unsigned long long)sc;
  res_u[11] = u << (b & 31);
  res_u[12] = (unsigned long long)l / 1000003;
  res_u[13] = (unsigned long long)-l % 77;
  res_u[14] = __builtin_bswap32(u);
  res_u[15] = __builtin_bswap16((unsigned short)sh);
  res_u[16] = __builtin_bswap64((unsigned long long)l);
  res_i[0] = a * a;
  res_i[1] = a << 4;
  res_i[2] = (int)l;
  res_i[3] = (int)(u >> 1);
  res_i[4] = c > 128 ? a : b;
  res_i[5] = a ?: 7;
  res_c[0] = (signed char)a;
  res_c[1] = sc - 1;
  res_h[0] = (unsigned short)a;
  res_h[1] = sh;
  int acc = 0;
  for (int i = 0; i < 16; i++)
    acc = acc * 31 + d[i];
  res_i[6] = acc;
  unsigned x = u;
  int n = 0;
  while (x && n < 32) {
    n += x & 1;
    x >>= 1;
  }
  res_i[7] = n;
  /* a counted loop left by break: the counter after it (unrolled) */
  int k;
  for (k = 0; k < 12; k++)
    if (d[k] == 0x06 || d[k] == 0x11)
      break;
  res_i[8] = k;
  for (k = 10; k > 0; k -= 3)
    res_i[9] += d[k] * k;
  res_i[10] = k;
  return c & 1 ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
