/* An extern of another size than its definition (tests/btftool/link.sh, with def_shared.c).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern long shared_len;

SEC("xdp") int u(void *c) { return (int)shared_len; }
