/* constexpr objects (C23) in constant expressions.  */
constexpr int ce = 5;
constexpr unsigned long cul = 1ul << 40;
int arr[ce];
static_assert(ce == 5);
struct S { int bits : ce; } s;
enum { E = ce * 2 };
int e = E;
