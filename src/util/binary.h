/* What every reader and writer of binary formats (ELF, DWARF, BTF, the
   section builder) shares, so that each says it once:

   - byte order: unsigned numbers of 1 to 8 bytes loaded from or stored
     to memory in a given byte order, and the swap of a 32-bit word read
     in the other order (the loops have a constant count once inlined,
     and compilers turn them into plain loads, stores and byte swaps);
   - the one-line error of a reader: what is wrong and where, filled by
     the reader that finds it, printed by its caller after the file's
     name (BtfError, DwarfError and ElfError are this type).  */
#ifndef BTFCC_BINARY_H
#define BTFCC_BINARY_H

#include "util.h"

/* N bytes (1 to 8) at P as an unsigned number, big- or little-endian.  */
static inline uint64_t load_uint(const uint8_t *p, unsigned n, bool big_endian) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint64_t)p[big_endian ? n - 1 - i : i] << (8 * i);
  return v;
}

/* The low N bytes (1 to 8) of V at P, big- or little-endian.  */
static inline void store_uint(uint8_t *p, unsigned n, bool big_endian, uint64_t v) {
  for (unsigned i = 0; i < n; i++)
    p[big_endian ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

static inline uint16_t load_u16(const uint8_t *p, bool big_endian) {
  return (uint16_t)load_uint(p, 2, big_endian);
}
static inline uint32_t load_u32(const uint8_t *p, bool big_endian) {
  return (uint32_t)load_uint(p, 4, big_endian);
}
static inline uint64_t load_u64(const uint8_t *p, bool big_endian) {
  return load_uint(p, 8, big_endian);
}

/* A 32-bit word with its bytes reversed (a word read in the other byte
   order than the one it was written in).  */
static inline uint32_t bswap32(uint32_t v) {
  return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

typedef struct ReadError {
  char msg[512];
} ReadError;

/* Set ERR's message (when ERR is not NULL); returns false, for
   `return read_error(err, ...)` in a reader's checks.  */
bool read_error(ReadError *err, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* The same, placed: "LABEL+0xOFFSET: message".  */
bool read_error_at(ReadError *err, const char *label, uint64_t offset,
                   const char *fmt, ...) PRINTF_LIKE(4, 5);

#endif
