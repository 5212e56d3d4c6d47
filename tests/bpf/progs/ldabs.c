/* The legacy packet loads (LD_ABS/LD_IND, which read the packet of the
   context in r6): GCC's __builtin_bpf_load_byte/half/word on the
   program's context, here against clang-19's llvm.bpf.load.* intrinsics.
   bpf-gcc 16 itself leaves r6 unset (its build is rejected with "R6
   !read_ok"); btfcc moves the context there.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifdef __clang__
unsigned long long load_byte(void *skb, unsigned long long off) asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off) asm("llvm.bpf.load.half");
unsigned long long load_word(void *skb, unsigned long long off) asm("llvm.bpf.load.word");
#define LOAD(kind, off) load_##kind(skb, (off))
#else
#define LOAD(kind, off) __builtin_bpf_load_##kind(off)
#endif

unsigned long long b0, h12, w26, ihl, dport;

SEC("socket")
int ldabs(struct __sk_buff *skb) {
  b0 = LOAD(byte, 0);
  h12 = LOAD(half, 12);
  w26 = LOAD(word, 26);
  ihl = (LOAD(byte, 14) & 0xf) * 4;
  dport = LOAD(half, 14 + ihl + 2);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
