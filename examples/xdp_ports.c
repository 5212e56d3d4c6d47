/* An XDP program: count IPv4 TCP and UDP packets by destination port in
   a hash map, and drop those to port 9 (discard).  Build it with btfcc
   and load it with bpftool (see README.md, "BPF programs").  */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, 1024);
  __type(key, __u16);   /* destination port */
  __type(value, __u64); /* packets */
} ports SEC(".maps");

__u64 dropped;

static __always_inline int count(__u16 port) {
  __u64 one = 1, *n = bpf_map_lookup_elem(&ports, &port);
  if (n)
    __sync_fetch_and_add(n, 1);
  else
    bpf_map_update_elem(&ports, &port, &one, BPF_NOEXIST);
  if (port == 9) {
    __sync_fetch_and_add(&dropped, 1);
    return XDP_DROP;
  }
  return XDP_PASS;
}

SEC("xdp")
int xdp_ports(struct xdp_md *ctx) {
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
    return XDP_PASS;
  struct iphdr *ip = (void *)(eth + 1);
  if ((void *)(ip + 1) > end || ip->ihl < 5)
    return XDP_PASS;
  void *l4 = (char *)ip + ip->ihl * 4;
  if (ip->protocol == IPPROTO_TCP) {
    struct tcphdr *tcp = l4;
    if ((void *)(tcp + 1) > end)
      return XDP_PASS;
    return count(bpf_ntohs(tcp->dest));
  }
  if (ip->protocol == IPPROTO_UDP) {
    struct udphdr *udp = l4;
    if ((void *)(udp + 1) > end)
      return XDP_PASS;
    return count(bpf_ntohs(udp->dest));
  }
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
