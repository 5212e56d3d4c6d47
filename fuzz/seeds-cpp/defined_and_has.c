/* defined and __has_* in #if, also when they come from macros.  */
#define X
#define D defined(X)
#define ND !defined X
#if D
defined_from_macro_ok
#endif
#if ND
wrong
#else
not_defined_ok
#endif
#if defined X && defined(X) && !defined Y
plain_defined_ok
#endif
#if __has_include(<stdio.h>) && !__has_include("no/such/header.h")
has_include_ok
#endif
#define HDR <stddef.h>
#if __has_include(HDR)
has_include_macro_ok
#endif
#ifdef __has_include
has_include_is_defined
#endif
#if defined(__has_include_next) && defined __FILE__ && defined _Pragma
builtins_defined
#endif
#define HI __has_include
#if HI(<stddef.h>)
has_include_via_macro_ok
#endif
#ifdef __has_attribute
has_attribute_defined
#endif
#ifdef __has_builtin
has_builtin_defined
#endif
