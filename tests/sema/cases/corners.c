/* Corners: compound assignment to a narrow unsigned bit-field (its value
   is an int), a memory asm input (an lvalue), pointer comparison with a
   null pointer constant, ?: of a pointer and null, an explicit no-op
   cast (kept), a call through a function designator and through a
   struct member, a member of a returned struct, a string subscript, a
   shift by a long, a char compound assignment, sizeof folded.  */
struct s { unsigned a : 3; long b; };
struct ops { int (*fn)(int); };
struct s get(void);
int g(int);
int f(struct s *p, int x, struct ops *o, char c, long n) {
  p->a /= -1;
  asm volatile("" :: "m"(x), "r"(x));
  int *q = p ? &x : 0;
  if (q == 0)
    return (int)x;
  c += 1;
  x = x << n;
  return g(x) + o->fn(x) + (int)get().b + "abc"[x & 3] + (int)sizeof(struct s);
}
