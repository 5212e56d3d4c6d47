/* Types for gcc -gbtf (GCC 12: no BTF tag attributes).  */
typedef unsigned long long u64;
enum small { A = -1, B = 2 };
enum big { X = 0xffffffffffULL, Y = 1 };
struct bits { int a:3; unsigned b:5; long long c; char d[4]; float f; double g; signed char sc; unsigned char uc; };
union un { int i; struct bits *p; };
struct fwd;
struct s2 { const volatile int * __restrict rp; struct fwd *f; void (*cb)(int, ...); u64 x; _Bool b; };
int gvar = 3;
static int svar = 5;
const int cvar = 7;
struct bits bvar;
extern int evar;
extern int efunc(int, char);
long double ld;
__int128 i128;
static int sfn(int a, struct bits *b) { return a + b->a; }
int gfn(union un *u, enum small s, enum big b, struct s2 *w, ...) { return sfn(s, 0) + efunc(1, 2) + evar + svar; }
char arr[3][5];
