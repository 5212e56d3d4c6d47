/* Objects with an initialized flexible array member: GCC counts the
   elements in the object's size (symbol and BTF VAR), a string too.  */
struct s { long n; char c; char a[]; };
struct s x = { 1, 2, { 3 } };
struct t { int n; char s[]; };
struct t y = { 1, "abcdef" };
struct s z = { 1, 2 };
struct s w = { 1, 2, {} };
