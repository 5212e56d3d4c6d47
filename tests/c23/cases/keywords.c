/* bool, true, false, nullptr, static_assert, alignas, alignof,
   thread_local: keywords in C23, GCC 16's default.  */
bool b = true;
bool f = false;
void *np = nullptr;
static_assert(sizeof(bool) == 1);
static_assert(alignof(long) == 8, "long");
alignas(16) int aligned16;
struct A { alignas(32) char c; int i; } sa;
thread_local int tls;
int alo = alignof(struct A);
