/* Conditional directives among a function-like macro's arguments (GCC
   runs them; libbpf's BPF_UPROBE users write parameter lists this way):
   the #if expression expands macros even though the arguments do not
   expand yet.  */
#define COUNT 6
#define LIST(name, ...) name(__VA_ARGS__)
#define TWO 2
LIST(f, int a1
#if COUNT > 3
     , int a4
#endif
#if COUNT > 7
     , int a8
#elif COUNT > TWO
     , int a3
#endif
#ifdef COUNT
     , int defined_count
#endif
)
