/* Code shapes the verifier must be able to follow: each access below is
   guarded by a check, and the build is rejected when the check and the
   access read different registers or the checked value is lost.
   - a field read for a check and again for the access it guards (one
     load, as `rule->seqnum < 64` then `tiers[rule->seqnum / 64]`);
   - a bit-field extracted for a check and again for the access (the
     shifts computed once: `ip->ihl > 5` then `(ip->ihl - 5) * 4`);
   - an int compared as unsigned with a 32-bit bound and then used as an
     index (`(__u32)i < n` then `arr[i]`: a 32-bit jump on i itself);
   - an int local whose address is taken, set to a constant and used as
     an index (its stack slot is 8-byte aligned, where the verifier keeps
     a narrow store's value);
   - nested loops both unrolled completely (each copy reads both
     counters as constants);
   - an asm register operand narrowed by a cast, as bpf_experimental.h's
     bpf_cmp_* pass `"r"((short)LHS)`: the register of the whole value,
     as GCC and clang give it (not sign-extended from 16 bits), so a
     comparison with the whole value is equal.
   Each result depends on the packet, and the run prints them (compared
   with clang-19's build).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct rule { unsigned char seqnum; };
struct hdr { unsigned char ihl : 4, version : 4; };

struct tier { unsigned long mask[1]; };
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, __u32);
  __type(value, struct rule);
  __uint(max_entries, 1);
} rules SEC(".maps");
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, __u32);
  __type(value, struct tier);
  __uint(max_entries, 1);
} tiers SEC(".maps");
unsigned char opts[44];
int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
unsigned int bucket[2];
__u64 same_load, same_bitfield, unsigned_index, addressed_index, nested, narrowed;

static __noinline int pick(const int *arr, __u32 n, int i) {
  if ((__u32)i >= n)
    return -1;
  return arr[i];
}

SEC("xdp")
int shapes(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data + 14;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 20 > end)
    return XDP_PASS;

  const __u32 key = 0;
  struct tier *tier = bpf_map_lookup_elem(&tiers, &key);
  struct rule *rule = bpf_map_lookup_elem(&rules, &key);
  if (!tier || !rule)
    return XDP_PASS;
  tier->mask[0] = 77;
  rule->seqnum = d[9] & 0x7f; /* the protocol: below 64 for some inputs */
  same_load = 1;
  if (rule && rule->seqnum < 64) /* twfw's test, laid out after the body */
    same_load = tier->mask[rule->seqnum / 64] + rule->seqnum;

  struct hdr *ip = (struct hdr *)d;
  for (int k = 0; k < 44; k++)
    opts[k] = (unsigned char)(k * 7);
  same_bitfield = 0;
  if (ip->ihl > 5)
    same_bitfield = opts[(ip->ihl - 5) * 4];
  else
    same_bitfield = 100 + ip->ihl;

  int arr[8];
  for (int k = 0; k < 8; k++)
    arr[k] = table[k] * (d[k] + 1);
  unsigned_index = (__u64)(pick(arr, 8, d[3] & 7) + 1000) * 10000 +
                   (__u64)(pick(arr, 8, (int)(d[2] << 24 | d[3])) + 1000);

  int idx;
  if (d[9] == 6)
    idx = 0;
  else if (d[9] == 17)
    idx = 1;
  else
    idx = d[0] & 1;
  bucket[idx] = d[1] + 1;
  asm volatile("" : : "r"(&idx) : "memory");
  addressed_index = (__u64)bucket[0] << 32 | bucket[1];

  __u64 acc = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      acc = acc * 31 + (__u64)(i * 10 + j) * d[i * 2 + j];
  nested = acc;

  /* a value no compiler narrows (the bits above the operand's 16 are
     unspecified: clang passes a register that holds only what feeds
     them when it can) */
  __u64 wide = bpf_ktime_get_ns();
  narrowed = 1;
  asm volatile goto("if %[lhs] == %[rhs] goto %l[same]"
                    : : [lhs] "r"((short)wide), [rhs] "r"(wide) : : same);
  return XDP_PASS;
same:
  narrowed = 2;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
