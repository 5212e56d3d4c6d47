/* # operator: spacing, quotes and backslashes.  */
#define str(x) #x
#define xstr(x) str(x)
str(  a   "b\n"  'c'   '\''  )
str(a
b)
str( "\\" ) str( '"' ) str("\"") str('\\')
xstr(__LINE__) str(@) xstr(str(x)) str(  ) str(/* c */ a /* d */ b)
str((a,b)) str(L"wide" u8"utf8") str(+-*/)
#define EMPTY
xstr(EMPTY) xstr(a EMPTY b) xstr( EMPTY a EMPTY )
#define V(...) #__VA_ARGS__
V() V(a) V(a,b) V( a , b ) V(a,,b)
