/* Code size against clang-19 (issue 10, items d and 6): a struct_ops
   program is called by the kernel's native code through a trampoline,
   which reads a narrow integer result at its width, so the result is
   returned as it is, without the zero-extension the IR's canonical form
   would put before the exit (ir/demand.c, IrFunc.ret_bytes), as clang
   returns it: `return tcp_reno_undo_cwnd(sk)` is a call and an exit.
   And a kfunc's 32-bit parameters take their arguments unextended
   (IrCall.arg_bytes; codesize_kfunc.c).

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.0
   Measured (translated instructions), btfcc against clang-19, v3 and
   v4: undo_cwnd 3 against 3, ssthresh 3 against 3, cong_avoid 6
   against 6; 4, 4 and 8 with the extensions.  */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern __u32 tcp_reno_undo_cwnd(struct sock *sk) __ksym;
extern __u32 tcp_reno_ssthresh(struct sock *sk) __ksym;
extern void tcp_reno_cong_avoid(struct sock *sk, __u32 ack, __u32 acked) __ksym;

SEC("struct_ops") __u32 BPF_PROG(size_undo_cwnd, struct sock *sk) {
  return tcp_reno_undo_cwnd(sk);
}

SEC("struct_ops") __u32 BPF_PROG(size_ssthresh, struct sock *sk) {
  return tcp_reno_ssthresh(sk);
}

SEC("struct_ops") void BPF_PROG(size_cong_avoid, struct sock *sk, __u32 ack, __u32 acked) {
  tcp_reno_cong_avoid(sk, ack, acked);
}

SEC(".struct_ops") struct tcp_congestion_ops size_reno = {
  .undo_cwnd = (void *)size_undo_cwnd,
  .ssthresh = (void *)size_ssthresh,
  .cong_avoid = (void *)size_cong_avoid,
  .name = "btfcc_size",
};

char _license[] SEC("license") = "GPL";
