/* #embed (C23).  */
const unsigned char data[] = {
#embed "embed.c" limit(16)
};
#if __has_embed("embed.c") != 1
#error __has_embed
#endif
int n = sizeof data;
