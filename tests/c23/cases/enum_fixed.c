/* Enumerations with a fixed underlying type (C23): their size and
   signedness are the type's, in BTF and DWARF.  */
enum small : unsigned char { S0, S1 = 200 };
enum big : long long { BNEG = -1, BMAX = 0x7fffffffffffffff };
enum u16 : unsigned short { U = 65535 };
enum chr : char { CA = 'a' };
enum boolish : bool { NO, YES };
typedef enum : int { TA, TB } anon_t;
enum small s; enum big bg; enum u16 u; enum chr c; enum boolish bo; anon_t an;
struct holder { enum small f : 4; enum big g; } h;
