/* _BitInt(N) (C23) on x86_64: GCC's debug info (a base type named
   "_BitInt(N)" with N as its bit size: DW_AT_bit_size, BTF's and CTF's
   encoding bits, which BTF cuts to 8 bits), the psABI's layout, and the
   usual arithmetic conversions (no promotion; a standard type above a
   bit-precise one of its width).  */
_BitInt(7) b7;
unsigned _BitInt(7) ub7;
_BitInt(64) b64;
unsigned _BitInt(128) ub128;
_BitInt(200) b200;
_BitInt(300) b300;
unsigned _BitInt(256) ub256;
_BitInt(65535) bmax;
unsigned _BitInt(1) ub1;
struct W { _BitInt(3) x : 2; unsigned _BitInt(9) y; _BitInt(65) z; } w;
typedef unsigned _BitInt(33) u33;
u33 *p33;

#define LAYOUT(T, S, A) static_assert(sizeof(T) == S && _Alignof(T) == A, #T)
LAYOUT(unsigned _BitInt(1), 1, 1);
LAYOUT(_BitInt(9), 2, 2);
LAYOUT(_BitInt(17), 4, 4);
LAYOUT(_BitInt(33), 8, 8);
LAYOUT(_BitInt(65), 16, 8);
LAYOUT(_BitInt(129), 24, 8);
LAYOUT(_BitInt(65535), 8192, 8);

#define IS(E, T) static_assert(_Generic(E, T: 1, default: 0), #E " is " #T)
IS(b7 + 1, int);
IS(b7 + b7, _BitInt(7));
IS(+b7, _BitInt(7));
IS(b7 << 1, _BitInt(7));
IS(b7 + (_BitInt(9))1, _BitInt(9));
IS(ub7 + b7, unsigned _BitInt(7));
IS(b200 + 1L, _BitInt(200));
IS((_BitInt(64))1 + 1L, long);
IS((_BitInt(32))1 + 1, int);
IS((_BitInt(33))1 + 1u, _BitInt(33));
IS((_BitInt(32))1 + 1u, unsigned int);

/* Constant arithmetic wraps at N bits.  */
static_assert((_BitInt(7))100 == -28);
static_assert((unsigned _BitInt(7))200 == 72);
static_assert((unsigned _BitInt(7))127 + (unsigned _BitInt(7))1 == 0);
static_assert((_BitInt(9))-1 < 0 && (unsigned _BitInt(9))-1 == 511);
