/* An extern struct laid out otherwise than its definition (tests/btftool/link.sh, with def_shared.c).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct pair { int a; int b; };
extern struct pair shared_pair;

SEC("xdp") int u(void *c) { return shared_pair.b; }
