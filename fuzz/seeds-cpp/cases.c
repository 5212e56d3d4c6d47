/* Hand-picked layout corner cases.  Expected layouts are not written here:
   the test compares btfcc's BTF with pahole's BTF of GCC's own DWARF for
   this file (x86-64 and BPF).  */
struct plain { char c; int i; short s; long l; char tail; };
struct bits { unsigned a : 3, b : 5, c : 24; unsigned d : 1; long long e : 40; char f : 7; };
struct bits_span { char a; int b : 31; int c : 2; short d : 9; short e : 9; };
struct zero_width { char a; int : 0; char b; long long : 0; char c; };
struct unnamed { char a; int : 4; int b : 4; long : 7; long c : 60; };
struct __attribute__((packed)) packed { char a; int b; long c; short d : 3; int e : 30; };
struct packed_members { char a; int b __attribute__((packed)); long c; };
struct __attribute__((packed)) packed_zero { char a; int : 0; char b; };
struct __attribute__((aligned(32))) aligned_rec { char a; };
struct aligned_member { char a; int b __attribute__((aligned(16))); char c; };
struct __attribute__((packed, aligned(4))) packed_aligned { char a; long b; };
struct __attribute__((aligned)) biggest { char a; };
#pragma pack(push, 2)
struct pack2 { char a; long b; int c : 3; long long d : 40; };
#pragma pack(1)
struct pack1 { char a; long b; short c; };
#pragma pack(pop)
struct after_pop { char a; long b; };
#pragma pack(4)
struct pack4 { char a; double b; long long c; };
#pragma pack()
struct flex { int n; char data[]; };
struct zero_len { int n; long data[0]; };
struct anon { int a; union { char b; long c; }; struct { short d; short e; }; };
union u { char c; int i : 12; long l; struct { char x[3]; } s; };
union __attribute__((transparent_union)) tu { int *ip; long *lp; };
typedef int qi __attribute__((mode(QI)));
typedef unsigned int uhi __attribute__((mode(HI)));
typedef int di __attribute__((mode(DI)));
struct modes { qi a; uhi b; di c; };
typedef int aligned_int __attribute__((aligned(8)));
struct with_aligned_typedef { char a; aligned_int b; };
enum small { S1, S2 };
enum neg { N1 = -1, N2 = 1 };
enum __attribute__((packed)) packed_enum { P1, P2 = 200 };
enum __attribute__((packed)) packed_neg { PN = -100 };
enum __attribute__((packed)) packed_16 { P16 = 1000 };
enum big { B1 = 1ULL << 40 };
enum bigneg { BN = -(1LL << 40) };
enum u32max { U1 = 0xffffffffu };
struct enums { enum small a; enum packed_enum b; enum big c; enum packed_16 d : 9; enum small e : 2; };
struct wide { __int128 a; char b; unsigned __int128 c; long double d; char e; };
struct nested_arrays { int a[2][3]; char b[4][1][2]; };
struct bool_bits { _Bool a : 1; _Bool b; _Bool c : 1; };
struct ptrs { void *a; char *b[3]; int (*fn)(int, char); struct ptrs *self; };
