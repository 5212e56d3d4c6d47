/* #embed (C23) and its parameters, GCC's gnu::offset among them; this
   file embeds itself.  */
const unsigned char data[] = {
#embed "embed.c" limit(16)
};
#define HEAD 4
const unsigned char head[] = {
#embed "embed.c" __limit__(HEAD) prefix(0x7f,) suffix(, 0)
};
const unsigned char none[] = {
#embed "embed.c" limit(0) prefix(1,) suffix(,2) if_empty(255)
};
const unsigned char skipped[] = {
#embed "embed.c" gnu::offset(3) limit(5)
};
int first =
#embed "embed.c" limit(1) if_empty(-1)
;
#if __has_embed("embed.c") != __STDC_EMBED_FOUND__
#error __has_embed
#endif
#if __has_embed("embed.c" limit(0)) != __STDC_EMBED_EMPTY__ || __has_embed("no-such-file") != 0
#error __has_embed
#endif
#if __has_embed("embed.c" vendor::unknown) != 0 || __has_embed("embed.c" gnu::offset(1) suffix(x)) != 1
#error __has_embed
#endif
int n = sizeof data + sizeof head * 100 + sizeof none * 10000 + sizeof skipped * 1000000;
