/* Builtins, CO-RE builtins (argument kept as an access path), asm with
   named operands, clobbers and goto labels, statement expressions,
   va_arg, a call through a constant function pointer (BPF helpers).  */
struct task { int pid; unsigned flags : 3; struct task *parent; };
static long (*const helper)(void *dst, unsigned size, const void *src) = (void *)4;
int co(struct task *t, int x) {
  int r = __builtin_preserve_field_info(t->flags, 0);
  struct task *p = __builtin_preserve_access_index(t->parent);
  if (__builtin_expect(x > 0, 1))
    r += ({ int tmp = x * 2; tmp + 1; });
  helper(&r, sizeof r, &p->pid);
  asm volatile("%[out] = %[in]" : [out] "=r"(r) : [in] "r"(x), "i"(5) : "memory");
  asm goto("if %0 > 0 goto %l1" :: "r"(x) :: out);
  return r + __builtin_bswap32(x);
out:
  return -1;
}
int va(int n, ...) {
  __builtin_va_list ap;
  __builtin_va_start(ap, n);
  int v = __builtin_va_arg(ap, int);
  __builtin_va_end(ap);
  return v;
}
