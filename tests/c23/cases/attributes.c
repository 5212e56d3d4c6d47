/* Standard and gnu:: attributes in [[...]] syntax.  */
[[deprecated]] int old_var;
[[deprecated("use new")]] int old_var2;
[[maybe_unused]] static int unused_static;
[[nodiscard]] int must_use(void);
[[nodiscard("why")]] int must_use2(void);
[[noreturn]] void stop(void);
[[_Noreturn]] void stop2(void);
[[gnu::aligned(16)]] int ga;
[[gnu::packed]] struct P { char c; int i; };
struct [[gnu::packed]] Q { char c; int i; } q;
int [[gnu::vector_size(16)]] vec;
[[gnu::unused]] int gu;
[[__gnu__::__aligned__(8)]] int gu2;
int sw(int x) {
  [[maybe_unused]] int local = 1;
  switch (x) {
  case 1:
    x++;
    [[fallthrough]];
  case 2:
    return x;
  }
  return 0;
}
int f(int [[maybe_unused]] a, [[maybe_unused]] int b) { return b; }
