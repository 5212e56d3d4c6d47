/* Every BTF kind GCC emits for C.  */
typedef unsigned long ulong_t;
struct fwd_only;
union U { int i; float f; };
enum small { A, B = -2 };
enum big { C = 1ULL << 40 };
struct S {
  int bits : 3;
  const volatile char cv;
  char *restrict rp;
  union U u;
  enum small e;
  enum big eb;
  double d[4];
  struct fwd_only *fp;
  ulong_t ul;
};
struct S s_var __attribute__((btf_decl_tag("var_tag")));
static int counter;
const int ro = 5;
int data = 7;
int *__attribute__((btf_type_tag("user"))) up;
extern int ext_fn(int, ...);
int fn(struct S *p __attribute__((btf_decl_tag("arg"))), long double ld)
{
  return p->bits + ext_fn(1) + counter + (int)ld;
}
