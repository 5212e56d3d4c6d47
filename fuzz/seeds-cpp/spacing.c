/* Tokens that would lex differently when printed together get a space. */
#define f(x) x
#define g(x) (x)
#define E
#define OBJ -1
#define PLUS +
a f( b) a(f( b)) -f(-1) +E+ x E y .E. f(+)+ g(( a , b ))
-OBJ +OBJ x-OBJ PLUS+ +PLUS PLUS PLUS -f(-)- f(1)f(2) f(x)y
#define cat(a,b) a##b
cat(-,-)- <cat(<,)< f(/)/ f(/)* .f(.). f(1)e f(x)"s" L f("s")
