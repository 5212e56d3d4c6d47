/* GCC's builtin functions and types, as far as a front end that only
   needs their result types must know them.  */
#include "parser.h"

#include <string.h>

/* Result type codes:
     v void   i int   u unsigned   l long   L unsigned long   b _Bool
     z size_t p void*  c const char*  d double  f float  D long double
     q long long  Q unsigned long long  h uint16  w uint32  W uint64
     T unsigned __int128
     0 the type of the first argument (after conversion)
     * the type the first argument points to
     2 the type of the second argument  */
typedef struct BuiltinSpec {
  const char *name;
  char result;
} BuiltinSpec;

static const BuiltinSpec builtin_specs[] = {
    {"__builtin_expect", 'l'},
    {"__builtin_expect_with_probability", 'l'},
    {"__builtin_constant_p", 'i'},
    {"__builtin_unreachable", 'v'},
    {"__builtin_trap", 'v'},
    {"__builtin_abort", 'v'},
    {"__builtin_exit", 'v'},
    {"__builtin_assume", 'v'},
    {"__builtin_assume_aligned", 'p'},
    {"__builtin_object_size", 'z'},
    {"__builtin_dynamic_object_size", 'z'},
    {"__builtin_frame_address", 'p'},
    {"__builtin_return_address", 'p'},
    {"__builtin_extract_return_addr", 'p'},
    {"__builtin_prefetch", 'v'},
    {"__builtin_classify_type", 'i'},
    {"__builtin_va_start", 'v'},
    {"__builtin_va_end", 'v'},
    {"__builtin_va_copy", 'v'},
    {"__builtin_va_arg_pack", 'i'},
    {"__builtin_va_arg_pack_len", 'i'},
    {"__builtin_alloca", 'p'},
    {"__builtin_alloca_with_align", 'p'},
    {"__builtin_bswap16", 'h'},
    {"__builtin_bswap32", 'w'},
    {"__builtin_bswap64", 'W'},
    {"__builtin_bswap128", 'T'},
    {"__builtin_clz", 'i'},
    {"__builtin_clzl", 'i'},
    {"__builtin_clzll", 'i'},
    {"__builtin_ctz", 'i'},
    {"__builtin_ctzl", 'i'},
    {"__builtin_ctzll", 'i'},
    {"__builtin_clrsb", 'i'},
    {"__builtin_clrsbl", 'i'},
    {"__builtin_clrsbll", 'i'},
    {"__builtin_ffs", 'i'},
    {"__builtin_ffsl", 'i'},
    {"__builtin_ffsll", 'i'},
    {"__builtin_popcount", 'i'},
    {"__builtin_popcountl", 'i'},
    {"__builtin_popcountll", 'i'},
    {"__builtin_parity", 'i'},
    {"__builtin_parityl", 'i'},
    {"__builtin_parityll", 'i'},
    {"__builtin_stdc_bit_width", 'u'},
    {"__builtin_stdc_leading_zeros", 'u'},
    {"__builtin_stdc_trailing_zeros", 'u'},
    {"__builtin_stdc_count_ones", 'u'},
    {"__builtin_add_overflow", 'b'},
    {"__builtin_sub_overflow", 'b'},
    {"__builtin_mul_overflow", 'b'},
    {"__builtin_add_overflow_p", 'b'},
    {"__builtin_sub_overflow_p", 'b'},
    {"__builtin_mul_overflow_p", 'b'},
    {"__builtin_sadd_overflow", 'b'},
    {"__builtin_saddl_overflow", 'b'},
    {"__builtin_saddll_overflow", 'b'},
    {"__builtin_uadd_overflow", 'b'},
    {"__builtin_uaddl_overflow", 'b'},
    {"__builtin_uaddll_overflow", 'b'},
    {"__builtin_ssub_overflow", 'b'},
    {"__builtin_usub_overflow", 'b'},
    {"__builtin_smul_overflow", 'b'},
    {"__builtin_umul_overflow", 'b'},
    {"__builtin_smull_overflow", 'b'},
    {"__builtin_umull_overflow", 'b'},
    {"__builtin_smulll_overflow", 'b'},
    {"__builtin_umulll_overflow", 'b'},
    {"__builtin_huge_val", 'd'},
    {"__builtin_huge_valf", 'f'},
    {"__builtin_huge_vall", 'D'},
    {"__builtin_inf", 'd'},
    {"__builtin_inff", 'f'},
    {"__builtin_infl", 'D'},
    {"__builtin_nan", 'd'},
    {"__builtin_nanf", 'f'},
    {"__builtin_nanl", 'D'},
    {"__builtin_nans", 'd'},
    {"__builtin_nansf", 'f'},
    {"__builtin_nansl", 'D'},
    {"__builtin_isnan", 'i'},
    {"__builtin_isinf", 'i'},
    {"__builtin_isinf_sign", 'i'},
    {"__builtin_isfinite", 'i'},
    {"__builtin_isnormal", 'i'},
    {"__builtin_signbit", 'i'},
    {"__builtin_signbitf", 'i'},
    {"__builtin_signbitl", 'i'},
    {"__builtin_fpclassify", 'i'},
    {"__builtin_isgreater", 'i'},
    {"__builtin_isgreaterequal", 'i'},
    {"__builtin_isless", 'i'},
    {"__builtin_islessequal", 'i'},
    {"__builtin_islessgreater", 'i'},
    {"__builtin_isunordered", 'i'},
    {"__builtin_iseqsig", 'i'},
    {"__builtin_issignaling", 'i'},
    {"__builtin_fabs", 'd'},
    {"__builtin_fabsf", 'f'},
    {"__builtin_fabsl", 'D'},
    {"__builtin_copysign", 'd'},
    {"__builtin_copysignf", 'f'},
    {"__builtin_copysignl", 'D'},
    {"__builtin_sqrt", 'd'},
    {"__builtin_sqrtf", 'f'},
    {"__builtin_sqrtl", 'D'},
    {"__builtin_memcpy", 'p'},
    {"__builtin_memmove", 'p'},
    {"__builtin_memset", 'p'},
    {"__builtin_memcmp", 'i'},
    {"__builtin_memchr", 'p'},
    {"__builtin_mempcpy", 'p'},
    {"__builtin_strlen", 'z'},
    {"__builtin_strcmp", 'i'},
    {"__builtin_strncmp", 'i'},
    {"__builtin_strcpy", 'p'},
    {"__builtin_strncpy", 'p'},
    {"__builtin_strcat", 'p'},
    {"__builtin_strchr", 'p'},
    {"__builtin_strrchr", 'p'},
    {"__builtin_strstr", 'p'},
    {"__builtin_printf", 'i'},
    {"__builtin_sprintf", 'i'},
    {"__builtin_snprintf", 'i'},
    {"__builtin_puts", 'i'},
    {"__builtin_putchar", 'i'},
    {"__builtin_malloc", 'p'},
    {"__builtin_calloc", 'p'},
    {"__builtin_realloc", 'p'},
    {"__builtin_free", 'v'},
    {"__builtin_abs", 'i'},
    {"__builtin_labs", 'l'},
    {"__builtin_llabs", 'q'},
    {"__builtin___memcpy_chk", 'p'},
    {"__builtin___memmove_chk", 'p'},
    {"__builtin___mempcpy_chk", 'p'},
    {"__builtin___memset_chk", 'p'},
    {"__builtin___strcpy_chk", 'p'},
    {"__builtin___stpcpy_chk", 'p'},
    {"__builtin___strncpy_chk", 'p'},
    {"__builtin___stpncpy_chk", 'p'},
    {"__builtin___strcat_chk", 'p'},
    {"__builtin___strncat_chk", 'p'},
    {"__builtin___sprintf_chk", 'i'},
    {"__builtin___snprintf_chk", 'i'},
    {"__builtin___vsprintf_chk", 'i'},
    {"__builtin___vsnprintf_chk", 'i'},
    {"__builtin___printf_chk", 'i'},
    {"__builtin___fprintf_chk", 'i'},
    {"__builtin___vprintf_chk", 'i'},
    {"__builtin___vfprintf_chk", 'i'},
    {"__builtin_speculation_safe_value", '0'},
    {"__builtin_launder", '0'},
    {"__builtin_preserve_access_index", '0'},
    {"__builtin_preserve_field_info", 'u'},
    {"__builtin_preserve_type_info", 'u'},
    {"__builtin_preserve_enum_value", 'u'},
    {"__builtin_btf_type_id", 'u'},
    {"__builtin_ia32_pause", 'v'},
    {"__builtin_ia32_rdtsc", 'Q'},
    {"__builtin_cpu_supports", 'i'},
    {"__builtin_cpu_is", 'i'},
    {"__builtin_cpu_init", 'v'},
    {"__builtin_LINE", 'i'},
    {"__builtin_FILE", 'c'},
    {"__builtin_FUNCTION", 'c'},
    {"__builtin_clear_padding", 'v'},
    {"__builtin_is_constant_evaluated", 'b'},
    {"__builtin_setjmp", 'i'},
    {"__builtin_longjmp", 'v'},
    {"__builtin_apply_args", 'p'},
    {"__builtin_apply", 'p'},
    {"__builtin_return", 'v'},
    {"__builtin_eh_return_data_regno", 'i'},
    {"__builtin___clear_cache", 'v'},
    {"__builtin_bit_cast", '0'},
    /* __atomic and __sync families.  */
    {"__atomic_load_n", '*'},
    {"__atomic_load", 'v'},
    {"__atomic_store_n", 'v'},
    {"__atomic_store", 'v'},
    {"__atomic_exchange_n", '*'},
    {"__atomic_exchange", 'v'},
    {"__atomic_compare_exchange_n", 'b'},
    {"__atomic_compare_exchange", 'b'},
    {"__atomic_add_fetch", '*'},
    {"__atomic_sub_fetch", '*'},
    {"__atomic_and_fetch", '*'},
    {"__atomic_xor_fetch", '*'},
    {"__atomic_or_fetch", '*'},
    {"__atomic_nand_fetch", '*'},
    {"__atomic_fetch_add", '*'},
    {"__atomic_fetch_sub", '*'},
    {"__atomic_fetch_and", '*'},
    {"__atomic_fetch_xor", '*'},
    {"__atomic_fetch_or", '*'},
    {"__atomic_fetch_nand", '*'},
    {"__atomic_test_and_set", 'b'},
    {"__atomic_clear", 'v'},
    {"__atomic_thread_fence", 'v'},
    {"__atomic_signal_fence", 'v'},
    {"__atomic_always_lock_free", 'b'},
    {"__atomic_is_lock_free", 'b'},
    {"__sync_fetch_and_add", '*'},
    {"__sync_fetch_and_sub", '*'},
    {"__sync_fetch_and_or", '*'},
    {"__sync_fetch_and_and", '*'},
    {"__sync_fetch_and_xor", '*'},
    {"__sync_fetch_and_nand", '*'},
    {"__sync_add_and_fetch", '*'},
    {"__sync_sub_and_fetch", '*'},
    {"__sync_or_and_fetch", '*'},
    {"__sync_and_and_fetch", '*'},
    {"__sync_xor_and_fetch", '*'},
    {"__sync_nand_and_fetch", '*'},
    {"__sync_bool_compare_and_swap", 'b'},
    {"__sync_val_compare_and_swap", '*'},
    {"__sync_lock_test_and_set", '*'},
    {"__sync_lock_release", 'v'},
    {"__sync_synchronize", 'v'},
};

static const BuiltinSpec *builtin_spec(const char *name) {
  for (size_t i = 0; i < ARRAY_LEN(builtin_specs); i++)
    if (strcmp(builtin_specs[i].name, name) == 0)
      return &builtin_specs[i];
  return NULL;
}

bool builtin_is_known(const char *name) {
  if (builtin_spec(name))
    return true;
  /* Keywords that look like builtins.  */
  static const char *const kw[] = {
      "__builtin_offsetof", "__builtin_va_arg", "__builtin_types_compatible_p",
      "__builtin_choose_expr", "__builtin_va_list", "__builtin_shuffle",
      "__builtin_shufflevector", "__builtin_convertvector",
      "__builtin_has_attribute", "__builtin_tgmath",
      "__builtin_call_with_static_chain", "__builtin_counted_by_ref"};
  for (size_t i = 0; i < ARRAY_LEN(kw); i++)
    if (strcmp(kw[i], name) == 0)
      return true;
  return false;
}

/* The result type of a call to builtin NAME with the given argument
   types (after conversion), or NULL if NAME is not a builtin.  */
Type *builtin_result_type(const char *name, Type **args, int nargs) {
  const BuiltinSpec *s = builtin_spec(name);
  if (!s)
    return NULL;
  switch (s->result) {
  case 'v': return ty_void;
  case 'i': return ty_int;
  case 'u': return ty_uint;
  case 'l': return ty_long;
  case 'L': return ty_ulong;
  case 'b': return ty_bool;
  case 'z': return ty_size_t;
  case 'p': return type_pointer(ty_void);
  case 'c': return type_pointer(type_qualified(ty_char, Q_CONST));
  case 'd': return ty_double;
  case 'f': return ty_float;
  case 'D': return ty_ldouble;
  case 'q': return ty_llong;
  case 'Q': return ty_ullong;
  case 'h': return ty_ushort;
  case 'w': return ty_uint;
  case 'W': return ty_ulong;
  case 'T': return ty_uint128;
  case '0': return nargs > 0 ? args[0] : ty_int;
  case '2': return nargs > 1 ? args[1] : ty_int;
  case '*':
    if (nargs > 0 && type_is_pointer(args[0]))
      return type_unqualified(type_canon(args[0])->base);
    return ty_int;
  }
  return ty_int;
}

/* GCC describes __builtin_va_list as a typedef of that name.  */
static Type *va_list_typedef(Type *t) {
  Decl *d = NEW(Decl);
  d->kind = DECL_TYPEDEF;
  d->name = intern_cstr("__builtin_va_list");
  d->type = t;
  d->first = d;
  d->file_scope = true;
  return type_typedef(d);
}

/* A builtin type name GCC predeclares without a DIE of its own.  */
static void builtin_type_name(Parser *p, const char *name, Type *t) {
  Decl *d = NEW(Decl);
  d->kind = DECL_TYPEDEF;
  d->name = intern_cstr(name);
  d->type = t;
  d->first = d;
  d->file_scope = true;
  bind_ordinary(p, d->name, d);
}

/* __builtin_va_list: on x86-64 an array of one struct __va_list_tag; on
   BPF a plain void pointer.  */
void builtins_init(Parser *p) {
  builtin_type_name(p, "__int128_t", ty_int128);
  builtin_type_name(p, "__uint128_t", ty_uint128);
  if (target.arch == ARCH_BPF) {
    ty_va_list = type_pointer(ty_void); /* no typedef DIE on BPF */
    return;
  }
  Record *r = record_new(TY_STRUCT, intern_cstr("__va_list_tag"), (SrcLoc){0});
  static const char *const names[] = {"gp_offset", "fp_offset",
                                      "overflow_arg_area", "reg_save_area"};
  r->nmembers = 4;
  r->members = NEW_ARRAY(Member, 4);
  for (int i = 0; i < 4; i++) {
    r->members[i].name = intern_cstr(names[i]);
    r->members[i].type = i < 2 ? ty_uint : type_pointer(ty_void);
    r->members[i].bit_width = -1;
  }
  layout_record(r);
  Type *t = type_record(r);
  t->flags &= (uint16_t)~TYF_INCOMPLETE;
  t->size = r->size;
  t->align = r->align;
  ty_va_list = va_list_typedef(type_array(t, 1));
}
