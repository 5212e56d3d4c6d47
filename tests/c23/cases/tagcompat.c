/* Tag compatibility (C23): a struct redefined with the same content in
   the same scope is the same type.  */
struct S { int a; char b; };
struct S { int a; char b; };
union U { int x; float y; };
union U { int x; float y; };
enum E { EA, EB };
enum E { EA, EB };
struct S s; union U u; enum E e;
