/* A code buffer: the BPF instructions of one section, as the code
   generator and the assembler append them, with the labels they define
   and the references to labels and symbols that are not known yet.

   Appending is free of ordering constraints: a jump may name a label
   defined later.  bpf_code_resolve then settles every reference, the way
   GNU as and llvm-mc settle the same assembler text:

     jump (conditional, goto, may_goto)   off16 = target - (pc + 1); the
     gotol                                label must be in this buffer
                                          (imm32 for gotol)
     call NAME                            NAME a label here that is not
                                          global: imm = target - (pc + 1),
                                          src = 1, no relocation; else an
                                          R_BPF_64_32 relocation to NAME
                                          (src = 1, imm = -1: also for
                                          kfuncs, which libbpf rewrites)
     .byte/.short/.long/.quad EXPR        the value of EXPR in those bytes
       with labels                        of the instruction, a label
                                          standing for its byte offset
     rD = NAME ll                         always an R_BPF_64_64 relocation;
                                          to the section itself (sym NULL,
                                          addend = the label's byte offset)
                                          when NAME is a label here that is
                                          not global

   A relocation's addend is stored in place, as REL relocations want it
   (and as clang and GNU as store it): for R_BPF_64_64 in the first
   slot's imm (bytes), for R_BPF_64_32 as imm = addend / 8 - 1.  The ELF
   writer turns a relocation to a local symbol of another section into
   one to that section's symbol and rewrites the in-place value with
   bpf_reloc_store_addend.

   Names are copied into the buffer, so callers may pass temporary
   strings.  Positions (`pos`) are the producer's own (the assembler
   passes byte offsets in its text); the buffer hands them back in
   errors only.  */
#ifndef BTFCC_BPF_CODE_H
#define BTFCC_BPF_CODE_H

#include "../util/util.h"
#include "insn.h"

typedef enum BpfRefKind {
  BPF_REF_JUMP,    /* off16 of a jump to a label */
  BPF_REF_GOTOL,   /* imm32 of gotol to a label */
  BPF_REF_CALL,    /* imm32 of call to a label or symbol */
  BPF_REF_LDIMM64, /* the 64-bit immediate of rD = NAME ll */
  BPF_REF_DATA,    /* bytes of an instruction written with data directives
                      whose value is arithmetic on labels */
} BpfRefKind;

struct BpfCode;
/* The value of EXPR (BPF_REF_DATA's text) now that the labels of C are
   placed: a label stands for its byte offset.  False, with MSG, when it
   cannot be computed.  */
typedef bool (*BpfDataEval)(const struct BpfCode *c, const char *expr, int64_t *value,
                            char *msg, size_t msg_size);

typedef struct BpfRef {
  uint32_t insn;    /* index of the instruction (an LD_IMM64's first slot) */
  uint8_t kind;     /* BpfRefKind */
  const char *name; /* label or symbol; DATA: the expression */
  int64_t addend;   /* bytes past NAME (CALL, LDIMM64) */
  uint32_t pos;
  /* DATA: SIZE bytes at BYTE of the instruction, in the byte order given,
     computed by EVAL.  */
  uint8_t byte, size;
  bool big_endian;
  BpfDataEval eval;
} BpfRef;

typedef struct BpfLabel {
  const char *name;
  uint32_t insn; /* the instruction it stands before (may be the end) */
  uint32_t pos;
} BpfLabel;

/* ELF relocation numbers of BPF (LLVM's, the kernel's, binutils >= 2.41;
   readelf of binutils 2.40 calls 1 R_BPF_INSN_64 and 10
   R_BPF_INSN_DISP32).  */
enum {
  BPF_RELOC_NONE = 0,
  BPF_RELOC_64_64 = 1,     /* LD_IMM64: symbol address */
  BPF_RELOC_64_ABS64 = 2,  /* data, 8 bytes */
  BPF_RELOC_64_ABS32 = 3,  /* data, 4 bytes */
  BPF_RELOC_64_NODYLD32 = 4,
  BPF_RELOC_64_32 = 10,    /* call: BPF-to-BPF or kfunc */
};

typedef struct BpfReloc {
  uint32_t insn;   /* index; the ELF offset is insn * 8 */
  uint32_t type;   /* BPF_RELOC_64_64 or BPF_RELOC_64_32 */
  const char *sym; /* NULL: this code's own section */
  int64_t addend;  /* bytes from sym (already stored in the instruction) */
} BpfReloc;

typedef struct BpfCode {
  VEC(BpfInsn) insns;
  VEC(BpfLabel) labels;
  VEC(BpfRef) refs;
  VEC(BpfReloc) relocs;     /* filled by bpf_code_resolve */
  VEC(const char *) globals; /* names calls and loads must not bind locally */
  Arena arena;               /* copies of names */
  uint32_t *label_slots;     /* hash of labels: index + 1, 0 = empty */
  size_t label_cap;
} BpfCode;

/* What went wrong in bpf_code_resolve: at POS (the reference's),
   MESSAGE.  */
typedef struct BpfCodeError {
  uint32_t pos;
  char message[160];
} BpfCodeError;

void bpf_code_init(BpfCode *c);
void bpf_code_free(BpfCode *c);

static inline uint32_t bpf_code_len(const BpfCode *c) {
  return (uint32_t)c->insns.len;
}
/* Append INSN; returns its index.  */
uint32_t bpf_code_emit(BpfCode *c, BpfInsn insn);
/* Append the two slots of dst = VALUE ll (PSEUDO: BPF_LDIMM_*).  */
uint32_t bpf_code_emit_ld_imm64(BpfCode *c, unsigned dst, unsigned pseudo,
                                uint64_t value);

/* Define NAME before the next instruction.  False if NAME is already
   defined here (nothing changes then).  */
bool bpf_code_label(BpfCode *c, const char *name, uint32_t pos);
/* The same before instruction INSN (<= the length), for code read back
   from an object whose symbols come after its instructions.  */
bool bpf_code_label_at(BpfCode *c, const char *name, uint32_t insn,
                       uint32_t pos);
/* The label NAME, or NULL.  */
const BpfLabel *bpf_code_find_label(const BpfCode *c, const char *name);
/* Mark NAME global (.globl): calls and loads of it stay relocations to
   the symbol even when it is a label here.  */
void bpf_code_global(BpfCode *c, const char *name);

/* Append a jump INSN (conditional, goto, may_goto or gotol: its off or
   imm is filled in) to LABEL.  */
uint32_t bpf_code_jump(BpfCode *c, BpfInsn insn, const char *label,
                       uint32_t pos);
/* Append `call NAME` (+ ADDEND bytes, a multiple of 8).  */
uint32_t bpf_code_call(BpfCode *c, const char *name, int64_t addend,
                       uint32_t pos);
/* Append `rDST = NAME + ADDEND ll`.  */
uint32_t bpf_code_ld_sym(BpfCode *c, unsigned dst, const char *name,
                         int64_t addend, uint32_t pos);

/* The SIZE bytes at BYTE of instruction INSN (already appended) are the
   value of EXPR, which EVAL computes once the labels are placed.  */
void bpf_code_data_ref(BpfCode *c, uint32_t insn, unsigned byte, unsigned size,
                       bool big_endian, const char *expr, BpfDataEval eval,
                       uint32_t pos);

/* Settle every reference (see the head of this file) and fill relocs.
   False at the first reference that cannot be settled (a jump to a label
   not defined here, an offset out of range, a call addend not a multiple
   of 8), with ERR filled.  Call once, after the last append.  */
bool bpf_code_resolve(BpfCode *c, BpfCodeError *err);

/* Store ADDEND (bytes from the symbol) in INSN the way a relocation of
   TYPE expects it in place.  */
void bpf_reloc_store_addend(BpfInsn *insn, uint32_t type, int64_t addend);

/* The bytes of the code in the target's byte order (appended to OUT).  */
void bpf_code_bytes(const BpfCode *c, bool big_endian, Buf *out);

#endif
