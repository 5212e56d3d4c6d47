/* options: -Wbtf-tag-placement -std=gnu23 */
/* -Wbtf-tag-placement fires exactly where GCC's and clang's BTF differ.  */
#define __t(x) __attribute__((btf_type_tag(x)))
int __t("same") *agree;               /* GCC and clang: PTR -> tag -> int */
int __t("none") plain;                /* neither has a BTF tag */
int *__t("after") after;              /* warning: after '*' tags the pointer for GCC but is ignored by clang */
int __t("two") **two_levels;          /* warning: tags 'int **' for GCC but 'int' for clang */
int __t("arr") *array[2];             /* warning: tags 'int *[2]' for GCC but 'int' for clang */
struct st {
  char __t("m") *member;              /* no warning */
  char __t("mm") **deep;              /* warning: tags 'char **' for GCC but 'char' for clang */
};
void f(int __t("p") *ok, int __t("q") **deeper);  /* warning: tags 'int **' for GCC but 'int' for clang */
int * [[gnu::btf_type_tag("c23")]] c23;          /* warning: clang ignores [[gnu::btf_type_tag]] */
