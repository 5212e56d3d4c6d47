/* options: -std=c23 */
/* C23 attributes do not slide: each applies to the type on its left, and
   tags on `volatile int` cannot be carried in BTF.  */
#define __t(x) [[gnu::btf_type_tag(x)]]
volatile int __t("1") * __t("2") * __t("3") __t("2") const z;
/* chain: VAR z -> CONST -> PTR -> TYPE_TAG '2' -> TYPE_TAG '3' -> PTR -> TYPE_TAG '2' -> VOLATILE -> INT 'int' */
/* count: TYPE_TAG 3 */
