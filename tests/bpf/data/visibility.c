/* visibility.c — symbols that say more than their name: weak and hidden,
 * defined and undefined (tests/bpf/asm_text.sh: the symbol table of `-S`
 * assembled equals `-c`'s, and equals bpf-gcc 16's).  libbpf's linker
 * reads them: a hidden definition is verified as a static function, a
 * weak one gives way to a strong one, a weak reference may stay
 * unresolved.  */
__attribute__((visibility("hidden"))) extern void hidden_ref(unsigned long long *ctx);
__attribute__((weak)) extern int weak_ref(int x);
extern int plain_ref(int x);

__attribute__((visibility("hidden"))) int hidden_def(int x) { return x * 3 + 1; }
__attribute__((weak)) int weak_def(int x) { return x - 7; }
__attribute__((weak)) int weak_var = 5;
__attribute__((visibility("hidden"))) int hidden_var = 6;

__attribute__((section("raw_tp/sys_enter"))) int prog(unsigned long long *ctx)
{
  hidden_ref(ctx);
  int r = plain_ref(1) + hidden_def(2) + weak_def(3) + weak_var + hidden_var;
  if (weak_ref)
    r += weak_ref(4);
  return r;
}

char _license[] __attribute__((section("license"))) = "GPL";
