/* Empty initializers {} (C23).  */
struct S { int a; char b[4]; double d; } s = {};
int i = {};
int arr[4] = {};
union U { int x; float y; } u = {};
void g(void) {
  struct S ls = {};
  int li = {};
  (void)ls; (void)li;
}
