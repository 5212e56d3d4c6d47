#define FROM_Q 4
