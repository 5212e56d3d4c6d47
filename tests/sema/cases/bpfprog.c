/* A BPF program's shapes without vmlinux.h: a helper called through a
   constant function pointer, a map in .maps, CO-RE reads through
   __builtin_preserve_access_index, a field-existence check on a
   bit-field, a global in .rodata, a bounded loop, a tail of pointer
   arithmetic on packet data.  */
typedef unsigned int __u32;
typedef unsigned long long __u64;
struct task { int pid; unsigned flags : 3; struct task *parent; };
struct ctx { __u32 data, data_end; };
static void *(*const lookup)(void *map, const void *key) = (void *)1;
struct { int type; __u32 *key; __u64 *value; } counts __attribute__((section(".maps")));
const volatile __u32 limit = 16;
int prog(struct ctx *c, struct task *t) {
  __u32 key = 0;
  __u64 *v = lookup(&counts, &key);
  int pid = ({ typeof(t->parent->pid) __r; __r = *(int *)__builtin_preserve_access_index(&t->parent->pid); __r; });
  if (!__builtin_preserve_field_info(t->flags, 2))
    return 0;
  for (__u32 i = 0; i < limit && v; i++)
    *v += i;
  char *data = (char *)(long)c->data, *end = (char *)(long)c->data_end;
  if (data + 14 > end)
    return 1;
  return pid + data[12];
}
