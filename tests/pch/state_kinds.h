#pragma clang attribute push (__attribute__((preserve_access_index)), apply_to = record)
struct bf { unsigned a:3, :0; int b:5; long long c:33; };
#pragma clang attribute pop
enum small { S1 = -1, S2 = 7 };
enum big64 { B1 = 0x100000000ULL, B2 = 0xffffffffffffffffULL };
typedef int (*fnptr)(int, const char *, ...);
struct fwd;
union fwdu;
struct withfwd { struct fwd *f; fnptr cb; void (*cb2)(struct fwd *, union fwdu *); };
struct anon { union { int i; float f; }; struct { char x, y; }; int last[]; };
#pragma pack(push, 2)
struct pk { char c; long l; };
#pragma pack(pop)
struct __attribute__((packed, aligned(4))) at { char c; int i __attribute__((aligned(8))); };
int * __attribute__((btf_type_tag("user"))) __attribute__((btf_type_tag("rcu"))) tp;
extern int dv __attribute__((btf_decl_tag("d1"), btf_decl_tag("d2")));
int fn(int a __attribute__((btf_decl_tag("p"))), struct withfwd *w) __attribute__((btf_decl_tag("f")));
extern const volatile struct bf cvbf;
typedef struct anon anon_t;
extern anon_t arr[4][5];
extern const anon_t carr[2];
_Bool b;
__int128 i128;
extern long double ld;
_Complex double cd;
typedef int v4si __attribute__((vector_size(16)));
extern v4si vec;
extern int fn(int, struct withfwd *);
struct tagged { int __attribute__((btf_type_tag("t1"))) *p; char name[16] __attribute__((btf_decl_tag("m"))); } tg;
typedef const struct tagged ctagged_t;
extern ctagged_t * volatile vt;
enum __attribute__((packed)) pe { P0, P1 = 200 };
struct flex0 { int n; char z[0]; };
extern void (*handlers[3])(int);
int ldecl[];
__builtin_va_list va;
const __builtin_va_list cva;
void * const *vpp;
__int128_t i128t;
const __uint128_t *u128p;
