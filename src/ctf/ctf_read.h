/* Reading CTF: a dictionary (as btfcc and GCC write it in .ctf) or a CTF
   archive (as ld writes a linked .ctf), checked and dumped as text for
   `btftool dump`.  */
#ifndef BTFCC_CTF_READ_H
#define BTFCC_CTF_READ_H

#include "../util/binary.h"
#include "../util/util.h"

/* Whether DATA starts like CTF: a dictionary's preamble or an archive's
   magic, in either byte order.  */
bool ctf_has_magic(const void *data, size_t size);

/* Dump the CTF dictionary or archive DATA into OUT: the header, the
   types (one line each, members and arguments below), the data objects,
   functions and variables.  Everything is checked before it is read: on
   damaged input, false with ERR naming what is wrong and where (OUT may
   hold a partial dump).  */
bool ctf_dump(const uint8_t *data, size_t size, Buf *out, ReadError *err);

#endif
