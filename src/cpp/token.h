/* Preprocessing tokens: what the preprocessor hands to the parser.  */
#ifndef BTFCC_TOKEN_H
#define BTFCC_TOKEN_H

#include "../util/diag.h"

typedef enum {
  TK_EOF,
  TK_IDENT,   /* identifier or keyword (the parser decides which) */
  TK_NUMBER,  /* pp-number, raw spelling */
  TK_CHAR,    /* character constant with any prefix: 'a' L'a' u8'a' */
  TK_STRING,  /* string literal with any prefix: "a" L"a" u8"a" u"" U"" */
  TK_PUNCT,   /* punctuator, see Punct */
  TK_OTHER,   /* any other single non-blank character (stray \, @, $ ...) */
  TK_PRAGMA,  /* start of a #pragma / _Pragma the parser must see (pack,
                 clang attribute ...); its tokens follow, unexpanded */
  TK_PRAGMA_END, /* end of those tokens */
} TokKind;

/* Punctuators.  Digraphs map to the token they stand for.  */
typedef enum {
  P_NONE,
  P_LBRACKET,  /* [ <: */
  P_RBRACKET,  /* ] :> */
  P_LPAREN,    /* ( */
  P_RPAREN,    /* ) */
  P_LBRACE,    /* { <% */
  P_RBRACE,    /* } %> */
  P_DOT,       /* . */
  P_ARROW,     /* -> */
  P_INC,       /* ++ */
  P_DEC,       /* -- */
  P_AMP,       /* & */
  P_STAR,      /* * */
  P_PLUS,      /* + */
  P_MINUS,     /* - */
  P_TILDE,     /* ~ */
  P_NOT,       /* ! */
  P_SLASH,     /* / */
  P_PERCENT,   /* % */
  P_SHL,       /* << */
  P_SHR,       /* >> */
  P_LT,        /* < */
  P_GT,        /* > */
  P_LE,        /* <= */
  P_GE,        /* >= */
  P_EQ,        /* == */
  P_NE,        /* != */
  P_CARET,     /* ^ */
  P_PIPE,      /* | */
  P_ANDAND,    /* && */
  P_OROR,      /* || */
  P_QUESTION,  /* ? */
  P_COLON,     /* : */
  P_COLONCOLON,/* :: (C23, only in attributes) */
  P_SEMI,      /* ; */
  P_ELLIPSIS,  /* ... */
  P_ASSIGN,    /* = */
  P_MUL_ASSIGN,/* *= */
  P_DIV_ASSIGN,/* /= */
  P_MOD_ASSIGN,/* %= */
  P_ADD_ASSIGN,/* += */
  P_SUB_ASSIGN,/* -= */
  P_SHL_ASSIGN,/* <<= */
  P_SHR_ASSIGN,/* >>= */
  P_AND_ASSIGN,/* &= */
  P_XOR_ASSIGN,/* ^= */
  P_OR_ASSIGN, /* |= */
  P_COMMA,     /* , */
  P_HASH,      /* # %: */
  P_HASHHASH,  /* ## %:%: */
  P__COUNT
} Punct;

enum {
  TF_BOL = 1,       /* first token on its line */
  TF_SPACE = 2,     /* preceded by white space */
  TF_NOEXPAND = 4,  /* identifier that must not be macro-expanded again */
};

typedef struct Token {
  uint8_t kind;   /* TokKind */
  uint8_t flags;  /* TF_* */
  uint16_t punct; /* Punct, for TK_PUNCT */
  uint32_t len;   /* length of the spelling */
  const char *text; /* spelling; not NUL-terminated in general */
  Ident *ident;   /* TK_IDENT: the interned name */
  SrcLoc loc;     /* where the token (or the macro use it came from) is */
  void *pp;       /* preprocessor-private (hide set) */
} Token;

/* SrcLoc.xp fills what was padding: a token stays 48 bytes.  */
_Static_assert(sizeof(Token) == 48, "Token grew");

/* Spelling of a punctuator ("->"), for messages.  */
const char *punct_spelling(Punct p);

#endif
