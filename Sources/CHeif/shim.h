#ifndef GLINT_CHEIF_SHIM_H
#define GLINT_CHEIF_SHIM_H

#include <libheif/heif.h>

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
