/* Types the link units share.  */
typedef enum color { RED, GREEN = 4, BLUE = -2 } color;
struct shared { int x; unsigned f : 4; struct shared *next; color c; };
typedef struct list { struct list *next; int v; } list;
