/* Bounded loops the way the kernel's bpf_experimental.h writes them for
   compilers without may_goto: the instruction as data (.byte/.long with
   label arithmetic), and as may_goto text; each expansion of the macros
   declares its own __label__ l_break and l_continue, so a nested loop's
   cond_break must leave the inner loop only.  Also an asm "m" operand
   (a stack slot read by the template as (r10 - N)).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define can_loop_data ({ __label__ l_break, l_continue; int ret = 1;      \
  asm volatile goto("1:.byte 0xe5; .byte 0;"                              \
                    ".long ((%l[l_break] - 1b - 8) / 8) & 0xffff; .short 0" \
                    :::: l_break);                                        \
  goto l_continue; l_break: ret = 0; l_continue:; ret; })
#define cond_break_data ({ __label__ l_break, l_continue;                 \
  asm volatile goto("1:.byte 0xe5; .byte 0;"                              \
                    ".long ((%l[l_break] - 1b - 8) / 8) & 0xffff; .short 0" \
                    :::: l_break);                                        \
  goto l_continue; l_break: break; l_continue:; })
#define cond_break_text ({ __label__ l_break, l_continue;                 \
  asm volatile goto("may_goto %l[l_break]" :::: l_break);                 \
  goto l_continue; l_break: break; l_continue:; })

/* bpf_experimental.h's bpf_cmp: the statement expression's value is its
   last statement's, behind a label the asm goto jumps to; the second use
   sits in a branch that is never taken, whose asm goto reaches nothing.  */
#define bpf_cmp(LHS, OP, RHS, DEFAULT) ({ __label__ l_true; int ret = DEFAULT; \
  asm volatile goto("if %[lhs] " OP " %[rhs] goto %l[l_true]"                  \
                    :: [lhs] "r"((short)LHS), [rhs] "i"(RHS) :: l_true);       \
  ret = !DEFAULT;                                                              \
l_true:                                                                        \
  ret; })

volatile int zero;
__u64 nested_sum, text_sum, mem_read, cmp_taken;

SEC("xdp")
int loops(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 4 > end)
    return XDP_PASS;
  int n = 50 + (d[0] & 15);
  int sum = 0;
  for (int i = zero; i < n && can_loop_data; i++)
    for (int j = zero; j < n; j++) {
      sum += i * 3 + j;
      cond_break_data;
    }
  nested_sum = sum;
  sum = 0;
  for (int i = zero; i < 1000; i++) {
    sum += i ^ d[1];
    cond_break_text;
  }
  text_sum = sum;
  long v = d[0];
  cmp_taken = bpf_cmp(v, "==", 0, 1) * 10 + bpf_cmp(v, "!=", 0, 1);
  if (__builtin_strcmp("==", "!=") == 0)
    cmp_taken += bpf_cmp(v, ">", 3, 0) * 1000;
  struct { __u64 a, b; } pair = {d[2] + 5, d[3] + 700};
  __u64 r;
  asm volatile("%[r] = *(u64 *)%[b]" : [r] "=r"(r) : [b] "m"(pair.b));
  mem_read = r + pair.a;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
