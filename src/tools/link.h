/* Linking BPF objects into one relocatable BPF object, as libbpf's
   static linker (`bpftool gen object OUT A.o B.o`) does (link.c).  */
#ifndef BTFCC_LINK_H
#define BTFCC_LINK_H

#include "../util/binary.h"
#include "../util/util.h"

typedef ReadError LinkError;

/* Link the NPATHS objects at PATHS, in that order, into OUT (the bytes
   of an ELF64 relocatable BPF object).  Returns false and fills err
   ("FILE: what is wrong") when an input is unreadable, not a BPF
   object, damaged, or does not link with the others.  */
bool bpf_link(const char *const *paths, size_t npaths, Buf *out,
              LinkError *err);

#endif
