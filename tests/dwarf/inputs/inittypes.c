/* Types that only the initializers of file-scope variables name: GCC
   keeps those a cast or a compound literal names, and the enumeration
   of an enumerator used (pointers and arrays stripped, a typedef kept
   by its name), but not those of sizeof or _Alignof.  */
struct T1 { int a; };
struct T2 { int b; };
struct T3 { int c; };
struct T4 { int d; };
struct T8 { int e; };
typedef int TD5;
enum E6 { X6 = 1 };
enum E7 { X7 = 2 };
enum { X9 = 3 };
enum E10 { X10 = 4 };
long s1 = sizeof(struct T1);
long s2 = (long)(struct T2 *)0;
int *p3 = &((struct T3){1}).c;
long s4 = _Alignof(struct T4);
long s5 = (TD5)3;
int s6 = X6;
static int s7 = X7;
long s8 = (long)(struct T8 (*)[2])0 + X9;
int f(void) { return X10; }
