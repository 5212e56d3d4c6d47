struct inner { int a; int b[4]; };
struct s { int x; struct inner in; union { long u1; char u2; }; } __attribute__((preserve_access_index));
unsigned long f(struct s *p) {
  unsigned long r = __builtin_preserve_field_info(p->in.b[2], 0);
  r += __builtin_preserve_field_info(p->u2, 2);
  r += __builtin_btf_type_id(*(struct s *)0, 0);
  r += __builtin_preserve_type_info(*(struct inner *)0, 1);
  r += p->in.a;
  return r;
}
