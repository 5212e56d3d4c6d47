/* Punctuator spellings.  */
#include "token.h"

static const char *const punct_names[P__COUNT] = {
    [P_NONE] = "",          [P_LBRACKET] = "[",    [P_RBRACKET] = "]",
    [P_LPAREN] = "(",       [P_RPAREN] = ")",      [P_LBRACE] = "{",
    [P_RBRACE] = "}",       [P_DOT] = ".",         [P_ARROW] = "->",
    [P_INC] = "++",         [P_DEC] = "--",        [P_AMP] = "&",
    [P_STAR] = "*",         [P_PLUS] = "+",        [P_MINUS] = "-",
    [P_TILDE] = "~",        [P_NOT] = "!",         [P_SLASH] = "/",
    [P_PERCENT] = "%",      [P_SHL] = "<<",        [P_SHR] = ">>",
    [P_LT] = "<",           [P_GT] = ">",          [P_LE] = "<=",
    [P_GE] = ">=",          [P_EQ] = "==",         [P_NE] = "!=",
    [P_CARET] = "^",        [P_PIPE] = "|",        [P_ANDAND] = "&&",
    [P_OROR] = "||",        [P_QUESTION] = "?",    [P_COLON] = ":",
    [P_COLONCOLON] = "::",  [P_SEMI] = ";",        [P_ELLIPSIS] = "...",
    [P_ASSIGN] = "=",       [P_MUL_ASSIGN] = "*=", [P_DIV_ASSIGN] = "/=",
    [P_MOD_ASSIGN] = "%=",  [P_ADD_ASSIGN] = "+=", [P_SUB_ASSIGN] = "-=",
    [P_SHL_ASSIGN] = "<<=", [P_SHR_ASSIGN] = ">>=", [P_AND_ASSIGN] = "&=",
    [P_XOR_ASSIGN] = "^=",  [P_OR_ASSIGN] = "|=",  [P_COMMA] = ",",
    [P_HASH] = "#",         [P_HASHHASH] = "##",
};

const char *punct_spelling(Punct p) {
  return (unsigned)p < P__COUNT ? punct_names[p] : "";
}
