/* C23 enum redefinitions GCC 16 refuses: other enumerators, other
   values, another order, a fixed type added or changed; and an
   enumerator of another enum.  */
enum A { AA, AB };
enum A { AA, AC };
enum B { BA = 1 };
enum B { BA = 2 };
enum C { CA, CB };
enum C { CB, CA };
enum D { DA };
enum D : int { DA };
enum E : long { EA };
enum E : int { EA };
enum F { FA };
enum G { FA };
