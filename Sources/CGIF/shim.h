#ifndef GLINT_CGIF_SHIM_H
#define GLINT_CGIF_SHIM_H

#include <stdbool.h>
#include <gif_lib.h>

/* giflib's codes are macros Swift cannot always import; these expose them. */
static inline int cgif_ok(void) { return GIF_OK; }
static inline int cgif_application_extension(void) { return APPLICATION_EXT_FUNC_CODE; }
static inline int cgif_graphics_extension(void) { return GRAPHICS_EXT_FUNC_CODE; }
static inline int cgif_dispose_do_not(void) { return DISPOSE_DO_NOT; }
static inline int cgif_no_transparent_color(void) { return NO_TRANSPARENT_COLOR; }

#endif
