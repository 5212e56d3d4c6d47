#define __d(x) __attribute__((btf_decl_tag(x)))
/* Tags on a function and its parameters name the FUNC record.  */
int __d("f1") __d("f2") tagged(int a __d("p3") __d("p1"), int b __d("p2"))
{ /* decl-tag: 'f1' -> FUNC 'tagged' idx=-1 */ /* decl-tag: 'f2' -> FUNC 'tagged' idx=-1 */
  /* decl-tag: 'p1' -> FUNC 'tagged' idx=0 */ /* decl-tag: 'p3' -> FUNC 'tagged' idx=0 */
  /* decl-tag: 'p2' -> FUNC 'tagged' idx=1 */
  return a * b;
}
int caller(int v) { return tagged(v, v + 1); }
