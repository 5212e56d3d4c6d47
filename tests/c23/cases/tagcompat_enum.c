/* Tag compatibility (C23) of enums: the same enumerators again, in the
   same order with the same values, is no error; the tag then names the
   newest definition (x has the first type, y and z the second).  */
enum E { EA, EB };
enum E { EA, EB };
enum E e;
enum F { FA = 1, FB } x;
enum F { FA = 1, FB = 2 } y;
enum F z;
enum G : unsigned char { GA = 200 };
enum G : unsigned char { GA = 200 } g;
enum H : unsigned { HA };
enum H { HA } h;
int w = FB;
