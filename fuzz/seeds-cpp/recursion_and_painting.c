/* Macros are not expanded inside their own expansion; a name painted
   blue stays unexpandable; looking for '(' may leave an expansion.  */
#define f(x) x f
f(1)(2)(3)
#define AA BB
#define BB AA
AA BB
#define self self + 1
self
#define rec(x) rec(x) + x
rec(rec(1))
#define f3(a) a*g3
#define g3(a) f3(a)
f3(2)(9)
#define NIL(x) x
#define G_0(arg) NIL(G_1)(arg)
#define G_1(arg) NIL(arg)
G_0(42)
#define i(x) x
#define j i(j)
j
#define foo() bar
foo()baz
#define q(x) x
#define r q(r)
q(r) r
#define LPAREN (
#define RPAREN )
#define F2(x, y) x + y
#define ELLIP_FUNC(...) __VA_ARGS__
ELLIP_FUNC(F2, LPAREN, 'a', 'b', RPAREN);
#define AGAIN(x) x AGAIN
AGAIN(AGAIN(1))(2)
