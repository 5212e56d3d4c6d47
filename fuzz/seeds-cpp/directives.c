/* #line, line markers, __LINE__/__FILE__, _Pragma, push/pop_macro.  */
__LINE__ __FILE__ __INCLUDE_LEVEL__ __COUNTER__ __COUNTER__
#line 100
__LINE__ __FILE__
#line 200 "renamed.c"
__LINE__ __FILE__ __FILE_NAME__
# 300 "marker.h"
__LINE__ __FILE__
#define L __LINE__
#define f(x) x
f(
L
__LINE__
)
#define X 1
#pragma push_macro("X")
#undef X
#define X 2
X
#pragma pop_macro("X")
X
#define P _Pragma("message(\"hi\")") after
P P
_Pragma("GCC diagnostic push") x _Pragma("pack(1)") y
%:define DIGRAPH <: :> <% %> a %:%: b %:
DIGRAPH
#
# /* null directive */
#ident "ident string"
