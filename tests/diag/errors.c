struct s { int a; };
struct s { int b; };
int f(void) { return undeclared_thing; }
int g(void) { int x = 1 return x; }
int h(int);
long h(int);
int k = ;
int after_k;
int too_big2[2][0x1fffffffffffffff];
struct { char c[0x7fffffffffffffff]; int x; } too_big3;
