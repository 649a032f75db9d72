// glibc's malloc.h (malloc_trim), which the Swift Glibc module leaves out. Only on Linux: there
// is no malloc.h elsewhere, and nothing is declared.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
