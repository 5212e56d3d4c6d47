/* Every CTF kind and what CTF cannot express, by hand (tests/ctf/ctf.sh
   compares btfcc's .ctf with GCC 16's for it).  */
struct S { int a; char b : 3; unsigned c : 5; struct S *next; } s;
enum E { A, B = 5, C = -1 } e;
typedef const volatile int cvi;
cvi x[3][4];
int f(int a, char *b) { return a + *b; }
extern int g(void);
int (*fp)(int, ...);
union U { long l; float f; } u;
static int st;
extern int ea[];
int ea2[];
extern int v;
int v = 1;
int fd(int);
int fd(int a) { return a; }
_Float16 h16;
_Float128 f128;
long double ld;
_Complex double cd;
_Complex float cf;
_Complex long double cld;
_Complex int ci;
typedef int v4 __attribute__((vector_size(16)));
v4 vec;
enum big { BA = 0x100000000LL, BB = 1, BC = -3000000000LL } eb;
struct W { unsigned long long x : 40; int y; } w;
struct B { char a; int b : 3; int c : 7; long d : 40; int : 0; int e : 5; } bb;
union UB { int i : 3; unsigned long long j : 60; } ub;
void vla(int n, int (*p)[n]) {}
void vla2(int n, int m, int (*p)[n][m]) {}
_Bool bo; unsigned char uc; signed char sc; __int128 i128; unsigned __int128 u128;
_Atomic int ai;
const void *cvp;
int * restrict rp;
struct fwd *pf;
union ufwd *puf;
enum efwd *pef;
int (*up)();
int kr(a, b) int a; char b; { return a; }
int dec();
int use(void) { return dec(1); }
const struct S (*ret_const)(void);
typedef const int ci_t;
ci_t rq(void) { return 1; }
static inline int si(int a) { return a; }
static inline int si2(int a) { return si(a); }
struct Flex { int n; int data[]; } *flex;
struct Zero { int n; int z[0]; } zero;
char big_array[5000000000];
typedef struct { int anon; } Anon;
Anon an;
struct Nest { struct { int x; union { int y; float z; }; }; } nest;
