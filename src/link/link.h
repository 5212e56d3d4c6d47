/* Linking BPF objects into one relocatable BPF object, as libbpf's
   static linker (`bpftool gen object OUT A.o B.o`) does (link.c).  */
#ifndef BTFCC_LINK_H
#define BTFCC_LINK_H

#include "../util/binary.h"
#include "../util/util.h"

typedef ReadError LinkError;

/* One object to link: NAME (for messages) and its SIZE bytes at DATA,
   which must stay alive until bpf_link returns.  */
typedef struct LinkInput {
  const char *name;
  const void *data;
  size_t size;
} LinkInput;

/* Link the N INPUTS, in that order, into OUT (the bytes of an ELF64
   relocatable BPF object).  Returns false and fills err ("NAME: what is
   wrong") when an input is not a BPF object, is damaged, or does not
   link with the others.  */
bool bpf_link(const LinkInput *inputs, size_t n, Buf *out, LinkError *err);

#endif
