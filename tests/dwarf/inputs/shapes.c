/* Tag-free C for the structural comparison with gcc -g (compare.sh):
   one of each kind of declaration and type btfcc describes in DWARF.  */
#include <stddef.h>

/* Bit-fields: several storage units, a straddling field, signedness.  */
struct bits {
  unsigned a : 3;
  int b : 5;
  unsigned long long c : 40;
  signed char d : 7;
  unsigned : 0;
  short e : 9;
  _Bool f : 1;
};

enum colour { RED, GREEN = 5, BLUE };
enum { ANON_A = -3, ANON_B };
enum wide { W_BIG = 0x100000000LL };

union number {
  int i;
  float f;
  double d;
  unsigned char bytes[8];
};

/* Anonymous members, flexible array, nested arrays.  */
struct packet {
  int kind;
  union {
    long l;
    struct { short lo, hi; };
  };
  char name[4][8];
  struct { int x; } inner;
  unsigned char payload[];
};

typedef unsigned long size_type;
typedef const volatile int cv_int;
typedef struct packet packet_t;
typedef packet_t *packet_ptr;
typedef int (*callback)(void *, size_type);
typedef char name_t[16];

/* Qualifiers in every combination.  */
const int ci;
volatile long vl;
const volatile short cvs;
int *restrict rp;
const char *const ccp;
cv_int cvi_var;
_Atomic int ai;
#ifndef GCC12_QUALIFIED_ARRAY_TYPEDEF
const name_t cname;
#endif
volatile union number vnum;

/* Pointers, arrays, function pointers.  */
double *dp;
int **ipp;
void *vp;
const void *cvp;
callback cb;
int (*handlers[4])(int);
char (*array_ptr)[10];
float matrix[3][4];
packet_ptr pkt;
struct incomplete *opaque;
size_t len;
ptrdiff_t diff;
long double ld;
_Complex double cd;
unsigned long long ull;
__int128 i128;

/* Functions: prototypes, definitions, variadic, K&R, static.  */
extern int declared(int, char *);
int defined_fn(int a, const char *s) { return a + s[0]; }
static int static_fn(short x) { return x; }
int variadic(const char *fmt, ...) { return fmt[0]; }
int kr(a, b) int a; char b; { return a + b + static_fn(1); }
void no_params(void) { }
void unprototyped() { }
struct packet *returns_ptr(union number n, enum colour c) { (void)n; (void)c; return 0; }
int uses_declared(void) { return declared(1, 0) + len; }
extern void (*signal_like(int, void (*)(int)))(int);
static int file_static = 3;
extern int extern_var;
int tentative;
int use_extern(void) { return extern_var; }

/* Forward references: a typedef of a struct defined later, a pointer
   member to a struct defined later, a struct defined inside another.  */
typedef struct later later_t;
typedef int between_t;
struct holder {
  struct later *fwd;
  struct inner { long v; } in;
  between_t b;
};
struct later { between_t x; struct holder *back; };
later_t later_var;
struct holder holder_var;

/* User alignment: on types, typedefs, members, variables.  */
typedef int aligned_int __attribute__((aligned(8)));
struct __attribute__((aligned(16))) aligned_struct { char c; };
struct with_aligned {
  char a;
  aligned_int b;
  int c __attribute__((aligned(16)));
  struct aligned_struct d;
  int bf : 3 __attribute__((aligned(8)));
};
union __attribute__((aligned(8))) aligned_union { int x; };
struct with_aligned wa;
union aligned_union au;
int aligned_var __attribute__((aligned(32)));
_Alignas(16) char alignas_var;
const aligned_int caligned;
struct aligned_struct as_array[2];

/* Packing, a typedef'd array qualified, va_list, vectors.  */
struct __attribute__((packed)) packed_s { char c; int i; long l; };
struct packed_s packed_var;
typedef int quad[4];
#ifndef GCC12_QUALIFIED_ARRAY_TYPEDEF
const quad cquad;
#endif
#include <stdarg.h>
va_list ap_var;
typedef int v4si __attribute__((vector_size(16)));
v4si vec_var;
enum __attribute__((packed)) { PACKED_ANON = 1 } packed_anon;

/* Functions: an unused static inline one (no DIE), one returning a
   function pointer, one taking a pointer to an array.  */
static inline int unused_inline(int x) { return x; }
static int (*returns_fp(void))(int) { return 0; }
int takes_array_ptr(int (*p)[3]) { return (*p)[0] + (returns_fp() != 0); }
