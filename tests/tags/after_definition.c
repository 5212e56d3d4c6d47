/* A type tag on a complete struct or union, through a later use or a
   typedef of it, is ignored with a warning (GCC's attribute variants).  */
#define __t(x) __attribute__((btf_type_tag(x)))
struct done { int a; char c; };
struct done __t("t1") x;                     /* warning: ignoring attributes applied to 'struct done' after definition */
typedef const struct done cdone;
cdone __t("t2") y;                           /* warning: ignoring attributes applied to 'struct done' after definition */
union both { int s; unsigned u; };
typedef union both __t("t3") tagged_both;    /* warning: ignoring attributes applied to 'union both' after definition */
const tagged_both z;
struct later __t("t4") *fine;                /* an incomplete struct may be tagged */
/* chain: VAR fine -> PTR -> TYPE_TAG 't4' -> FWD 'later' */
/* count: TYPE_TAG 1 */
