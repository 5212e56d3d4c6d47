/* #if arithmetic in intmax_t/uintmax_t.  */
#if -1 < 0u
wrong_unsigned
#else
unsigned_compare_ok
#endif
#if (2 || 1/0) && !(0 && 1/0)
short_circuit_ok
#endif
#if 1 ? 2 : (1/0)
conditional_ok
#endif
#if (-1 >> 1) == -1 && (1 << 62) > 0 && (0x7fffffffffffffff + 0 > 0)
shifts_ok
#endif
#if 'a' == 97 && '\n' == 10 && '\377' < 0 && L'\377' == 255 && u'x' == 120
chars_ok
#endif
#if 0x10 == 16 && 010 == 8 && 0b101 == 5 && 10ULL == 10 && 1lu == 1
numbers_ok
#endif
#if (18446744073709551615u == -1) && (-1 == ~0)
wrap_ok
#endif
#if ((1,0))
wrong_comma
#else
comma_ok
#endif
#if undefined_identifier == 0 && !undefined_function_like
identifiers_zero_ok
#endif
#if 1
# if 0
wrong
# elif 1
elif_ok
# else
wrong
# endif
#elif 1/0
wrong
#endif
#ifdef UNDEFINED
#elifdef X
#elifndef __FILE__
wrong
#else
elifdef_else_ok
#endif
#if 0
#error not here
#garbage directive
#endif
#if 3 % 2 == 1 && -7 / 2 == -3 && -7 % 2 == -1 && 7u / 2 == 3
division_ok
#endif
