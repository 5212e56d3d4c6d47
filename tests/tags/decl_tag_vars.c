#define __d(x) __attribute__((btf_decl_tag(x)))
int alpha __d("one") __d("two");  /* decl-tag: 'one' -> VAR 'alpha' idx=-1 */ /* decl-tag: 'two' -> VAR 'alpha' idx=-1 */
int beta __d("one");              /* decl-tag: 'one' -> VAR 'beta' idx=-1 */
/* count: DECL_TAG 3 */
