/* C23 tag compatibility: redefinitions that differ stay errors.  */
struct S { int a; char b; };
struct S { int a; char b; };
struct S s;
union U { int x; float y; };
union U { int x; float y; };
union U u;
struct T { int a; };
struct T { long a; };
struct V { int a : 3; };
struct V { int a : 4; };
struct W { int a; };
struct W { int b; };
