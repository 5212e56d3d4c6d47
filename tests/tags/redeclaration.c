/* Decl tags merge across redeclarations of a global (GCC PR122248).  */
#define __d(x) __attribute__((btf_decl_tag(x)))
extern int shared __d("first");
extern int shared __d("second");
int shared __d("third") = 1;
/* decl-tag: 'first' -> VAR 'shared' idx=-1 */ /* decl-tag: 'second' -> VAR 'shared' idx=-1 */
/* decl-tag: 'third' -> VAR 'shared' idx=-1 */
int fn(int a) __d("proto");
int fn(int a) __d("def") { return a; }
/* decl-tag: 'proto' -> FUNC 'fn' idx=-1 */ /* decl-tag: 'def' -> FUNC 'fn' idx=-1 */
extern int twice __d("x");
extern int twice __d("x");
int twice;
/* decl-tag: 'x' -> VAR 'twice' idx=-1 */
