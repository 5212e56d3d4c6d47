/* Implicit int: GCC 16's permerror from C99 on (implicit_int_c89.c: the
   same text accepted silently under -std=c89).  */
static x = 1;
const y = 2;
f(a) { return a + x + y; }
g(void) { register r = 3; return r; }
extern h();
int k(void) { return h(1); }
