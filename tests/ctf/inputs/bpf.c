/* CTF kinds on the BPF target (tests/ctf/ctf.sh compares btfcc
   --target=bpf with bpf-gcc 16): long double is double there.  */
struct S { int a; char b : 3; unsigned c : 5; struct S *next; } s;
enum E { A, B = 5, C = -1 } e;
typedef const volatile int cvi;
cvi x[3][4];
int f(int a, char *b) { return a + *b; }
int (*fp)(int, ...);
union U { long l; float f; double d; long double ld; } u;
static int st;
struct B { char a; int b : 3; int c : 7; long d : 40; int : 0; int e : 5; } bb;
_Bool bo; unsigned char uc; signed char sc;
const void *cvp;
int * restrict rp;
struct fwd *pf;
enum efwd *pef;
typedef int v4 __attribute__((vector_size(16)));
v4 vec;
int kr(a, b) int a; char b; { return a; }
struct Flex { int n; int data[]; } *flex;
