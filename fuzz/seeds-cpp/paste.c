/* ## operator, placemarkers, rescanning of the result.  */
#define cat(a,b) a##b
#define xcat(a,b) cat(a,b)
cat(L, 'x') cat(u8, "s") cat(1, e) cat(1e, +) cat(.,5) cat(-, >) cat(<<, =)
cat(%:, %:) cat(<, :) cat(x, 1) cat(x, y z) cat(a b, c) cat(,) cat(a,) cat(,b)
#define ab DONE
cat(a, b) xcat(a, b) cat(a b, c)
#define t(x,y,z) x ## y ## z
t(1,2,3) t(,4,5) t(6,,7) t(8,9,) t(10,,) t(,11,) t(,,12) t(,,)
#define OBJ_PASTE x ## y
OBJ_PASTE
#define xy PASTED
OBJ_PASTE
#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
#define ISNUL(x) x ## x
ISNUL(+) ISNUL(-) ISNUL(&) ISNUL(|) ISNUL(#) ISNUL(<) ISNUL(>) ISNUL(=)
