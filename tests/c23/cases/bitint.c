/* _BitInt(N) (C23) on x86_64.  */
_BitInt(7) b7;
unsigned _BitInt(7) ub7;
_BitInt(64) b64;
unsigned _BitInt(128) ub128;
_BitInt(200) b200;
struct W { _BitInt(3) x : 2; unsigned _BitInt(9) y; } w;
