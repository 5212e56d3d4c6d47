/* Every BTF kind clang emits for the BPF target: tags, ENUM64, bit-fields,
   FLOAT, DATASECs, extern functions and variables.  Loadable after
   libbpf's fix-ups.  */
#define __tag(x) __attribute__((btf_type_tag(x)))
#define __decl(x) __attribute__((btf_decl_tag(x)))
#define __ksym __attribute__((section(".ksyms")))
#define __kconfig __attribute__((section(".kconfig")))

typedef unsigned long long u64;
typedef int __tag("td") tagged_int;
enum small { A = -1, B = 2 };
enum big { X = 0xffffffffffULL, Y = 1 };
enum sbig { SX = -5000000000LL, SY = 3 };
enum empty_ish { ONLY };
struct bits {
  int a : 3;
  unsigned b : 5;
  enum small e : 4;
  long long c;
  char d[4];
  float f;
  double g;
  unsigned char uc;
  signed char sc;
  short s;
} __decl("s_tag");
union un {
  int i;
  struct bits *p;
} __decl("u_tag");
struct fwd;
union fwdu;
struct withtags {
  int __tag("user") *up;
  int __tag("rcu") __tag("percpu") *up2;
  const volatile int *__restrict rp;
  struct fwd *f;
  union fwdu *g;
  int __decl("m_tag") m;
  void (*cb)(int, ...);
  struct { int x, y; } anon;
  union { long l; char c; };
} __decl("w");

int gvar __decl("v_tag") = 3;
static volatile int svar = 5;
const volatile int cvar = 7;
struct bits bvar;
_Bool boolvar;
long double ld;
__int128 i128;
unsigned __int128 u128;
int sec_var __attribute__((section(".data.custom"))) = 1;
int (*fnptr)(int, char);
char arr[3][5];
enum sbig sbv;
enum big bv;
enum empty_ish ev;
u64 u;
tagged_int ti;
struct withtags wt;
union un uv;

extern int kfunc_like(int x, struct bits *b) __ksym;
extern const int bpf_prog_active __ksym;
extern int LINUX_KERNEL_VERSION __kconfig;
extern _Bool CONFIG_X __kconfig __attribute__((weak));
extern int bare_func(int, char);

__attribute__((noinline)) static int sfn(int a __decl("p_tag"), struct bits *b)
    __decl("f_tag") {
  return a + b->a + svar;
}

__attribute__((noinline)) int gfn(union un *u, enum small s, enum big b,
                                  struct withtags *w, tagged_int t) {
  return sfn(s, u->p) + (int)b + w->m + t;
}

__attribute__((section("tp/x"))) int handler(void *ctx) {
  return gfn(&uv, A, X, &wt, ti) + kfunc_like(1, &bvar) + bare_func(1, 2) +
         LINUX_KERNEL_VERSION + CONFIG_X + bpf_prog_active + gvar + cvar +
         sec_var + (int)(long)&ld;
}
