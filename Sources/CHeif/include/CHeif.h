#ifndef GLINT_CHEIF_SHIM_H
#define GLINT_CHEIF_SHIM_H

#include <libheif/heif.h>

/* libheif is not linked into the executable: every function Glint calls is a trampoline
   (HeifTrampolines.c) that opens libheif.so.1 with dlopen on first use, so commands that never
   touch HEIC do not pay for loading libheif, x265 and libde265. */

/* Loads libheif now if it is not loaded yet (thread-safe; later calls return at once).
   Returns 1 on success, 0 when the library or a function is missing (see cheif_load_error). */
int cheif_load(void);

/* Why libheif could not be loaded, or NULL when it loaded or has not been tried. */
const char *cheif_load_error(void);

/* The soname named in messages about libheif ("libheif.so.1"). */
const char *cheif_soname(void);

/* 1 when libheif has been loaded in this process (loads nothing). */
int cheif_is_loaded(void);

/* A successful heif_error whose message is a static string, for callbacks written in Swift
   (a Swift string cannot give libheif a pointer that outlives the call). */
static inline struct heif_error cheif_ok(void) {
    struct heif_error error = { heif_error_Ok, heif_suberror_Unspecified, "Success" };
    return error;
}

/* A failed heif_error for a writer callback that could not take the data. */
static inline struct heif_error cheif_write_failed(void) {
    struct heif_error error = { heif_error_Encoding_error, heif_suberror_Cannot_write_output_data, "cannot keep the encoded data" };
    return error;
}

#endif
