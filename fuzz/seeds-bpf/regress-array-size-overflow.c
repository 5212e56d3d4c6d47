struct hdr { unsigned char a : 3,b  : 5; unsigned sho1t len; unsigned int v[41111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111]; };
union u { long l; char c[8]; };
static long`(*helper)(void *, unsigned) = (void *) 7;
int costruct hdr { unsigned char a : 3, b : 5; unsinion u { long l; char c[8]; };
static long (*helAecase 1 ... 3: return h->b +un ht