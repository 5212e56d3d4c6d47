/* GCC's builtin functions, by id: the list the preprocessor answers
   __has_builtin from, the parser types calls to builtins from and the
   typed tree names them by (Node.u.call.builtin).  This folder sits below
   both cpp/ and parse/ and depends on util only.

   BUILTIN_LIST(X) calls X(id, "name", result) for each builtin called
   with ordinary call syntax; result codes are explained in
   parse/builtins.c.  BUILTIN_KEYWORD_LIST(X) names the builtins with
   their own syntax (keywords in the parser); they get ids too, so that
   the tree can name them when it keeps them as calls.  */
#ifndef BTFCC_BUILTINS_H
#define BTFCC_BUILTINS_H

#include "../util/util.h"
#include "lang.h"

#define BUILTIN_LIST(X) \
  X(BI_EXPECT, "__builtin_expect", 'l') \
  X(BI_EXPECT_WITH_PROBABILITY, "__builtin_expect_with_probability", 'l') \
  X(BI_CONSTANT_P, "__builtin_constant_p", 'i') \
  X(BI_UNREACHABLE, "__builtin_unreachable", 'v') \
  X(BI_TRAP, "__builtin_trap", 'v') \
  X(BI_ABORT, "__builtin_abort", 'v') \
  X(BI_EXIT, "__builtin_exit", 'v') \
  X(BI_ASSUME, "__builtin_assume", 'v') \
  X(BI_ASSUME_ALIGNED, "__builtin_assume_aligned", 'p') \
  X(BI_OBJECT_SIZE, "__builtin_object_size", 'z') \
  X(BI_DYNAMIC_OBJECT_SIZE, "__builtin_dynamic_object_size", 'z') \
  X(BI_FRAME_ADDRESS, "__builtin_frame_address", 'p') \
  X(BI_RETURN_ADDRESS, "__builtin_return_address", 'p') \
  X(BI_EXTRACT_RETURN_ADDR, "__builtin_extract_return_addr", 'p') \
  X(BI_PREFETCH, "__builtin_prefetch", 'v') \
  X(BI_CLASSIFY_TYPE, "__builtin_classify_type", 'i') \
  X(BI_VA_START, "__builtin_va_start", 'v') \
  X(BI_VA_END, "__builtin_va_end", 'v') \
  X(BI_VA_COPY, "__builtin_va_copy", 'v') \
  X(BI_VA_ARG_PACK, "__builtin_va_arg_pack", 'i') \
  X(BI_VA_ARG_PACK_LEN, "__builtin_va_arg_pack_len", 'i') \
  X(BI_ALLOCA, "__builtin_alloca", 'p') \
  X(BI_ALLOCA_WITH_ALIGN, "__builtin_alloca_with_align", 'p') \
  X(BI_BSWAP16, "__builtin_bswap16", 'h') \
  X(BI_BSWAP32, "__builtin_bswap32", 'w') \
  X(BI_BSWAP64, "__builtin_bswap64", 'W') \
  X(BI_BSWAP128, "__builtin_bswap128", 'T') \
  X(BI_CLZ, "__builtin_clz", 'i') \
  X(BI_CLZL, "__builtin_clzl", 'i') \
  X(BI_CLZLL, "__builtin_clzll", 'i') \
  X(BI_CTZ, "__builtin_ctz", 'i') \
  X(BI_CTZL, "__builtin_ctzl", 'i') \
  X(BI_CTZLL, "__builtin_ctzll", 'i') \
  X(BI_CLRSB, "__builtin_clrsb", 'i') \
  X(BI_CLRSBL, "__builtin_clrsbl", 'i') \
  X(BI_CLRSBLL, "__builtin_clrsbll", 'i') \
  X(BI_FFS, "__builtin_ffs", 'i') \
  X(BI_FFSL, "__builtin_ffsl", 'i') \
  X(BI_FFSLL, "__builtin_ffsll", 'i') \
  X(BI_POPCOUNT, "__builtin_popcount", 'i') \
  X(BI_POPCOUNTL, "__builtin_popcountl", 'i') \
  X(BI_POPCOUNTLL, "__builtin_popcountll", 'i') \
  X(BI_PARITY, "__builtin_parity", 'i') \
  X(BI_PARITYL, "__builtin_parityl", 'i') \
  X(BI_PARITYLL, "__builtin_parityll", 'i') \
  X(BI_STDC_BIT_WIDTH, "__builtin_stdc_bit_width", 'u') \
  X(BI_STDC_LEADING_ZEROS, "__builtin_stdc_leading_zeros", 'u') \
  X(BI_STDC_TRAILING_ZEROS, "__builtin_stdc_trailing_zeros", 'u') \
  X(BI_STDC_COUNT_ONES, "__builtin_stdc_count_ones", 'u') \
  X(BI_ADD_OVERFLOW, "__builtin_add_overflow", 'b') \
  X(BI_SUB_OVERFLOW, "__builtin_sub_overflow", 'b') \
  X(BI_MUL_OVERFLOW, "__builtin_mul_overflow", 'b') \
  X(BI_ADD_OVERFLOW_P, "__builtin_add_overflow_p", 'b') \
  X(BI_SUB_OVERFLOW_P, "__builtin_sub_overflow_p", 'b') \
  X(BI_MUL_OVERFLOW_P, "__builtin_mul_overflow_p", 'b') \
  X(BI_SADD_OVERFLOW, "__builtin_sadd_overflow", 'b') \
  X(BI_SADDL_OVERFLOW, "__builtin_saddl_overflow", 'b') \
  X(BI_SADDLL_OVERFLOW, "__builtin_saddll_overflow", 'b') \
  X(BI_UADD_OVERFLOW, "__builtin_uadd_overflow", 'b') \
  X(BI_UADDL_OVERFLOW, "__builtin_uaddl_overflow", 'b') \
  X(BI_UADDLL_OVERFLOW, "__builtin_uaddll_overflow", 'b') \
  X(BI_SSUB_OVERFLOW, "__builtin_ssub_overflow", 'b') \
  X(BI_USUB_OVERFLOW, "__builtin_usub_overflow", 'b') \
  X(BI_SMUL_OVERFLOW, "__builtin_smul_overflow", 'b') \
  X(BI_UMUL_OVERFLOW, "__builtin_umul_overflow", 'b') \
  X(BI_SMULL_OVERFLOW, "__builtin_smull_overflow", 'b') \
  X(BI_UMULL_OVERFLOW, "__builtin_umull_overflow", 'b') \
  X(BI_SMULLL_OVERFLOW, "__builtin_smulll_overflow", 'b') \
  X(BI_UMULLL_OVERFLOW, "__builtin_umulll_overflow", 'b') \
  X(BI_HUGE_VAL, "__builtin_huge_val", 'd') \
  X(BI_HUGE_VALF, "__builtin_huge_valf", 'f') \
  X(BI_HUGE_VALL, "__builtin_huge_vall", 'D') \
  X(BI_INF, "__builtin_inf", 'd') \
  X(BI_INFF, "__builtin_inff", 'f') \
  X(BI_INFL, "__builtin_infl", 'D') \
  X(BI_NAN, "__builtin_nan", 'd') \
  X(BI_NANF, "__builtin_nanf", 'f') \
  X(BI_NANL, "__builtin_nanl", 'D') \
  X(BI_NANS, "__builtin_nans", 'd') \
  X(BI_NANSF, "__builtin_nansf", 'f') \
  X(BI_NANSL, "__builtin_nansl", 'D') \
  X(BI_ISNAN, "__builtin_isnan", 'i') \
  X(BI_ISINF, "__builtin_isinf", 'i') \
  X(BI_ISINF_SIGN, "__builtin_isinf_sign", 'i') \
  X(BI_ISFINITE, "__builtin_isfinite", 'i') \
  X(BI_ISNORMAL, "__builtin_isnormal", 'i') \
  X(BI_SIGNBIT, "__builtin_signbit", 'i') \
  X(BI_SIGNBITF, "__builtin_signbitf", 'i') \
  X(BI_SIGNBITL, "__builtin_signbitl", 'i') \
  X(BI_FPCLASSIFY, "__builtin_fpclassify", 'i') \
  X(BI_ISGREATER, "__builtin_isgreater", 'i') \
  X(BI_ISGREATEREQUAL, "__builtin_isgreaterequal", 'i') \
  X(BI_ISLESS, "__builtin_isless", 'i') \
  X(BI_ISLESSEQUAL, "__builtin_islessequal", 'i') \
  X(BI_ISLESSGREATER, "__builtin_islessgreater", 'i') \
  X(BI_ISUNORDERED, "__builtin_isunordered", 'i') \
  X(BI_ISEQSIG, "__builtin_iseqsig", 'i') \
  X(BI_ISSIGNALING, "__builtin_issignaling", 'i') \
  X(BI_FABS, "__builtin_fabs", 'd') \
  X(BI_FABSF, "__builtin_fabsf", 'f') \
  X(BI_FABSL, "__builtin_fabsl", 'D') \
  X(BI_COPYSIGN, "__builtin_copysign", 'd') \
  X(BI_COPYSIGNF, "__builtin_copysignf", 'f') \
  X(BI_COPYSIGNL, "__builtin_copysignl", 'D') \
  X(BI_SQRT, "__builtin_sqrt", 'd') \
  X(BI_SQRTF, "__builtin_sqrtf", 'f') \
  X(BI_SQRTL, "__builtin_sqrtl", 'D') \
  X(BI_MEMCPY, "__builtin_memcpy", 'p') \
  X(BI_MEMMOVE, "__builtin_memmove", 'p') \
  X(BI_MEMSET, "__builtin_memset", 'p') \
  X(BI_MEMCMP, "__builtin_memcmp", 'i') \
  X(BI_MEMCHR, "__builtin_memchr", 'p') \
  X(BI_MEMPCPY, "__builtin_mempcpy", 'p') \
  X(BI_STRLEN, "__builtin_strlen", 'z') \
  X(BI_STRCMP, "__builtin_strcmp", 'i') \
  X(BI_STRNCMP, "__builtin_strncmp", 'i') \
  X(BI_STRCPY, "__builtin_strcpy", 'p') \
  X(BI_STRNCPY, "__builtin_strncpy", 'p') \
  X(BI_STRCAT, "__builtin_strcat", 'p') \
  X(BI_STRCHR, "__builtin_strchr", 'p') \
  X(BI_STRRCHR, "__builtin_strrchr", 'p') \
  X(BI_STRSTR, "__builtin_strstr", 'p') \
  X(BI_PRINTF, "__builtin_printf", 'i') \
  X(BI_SPRINTF, "__builtin_sprintf", 'i') \
  X(BI_SNPRINTF, "__builtin_snprintf", 'i') \
  X(BI_PUTS, "__builtin_puts", 'i') \
  X(BI_PUTCHAR, "__builtin_putchar", 'i') \
  X(BI_MALLOC, "__builtin_malloc", 'p') \
  X(BI_CALLOC, "__builtin_calloc", 'p') \
  X(BI_REALLOC, "__builtin_realloc", 'p') \
  X(BI_FREE, "__builtin_free", 'v') \
  X(BI_ABS, "__builtin_abs", 'i') \
  X(BI_LABS, "__builtin_labs", 'l') \
  X(BI_LLABS, "__builtin_llabs", 'q') \
  X(BI___MEMCPY_CHK, "__builtin___memcpy_chk", 'p') \
  X(BI___MEMMOVE_CHK, "__builtin___memmove_chk", 'p') \
  X(BI___MEMPCPY_CHK, "__builtin___mempcpy_chk", 'p') \
  X(BI___MEMSET_CHK, "__builtin___memset_chk", 'p') \
  X(BI___STRCPY_CHK, "__builtin___strcpy_chk", 'p') \
  X(BI___STPCPY_CHK, "__builtin___stpcpy_chk", 'p') \
  X(BI___STRNCPY_CHK, "__builtin___strncpy_chk", 'p') \
  X(BI___STPNCPY_CHK, "__builtin___stpncpy_chk", 'p') \
  X(BI___STRCAT_CHK, "__builtin___strcat_chk", 'p') \
  X(BI___STRNCAT_CHK, "__builtin___strncat_chk", 'p') \
  X(BI___SPRINTF_CHK, "__builtin___sprintf_chk", 'i') \
  X(BI___SNPRINTF_CHK, "__builtin___snprintf_chk", 'i') \
  X(BI___VSPRINTF_CHK, "__builtin___vsprintf_chk", 'i') \
  X(BI___VSNPRINTF_CHK, "__builtin___vsnprintf_chk", 'i') \
  X(BI___PRINTF_CHK, "__builtin___printf_chk", 'i') \
  X(BI___FPRINTF_CHK, "__builtin___fprintf_chk", 'i') \
  X(BI___VPRINTF_CHK, "__builtin___vprintf_chk", 'i') \
  X(BI___VFPRINTF_CHK, "__builtin___vfprintf_chk", 'i') \
  X(BI_SPECULATION_SAFE_VALUE, "__builtin_speculation_safe_value", '0') \
  X(BI_LAUNDER, "__builtin_launder", '0') \
  X(BI_PRESERVE_ACCESS_INDEX, "__builtin_preserve_access_index", '0') \
  X(BI_PRESERVE_FIELD_INFO, "__builtin_preserve_field_info", 'u') \
  X(BI_PRESERVE_TYPE_INFO, "__builtin_preserve_type_info", 'u') \
  X(BI_PRESERVE_ENUM_VALUE, "__builtin_preserve_enum_value", 'u') \
  X(BI_BTF_TYPE_ID, "__builtin_btf_type_id", 'u') \
  X(BI_BPF_LOAD_BYTE, "__builtin_bpf_load_byte", 'Q') \
  X(BI_BPF_LOAD_HALF, "__builtin_bpf_load_half", 'Q') \
  X(BI_BPF_LOAD_WORD, "__builtin_bpf_load_word", 'Q') \
  X(BI_IA32_PAUSE, "__builtin_ia32_pause", 'v') \
  X(BI_IA32_RDTSC, "__builtin_ia32_rdtsc", 'Q') \
  X(BI_CPU_SUPPORTS, "__builtin_cpu_supports", 'i') \
  X(BI_CPU_IS, "__builtin_cpu_is", 'i') \
  X(BI_CPU_INIT, "__builtin_cpu_init", 'v') \
  X(BI_LINE, "__builtin_LINE", 'i') \
  X(BI_FILE, "__builtin_FILE", 'c') \
  X(BI_FUNCTION, "__builtin_FUNCTION", 'c') \
  X(BI_CLEAR_PADDING, "__builtin_clear_padding", 'v') \
  X(BI_IS_CONSTANT_EVALUATED, "__builtin_is_constant_evaluated", 'b') \
  X(BI_SETJMP, "__builtin_setjmp", 'i') \
  X(BI_LONGJMP, "__builtin_longjmp", 'v') \
  X(BI_APPLY_ARGS, "__builtin_apply_args", 'p') \
  X(BI_APPLY, "__builtin_apply", 'p') \
  X(BI_RETURN, "__builtin_return", 'v') \
  X(BI_EH_RETURN_DATA_REGNO, "__builtin_eh_return_data_regno", 'i') \
  X(BI___CLEAR_CACHE, "__builtin___clear_cache", 'v') \
  X(BI_BIT_CAST, "__builtin_bit_cast", '0') \
  X(BI_ATOMIC_LOAD_N, "__atomic_load_n", '*') \
  X(BI_ATOMIC_LOAD, "__atomic_load", 'v') \
  X(BI_ATOMIC_STORE_N, "__atomic_store_n", 'v') \
  X(BI_ATOMIC_STORE, "__atomic_store", 'v') \
  X(BI_ATOMIC_EXCHANGE_N, "__atomic_exchange_n", '*') \
  X(BI_ATOMIC_EXCHANGE, "__atomic_exchange", 'v') \
  X(BI_ATOMIC_COMPARE_EXCHANGE_N, "__atomic_compare_exchange_n", 'b') \
  X(BI_ATOMIC_COMPARE_EXCHANGE, "__atomic_compare_exchange", 'b') \
  X(BI_ATOMIC_ADD_FETCH, "__atomic_add_fetch", '*') \
  X(BI_ATOMIC_SUB_FETCH, "__atomic_sub_fetch", '*') \
  X(BI_ATOMIC_AND_FETCH, "__atomic_and_fetch", '*') \
  X(BI_ATOMIC_XOR_FETCH, "__atomic_xor_fetch", '*') \
  X(BI_ATOMIC_OR_FETCH, "__atomic_or_fetch", '*') \
  X(BI_ATOMIC_NAND_FETCH, "__atomic_nand_fetch", '*') \
  X(BI_ATOMIC_FETCH_ADD, "__atomic_fetch_add", '*') \
  X(BI_ATOMIC_FETCH_SUB, "__atomic_fetch_sub", '*') \
  X(BI_ATOMIC_FETCH_AND, "__atomic_fetch_and", '*') \
  X(BI_ATOMIC_FETCH_XOR, "__atomic_fetch_xor", '*') \
  X(BI_ATOMIC_FETCH_OR, "__atomic_fetch_or", '*') \
  X(BI_ATOMIC_FETCH_NAND, "__atomic_fetch_nand", '*') \
  X(BI_ATOMIC_TEST_AND_SET, "__atomic_test_and_set", 'b') \
  X(BI_ATOMIC_CLEAR, "__atomic_clear", 'v') \
  X(BI_ATOMIC_THREAD_FENCE, "__atomic_thread_fence", 'v') \
  X(BI_ATOMIC_SIGNAL_FENCE, "__atomic_signal_fence", 'v') \
  X(BI_ATOMIC_ALWAYS_LOCK_FREE, "__atomic_always_lock_free", 'b') \
  X(BI_ATOMIC_IS_LOCK_FREE, "__atomic_is_lock_free", 'b') \
  X(BI_SYNC_FETCH_AND_ADD, "__sync_fetch_and_add", '*') \
  X(BI_SYNC_FETCH_AND_SUB, "__sync_fetch_and_sub", '*') \
  X(BI_SYNC_FETCH_AND_OR, "__sync_fetch_and_or", '*') \
  X(BI_SYNC_FETCH_AND_AND, "__sync_fetch_and_and", '*') \
  X(BI_SYNC_FETCH_AND_XOR, "__sync_fetch_and_xor", '*') \
  X(BI_SYNC_FETCH_AND_NAND, "__sync_fetch_and_nand", '*') \
  X(BI_SYNC_ADD_AND_FETCH, "__sync_add_and_fetch", '*') \
  X(BI_SYNC_SUB_AND_FETCH, "__sync_sub_and_fetch", '*') \
  X(BI_SYNC_OR_AND_FETCH, "__sync_or_and_fetch", '*') \
  X(BI_SYNC_AND_AND_FETCH, "__sync_and_and_fetch", '*') \
  X(BI_SYNC_XOR_AND_FETCH, "__sync_xor_and_fetch", '*') \
  X(BI_SYNC_NAND_AND_FETCH, "__sync_nand_and_fetch", '*') \
  X(BI_SYNC_BOOL_COMPARE_AND_SWAP, "__sync_bool_compare_and_swap", 'b') \
  X(BI_SYNC_VAL_COMPARE_AND_SWAP, "__sync_val_compare_and_swap", '*') \
  X(BI_SYNC_LOCK_TEST_AND_SET, "__sync_lock_test_and_set", '*') \
  X(BI_SYNC_LOCK_RELEASE, "__sync_lock_release", 'v') \
  X(BI_SYNC_SYNCHRONIZE, "__sync_synchronize", 'v')

#define BUILTIN_KEYWORD_LIST(X) \
  X(BI_OFFSETOF, "__builtin_offsetof", 0) \
  X(BI_VA_ARG, "__builtin_va_arg", 0) \
  X(BI_TYPES_COMPATIBLE_P, "__builtin_types_compatible_p", 0) \
  X(BI_CHOOSE_EXPR, "__builtin_choose_expr", 0) \
  X(BI_VA_LIST, "__builtin_va_list", 0) \
  X(BI_SHUFFLE, "__builtin_shuffle", 0) \
  X(BI_SHUFFLEVECTOR, "__builtin_shufflevector", 0) \
  X(BI_CONVERTVECTOR, "__builtin_convertvector", 0) \
  X(BI_HAS_ATTRIBUTE, "__builtin_has_attribute", 0) \
  X(BI_TGMATH, "__builtin_tgmath", 0) \
  X(BI_CALL_WITH_STATIC_CHAIN, "__builtin_call_with_static_chain", 0) \
  X(BI_COUNTED_BY_REF, "__builtin_counted_by_ref", 0)

typedef enum {
  BI_NONE = -1,
#define BUILTIN_ENUM(id, name, result) id,
  BUILTIN_LIST(BUILTIN_ENUM)
  BUILTIN_KEYWORD_LIST(BUILTIN_ENUM)
#undef BUILTIN_ENUM
  BI__COUNT
} BuiltinId;

/* The id of builtin NAME (a call-syntax or keyword builtin), or BI_NONE. */
BuiltinId builtin_lookup(const char *name);
/* The name of builtin ID.  */
const char *builtin_id_name(BuiltinId id);

#endif
