/* The libheif functions Glint calls, as trampolines into libheif.so.1 opened on first use (see
   CLazyLibrary.h). Each trampoline is defined with the prototype libheif's header declares, so
   the compiler checks every one; they have hidden visibility, so the executable never exports
   them. */

#pragma GCC visibility push(hidden)
#include "CHeif.h"
#pragma GCC visibility pop

#include "CLazyLibrary.h"
#include "HeifFunctions.h"

static const char *const cheif_sonames[] = { "libheif.so.1", NULL };

#define CHEIF_NAME(ret, name, params, args) #name,
static const char *const cheif_symbols[] = { CHEIF_FUNCTIONS(CHEIF_NAME) };

#define CHEIF_INDEX(ret, name, params, args) cheif_index_##name,
enum { CHEIF_FUNCTIONS(CHEIF_INDEX) cheif_function_count };

static void *cheif_table[cheif_function_count];

static lazy_library cheif_library = LAZY_LIBRARY_INIT("libheif", cheif_sonames, cheif_symbols, cheif_table, NULL);

#define CHEIF_TRAMPOLINE(ret, name, params, args) \
    LAZY_TRAMPOLINE(&cheif_library, cheif_index_##name, ret, name, params, args)
CHEIF_FUNCTIONS(CHEIF_TRAMPOLINE)

int cheif_load(void) { return lazy_library_load(&cheif_library); }

const char *cheif_load_error(void) { return lazy_library_error(&cheif_library); }

const char *cheif_soname(void) { return "libheif.so.1"; }

int cheif_is_loaded(void) { return lazy_library_is_loaded(&cheif_library); }
