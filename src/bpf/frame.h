/* The frame layout of a BPF function: IR slots below r10, sharing bytes
   when their lives do not overlap (see frame.c).  */
#ifndef BTFCC_BPF_FRAME_H
#define BTFCC_BPF_FRAME_H

#include "regalloc.h"

/* Set every slot's offset (negative, from r10) and *SIZE to the frame's
   bytes; false (with GCC's error) when it exceeds the kernel's 512.  */
bool bpf_frame_layout(IrFunc *f, const RegAlloc *ra, int64_t *size);

#endif
