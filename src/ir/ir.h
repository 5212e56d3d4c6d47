/* The IR between the typed tree and BPF instructions.

   A function is a list of basic blocks; each block a list of
   instructions on virtual registers (numbered from 1) and ends in one
   terminator (jump, conditional branch, return).  Registers are not in
   SSA form: a scalar local that never has its address taken owns one
   register for its whole life, and assignments to it are moves.

   Values are 64 bits wide in a canonical form: a value of a C integer
   type narrower than 64 bits is held sign-extended (signed types) or
   zero-extended (unsigned types, _Bool, pointers) to 64 bits.  So every
   comparison can be a 64-bit one, widening conversions cost nothing, and
   the kernel's verifier sees exact 64-bit bounds.  The lowering keeps the
   form: a 32-bit ALU operation (`w32`) zero-extends its result, so a
   signed 32-bit result is sign-extended after it (IR_EXT).

   Memory is named by an address: a base register plus an offset, a
   frame slot plus an offset (the slot is placed below r10 once the
   frame is laid out), or a symbol, which the code generator loads with
   LD_IMM64 first.  Each instruction carries the source location of the
   C it comes from (for .BTF.ext line records).

   Instructions live in the function's arena; the IR is built by
   lower.c, dumped by -fdump-ir (ir_dump) and consumed by bpf/gen.c.  */
#ifndef BTFCC_IR_H
#define BTFCC_IR_H

#include "../util/diag.h"
#include "../util/util.h"

typedef uint32_t IrReg; /* 0: no register */

typedef enum IrValKind { IV_NONE, IV_REG, IV_IMM } IrValKind;

/* An operand: a register or a 64-bit immediate.  */
typedef struct IrVal {
  uint8_t kind; /* IrValKind */
  IrReg reg;
  int64_t imm;
} IrVal;

typedef enum IrAddrKind { IA_REG, IA_SLOT } IrAddrKind;

/* A CO-RE relocation (libbpf's bpf_core_relo): the value an instruction
   holds (an offset, a size, a type id ...) is the one of this kernel,
   which libbpf puts there at load time; the instruction holds the local
   value.  TYPE is the root type (sema's Type, opaque here), ACCESS the
   access string ("0:1:2"), KIND libbpf's bpf_core_relo_kind.  */
typedef struct IrCore {
  const void *type;
  const char *access;
  uint32_t kind;
} IrCore;

enum { CORE_FIELD_BYTE_OFFSET = 0, CORE_FIELD_BYTE_SIZE = 1, CORE_FIELD_EXISTS = 2,
       CORE_FIELD_SIGNED = 3, CORE_FIELD_LSHIFT_U64 = 4, CORE_FIELD_RSHIFT_U64 = 5,
       CORE_TYPE_ID_LOCAL = 6, CORE_TYPE_ID_TARGET = 7, CORE_TYPE_EXISTS = 8,
       CORE_TYPE_SIZE = 9, CORE_ENUMVAL_EXISTS = 10, CORE_ENUMVAL_VALUE = 11,
       CORE_TYPE_MATCHES = 12 };

/* A memory address: base register or frame slot, plus a byte offset
   (relocated by CORE when not NULL: then the access's instruction holds
   the offset itself).  */
typedef struct IrAddr {
  uint8_t kind; /* IrAddrKind */
  IrReg base;   /* IA_REG */
  uint32_t slot;/* IA_SLOT: index into IrFunc.slots */
  int64_t off;
  IrCore *core;
} IrAddr;

typedef enum IrOp {
  IR_MOV,    /* dst = a */
  IR_ALU,    /* dst = a alu b (alu: BPF_ALU_* of insn.h; sign for the
                signed DIV/MOD of v4) */
  IR_NEG,    /* dst = -a */
  IR_EXT,    /* dst = a extended from `size` bytes (1, 2, 4): sign or
                zero */
  IR_BSWAP,  /* dst = a with its low `size` bytes swapped (zero above);
                sign: to little endian instead of big (bpf_le*) */
  IR_LOAD,   /* dst = *(size)addr, sign-extended when sign */
  IR_STORE,  /* *(size)addr = a */
  IR_ADDR,   /* dst = addr (a frame slot's address) */
  IR_SYM,    /* dst = &sym + a.imm (LD_IMM64 with a relocation) */
  IR_CALL,   /* dst = call (see IrCall) */
  IR_ATOMIC, /* atomic operation `atomic` on *(size)addr with a; dst the
                fetched value (fetch forms) or 0; cmpxchg: b expected */
  IR_ASM,    /* inline assembly (IrAsm) */
  IR_LDPKT,  /* legacy packet load (bpf_load_byte...): dst = skb[a + imm]
                of size bytes; ctx in b */
  /* terminators */
  IR_JMP,    /* goto then_ */
  IR_BR,     /* if (a cond b) goto then_ else goto else_ */
  IR_RET,    /* return a (or nothing) */
  IR_UNREACHABLE,
} IrOp;

typedef enum IrCallKind {
  CALL_HELPER, /* call imm */
  CALL_FUNC,   /* call sym: BPF-to-BPF or kfunc (an extern) */
  CALL_REG,    /* callx reg */
} IrCallKind;

typedef struct IrCall {
  uint8_t kind;     /* IrCallKind */
  int64_t helper;   /* CALL_HELPER */
  const char *sym;  /* CALL_FUNC */
  bool is_kfunc;
  IrReg target;     /* CALL_REG */
  IrVal args[5];
  /* the low bytes of each argument the callee reads (0: all 8): a
     kfunc's narrow integer parameter, which native code reads at its
     own width */
  uint8_t arg_bytes[5];
  int nargs;
} IrCall;

typedef struct IrAsmOperand {
  const char *name;
  const char *constraint;
  IrVal val;       /* inputs: the value; outputs: dst register */
  const char *sym; /* "i" operand that is a symbol's address (+ val.imm) */
  bool is_output;
  bool in_out;     /* "+r" */
  /* "m": the operand is memory, written (rN + off) in the template; the
     base is val's register, or the frame pointer for a frame slot.  */
  bool mem, mem_in_slot;
  uint32_t mem_slot;
  int64_t mem_off;
} IrAsmOperand;

typedef struct IrAsm {
  const char *templ;
  bool basic;
  IrAsmOperand *ops;
  int nops;
  int noutputs;
  const char **labels; /* asm goto: IR labels of the targets */
  uint32_t *label_blocks;
  int nlabels;
  uint16_t clobbers;   /* mask of the registers its clobber list names */
} IrAsm;

typedef struct IrInsn {
  uint8_t op;      /* IrOp */
  uint8_t alu;     /* IR_ALU: BPF_ALU_*; IR_BR: BPF_JMP_* */
  uint8_t size;    /* bytes: loads, stores, EXT, BSWAP, ATOMIC */
  bool w32;        /* IR_ALU, IR_BR: 32-bit operation */
  bool sign;       /* signed load / EXT / DIV / MOD */
  bool is_volatile;
  int32_t atomic;  /* IR_ATOMIC: the BPF atomic imm */
  IrReg dst;
  IrVal a, b;
  IrAddr addr;
  const char *sym; /* IR_SYM */
  IrCall *call;
  IrAsm *asm_;
  IrCore *core;    /* IR_MOV of a constant: the constant is relocated */
  uint32_t then_, else_; /* block indices */
  SrcLoc loc;
} IrInsn;

typedef struct IrBlock {
  VEC(IrInsn) insns;
  const char *label;    /* user label name (for asm goto), or NULL */
  bool asm_target;      /* reached from inline asm: never merged away */
  bool reachable;
  /* part of an early return (the then-side of an `if` without else that
     ends in `return`): placed after the other blocks, so that the test
     falls through to the code that goes on (see bpf/gen.c)  */
  bool early_return;
  /* when the lowering began it (0: the entry); blocks merged into one
     span from the first's to the last's  */
  uint32_t order, order_last;
} IrBlock;

typedef struct IrSlot {
  int64_t size;
  uint32_t align;
  int64_t offset;       /* from r10 (negative), set by the frame layout */
  const char *name;     /* the local's name, for dumps */
  /* The C scope of the slot's object, as the blocks' `order`: a block
     whose span lies outside [scope_from, scope_to] is entered with the
     slot's old value dead (a loop's head, before the body's locals begin
     again; the code after their block).  ir_new_slot: always in scope.  */
  uint32_t scope_from, scope_to;
  /* A volatile scalar's: at its own alignment, not the 8 bytes the frame
     gives other slots (bpf/frame.c), so that the verifier does not track
     what the program made volatile to hide.  */
  bool natural_align;
} IrSlot;

typedef struct IrFunc {
  const char *name;
  const char *section;  /* ELF section of its code */
  bool global;
  bool naked;           /* __attribute__((naked)): only its assembly */
  /* the low bytes of its return value the caller reads (0: all 8): a
     struct_ops program's narrow integer, which the kernel's native
     caller reads at its own width */
  uint8_t ret_bytes;
  IrReg nregs;          /* registers 1 .. nregs-1 are in use */
  IrReg params[5];      /* registers holding the incoming arguments */
  int nparams;
  VEC(IrBlock) blocks;  /* block 0 is the entry */
  VEC(IrSlot) slots;
  SrcLoc loc, end_loc;
} IrFunc;

IrReg ir_new_reg(IrFunc *f);
uint32_t ir_new_block(IrFunc *f);
uint32_t ir_new_slot(IrFunc *f, int64_t size, uint32_t align, const char *name);
IrInsn *ir_append(IrFunc *f, uint32_t block, IrOp op, SrcLoc loc);
bool ir_block_terminated(const IrFunc *f, uint32_t block);
/* How many edges enter each block (jumps, both sides of branches, asm
   goto labels): an array of f->blocks.len counts the caller frees.  */
uint32_t *ir_predecessor_counts(const IrFunc *f);
static inline IrVal ir_reg(IrReg r) { return (IrVal){IV_REG, r, 0}; }
static inline IrVal ir_imm(int64_t v) { return (IrVal){IV_IMM, 0, v}; }
static inline IrAddr ir_addr_reg(IrReg r, int64_t off) {
  return (IrAddr){IA_REG, r, 0, off, NULL};
}
static inline IrAddr ir_addr_slot(uint32_t slot, int64_t off) {
  return (IrAddr){IA_SLOT, 0, slot, off, NULL};
}
void ir_func_free(IrFunc *f);

/* Clean-ups the code generator relies on: blocks not reachable from the
   entry are emptied, jumps to jumps are threaded, and instructions that
   only compute a result nothing reads are removed.  */
void ir_simplify(IrFunc *f);

/* Extensions and sign-extending loads whose upper bytes no reader
   observes become copies and plain loads (demand.c).  */
void ir_narrow_demanded(IrFunc *f);

/* Runs of constant stores to one stack slot become the fewest aligned
   stores of the bytes they leave (stores.c).  */
void ir_merge_slot_stores(IrFunc *f);

/* Loads from a stack slot that no call or unseen access can reach read
   the value the store before them wrote, in a register; stores such a
   slot keeps for no load are removed (forward.c).  Whether any was.  */
bool ir_forward_slot_stores(IrFunc *f);

/* Blocks that only set a register to a constant and jump on are
   hoisted into the branch before them where its other side does not
   read the register (hoist.c); whether any was.  */
bool ir_hoist_copies(IrFunc *f);

/* Call F for every register IN reads (def false), then every register
   it writes (def true).  */
typedef void (*IrRegVisit)(void *ctx, IrReg r, bool def);
void ir_insn_regs(const IrInsn *in, IrRegVisit f, void *ctx);

/* Call F with the place of every register IN reads (not inline
   assembly's operands), so that F may rewrite it.  */
typedef void (*IrUseRewrite)(void *ctx, IrReg *r);
void ir_insn_uses(IrInsn *in, IrUseRewrite f, void *ctx);

/* A copy's source and destination that never need two registers become
   one, and the copy goes (coalesce.c).  */
void ir_coalesce_copies(IrFunc *f);

/* Give each web of a register (the definitions that reach common uses,
   with those uses) a register of its own (webs.c).  */
void ir_split_webs(IrFunc *f);

/* Which registers are live at each block's start and end.  Only the
   registers some block reads before writing them can be live there at
   all: they alone are tracked, numbered in register order, and the sets
   (`words` uint64_t per block) hold their numbers.  Inline assembly
   that may jump (asm goto) has its targets as successors too.  */
typedef struct IrLiveness {
  size_t words;       /* per set */
  uint64_t *in, *out; /* [block * words]: bit i, register tracked[i] */
  IrReg *tracked;     /* the tracked registers, ascending */
  uint32_t *bit;      /* per register: its bit, or UINT32_MAX (never live) */
  size_t nbits;       /* registers of `bit` */
} IrLiveness;
/* Whether R is in block B's set SETS (lv.in or lv.out).  */
static inline bool ir_live_has(const IrLiveness *lv, const uint64_t *sets, uint32_t b, IrReg r) {
  if (r >= lv->nbits || lv->bit[r] == UINT32_MAX)
    return false;
  uint32_t i = lv->bit[r];
  return sets[b * lv->words + i / 64] >> (i % 64) & 1;
}
void ir_liveness(const IrFunc *f, IrLiveness *lv);
void ir_liveness_free(IrLiveness *lv);
static inline void ir_set_add(uint64_t *s, IrReg r) { s[r / 64] |= 1ull << (r % 64); }
static inline bool ir_set_has(const uint64_t *s, IrReg r) {
  return s[r / 64] >> (r % 64) & 1;
}

/* The IR as text (-fdump-ir).  */
void ir_dump(const IrFunc *f, Buf *out);

#endif
