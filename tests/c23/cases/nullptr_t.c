/* The type of nullptr: GCC 16 describes it as an unspecified type
   "typeof (nullptr)", which BTF cannot represent (a reference to void,
   with CTF's "unknown" name left in the strings).  Objects of the type
   read as nullptr and convert to any pointer.  */
typeof(nullptr) nt;
typedef typeof(nullptr) nullptr_t;
struct holder { nullptr_t np; int x; } holder;
nullptr_t *pnt;
int size_of = sizeof(nullptr_t), align_of = _Alignof(nullptr_t);
void *p = nullptr;
int *from_object(void) { int *q = nt; return holder.np ? q : nullptr; }
int compare(char *c) { return c == nt && nt == nullptr; }
