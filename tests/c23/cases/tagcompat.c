/* Tag compatibility (C23): a struct or union redefined with the same
   content in the same scope is no error.  */
struct S { int a; char b; };
struct S { int a; char b; };
union U { int x; float y; };
union U { int x; float y; };
struct B { unsigned f : 3; int *p; };
struct B { unsigned f : 3; int *p; };
struct S s; union U u; struct B bb;
