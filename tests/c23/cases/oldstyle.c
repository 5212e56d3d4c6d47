/* C23: f() is a prototype with no parameters; old-style definitions are
   gone (GCC 16 accepts them with no warning by default).  */
int f();
int f(void) { return 0; }
int g(a, b) int a; long b; { return a + (int)b; }
