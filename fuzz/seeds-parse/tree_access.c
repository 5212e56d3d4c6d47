/* Access paths are kept: members (one EX_MEMBER per record level through
   anonymous members), p->m as a member of *p, a[i] as an index, bit-field
   loads, address-of.  */
struct inner { unsigned lo : 4, hi : 4; };
struct s {
  int x;
  struct { char c; union { long l; short h; }; };
  struct inner in;
  int arr[4];
};
int g(struct s *p, struct s v, int i) {
  int *q = &p->arr[i];
  p->in.hi = 3;
  v.h = 1;
  return p->in.lo + v.arr[2] + *q + p->l;
}
