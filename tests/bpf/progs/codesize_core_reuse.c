/* Code size against clang-19 (issue 10, item d): a CO-RE relocated
   constant computed again is the same value.  bpf_cubic's
   inet_csk_ca(sk), inlined twice, loads the offset of icsk_ca_priv
   (a field-offset relocation) each time; ir.c's reuse_values takes a
   relocated constant for a value like any other (same relocation, same
   constant), so the second reads the first's register, as clang does.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.28
   Measured (translated instructions), btfcc against clang-19:
   reuse_init v3 14 against 12, v4 14 against 11; 15 (1.25x, 1.36x)
   before.  */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct ca_state {
  __u32 cnt, last_max, last_cwnd, epoch;
};

static __always_inline struct ca_state *ca_of(struct sock *sk) {
  return (void *)((struct inet_connection_sock *)sk)->icsk_ca_priv;
}

static __always_inline void reset(struct sock *sk) {
  struct ca_state *ca = ca_of(sk);
  ca->cnt = 0;
  ca->last_max = 0;
}

SEC("struct_ops") void BPF_PROG(reuse_init, struct sock *sk) {
  reset(sk);
  struct ca_state *ca = ca_of(sk);
  ca->last_cwnd = ((struct tcp_sock *)sk)->snd_cwnd;
  ca->epoch = ((struct tcp_sock *)sk)->snd_ssthresh;
}

extern __u32 tcp_reno_undo_cwnd(struct sock *sk) __ksym;
extern __u32 tcp_reno_ssthresh(struct sock *sk) __ksym;
extern void tcp_reno_cong_avoid(struct sock *sk, __u32 ack, __u32 acked) __ksym;

SEC("struct_ops") __u32 BPF_PROG(reuse_undo_cwnd, struct sock *sk) {
  return tcp_reno_undo_cwnd(sk);
}

SEC("struct_ops") __u32 BPF_PROG(reuse_ssthresh, struct sock *sk) {
  return tcp_reno_ssthresh(sk);
}

SEC("struct_ops") void BPF_PROG(reuse_cong_avoid, struct sock *sk, __u32 ack, __u32 acked) {
  tcp_reno_cong_avoid(sk, ack, acked);
}

SEC(".struct_ops") struct tcp_congestion_ops reuse_reno = {
  .init = (void *)reuse_init,
  .undo_cwnd = (void *)reuse_undo_cwnd,
  .ssthresh = (void *)reuse_ssthresh,
  .cong_avoid = (void *)reuse_cong_avoid,
  .name = "btfcc_reuse",
};

char _license[] SEC("license") = "GPL";
