/* A function-like macro name not followed by '(' is not expanded.  */
#define obj(x) [x]
#define emp
obj; obj emp (5) obj
(6) obj /* comment */ (7)
#define h obj
h(2) h (3) h
#define lparen (
obj lparen 1)
int obj = 1, *p = &obj;
#define k() K
k() k ( ) k(
)
#define fn(x) x
#define f2 fn
f2 f2(1) f2
(2)
