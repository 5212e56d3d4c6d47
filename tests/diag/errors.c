struct s { int a; };
struct s { int b; };
int f(void) { return undeclared_thing; }
int g(void) { int x = 1 return x; }
int h(int);
long h(int);
int k = ;
