/* btf_decl_tag and btf_type_tag on every kind of declaration clang
   annotates, for tests/btftool/dwarf.sh.  Compiles for x86-64, i386 and
   BPF (no variadic functions, no thread-local storage).  */
#define __d(x) __attribute__((btf_decl_tag(x)))
#define __t(x) __attribute__((btf_type_tag(x)))

struct sock {
  int state __d("member") __d("second");
  int __t("user") *uptr;
  long __t("a") __t("b") *ab;
  struct sock *next __d("rcu");
} __d("struct");

union value {
  int i __d("union member");
  char c;
} __d("union");

typedef struct sock sock_t __d("typedef");
typedef int __t("percpu") *percpu_int;

int counter __d("percpu") __d("hot") __d("third");
int __t("rcu") *rcu_ptr;
int __t("tag1") * __t("tag2") __t("tag3") *double_ptr;
sock_t socks;
union value values;
percpu_int percpu;
void __t("void tag") *opaque;

static int helper(struct sock *s __d("arg:ctx"), int n __d("n")) __d("helper");
static int helper(struct sock *s, int n) { return s->state + n; }

int __d("bpf_kfunc") entry(sock_t *s __d("nonnull"), int __t("user") *buf)
{
  return helper(s, *buf) + counter + values.i + *percpu;
}
