#ifndef GLINT_CPNG_SHIM_H
#define GLINT_CPNG_SHIM_H

/* libpng's simplified API (png_image_*): it handles libpng's longjmp error recovery itself and
   reports failures in png_image.message, so Swift can call it directly. */
#include <png.h>
/* zlib (which libpng links): a PNG's iCCP chunk is deflated, and every chunk has a CRC-32. */
#include <zlib.h>

/* PNG_IMAGE_SIZE and friends are function-like macros, which Swift cannot import. */
static inline png_uint_32 cpng_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline int cpng_is_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }

#endif
