/* MD5 (RFC 1321), for DWARF type signatures: GCC names a type unit by
   the low 64 bits of an MD5 digest over the type's description.  */
#ifndef BTFCC_MD5_H
#define BTFCC_MD5_H

#include <stddef.h>
#include <stdint.h>

typedef struct Md5 {
  uint32_t state[4];
  uint64_t length;      /* bytes hashed so far */
  uint8_t block[64];    /* pending input, length % 64 bytes of it */
} Md5;

void md5_init(Md5 *m);
void md5_update(Md5 *m, const void *data, size_t len);
void md5_final(Md5 *m, uint8_t digest[16]);

#endif
