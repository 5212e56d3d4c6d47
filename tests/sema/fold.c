/* Constants btfcc must see as GCC 16 does: __builtin_has_attribute on
   declarations (through * and &, as libbpf's bpf_ksym_exists asks), and
   strcmp/strlen of string literals.  */
extern int weak_fn(void) __attribute__((weak));
extern int strong_fn(void);
extern const int weak_var __attribute__((weak));
extern int later_weak;
extern int later_weak __attribute__((weak));
_Static_assert(__builtin_has_attribute(*weak_fn, __weak__), "weak fn");
_Static_assert(__builtin_has_attribute(weak_fn, weak), "weak fn, plain");
_Static_assert(!__builtin_has_attribute(*strong_fn, __weak__), "strong fn");
_Static_assert(__builtin_has_attribute(*&weak_var, __weak__), "weak var");
_Static_assert(__builtin_has_attribute(later_weak, weak), "weak on a redeclaration");
_Static_assert(!__builtin_has_attribute(weak_var, noinline), "another attribute");
_Static_assert(__builtin_strcmp("==", "==") == 0, "strcmp equal");
_Static_assert(__builtin_strcmp("<", "==") < 0, "strcmp less");
_Static_assert(__builtin_strcmp("s<", "<") > 0, "strcmp greater");
_Static_assert(__builtin_strlen("abc") == 3, "strlen");
