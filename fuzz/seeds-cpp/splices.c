/* Backslash-newline anywhere: identifiers, numbers, strings, comments,
   punctuators and directives.  */
#def\
ine SPL\
ICED 4\
2
SPLICED
in\
t x = 1\
2 + 0x\
1p-\
3; char *s = "ab\
cd"; // comment \
continued
a -\
> b; c +\
= d; e <\
<= f;
/\
* comment *\
/ after_comment
#if SPLI\
CED == 42
splice_if_ok
#endif
