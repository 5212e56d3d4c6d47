#define __t(x) __attribute__((btf_type_tag(x)))
int *__t("1") single;                   /* chain: VAR single -> PTR -> TYPE_TAG '1' -> INT 'int' */
struct pair { char a; int b; };
/* The tag written last sits next to the pointer.  */
struct pair *__t("1") __t("2") double_tagged;  /* chain: VAR double_tagged -> PTR -> TYPE_TAG '2' -> TYPE_TAG '1' -> STRUCT 'pair' */
int __t("1") *prefix;   /* the same type as single's: one PTR, one tag */ /* chain: VAR prefix -> PTR -> TYPE_TAG '1' -> INT 'int' */
int __t("x") not_a_pointer;             /* chain: VAR not_a_pointer -> INT 'int' */
/* count: TYPE_TAG 3 */
