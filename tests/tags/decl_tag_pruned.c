/* options: -gprune-btf */
#define __d(x) __attribute__((btf_decl_tag(x)))
/* With pruning, struct unused is only reached through a pointer in a
   member, so it becomes a FWD and its member's tag goes with it.  */
struct unused { int v __d("gone"); int w; };  /* no-decl-tag: 'gone' */
struct used {
  int a;
  struct unused *link __d("t1");   /* decl-tag: 't1' -> STRUCT 'used' idx=1 */
  int c __d("t2");                 /* decl-tag: 't2' -> STRUCT 'used' idx=2 */
};
struct used global __d("t1");      /* decl-tag: 't1' -> VAR 'global' idx=-1 */
int __d("t1") reader(struct used *u __d("t2"))  /* decl-tag: 't1' -> FUNC 'reader' idx=-1 */ /* decl-tag: 't2' -> FUNC 'reader' idx=0 */
{
  return u->a + u->c;
}
/* chain: STRUCT used member link -> PTR -> FWD 'unused' */
