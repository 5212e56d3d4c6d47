/* #elifdef and #elifndef (C23).  */
#define YES
#ifdef NO
int wrong1;
#elifdef YES
int right1;
#else
int wrong2;
#endif
#ifdef NO
int wrong3;
#elifndef NO
int right2;
#endif
#if 0
#elifdef NO
int wrong4;
#elifndef YES
int wrong5;
#else
int right3;
#endif
