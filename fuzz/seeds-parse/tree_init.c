/* Initializers: flat stores at offsets, designators, bit-fields, nested
   braces and elision, strings, a later store replacing an earlier one,
   address constants.  */
struct bf { int a : 3; int b : 5; char c; };
struct pt { int x, y; };
struct pt pts[3] = { [1] = { .y = 2 }, 7, 8, [1].x = 9 };
struct bf flags = { 1, -2, 'z' };
char name[8] = "abc";
char str[] = "hello";
int *ptr = &pts[2].y;
double dd = 1;
short arr[2][2] = { 1, 2, 3 };
int fn(int v) {
  struct pt p = { v, v + 1 };
  struct pt q = p;
  int a[3] = { [2] = v };
  return a[2] + q.x + (struct pt){ .y = v }.y;
}
