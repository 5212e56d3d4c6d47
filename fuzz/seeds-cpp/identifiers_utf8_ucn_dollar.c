int \u00e9x = 1; int éy; #define \u00e9z 3
#define \u00e9z 3
éz \u00e9z
$dollar a$b
