/* Globals defined for the ext_*.c objects (tests/btftool/link.sh: an
   extern whose BTF disagrees with its definition is refused).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct pair { int a; long b; };
struct opaque { int z; };
struct pair shared_pair;
int shared_len;
struct opaque *shared_ptr;

__attribute__((noinline)) int shared_fn(int x, long y) { return x + (int)y; }

SEC("xdp") int d(void *c) { return shared_pair.a + shared_len + shared_fn(1, 2) + !!shared_ptr; }
char LICENSE[] SEC("license") = "GPL";
