struct inner { int a; int b[4]; };
struct s { int x; struct inner in; union { long u1; char u2; }; } __attribute__((preserve_access_index));
unsigned long f(struct s *p) {
  unsigned long r =
  r += __builtin_preserve_type_info(*(struct inner *)0, 1);
  r += p->in.a;
  return r;
}
