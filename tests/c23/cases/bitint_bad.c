/* _BitInt(N) with an N GCC refuses: each declaration an error at the
   _BitInt keyword, in gcc-16's words.  */
_BitInt(1) s1;
signed _BitInt(1) ss1;
_BitInt(65536) wide;
_BitInt(0) zero;
unsigned _BitInt(0) uzero;
_BitInt(-3) negative;
unsigned _BitInt(65535) umax;
