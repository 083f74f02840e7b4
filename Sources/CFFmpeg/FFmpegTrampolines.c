/* The FFmpeg functions Glint calls, as trampolines into libraries opened on first use (see
   CLazyLibrary.h). Each trampoline is defined with the prototype the FFmpeg header declares,
   so the compiler checks every one; they have hidden visibility, so the executable never
   exports them and the FFmpeg libraries' own calls to one another never bind to them. */

#pragma GCC visibility push(hidden)
#include "CFFmpeg.h"
#pragma GCC visibility pop

#include "CLazyLibrary.h"
#include "FFmpegFunctions.h"

/* Opened in dependency order; each one's dependencies are already loaded when it is opened. */
static const char *const cffmpeg_sonames[] = {
    "libavutil.so.57", "libswscale.so.6", "libswresample.so.4", "libavcodec.so.59", "libavformat.so.59", NULL,
};

#define CFFMPEG_NAME(ret, name, params, args) #name,
static const char *const cffmpeg_symbols[] = { CFFMPEG_FUNCTIONS(CFFMPEG_NAME) };

#define CFFMPEG_INDEX(ret, name, params, args) cffmpeg_index_##name,
enum { CFFMPEG_FUNCTIONS(CFFMPEG_INDEX) cffmpeg_function_count };

static void *cffmpeg_table[cffmpeg_function_count];

/* The log level asked for before FFmpeg was loaded; -1: none. */
static _Atomic int cffmpeg_pending_log_level = -1;

static void cffmpeg_loaded(void) {
    int level = atomic_load(&cffmpeg_pending_log_level);
    if (level != -1) av_log_set_level(level);
}

static lazy_library cffmpeg_library =
    LAZY_LIBRARY_INIT("FFmpeg", cffmpeg_sonames, cffmpeg_symbols, cffmpeg_table, cffmpeg_loaded);

#define CFFMPEG_TRAMPOLINE(ret, name, params, args) \
    LAZY_TRAMPOLINE(&cffmpeg_library, cffmpeg_index_##name, ret, name, params, args)
CFFMPEG_FUNCTIONS(CFFMPEG_TRAMPOLINE)

int cffmpeg_load(void) { return lazy_library_load(&cffmpeg_library); }

const char *cffmpeg_load_error(void) { return lazy_library_error(&cffmpeg_library); }

const char *cffmpeg_soname(void) { return "libavcodec.so.59"; }

int cffmpeg_is_loaded(void) { return lazy_library_is_loaded(&cffmpeg_library); }

void cffmpeg_set_log_level(int level) {
    atomic_store(&cffmpeg_pending_log_level, level);
    if (lazy_library_is_loaded(&cffmpeg_library)) av_log_set_level(level);
}
