#define __d(x) __attribute__((btf_decl_tag(x)))
struct rec {
  int plain;
  int tagged __d("m3") __d("m2");  /* decl-tag: 'm2' -> STRUCT 'rec' idx=1 */ /* decl-tag: 'm3' -> STRUCT 'rec' idx=1 */
  char *ptr __d("m1");             /* decl-tag: 'm1' -> STRUCT 'rec' idx=2 */
};
struct rec instance __d("m1") __d("m2");  /* decl-tag: 'm1' -> VAR 'instance' idx=-1 */ /* decl-tag: 'm2' -> VAR 'instance' idx=-1 */
