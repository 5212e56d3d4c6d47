/* auto type inference (C23), beside a storage class and qualified.  */
auto gx = 5L;
static auto sx = 1.5f;
int f(int x) {
  auto y = x * 2;
  auto p = &y;
  auto d = 1.5;
  auto int z = 1;
  const auto c = 'a';
  return *p + (int)d + z + c;
}
