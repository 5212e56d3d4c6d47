/* Code size against clang-19 (issue 10, items d and 6): a call's
   arguments read from memory through the pointer in r1 (a struct_ops
   program passing on its context's fields) are loaded straight into
   their argument registers: bpf/regalloc.c keeps a value from taking a
   register that a value starting during its life would like (r2 for the
   second argument while the first waits for r1 to be free), and passes
   an argument's wish on to the value it is computed from in place.
   Before, the first argument took r2 and a three-move swap preceded the
   call.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.1
   Measured (translated instructions, subprograms included), btfcc
   against clang-19: v3 66 against 62, v4 66 against 61; 73 (1.20x)
   with the swaps.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct event {
  __u64 sk, kind;
  __u64 a, b, c;
};

__u64 out_two, out_three, out_ext;

static __attribute__((noinline)) __u64 two(__u64 x, __u64 y) {
  return x * 3 + y;
}

static __attribute__((noinline)) __u64 three(__u64 x, __u64 y, __u64 z) {
  return (x ^ y) + z * 5;
}

static __attribute__((noinline)) __u64 narrow(__u64 x, __u32 y) {
  return x + y * 7;
}

static __attribute__((noinline)) __u64 pass_two(struct event *e) {
  return two(e->sk, e->kind);
}

static __attribute__((noinline)) __u64 pass_three(struct event *e) {
  return three(e->a, e->b, e->c);
}

static __attribute__((noinline)) __u64 pass_narrow(struct event *e) {
  return narrow(e->sk, (__u32)e->c);
}

SEC("xdp") int args(struct xdp_md *ctx) {
  struct event e = {ctx->ingress_ifindex, ctx->rx_queue_index, 0x100000001ull, 9,
                    ctx->data_end - ctx->data};
  out_two = pass_two(&e);
  out_three = pass_three(&e);
  out_ext = pass_narrow(&e);
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
