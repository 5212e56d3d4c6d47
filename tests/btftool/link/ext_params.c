/* An extern function with fewer parameters than its definition (tests/btftool/link.sh, with def_shared.c).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int shared_fn(int x);

SEC("xdp") int u(void *c) { return shared_fn(3); }
