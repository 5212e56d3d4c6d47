/* Binary literals and digit separators (C23).  */
int bin = 0b1010'1010;
long million = 1'000'000;
unsigned long long hex = 0xFFFF'FFFF'FFFF'FFFFull;
int oct = 0'17;
double dbl = 1'000.000'5;
int sizes[0b11];
#if 1'000 != 1000 || 0b1'0 != 2
#error digit separators in #if
#endif
char arr[10'0];
