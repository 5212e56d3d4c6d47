/* c23-flags: -ansi */
static x = 1;
const y = 2;
f(a) { return a + x + y; }
g(void) { register r = 3; return r; }
extern h();
int k(void) { return h(1); }
