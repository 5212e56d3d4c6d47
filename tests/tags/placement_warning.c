/* options: -Wbtf-tag-placement -std=gnu23 */
/* -Wbtf-tag-placement fires exactly where GCC's and clang's BTF differ.  */
#define __t(x) __attribute__((btf_type_tag(x)))
int __t("same") *agree;               /* both: PTR -> tag -> int */
int __t("none") plain;                /* neither has a BTF tag */
int *__t("after") after;              /* warning: GCC *tag(after) int, clang *int */
int __t("two") **two_levels;          /* warning: GCC *tag(two) *int, clang **tag(two) int */
int __t("arr") *array[2];             /* both: the array's tag goes to its pointer elements */
/* chain: VAR array -> ARRAY -> PTR -> TYPE_TAG 'arr' -> INT 'int' */
void g(int __t("ap") *ap[2]) {}       /* warning: GCC *tag(ap) *int, clang **tag(ap) int */
/* chain: FUNC g param 0 -> PTR -> TYPE_TAG 'ap' -> PTR -> INT 'int' */
int __t("u") *__t("u") *both_ways;    /* both: PTR -> tag -> PTR -> tag -> int */
const char __t("user") *const __t("user") *argv;  /* both (the kernel's own style) */
struct st {
  char __t("m") *member;              /* no warning */
  char __t("mm") **deep;              /* warning: GCC *tag(mm) *char, clang **tag(mm) char */
};
void f(int __t("p") *ok, int __t("q") **deeper);  /* warning: GCC *tag(q) *int, clang **tag(q) int */
int * [[gnu::btf_type_tag("c23")]] c23;          /* warning: GCC *tag(c23) int, clang *int */
