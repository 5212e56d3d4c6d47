/* A mix of what BPF programs compile to, for tests/bpfasm/roundtrip.sh:
   every width of arithmetic, signed division (v4), sign extension,
   byte swaps, atomics, helper, BPF-to-BPF and kfunc calls across
   sections, globals, maps, loops.  Compiled by clang-19 and bpf-gcc 16,
   disassembled by btftool and assembled again by GNU as.  */
typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;
typedef long long s64;
typedef int s32;
typedef short s16;
typedef signed char s8;

#define SEC(n) __attribute__((section(n), used))

struct map { int type, max_entries; } counts SEC(".maps");
static void *(*lookup)(void *, const void *) = (void *)1;
static long (*update)(void *, const void *, const void *, u64) = (void *)2;
extern int bpf_kfunc_demo(int) __attribute__((section(".ksyms")));

u64 gv;
s64 arr[4];
static u32 sv[8];
const char msg[] = "hello";

#ifdef NO_SDIV /* before v4 */
#define SDIV(a, b) ((u64)(a) / (u64)(b))
#define SMOD(a, b) ((u64)(a) % (u64)(b))
#else
#define SDIV(a, b) ((a) / (b))
#define SMOD(a, b) ((a) % (b))
#endif
__attribute__((noinline)) s64 divmod(s64 a, s64 b) { return SDIV(a, b) + SMOD(a, b); }
static __attribute__((noinline)) s32 divmod32(s32 a, s32 b) {
  return SDIV(a, b) + SMOD(a, b) + SDIV(a, 3) + SMOD(a, 5);
}
__attribute__((noinline)) u64 udiv(u64 a, u64 b) {
  return a / b + a % b + (a >> 3) + (b << 5) + (a ^ b) + (a | 7) + (a & b);
}
static __attribute__((noinline)) s64 widen(s8 *p, s16 *q, s32 *r) {
  return *p + *q + *r + (s8)*r + (s16)*r;
}
static __attribute__((noinline)) u64 swaps(u64 x) {
  return __builtin_bswap64(x) + __builtin_bswap32((u32)x) + __builtin_bswap16((u16)x);
}
static __attribute__((noinline)) u64 atomics(u64 *p, u32 *q, u64 v) {
  __sync_fetch_and_add(p, v);
  u64 r = __sync_fetch_and_or(p, v) + __sync_fetch_and_and(q, (u32)v);
  r += __sync_fetch_and_xor(p, 3) + __atomic_exchange_n(p, v, 0);
#ifdef __clang__
  /* (bpf-gcc 16 writes `cmpxchg_64(r1+0, r0, 3)` or `..., (r10+-8))`:
     the new value as a constant or memory, which no assembler takes) */
  r += __sync_val_compare_and_swap(p, v, 3) + __sync_val_compare_and_swap(q, 1, (u32)v);
#endif
  return r + __atomic_exchange_n(q, 5, 0);
}
static __attribute__((noinline)) s64 compare(s64 a, s64 b, s32 c) {
  if (a < b) return 1;
  if (a <= 5) return 2;
  if ((u64)a > (u64)b) return 3;
  if ((u64)a >= 100) return 4;
  if (c > -7) return 5;
  if ((u32)c < 77) return 6;
  if (a & 0x40) return 7;
  return a != 3 ? a : b;
}

SEC("xdp") int prog(void *ctx) {
  int k = 0;
  u64 *v = lookup(&counts, &k);
  if (!v)
    return 1;
  u64 x = *v, one = 1;
  for (int i = 0; i < 8; i++)
    x = x * 7 + sv[i] + msg[i & 3];
  update(&counts, &k, &one, 0);
  x += divmod(x, gv | 1) + divmod32((s32)x, 3) + udiv(x, 9);
  x += widen((s8 *)v, (s16 *)v, (s32 *)v) + swaps(x) + atomics(v, (u32 *)v, x);
  x += compare((s64)x, arr[2], (s32)gv) + bpf_kfunc_demo((int)x);
  sv[x & 7] = (u32)x;
  arr[1] = -(s64)x;
  return (int)(x & 3);
}

SEC("tc") int prog2(void *ctx) {
  u8 buf[16];
  __builtin_memset(buf, 0, sizeof buf);
  *(u32 *)ctx = 0x12345678;
  ((u16 *)ctx)[3] = (u16)gv;
  return buf[gv & 15] + compare(gv, 2, 3) + (int)divmod32(2, 1);
}

char _license[] SEC("license") = "GPL";
