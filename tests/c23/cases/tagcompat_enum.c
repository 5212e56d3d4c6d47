/* Tag compatibility (C23) of enums: the same enumerators again.  */
enum E { EA, EB };
enum E { EA, EB };
enum E e;
