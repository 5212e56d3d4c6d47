/* The attributes btfcc knows, once, for the preprocessor
   (__has_attribute, __has_c_attribute) and the parser (what an attribute
   takes and where it applies): GCC's attributes that real code uses, each
   with an id, its name, its argument counts and its target.  The ones
   with an effect on types or debug information have handlers in
   parse/attr.c, chosen by id; the rest are accepted and have no effect on
   what btfcc emits.  This folder sits below both cpp/ and parse/ and
   depends on util only.  */
#ifndef BTFCC_LANG_ATTRS_H
#define BTFCC_LANG_ATTRS_H

#include "../util/util.h"
#include "lang.h"

typedef enum {
  AT_DECL,      /* needs a declaration */
  AT_TYPE,      /* needs a type */
  AT_EITHER,    /* applies to what it is given */
  AT_FUNC_TYPE, /* needs a function type */
  AT_STMT,      /* statement attributes (fallthrough, assume) */
} AttrTarget;

/* X(id, name, min_args, max_args (-1: any), target, takes_ident: the
   first argument may be a bare identifier)  */
#define ATTR_LIST(X) \
  X(ATTR_ACCESS, "access", 1, 3, AT_FUNC_TYPE, true) \
  X(ATTR_ALIAS, "alias", 1, 1, AT_DECL, false) \
  X(ATTR_ALIGNED, "aligned", 0, 1, AT_EITHER, false) \
  X(ATTR_ALLOC_ALIGN, "alloc_align", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_ALLOC_SIZE, "alloc_size", 1, 2, AT_FUNC_TYPE, false) \
  X(ATTR_ALWAYS_INLINE, "always_inline", 0, 0, AT_DECL, false) \
  X(ATTR_ARTIFICIAL, "artificial", 0, 0, AT_DECL, false) \
  X(ATTR_ASSUME, "assume", 1, 1, AT_STMT, false) \
  X(ATTR_ASSUME_ALIGNED, "assume_aligned", 1, 2, AT_FUNC_TYPE, false) \
  X(ATTR_BTF_DECL_TAG, "btf_decl_tag", 1, 1, AT_DECL, false) \
  X(ATTR_BTF_TYPE_TAG, "btf_type_tag", 1, 1, AT_TYPE, false) \
  X(ATTR_CDECL, "cdecl", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_CLEANUP, "cleanup", 1, 1, AT_DECL, true) \
  X(ATTR_COLD, "cold", 0, 0, AT_DECL, false) \
  X(ATTR_COMMON, "common", 0, 0, AT_DECL, false) \
  X(ATTR_CONST, "const", 0, 0, AT_DECL, false) \
  X(ATTR_CONSTRUCTOR, "constructor", 0, 1, AT_DECL, false) \
  X(ATTR_COPY, "copy", 1, 1, AT_EITHER, false) \
  X(ATTR_COUNTED_BY, "counted_by", 1, 1, AT_DECL, true) \
  X(ATTR_DEPRECATED, "deprecated", 0, 1, AT_EITHER, false) \
  X(ATTR_DESIGNATED_INIT, "designated_init", 0, 0, AT_TYPE, false) \
  X(ATTR_DESTRUCTOR, "destructor", 0, 1, AT_DECL, false) \
  X(ATTR_ERROR, "error", 1, 1, AT_DECL, false) \
  X(ATTR_EXPECTED_THROW, "expected_throw", 0, 0, AT_DECL, false) \
  X(ATTR_EXTERNALLY_VISIBLE, "externally_visible", 0, 0, AT_DECL, false) \
  X(ATTR_FALLTHROUGH, "fallthrough", 0, 0, AT_STMT, false) \
  X(ATTR_FD_ARG, "fd_arg", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_FD_ARG_READ, "fd_arg_read", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_FD_ARG_WRITE, "fd_arg_write", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_FLAG_ENUM, "flag_enum", 0, 0, AT_TYPE, false) \
  X(ATTR_FLATTEN, "flatten", 0, 0, AT_DECL, false) \
  X(ATTR_FORMAT, "format", 3, 3, AT_FUNC_TYPE, true) \
  X(ATTR_FORMAT_ARG, "format_arg", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_GNU_INLINE, "gnu_inline", 0, 0, AT_DECL, false) \
  X(ATTR_HARDBOOL, "hardbool", 0, 2, AT_TYPE, false) \
  X(ATTR_HOT, "hot", 0, 0, AT_DECL, false) \
  X(ATTR_IFUNC, "ifunc", 1, 1, AT_DECL, false) \
  X(ATTR_LEAF, "leaf", 0, 0, AT_DECL, false) \
  X(ATTR_MALLOC, "malloc", 0, 2, AT_DECL, true) \
  X(ATTR_MAY_ALIAS, "may_alias", 0, 0, AT_TYPE, false) \
  X(ATTR_MAYBE_UNUSED, "maybe_unused", 0, 0, AT_EITHER, false) \
  X(ATTR_MODE, "mode", 1, 1, AT_EITHER, true) \
  X(ATTR_MS_ABI, "ms_abi", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_MS_STRUCT, "ms_struct", 0, 0, AT_EITHER, false) \
  X(ATTR_GCC_STRUCT, "gcc_struct", 0, 0, AT_EITHER, false) \
  X(ATTR_MUSTTAIL, "musttail", 0, 0, AT_STMT, false) \
  X(ATTR_NAKED, "naked", 0, 0, AT_DECL, false) \
  X(ATTR_NO_ICF, "no_icf", 0, 0, AT_DECL, false) \
  X(ATTR_NO_INSTRUMENT_FUNCTION, "no_instrument_function", 0, 0, AT_DECL, false) \
  X(ATTR_NO_PROFILE_INSTRUMENT_FUNCTION, "no_profile_instrument_function", 0, 0, AT_DECL, false) \
  X(ATTR_NO_REORDER, "no_reorder", 0, 0, AT_DECL, false) \
  X(ATTR_NO_SANITIZE, "no_sanitize", 1, -1, AT_DECL, false) \
  X(ATTR_NO_SANITIZE_ADDRESS, "no_sanitize_address", 0, 0, AT_DECL, false) \
  X(ATTR_NO_SANITIZE_THREAD, "no_sanitize_thread", 0, 0, AT_DECL, false) \
  X(ATTR_NO_SANITIZE_UNDEFINED, "no_sanitize_undefined", 0, 0, AT_DECL, false) \
  X(ATTR_NO_SPLIT_STACK, "no_split_stack", 0, 0, AT_DECL, false) \
  X(ATTR_NO_STACK_LIMIT, "no_stack_limit", 0, 0, AT_DECL, false) \
  X(ATTR_NO_STACK_PROTECTOR, "no_stack_protector", 0, 0, AT_DECL, false) \
  X(ATTR_NOCLONE, "noclone", 0, 0, AT_DECL, false) \
  X(ATTR_NOCOMMON, "nocommon", 0, 0, AT_DECL, false) \
  X(ATTR_NODISCARD, "nodiscard", 0, 1, AT_EITHER, false) \
  X(ATTR_NOINIT, "noinit", 0, 0, AT_DECL, false) \
  X(ATTR_NOINLINE, "noinline", 0, 0, AT_DECL, false) \
  X(ATTR_NOIPA, "noipa", 0, 0, AT_DECL, false) \
  X(ATTR_NONNULL, "nonnull", 0, -1, AT_FUNC_TYPE, false) \
  X(ATTR_NONSTRING, "nonstring", 0, 0, AT_DECL, false) \
  X(ATTR_NOPLT, "noplt", 0, 0, AT_DECL, false) \
  X(ATTR_NORETURN, "noreturn", 0, 0, AT_EITHER, false) \
  X(ATTR_NOTHROW, "nothrow", 0, 0, AT_DECL, false) \
  X(ATTR_NULL_TERMINATED_STRING_ARG, "null_terminated_string_arg", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_OBJC_NULLABILITY, "objc_nullability", 1, 1, AT_EITHER, false) \
  X(ATTR_OPTIMIZE, "optimize", 1, -1, AT_DECL, false) \
  X(ATTR_PACKED, "packed", 0, 0, AT_EITHER, false) \
  X(ATTR_PATCHABLE_FUNCTION_ENTRY, "patchable_function_entry", 1, 2, AT_DECL, false) \
  X(ATTR_PERSISTENT, "persistent", 0, 0, AT_DECL, false) \
  X(ATTR_PRESERVE_ACCESS_INDEX, "preserve_access_index", 0, 0, AT_TYPE, false) \
  X(ATTR_PURE, "pure", 0, 0, AT_DECL, false) \
  X(ATTR_REPRODUCIBLE, "reproducible", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_RETAIN, "retain", 0, 0, AT_DECL, false) \
  X(ATTR_RETURNS_NONNULL, "returns_nonnull", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_RETURNS_TWICE, "returns_twice", 0, 0, AT_DECL, false) \
  X(ATTR_SCALAR_STORAGE_ORDER, "scalar_storage_order", 1, 1, AT_TYPE, false) \
  X(ATTR_SECTION, "section", 1, 1, AT_DECL, false) \
  X(ATTR_SENTINEL, "sentinel", 0, 1, AT_FUNC_TYPE, false) \
  X(ATTR_SIMD, "simd", 0, 1, AT_DECL, false) \
  X(ATTR_STACK_PROTECT, "stack_protect", 0, 0, AT_DECL, false) \
  X(ATTR_STDCALL, "stdcall", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_STRICT_FLEX_ARRAY, "strict_flex_array", 1, 1, AT_DECL, false) \
  X(ATTR_SYMVER, "symver", 1, 1, AT_DECL, false) \
  X(ATTR_SYSV_ABI, "sysv_abi", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_TARGET, "target", 1, -1, AT_DECL, false) \
  X(ATTR_TARGET_CLONES, "target_clones", 1, -1, AT_DECL, false) \
  X(ATTR_TLS_MODEL, "tls_model", 1, 1, AT_DECL, false) \
  X(ATTR_TRANSPARENT_UNION, "transparent_union", 0, 0, AT_TYPE, false) \
  X(ATTR_UNAVAILABLE, "unavailable", 0, 1, AT_EITHER, false) \
  X(ATTR_UNINITIALIZED, "uninitialized", 0, 0, AT_DECL, false) \
  X(ATTR_UNSEQUENCED, "unsequenced", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_UNUSED, "unused", 0, 0, AT_EITHER, false) \
  X(ATTR_USED, "used", 0, 0, AT_DECL, false) \
  X(ATTR_VECTOR_SIZE, "vector_size", 1, 1, AT_TYPE, false) \
  X(ATTR_VISIBILITY, "visibility", 1, 1, AT_DECL, false) \
  X(ATTR_WARN_IF_NOT_ALIGNED, "warn_if_not_aligned", 1, 1, AT_EITHER, false) \
  X(ATTR_WARN_UNUSED_RESULT, "warn_unused_result", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_WARNING, "warning", 1, 1, AT_DECL, false) \
  X(ATTR_WEAK, "weak", 0, 0, AT_DECL, false) \
  X(ATTR_WEAKREF, "weakref", 0, 1, AT_DECL, false) \
  X(ATTR_ZERO_CALL_USED_REGS, "zero_call_used_regs", 1, 1, AT_DECL, false) \
  /* target attributes: x86 and BPF */ \
  X(ATTR_REGPARM, "regparm", 1, 1, AT_FUNC_TYPE, false) \
  X(ATTR_FASTCALL, "fastcall", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_THISCALL, "thiscall", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_FORCE_ALIGN_ARG_POINTER, "force_align_arg_pointer", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_INDIRECT_BRANCH, "indirect_branch", 1, 1, AT_DECL, false) \
  X(ATTR_FUNCTION_RETURN, "function_return", 1, 1, AT_DECL, false) \
  X(ATTR_INDIRECT_RETURN, "indirect_return", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_NOCF_CHECK, "nocf_check", 0, 0, AT_FUNC_TYPE, false) \
  X(ATTR_CF_CHECK, "cf_check", 0, 0, AT_DECL, false) \
  X(ATTR_INTERRUPT, "interrupt", 0, 0, AT_DECL, false) \
  X(ATTR_NO_CALLER_SAVED_REGISTERS, "no_caller_saved_registers", 0, 0, AT_DECL, false) \
  X(ATTR_NODIRECT_EXTERN_ACCESS, "nodirect_extern_access", 0, 0, AT_EITHER, false) \
  X(ATTR_KERNEL_HELPER, "kernel_helper", 1, 1, AT_DECL, false) \
  /* end */

typedef enum {
  ATTR_NONE = -1, /* not an attribute btfcc knows */
#define ATTR_ENUMERATOR(id, name, min, max, target, ident) id,
  ATTR_LIST(ATTR_ENUMERATOR)
#undef ATTR_ENUMERATOR
  ATTR__COUNT
} AttrId;

typedef struct AttrSpec {
  AttrId id;
  const char *name;
  int8_t min_args, max_args; /* max -1: any */
  uint8_t target;            /* AttrTarget */
  bool takes_ident;          /* first argument may be a bare identifier */
} AttrSpec;

/* The spec of the attribute NAME (canonical: no surrounding __), or
   NULL.  */
const AttrSpec *attr_spec_named(const char *name);

/* The id of an attribute from its spec (Attr.spec in sema/type.h, set
   when the attribute is parsed; NULL: unknown).  Code that asks "is this
   attribute X" compares this, not names.  */
static inline AttrId attr_spec_id(const void *spec) {
  return spec ? ((const AttrSpec *)spec)->id : ATTR_NONE;
}

/* NAME without the surrounding __ of __name__, interned.  */
Ident *attr_canonical_name(Ident *name);

#endif
