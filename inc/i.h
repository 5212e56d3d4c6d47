#define FROM_I 1
