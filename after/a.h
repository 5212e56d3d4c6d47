#define FROM_AFTER 3
