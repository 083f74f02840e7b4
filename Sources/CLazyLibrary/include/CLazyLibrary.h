#ifndef GLINT_CLAZYLIBRARY_H
#define GLINT_CLAZYLIBRARY_H

/* A shared library opened with dlopen on first use instead of being linked into the executable,
   so that a process that never needs it never pays for loading and relocating it (and the
   hundred-odd libraries it depends on).

   A lazy_library names the sonames to open and the functions to resolve. lazy_library_load opens
   every soname (RTLD_NOW | RTLD_LOCAL, so nothing the library exports joins the global scope),
   resolves every symbol with dlsym on those handles (never RTLD_DEFAULT or RTLD_NEXT, so a
   trampoline can never resolve to itself) and records the outcome once: later calls, from any
   thread, return it without locking. The trampolines in CFFmpeg and CHeif call
   lazy_library_function, which loads on first use and aborts with a clear message only when the
   library cannot be loaded at all; Swift callers load through lazy_library_load first and turn a
   failure into a typed error, so that abort is never reached. */

#include <pthread.h>
#include <stddef.h>
#include <stdatomic.h>

/* One lazily loaded library (or set of libraries that load together). */
typedef struct lazy_library {
    /* What the library is, for messages: "FFmpeg", "libheif". */
    const char *name;
    /* Sonames to open, in order; NULL-terminated. */
    const char *const *sonames;
    /* Functions to resolve, in the order of `table`; `symbol_count` of them. */
    const char *const *symbols;
    size_t symbol_count;
    /* Resolved addresses, filled by lazy_library_load. */
    void **table;
    /* Called once after a successful load (may call the trampolines); NULL for none. */
    void (*on_load)(void);
    /* 0: not tried yet, 1: loaded, -1: failed (see `error`). Written once under `lock`. */
    _Atomic int state;
    pthread_mutex_t lock;
    /* Why loading failed, when it did. */
    char error[512];
} lazy_library;

/* Initialiser for a static lazy_library. */
#define LAZY_LIBRARY_INIT(display_name, soname_list, symbol_list, symbol_table, loaded) \
    { (display_name), (soname_list), (symbol_list), sizeof(symbol_list) / sizeof((symbol_list)[0]), \
      (symbol_table), (loaded), 0, PTHREAD_MUTEX_INITIALIZER, { 0 } }

/* Loads `library` on first call (thread-safe); returns 1 when every soname opened and every
   symbol resolved, 0 otherwise (then lazy_library_error says why). */
int lazy_library_load(lazy_library *library);

/* Why `library` could not be loaded ("libavcodec.so.59: cannot open shared object file: ..."),
   or NULL when it loaded or has not been tried. */
const char *lazy_library_error(lazy_library *library);

/* 1 when `library` has been loaded in this process (loading nothing). */
int lazy_library_is_loaded(const lazy_library *library);

/* The address of the function at `index`, loading the library first if needed. Aborts the
   process with a message naming the library when it cannot be loaded: callers are expected to
   have loaded it through lazy_library_load and handled a failure before calling a trampoline. */
void *lazy_library_function(lazy_library *library, size_t index);

/* Defines a trampoline with the exact prototype the library's header declares (the compiler
   rejects any difference): `ret name params { return real(args); }`, the real function coming
   from slot `index` of `library`. */
#define LAZY_TRAMPOLINE(library, index, ret, name, params, args) \
    ret name params { \
        __typeof__(&name) real = (__typeof__(&name))lazy_library_function((library), (index)); \
        return real args; \
    }

#endif
