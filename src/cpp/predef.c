/* The predefined macros: what `gcc-16 -dM -E -x c /dev/null` (GCC 16.2,
   x86_64-linux-gnu) and `bpf-gcc-16 -dM -E -x c /dev/null` (GCC 16.2,
   bpf) print, the tables below transcribed from their output at -std=gnu17
   -mcpu=v4, except what predef_text makes from the options:
   - the language: __STDC_VERSION__ (with iso9899:199409's 199409L and
     c2y's 202500L), __STRICT_ANSI__, __GNUC_STDC_INLINE__ /
     __GNUC_GNU_INLINE__ (or -f[no-]gnu89-inline), __STDC_UTF_16__ /
     __STDC_UTF_32__, __CHAR8_TYPE__ and its lock-free macro (C23), and
     linux / unix (gnu modes, x86_64 only);
   - what -undef keeps: __STDC__, __STDC_HOSTED__ (0 with -ffreestanding),
     __STDC_VERSION__, __STDC_UTF_*, __STDC_EMBED_*;
   - code generation: __OPTIMIZE__ / __OPTIMIZE_SIZE__ / __NO_INLINE__ (-O),
     __CHAR_UNSIGNED__, __EXCEPTIONS, __PIC__ / __PIE__ (x86_64's default is
     -fPIE, bpf's neither), and on x86_64 __SSP*__, __CET__, _REENTRANT,
     __SANITIZE_*__, __GCC_HAVE_DWARF2_CFI_ASM;
   - the floating-point options (-ffast-math, -Ofast and their parts):
     __FAST_MATH__, __FINITE_MATH_ONLY__, __NO_MATH_ERRNO__ ...,
     __GCC_IEC_559 and __GCC_IEC_559_COMPLEX;
   - x86_64's -m[no-]mmx, -m[no-]sse, -m[no-]sse2, -m[no-]80387,
     -msoft-float, -mgeneral-regs-only (__SSE__, _SOFT_FLOAT,
     __FLT_EVAL_METHOD__ ...) and -mcmodel=;
   - the bpf target's -mcpu=vN and -m[no-]FEATURE (bpf-gcc's
     bpf_target_macros): __BPF_CPU_VERSION__, the __BPF_FEATURE_* family,
     and the atomics the v3 ones make lock-free; its byte order (bpfeb,
     -mbig-endian);
   - the version identity: GCC 16's __GNUC__ 16, __GNUC_MINOR__ 2,
     __GNUC_PATCHLEVEL__ 0, but __VERSION__ "16.2.0 (btfcc VERSION)" and
     __BTFCC__ 1 are ours;
   - the ones glibc's <stdc-predef.h> defines (_STDC_PREDEF_H,
     __STDC_IEC_559__, __STDC_ISO_10646__ ...): like GCC, the x86_64 target
     pre-includes that header (see cpp.c).
   tests/cpp/predef.sh compares all of it with GCC 16.  */
#include "cpp_internal.h"

#include <stddef.h>

/* Predefined on both targets with the same value.  */
static const char *const predef_common[] = {
    "_LP64 1",
    "__ATOMIC_ACQUIRE 2",
    "__ATOMIC_ACQ_REL 4",
    "__ATOMIC_CONSUME 1",
    "__ATOMIC_RELAXED 0",
    "__ATOMIC_RELEASE 3",
    "__ATOMIC_SEQ_CST 5",
    "__CHAR16_TYPE__ short unsigned int",
    "__CHAR32_TYPE__ unsigned int",
    "__CHAR_BIT__ 8",
    "__DBL_DECIMAL_DIG__ 17",
    "__DBL_DIG__ 15",
    "__DBL_HAS_DENORM__ 1",
    "__DBL_HAS_INFINITY__ 1",
    "__DBL_HAS_QUIET_NAN__ 1",
    "__DBL_IS_IEC_60559__ 1",
    "__DBL_MANT_DIG__ 53",
    "__DBL_MAX_10_EXP__ 308",
    "__DBL_MAX_EXP__ 1024",
    "__DBL_MIN_10_EXP__ (-307)",
    "__DBL_MIN_EXP__ (-1021)",
    "__DEC_EVAL_METHOD__ 2",
    "__ELF__ 1",
    "__FLT32X_DECIMAL_DIG__ 17",
    "__FLT32X_DIG__ 15",
    "__FLT32X_HAS_DENORM__ 1",
    "__FLT32X_HAS_INFINITY__ 1",
    "__FLT32X_HAS_QUIET_NAN__ 1",
    "__FLT32X_IS_IEC_60559__ 1",
    "__FLT32X_MANT_DIG__ 53",
    "__FLT32X_MAX_10_EXP__ 308",
    "__FLT32X_MAX_EXP__ 1024",
    "__FLT32X_MIN_10_EXP__ (-307)",
    "__FLT32X_MIN_EXP__ (-1021)",
    "__FLT32_DECIMAL_DIG__ 9",
    "__FLT32_DIG__ 6",
    "__FLT32_HAS_DENORM__ 1",
    "__FLT32_HAS_INFINITY__ 1",
    "__FLT32_HAS_QUIET_NAN__ 1",
    "__FLT32_IS_IEC_60559__ 1",
    "__FLT32_MANT_DIG__ 24",
    "__FLT32_MAX_10_EXP__ 38",
    "__FLT32_MAX_EXP__ 128",
    "__FLT32_MIN_10_EXP__ (-37)",
    "__FLT32_MIN_EXP__ (-125)",
    "__FLT64_DECIMAL_DIG__ 17",
    "__FLT64_DIG__ 15",
    "__FLT64_HAS_DENORM__ 1",
    "__FLT64_HAS_INFINITY__ 1",
    "__FLT64_HAS_QUIET_NAN__ 1",
    "__FLT64_IS_IEC_60559__ 1",
    "__FLT64_MANT_DIG__ 53",
    "__FLT64_MAX_10_EXP__ 308",
    "__FLT64_MAX_EXP__ 1024",
    "__FLT64_MIN_10_EXP__ (-307)",
    "__FLT64_MIN_EXP__ (-1021)",
    "__FLT_DECIMAL_DIG__ 9",
    "__FLT_DIG__ 6",
    "__FLT_HAS_DENORM__ 1",
    "__FLT_HAS_INFINITY__ 1",
    "__FLT_HAS_QUIET_NAN__ 1",
    "__FLT_IS_IEC_60559__ 1",
    "__FLT_MANT_DIG__ 24",
    "__FLT_MAX_10_EXP__ 38",
    "__FLT_MAX_EXP__ 128",
    "__FLT_MIN_10_EXP__ (-37)",
    "__FLT_MIN_EXP__ (-125)",
    "__FLT_RADIX__ 2",
    "__GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1",
    "__GNUC_EXECUTION_CHARSET_NAME \"UTF-8\"",
    "__GXX_ABI_VERSION 1021",
    "__INT16_C(c) c",
    "__INT16_MAX__ 0x7fff",
    "__INT16_TYPE__ short int",
    "__INT32_C(c) c",
    "__INT32_MAX__ 0x7fffffff",
    "__INT32_TYPE__ int",
    "__INT64_C(c) c ## L",
    "__INT64_MAX__ 0x7fffffffffffffffL",
    "__INT64_TYPE__ long int",
    "__INT8_C(c) c",
    "__INT8_MAX__ 0x7f",
    "__INT8_TYPE__ signed char",
    "__INTMAX_C(c) c ## L",
    "__INTMAX_MAX__ 0x7fffffffffffffffL",
    "__INTMAX_TYPE__ long int",
    "__INTMAX_WIDTH__ 64",
    "__INTPTR_MAX__ 0x7fffffffffffffffL",
    "__INTPTR_TYPE__ long int",
    "__INTPTR_WIDTH__ 64",
    "__INT_FAST64_MAX__ 0x7fffffffffffffffL",
    "__INT_FAST64_TYPE__ long int",
    "__INT_FAST64_WIDTH__ 64",
    "__INT_FAST8_MAX__ 0x7f",
    "__INT_FAST8_TYPE__ signed char",
    "__INT_FAST8_WIDTH__ 8",
    "__INT_LEAST16_MAX__ 0x7fff",
    "__INT_LEAST16_TYPE__ short int",
    "__INT_LEAST16_WIDTH__ 16",
    "__INT_LEAST32_MAX__ 0x7fffffff",
    "__INT_LEAST32_TYPE__ int",
    "__INT_LEAST32_WIDTH__ 32",
    "__INT_LEAST64_MAX__ 0x7fffffffffffffffL",
    "__INT_LEAST64_TYPE__ long int",
    "__INT_LEAST64_WIDTH__ 64",
    "__INT_LEAST8_MAX__ 0x7f",
    "__INT_LEAST8_TYPE__ signed char",
    "__INT_LEAST8_WIDTH__ 8",
    "__INT_MAX__ 0x7fffffff",
    "__INT_WIDTH__ 32",
    "__LDBL_HAS_DENORM__ 1",
    "__LDBL_HAS_INFINITY__ 1",
    "__LDBL_HAS_QUIET_NAN__ 1",
    "__LDBL_IS_IEC_60559__ 1",
    "__LONG_LONG_MAX__ 0x7fffffffffffffffLL",
    "__LONG_LONG_WIDTH__ 64",
    "__LONG_MAX__ 0x7fffffffffffffffL",
    "__LONG_WIDTH__ 64",
    "__LP64__ 1",
    "__ORDER_BIG_ENDIAN__ 4321",
    "__ORDER_LITTLE_ENDIAN__ 1234",
    "__ORDER_PDP_ENDIAN__ 3412",
    "__PRAGMA_REDEFINE_EXTNAME 1",
    "__PTRDIFF_MAX__ 0x7fffffffffffffffL",
    "__PTRDIFF_TYPE__ long int",
    "__PTRDIFF_WIDTH__ 64",
    "__REGISTER_PREFIX__ ",
    "__SCHAR_MAX__ 0x7f",
    "__SCHAR_WIDTH__ 8",
    "__SHRT_MAX__ 0x7fff",
    "__SHRT_WIDTH__ 16",
    "__SIG_ATOMIC_MIN__ (-__SIG_ATOMIC_MAX__ - 1)",
    "__SIZEOF_DOUBLE__ 8",
    "__SIZEOF_FLOAT__ 4",
    "__SIZEOF_INT128__ 16",
    "__SIZEOF_INT__ 4",
    "__SIZEOF_LONG_LONG__ 8",
    "__SIZEOF_LONG__ 8",
    "__SIZEOF_POINTER__ 8",
    "__SIZEOF_PTRDIFF_T__ 8",
    "__SIZEOF_SHORT__ 2",
    "__SIZEOF_SIZE_T__ 8",
    "__SIZEOF_WCHAR_T__ 4",
    "__SIZEOF_WINT_T__ 4",
    "__SIZE_MAX__ 0xffffffffffffffffUL",
    "__SIZE_TYPE__ long unsigned int",
    "__SIZE_WIDTH__ 64",
    "__UINT16_C(c) c",
    "__UINT16_MAX__ 0xffff",
    "__UINT16_TYPE__ short unsigned int",
    "__UINT32_C(c) c ## U",
    "__UINT32_MAX__ 0xffffffffU",
    "__UINT32_TYPE__ unsigned int",
    "__UINT64_C(c) c ## UL",
    "__UINT64_MAX__ 0xffffffffffffffffUL",
    "__UINT64_TYPE__ long unsigned int",
    "__UINT8_C(c) c",
    "__UINT8_MAX__ 0xff",
    "__UINT8_TYPE__ unsigned char",
    "__UINTMAX_C(c) c ## UL",
    "__UINTMAX_MAX__ 0xffffffffffffffffUL",
    "__UINTMAX_TYPE__ long unsigned int",
    "__UINTPTR_MAX__ 0xffffffffffffffffUL",
    "__UINTPTR_TYPE__ long unsigned int",
    "__UINT_FAST64_MAX__ 0xffffffffffffffffUL",
    "__UINT_FAST64_TYPE__ long unsigned int",
    "__UINT_FAST8_MAX__ 0xff",
    "__UINT_FAST8_TYPE__ unsigned char",
    "__UINT_LEAST16_MAX__ 0xffff",
    "__UINT_LEAST16_TYPE__ short unsigned int",
    "__UINT_LEAST32_MAX__ 0xffffffffU",
    "__UINT_LEAST32_TYPE__ unsigned int",
    "__UINT_LEAST64_MAX__ 0xffffffffffffffffUL",
    "__UINT_LEAST64_TYPE__ long unsigned int",
    "__UINT_LEAST8_MAX__ 0xff",
    "__UINT_LEAST8_TYPE__ unsigned char",
    "__USER_LABEL_PREFIX__ ",
    "__WCHAR_MAX__ 0x7fffffff",
    "__WCHAR_MIN__ (-__WCHAR_MAX__ - 1)",
    "__WCHAR_TYPE__ int",
    "__WCHAR_WIDTH__ 32",
    "__WINT_WIDTH__ 32",
};

/* x86_64-linux-gnu only. */
static const char *const predef_x86_64[] = {
    "__ATOMIC_HLE_ACQUIRE 65536",
    "__ATOMIC_HLE_RELEASE 131072",
    "__BFLT16_DECIMAL_DIG__ 4",
    "__BFLT16_DENORM_MIN__ 9.18354961579912115600575419704879436e-41BF16",
    "__BFLT16_DIG__ 2",
    "__BFLT16_EPSILON__ 7.81250000000000000000000000000000000e-3BF16",
    "__BFLT16_HAS_DENORM__ 1",
    "__BFLT16_HAS_INFINITY__ 1",
    "__BFLT16_HAS_QUIET_NAN__ 1",
    "__BFLT16_IS_IEC_60559__ 0",
    "__BFLT16_MANT_DIG__ 8",
    "__BFLT16_MAX_10_EXP__ 38",
    "__BFLT16_MAX_EXP__ 128",
    "__BFLT16_MAX__ 3.38953138925153547590470800371487867e+38BF16",
    "__BFLT16_MIN_10_EXP__ (-37)",
    "__BFLT16_MIN_EXP__ (-125)",
    "__BFLT16_MIN__ 1.17549435082228750796873653722224568e-38BF16",
    "__BFLT16_NORM_MAX__ 3.38953138925153547590470800371487867e+38BF16",
    "__BIGGEST_ALIGNMENT__ 16",
    "__BITINT_MAXWIDTH__ 65535",
    "__BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__",
    "__DBL_DENORM_MIN__ ((double)4.94065645841246544176568792868221372e-324L)",
    "__DBL_EPSILON__ ((double)2.22044604925031308084726333618164062e-16L)",
    "__DBL_MAX__ ((double)1.79769313486231570814527423731704357e+308L)",
    "__DBL_MIN__ ((double)2.22507385850720138309023271733240406e-308L)",
    "__DBL_NORM_MAX__ ((double)1.79769313486231570814527423731704357e+308L)",
    "__DEC128_EPSILON__ 1E-33DL",
    "__DEC128_MANT_DIG__ 34",
    "__DEC128_MAX_EXP__ 6145",
    "__DEC128_MAX__ 9.999999999999999999999999999999999E6144DL",
    "__DEC128_MIN_EXP__ (-6142)",
    "__DEC128_MIN__ 1E-6143DL",
    "__DEC128_SUBNORMAL_MIN__ 0.000000000000000000000000000000001E-6143DL",
    "__DEC32_EPSILON__ 1E-6DF",
    "__DEC32_MANT_DIG__ 7",
    "__DEC32_MAX_EXP__ 97",
    "__DEC32_MAX__ 9.999999E96DF",
    "__DEC32_MIN_EXP__ (-94)",
    "__DEC32_MIN__ 1E-95DF",
    "__DEC32_SUBNORMAL_MIN__ 0.000001E-95DF",
    "__DEC64X_EPSILON__ 1E-33D64x",
    "__DEC64X_MANT_DIG__ 34",
    "__DEC64X_MAX_EXP__ 6145",
    "__DEC64X_MAX__ 9.999999999999999999999999999999999E6144D64x",
    "__DEC64X_MIN_EXP__ (-6142)",
    "__DEC64X_MIN__ 1E-6143D64x",
    "__DEC64X_SUBNORMAL_MIN__ 0.000000000000000000000000000000001E-6143D64x",
    "__DEC64_EPSILON__ 1E-15DD",
    "__DEC64_MANT_DIG__ 16",
    "__DEC64_MAX_EXP__ 385",
    "__DEC64_MAX__ 9.999999999999999E384DD",
    "__DEC64_MIN_EXP__ (-382)",
    "__DEC64_MIN__ 1E-383DD",
    "__DEC64_SUBNORMAL_MIN__ 0.000000000000001E-383DD",
    "__DECIMAL_BID_FORMAT__ 1",
    "__DECIMAL_DIG__ 21",
    "__FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__",
    "__FLT128_DECIMAL_DIG__ 36",
    "__FLT128_DENORM_MIN__ 6.47517511943802511092443895822764655e-4966F128",
    "__FLT128_DIG__ 33",
    "__FLT128_EPSILON__ 1.92592994438723585305597794258492732e-34F128",
    "__FLT128_HAS_DENORM__ 1",
    "__FLT128_HAS_INFINITY__ 1",
    "__FLT128_HAS_QUIET_NAN__ 1",
    "__FLT128_IS_IEC_60559__ 1",
    "__FLT128_MANT_DIG__ 113",
    "__FLT128_MAX_10_EXP__ 4932",
    "__FLT128_MAX_EXP__ 16384",
    "__FLT128_MAX__ 1.18973149535723176508575932662800702e+4932F128",
    "__FLT128_MIN_10_EXP__ (-4931)",
    "__FLT128_MIN_EXP__ (-16381)",
    "__FLT128_MIN__ 3.36210314311209350626267781732175260e-4932F128",
    "__FLT128_NORM_MAX__ 1.18973149535723176508575932662800702e+4932F128",
    "__FLT16_DECIMAL_DIG__ 5",
    "__FLT16_DENORM_MIN__ 5.96046447753906250000000000000000000e-8F16",
    "__FLT16_DIG__ 3",
    "__FLT16_EPSILON__ 9.76562500000000000000000000000000000e-4F16",
    "__FLT16_HAS_DENORM__ 1",
    "__FLT16_HAS_INFINITY__ 1",
    "__FLT16_HAS_QUIET_NAN__ 1",
    "__FLT16_IS_IEC_60559__ 1",
    "__FLT16_MANT_DIG__ 11",
    "__FLT16_MAX_10_EXP__ 4",
    "__FLT16_MAX_EXP__ 16",
    "__FLT16_MAX__ 6.55040000000000000000000000000000000e+4F16",
    "__FLT16_MIN_10_EXP__ (-4)",
    "__FLT16_MIN_EXP__ (-13)",
    "__FLT16_MIN__ 6.10351562500000000000000000000000000e-5F16",
    "__FLT16_NORM_MAX__ 6.55040000000000000000000000000000000e+4F16",
    "__FLT32X_DENORM_MIN__ 4.94065645841246544176568792868221372e-324F32x",
    "__FLT32X_EPSILON__ 2.22044604925031308084726333618164062e-16F32x",
    "__FLT32X_MAX__ 1.79769313486231570814527423731704357e+308F32x",
    "__FLT32X_MIN__ 2.22507385850720138309023271733240406e-308F32x",
    "__FLT32X_NORM_MAX__ 1.79769313486231570814527423731704357e+308F32x",
    "__FLT32_DENORM_MIN__ 1.40129846432481707092372958328991613e-45F32",
    "__FLT32_EPSILON__ 1.19209289550781250000000000000000000e-7F32",
    "__FLT32_MAX__ 3.40282346638528859811704183484516925e+38F32",
    "__FLT32_MIN__ 1.17549435082228750796873653722224568e-38F32",
    "__FLT32_NORM_MAX__ 3.40282346638528859811704183484516925e+38F32",
    "__FLT64X_DECIMAL_DIG__ 21",
    "__FLT64X_DENORM_MIN__ 3.64519953188247460252840593361941982e-4951F64x",
    "__FLT64X_DIG__ 18",
    "__FLT64X_EPSILON__ 1.08420217248550443400745280086994171e-19F64x",
    "__FLT64X_HAS_DENORM__ 1",
    "__FLT64X_HAS_INFINITY__ 1",
    "__FLT64X_HAS_QUIET_NAN__ 1",
    "__FLT64X_IS_IEC_60559__ 1",
    "__FLT64X_MANT_DIG__ 64",
    "__FLT64X_MAX_10_EXP__ 4932",
    "__FLT64X_MAX_EXP__ 16384",
    "__FLT64X_MAX__ 1.18973149535723176502126385303097021e+4932F64x",
    "__FLT64X_MIN_10_EXP__ (-4931)",
    "__FLT64X_MIN_EXP__ (-16381)",
    "__FLT64X_MIN__ 3.36210314311209350626267781732175260e-4932F64x",
    "__FLT64X_NORM_MAX__ 1.18973149535723176502126385303097021e+4932F64x",
    "__FLT64_DENORM_MIN__ 4.94065645841246544176568792868221372e-324F64",
    "__FLT64_EPSILON__ 2.22044604925031308084726333618164062e-16F64",
    "__FLT64_MAX__ 1.79769313486231570814527423731704357e+308F64",
    "__FLT64_MIN__ 2.22507385850720138309023271733240406e-308F64",
    "__FLT64_NORM_MAX__ 1.79769313486231570814527423731704357e+308F64",
    "__FLT_DENORM_MIN__ 1.40129846432481707092372958328991613e-45F",
    "__FLT_EPSILON__ 1.19209289550781250000000000000000000e-7F",
    "__FLT_MAX__ 3.40282346638528859811704183484516925e+38F",
    "__FLT_MIN__ 1.17549435082228750796873653722224568e-38F",
    "__FLT_NORM_MAX__ 3.40282346638528859811704183484516925e+38F",
    "__FXSR__ 1",
    "__GCC_ASM_FLAG_OUTPUTS__ 1",
    "__GCC_ATOMIC_BOOL_LOCK_FREE 2",
    "__GCC_ATOMIC_CHAR16_T_LOCK_FREE 2",
    "__GCC_ATOMIC_CHAR32_T_LOCK_FREE 2",
    "__GCC_ATOMIC_CHAR_LOCK_FREE 2",
    "__GCC_ATOMIC_INT_LOCK_FREE 2",
    "__GCC_ATOMIC_LLONG_LOCK_FREE 2",
    "__GCC_ATOMIC_LONG_LOCK_FREE 2",
    "__GCC_ATOMIC_POINTER_LOCK_FREE 2",
    "__GCC_ATOMIC_SHORT_LOCK_FREE 2",
    "__GCC_ATOMIC_WCHAR_T_LOCK_FREE 2",
    "__GCC_CONSTRUCTIVE_SIZE 64",
    "__GCC_DESTRUCTIVE_SIZE 64",
    "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1 1",
    "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2 1",
    "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4 1",
    "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8 1",
    "__GNUC_WIDE_EXECUTION_CHARSET_NAME \"UTF-32LE\"",
    "__HAVE_SPECULATION_SAFE_VALUE 1",
    "__INT_FAST16_MAX__ 0x7fffffffffffffffL",
    "__INT_FAST16_TYPE__ long int",
    "__INT_FAST16_WIDTH__ 64",
    "__INT_FAST32_MAX__ 0x7fffffffffffffffL",
    "__INT_FAST32_TYPE__ long int",
    "__INT_FAST32_WIDTH__ 64",
    "__LDBL_DECIMAL_DIG__ 21",
    "__LDBL_DENORM_MIN__ 3.64519953188247460252840593361941982e-4951L",
    "__LDBL_DIG__ 18",
    "__LDBL_EPSILON__ 1.08420217248550443400745280086994171e-19L",
    "__LDBL_MANT_DIG__ 64",
    "__LDBL_MAX_10_EXP__ 4932",
    "__LDBL_MAX_EXP__ 16384",
    "__LDBL_MAX__ 1.18973149535723176502126385303097021e+4932L",
    "__LDBL_MIN_10_EXP__ (-4931)",
    "__LDBL_MIN_EXP__ (-16381)",
    "__LDBL_MIN__ 3.36210314311209350626267781732175260e-4932L",
    "__LDBL_NORM_MAX__ 1.18973149535723176502126385303097021e+4932L",
    "__SEG_FS 1",
    "__SEG_GS 1",
    "__SIG_ATOMIC_MAX__ 0x7fffffff",
    "__SIG_ATOMIC_TYPE__ int",
    "__SIG_ATOMIC_WIDTH__ 32",
    "__SIZEOF_FLOAT128__ 16",
    "__SIZEOF_FLOAT80__ 16",
    "__SIZEOF_LONG_DOUBLE__ 16",
    "__UINT_FAST16_MAX__ 0xffffffffffffffffUL",
    "__UINT_FAST16_TYPE__ long unsigned int",
    "__UINT_FAST32_MAX__ 0xffffffffffffffffUL",
    "__UINT_FAST32_TYPE__ long unsigned int",
    "__WINT_MAX__ 0xffffffffU",
    "__WINT_MIN__ 0U",
    "__WINT_TYPE__ unsigned int",
    "__amd64 1",
    "__amd64__ 1",
    "__gnu_linux__ 1",
    "__k8 1",
    "__k8__ 1",
    "__linux 1",
    "__linux__ 1",
    "__unix 1",
    "__unix__ 1",
    "__x86_64 1",
    "__x86_64__ 1",
};

/* bpf only. */
static const char *const predef_bpf[] = {
    "__BIGGEST_ALIGNMENT__ 8",
    "__BPF__ 1",
    "__DBL_DENORM_MIN__ ((double)4.9406564584124654e-324L)",
    "__DBL_EPSILON__ ((double)2.2204460492503131e-16L)",
    "__DBL_MAX__ ((double)1.7976931348623157e+308L)",
    "__DBL_MIN__ ((double)2.2250738585072014e-308L)",
    "__DBL_NORM_MAX__ ((double)1.7976931348623157e+308L)",
    "__DECIMAL_DIG__ 17",
    "__FLT32X_DENORM_MIN__ 4.9406564584124654e-324F32x",
    "__FLT32X_EPSILON__ 2.2204460492503131e-16F32x",
    "__FLT32X_MAX__ 1.7976931348623157e+308F32x",
    "__FLT32X_MIN__ 2.2250738585072014e-308F32x",
    "__FLT32X_NORM_MAX__ 1.7976931348623157e+308F32x",
    "__FLT32_DENORM_MIN__ 1.4012984643248171e-45F32",
    "__FLT32_EPSILON__ 1.1920928955078125e-7F32",
    "__FLT32_MAX__ 3.4028234663852886e+38F32",
    "__FLT32_MIN__ 1.1754943508222875e-38F32",
    "__FLT32_NORM_MAX__ 3.4028234663852886e+38F32",
    "__FLT64_DENORM_MIN__ 4.9406564584124654e-324F64",
    "__FLT64_EPSILON__ 2.2204460492503131e-16F64",
    "__FLT64_MAX__ 1.7976931348623157e+308F64",
    "__FLT64_MIN__ 2.2250738585072014e-308F64",
    "__FLT64_NORM_MAX__ 1.7976931348623157e+308F64",
    "__FLT_DENORM_MIN__ 1.4012984643248171e-45F",
    "__FLT_EPSILON__ 1.1920928955078125e-7F",
    "__FLT_MAX__ 3.4028234663852886e+38F",
    "__FLT_MIN__ 1.1754943508222875e-38F",
    "__FLT_NORM_MAX__ 3.4028234663852886e+38F",
    "__GCC_ATOMIC_BOOL_LOCK_FREE 1",
    "__GCC_ATOMIC_CHAR16_T_LOCK_FREE 1",
    "__GCC_ATOMIC_CHAR_LOCK_FREE 1",
    "__GCC_ATOMIC_SHORT_LOCK_FREE 1",
    "__INT_FAST16_MAX__ 0x7fff",
    "__INT_FAST16_TYPE__ short int",
    "__INT_FAST16_WIDTH__ 16",
    "__INT_FAST32_MAX__ 0x7fffffff",
    "__INT_FAST32_TYPE__ int",
    "__INT_FAST32_WIDTH__ 32",
    "__LDBL_DECIMAL_DIG__ 17",
    "__LDBL_DENORM_MIN__ 4.9406564584124654e-324L",
    "__LDBL_DIG__ 15",
    "__LDBL_EPSILON__ 2.2204460492503131e-16L",
    "__LDBL_MANT_DIG__ 53",
    "__LDBL_MAX_10_EXP__ 308",
    "__LDBL_MAX_EXP__ 1024",
    "__LDBL_MAX__ 1.7976931348623157e+308L",
    "__LDBL_MIN_10_EXP__ (-307)",
    "__LDBL_MIN_EXP__ (-1021)",
    "__LDBL_MIN__ 2.2250738585072014e-308L",
    "__LDBL_NORM_MAX__ 1.7976931348623157e+308L",
    "__SIG_ATOMIC_MAX__ 0x7f",
    "__SIG_ATOMIC_TYPE__ char",
    "__SIG_ATOMIC_WIDTH__ 8",
    "__SIZEOF_LONG_DOUBLE__ 8",
    "__UINT_FAST16_MAX__ 0xffff",
    "__UINT_FAST16_TYPE__ short unsigned int",
    "__UINT_FAST32_MAX__ 0xffffffffU",
    "__UINT_FAST32_TYPE__ unsigned int",
    "__USING_SJLJ_EXCEPTIONS__ 1",
    "__WINT_MAX__ 0x7fffffff",
    "__WINT_MIN__ (-__WINT_MAX__ - 1)",
    "__WINT_TYPE__ int",
    "__bpf__ 1",
};

static void put_table(Buf *out, const char *const *table, size_t n) {
  for (size_t i = 0; i < n; i++)
    buf_printf(out, "#define %s\n", table[i]);
}

/* The ones -undef keeps: the standard's own.  */
static void put_standard(Buf *out, const PredefOptions *p) {
  const Lang *lang = &ctx_current->lang;
  buf_printf(out, "#define __STDC__ 1\n#define __STDC_HOSTED__ %d\n",
             p->freestanding ? 0 : 1);
  const char *version = lang->c94         ? "199409L"
                        : lang->c2y       ? "202500L"
                        : lang->std == 99 ? "199901L"
                        : lang->std == 11 ? "201112L"
                        : lang->std == 17 ? "201710L"
                        : lang->std == 23 ? "202311L"
                                          : NULL;
  if (version)
    buf_printf(out, "#define __STDC_VERSION__ %s\n", version);
  if (lang_year() >= 2011 || (lang->gnu && lang_year() >= 1999))
    buf_puts(out, "#define __STDC_UTF_16__ 1\n#define __STDC_UTF_32__ 1\n");
  buf_puts(out, "#define __STDC_EMBED_NOT_FOUND__ 0\n"
                "#define __STDC_EMBED_FOUND__ 1\n"
                "#define __STDC_EMBED_EMPTY__ 2\n");
}

/* The dialect and the code-generation options.  */
static void put_dialect(Buf *out, const PredefOptions *p) {
  const Lang *lang = &ctx_current->lang;
  bool x86 = ctx_current->target.arch == ARCH_X86_64;
  if (!lang->gnu)
    buf_puts(out, "#define __STRICT_ANSI__ 1\n");
  bool gnu_inline = p->gnu89_inline ? p->gnu89_inline > 0 : lang_year() < 1999;
  buf_printf(out, "#define __GNUC_%s_INLINE__ 1\n", gnu_inline ? "GNU" : "STDC");
  if (lang->gnu && x86)
    buf_puts(out, "#define linux 1\n#define unix 1\n");
  if (lang_year() >= 2023)
    buf_printf(out,
               "#define __CHAR8_TYPE__ unsigned char\n"
               "#define __GCC_ATOMIC_CHAR8_T_LOCK_FREE %d\n",
               x86 ? 2 : 1);
  if (p->optimize)
    buf_printf(out, "#define __OPTIMIZE__ 1\n%s",
               p->optimize_size ? "#define __OPTIMIZE_SIZE__ 1\n" : "");
  else
    buf_puts(out, "#define __NO_INLINE__ 1\n");
  if (p->unsigned_char)
    buf_puts(out, "#define __CHAR_UNSIGNED__ 1\n");
  if (p->exceptions)
    buf_puts(out, "#define __EXCEPTIONS 1\n");
  if (x86) {
    static const char *const ssp[] = {"", "__SSP__ 1", "__SSP_ALL__ 2",
                                      "__SSP_STRONG__ 3", "__SSP_EXPLICIT__ 4"};
    if (p->ssp > 0 && p->ssp < (int)ARRAY_LEN(ssp))
      buf_printf(out, "#define %s\n", ssp[p->ssp]);
    if (p->cet)
      buf_printf(out, "#define __CET__ %d\n", p->cet);
    if (p->reentrant)
      buf_puts(out, "#define _REENTRANT 1\n");
    static const char *const san[] = {"ADDRESS", "THREAD", "HWADDRESS"};
    for (size_t i = 0; i < ARRAY_LEN(san); i++)
      if (p->sanitize & 1u << i)
        buf_printf(out, "#define __SANITIZE_%s__ 1\n", san[i]);
    /* CFI directives, for unwind tables or debug information.  */
    if (!p->no_cfi_asm && (!p->no_async_unwind || p->unwind_tables ||
                           p->exceptions || p->debug))
      buf_puts(out, "#define __GCC_HAVE_DWARF2_CFI_ASM 1\n");
  }
  /* x86_64 defaults to -fPIE, bpf to neither.  */
  int pic = p->pic_set ? p->pic : x86 ? 2 : 0;
  int pie = p->pic_set ? p->pie : x86 ? 2 : 0;
  if (pic)
    buf_printf(out, "#define __PIC__ %d\n#define __pic__ %d\n", pic, pic);
  if (pie)
    buf_printf(out, "#define __PIE__ %d\n#define __pie__ %d\n", pie, pie);
}

/* The units in effect (x86_64).  */
typedef struct X86Units {
  bool mmx, sse, sse2, x87;
} X86Units;

static bool unit_on(signed char set, bool general_regs_only) {
  return set ? set > 0 : !general_regs_only;
}

static X86Units x86_units(const PredefX86 *x) {
  X86Units u = {unit_on(x->mmx, x->general_regs_only),
                unit_on(x->sse, x->general_regs_only),
                unit_on(x->sse2, x->general_regs_only),
                unit_on(x->x87, x->general_regs_only)};
  u.sse2 = u.sse2 && u.sse;
  return u;
}

/* FLT_EVAL_METHOD: SSE's (0), x87's (2), mixed (-1: float in SSE, double
   on x87) or soft float's (0).  */
static int x86_eval_method(X86Units u) {
  return u.sse2 || !u.x87 ? 0 : u.sse ? -1 : 2;
}

/* The floating-point options (-ffast-math and its parts): GCC's
   c_cpp_builtins_optimize_pragma and cpp_iec_559_value.  */
static void put_float(Buf *out, const PredefFloat *f,
                      const PredefX86 *x86_opts) {
  const Lang *lang = &ctx_current->lang;
  static const struct {
    size_t offset;
    const char *name;
  } flags[] = {
      {offsetof(PredefFloat, no_signed_zeros), "__NO_SIGNED_ZEROS__"},
      {offsetof(PredefFloat, no_trapping), "__NO_TRAPPING_MATH__"},
      {offsetof(PredefFloat, associative), "__ASSOCIATIVE_MATH__"},
      {offsetof(PredefFloat, reciprocal), "__RECIPROCAL_MATH__"},
      {offsetof(PredefFloat, no_errno), "__NO_MATH_ERRNO__"},
      {offsetof(PredefFloat, rounding), "__ROUNDING_MATH__"},
      {offsetof(PredefFloat, signaling_nans), "__SUPPORT_SNAN__"},
  };
  for (size_t i = 0; i < ARRAY_LEN(flags); i++)
    if (*(const bool *)((const char *)f + flags[i].offset))
      buf_printf(out, "#define %s 1\n", flags[i].name);
  if (f->no_trapping && f->unsafe && f->finite && f->no_signed_zeros &&
      f->no_errno && f->excess_fast)
    buf_puts(out, "#define __FAST_MATH__ 1\n");
  buf_printf(out, "#define __FINITE_MATH_ONLY__ %d\n", f->finite);
  /* IEC 60559 conformance: none without floating-point hardware (bpf, or
     x86_64 without SSE and x87), nor in ISO C with a mixed evaluation
     method; else full unless an option contradicts it.  */
  bool x86 = ctx_current->target.arch == ARCH_X86_64;
  X86Units u = x86_units(x86_opts);
  int iec = 2;
  if (!x86 || (!u.sse && !u.x87) || (!lang->gnu && x86_eval_method(u) < 0))
    iec = 0;
  if (f->unsafe || f->associative || f->reciprocal || f->finite ||
      f->no_signed_zeros || f->single_constant ||
      (!lang->gnu && f->contract_fast))
    iec = 0;
  buf_printf(out,
             "#define __GCC_IEC_559 %d\n#define __GCC_IEC_559_COMPLEX %d\n",
             iec, f->cx_limited_range ? 0 : iec);
}

/* x86_64's instruction-set macros, of the base ISA less what -mno-sse
   and the like take away, and the evaluation method of floating types
   (on bpf, 0).  */
static void put_x86_isa(Buf *out, const PredefX86 *x) {
  int eval = 0;
  if (ctx_current->target.arch == ARCH_X86_64) {
    X86Units u = x86_units(x);
    if (u.mmx)
      buf_puts(out, "#define __MMX__ 1\n");
    if (u.sse)
      buf_puts(out, "#define __SSE__ 1\n#define __SSE_MATH__ 1\n");
    if (u.sse2)
      buf_puts(out, "#define __SSE2__ 1\n#define __SSE2_MATH__ 1\n"
                    "#define __MMX_WITH_SSE__ 1\n");
    if (!u.x87)
      buf_puts(out, "#define _SOFT_FLOAT 1\n");
    buf_printf(out, "#define __code_model_%s__ 1\n",
               x->code_model ? x->code_model : "small");
    eval = x86_eval_method(u);
  }
  buf_printf(out,
             "#define __FLT_EVAL_METHOD__ %d\n"
             "#define __FLT_EVAL_METHOD_TS_18661_3__ %d\n",
             eval, eval);
}

/* -mcpu=vN and the features: bpf-gcc's bpf_target_macros.  */
static void put_bpf_cpu(Buf *out, const PredefOptions *p) {
  int cpu = p->bpf_cpu ? p->bpf_cpu : 4;
  unsigned f = p->bpf_cpu ? p->bpf_features : bpf_cpu_features(4);
  buf_printf(out, "#define __BPF_CPU_VERSION__ %d\n", cpu);
  static const struct {
    unsigned bit;
    const char *name;
  } features[] = {
      {BPF_F_ALU32, "ALU32"}, {BPF_F_JMP32, "JMP32"},
      {BPF_F_JMPEXT, "JMP_EXT"}, {BPF_F_BSWAP, "BSWAP"},
      {BPF_F_SDIV, "SDIV_SMOD"}, {BPF_F_SMOV, "MOVSX"},
  };
  for (size_t i = 0; i < ARRAY_LEN(features); i++)
    if (f & features[i].bit)
      buf_printf(out, "#define __BPF_FEATURE_%s 1\n", features[i].name);
  if (cpu >= 4)
    buf_puts(out, "#define __BPF_FEATURE_LDSX 1\n"
                  "#define __BPF_FEATURE_GOTOL 1\n"
                  "#define __BPF_FEATURE_ST 1\n");
  /* The v3 atomics make the 32- and 64-bit ones lock-free.  */
  int lock_free = f & BPF_F_V3_ATOMICS ? 2 : 1;
  static const char *const wide[] = {"CHAR32_T", "INT", "LLONG", "LONG",
                                     "POINTER", "WCHAR_T"};
  for (size_t i = 0; i < ARRAY_LEN(wide); i++)
    buf_printf(out, "#define __GCC_ATOMIC_%s_LOCK_FREE %d\n", wide[i],
               lock_free);
  if (f & BPF_F_V3_ATOMICS)
    buf_puts(out, "#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_4 1\n"
                  "#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_8 1\n");
}

static void put_byte_order(Buf *out) {
  bool be = ctx_current->target.big_endian;
  buf_printf(out,
             "#define __BPF_%s_ENDIAN__ 1\n"
             "#define __BYTE_ORDER__ __ORDER_%s_ENDIAN__\n"
             "#define __FLOAT_WORD_ORDER__ __ORDER_%s_ENDIAN__\n"
             "#define __GNUC_WIDE_EXECUTION_CHARSET_NAME \"UTF-32%s\"\n",
             be ? "BIG" : "LITTLE", be ? "BIG" : "LITTLE",
             be ? "BIG" : "LITTLE", be ? "BE" : "LE");
}

void predef_text(Buf *out, const PredefOptions *p, bool undef) {
  put_standard(out, p);
  if (undef)
    return;
  put_dialect(out, p);
  put_float(out, &p->fp, &p->x86);
  put_x86_isa(out, &p->x86);
  put_table(out, predef_common, ARRAY_LEN(predef_common));
  if (ctx_current->target.arch == ARCH_BPF) {
    put_table(out, predef_bpf, ARRAY_LEN(predef_bpf));
    put_bpf_cpu(out, p);
    put_byte_order(out);
  } else {
    put_table(out, predef_x86_64, ARRAY_LEN(predef_x86_64));
  }
  buf_puts(out, "#define __GNUC__ 16\n"
                "#define __GNUC_MINOR__ 2\n"
                "#define __GNUC_PATCHLEVEL__ 0\n"
                "#define __VERSION__ \"16.2.0 (btfcc " BTFCC_VERSION ")\"\n"
                "#define __BTFCC__ 1\n");
}
