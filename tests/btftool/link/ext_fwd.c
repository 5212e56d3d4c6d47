/* Externs that agree with their definitions: a struct seen through a pointer as a forward declaration, const added (tests/btftool/link.sh, with def_shared.c).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct opaque;
extern struct opaque *shared_ptr;
extern const int shared_len;

SEC("xdp") int u(void *c) { return !!shared_ptr + shared_len; }
