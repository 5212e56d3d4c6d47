/* constexpr objects (C23): const-qualified, internal linkage at file
   scope, and their values constant expressions (array lengths, bit-field
   widths, case labels, static initializers, static_assert).  */
constexpr int n = 4;
constexpr unsigned long big = 1ul << 40;
constexpr double half = 0.5;
constexpr char c = 'x';
int arr[n * 2];
struct B { unsigned f : n; unsigned long g; } b = { .g = big };
static_assert(big > n);
double d = half;
static char cc = c;
int pick(int x) {
  constexpr int k = 3;
  int local[k];
  local[0] = x;
  switch (x) { case k: return local[0]; case n: return cc; }
  return (int)d + arr[0] + (int)b.g;
}
