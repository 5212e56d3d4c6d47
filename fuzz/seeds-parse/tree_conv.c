/* Implicit conversions: loads, promotions, the usual arithmetic
   conversions, conversions as if by assignment.  */
typedef unsigned int u32;
long f(signed char c, unsigned short us, u32 u, long l, double d, float fl) {
  int i = c + us;          /* both promote to int */
  unsigned long ul = u + l; /* u -> long (rank), result long -> unsigned long */
  u32 m = u * -1;          /* -1 converts to unsigned int */
  d = fl * i;              /* fl -> float? no: i -> float, result -> double */
  _Bool b = l;             /* to _Bool: != 0 */
  i = d;                   /* double -> int */
  c <<= us;                /* shift: left promoted, right promoted */
  return u < i;            /* i -> unsigned int; result int -> long */
}
