struct hdr { unsigned char a : 3, b : 5; unsigned short len; unsigned int v[4]; };
union u { long l; char c[8]; };
static long (*helper)(void *, unsigned) = (void *) 7;
int counts[16];
const char msg[] = "hello";
static __attribute__((always_inline)) int pick(struct hdr *h, int i) {
  switch (i & 7) {
  case 0: return h->a;
  case 1 ... 3: return h->b + h->len;
  default: return h->v[i & 3];
  }
}
__attribute__((section("xdp"))) int prog(struct hdr *h) {
  struct hdr copy = *h;
  union u x = {.l = 5};
  int s = 0;
  for (int i = 0; i < 8; i++) {
    s += pick(&copy, i);
    if (s > 1000) break;
  }
  __sync_fetch_and_add(&counts[s & 15], 1);
  asm volatile("%0 += 1" : "+r"(s));
  __builtin_memset(&copy, 0, sizeof copy);
  return s + x.c[0] + msg[1] + helper(&copy, 4);
}
