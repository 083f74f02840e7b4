#ifndef GLINT_CJPEGTURBO_H
#define GLINT_CJPEGTURBO_H

/*
 * A small shim over libjpeg-turbo that decodes and encodes JPEG in memory.
 *
 * libjpeg reports errors by calling error_exit(), whose default implementation calls exit().
 * Every entry point here installs an error manager that longjmps back into this shim instead,
 * so libjpeg can never end the process; each call returns a cjpeg_status and writes a one-line
 * message into the caller's message buffer. Everything the shim allocates is freed on every
 * error path. No libjpeg type appears in this header.
 */

#include <stddef.h>

/* The outcome of a shim call. */
typedef enum cjpeg_status {
    CJPEG_STATUS_OK = 0,
    /* The input holds no bytes. */
    CJPEG_STATUS_EMPTY = 1,
    /* The input ends before the JPEG structure does ("Premature end of JPEG file"). */
    CJPEG_STATUS_TRUNCATED = 2,
    /* The input is not a valid JPEG stream. */
    CJPEG_STATUS_CORRUPT = 3,
    /* The input is valid but uses a feature this build cannot convert (CMYK, 12-bit, ...). */
    CJPEG_STATUS_UNSUPPORTED = 4,
    /* The image is too large, or memory ran out. */
    CJPEG_STATUS_TOO_LARGE = 5,
    /* The caller passed an invalid argument or called in the wrong order. */
    CJPEG_STATUS_INVALID_ARGUMENT = 6,
    /* Encoding failed for another reason. */
    CJPEG_STATUS_FAILED = 7
} cjpeg_status;

/* The colour space a JPEG stream declares. */
typedef enum cjpeg_color_space {
    CJPEG_COLOR_UNKNOWN = 0,
    CJPEG_COLOR_GRAYSCALE = 1,
    CJPEG_COLOR_YCBCR = 2,
    CJPEG_COLOR_RGB = 3,
    CJPEG_COLOR_CMYK = 4,
    CJPEG_COLOR_YCCK = 5
} cjpeg_color_space;

/* What a JPEG header says, read before any pixel memory is allocated. */
typedef struct cjpeg_header {
    int width;
    int height;
    int components;
    cjpeg_color_space color_space;
    int is_progressive;
} cjpeg_header;

/* Chroma subsampling for the encoder. */
typedef enum cjpeg_subsampling {
    CJPEG_SUBSAMPLING_420 = 0,
    CJPEG_SUBSAMPLING_422 = 1,
    CJPEG_SUBSAMPLING_444 = 2,
    /* One grey component, the luma of the RGB input (a gain map). */
    CJPEG_SUBSAMPLING_GREY = 3
} cjpeg_subsampling;

/* An in-progress decompression of one in-memory JPEG stream. */
typedef struct cjpeg_decoder cjpeg_decoder;

/*
 * Creates a decoder. `message` (capacity `message_capacity` bytes, NUL-terminated on return) must
 * stay valid until cjpeg_decoder_destroy; errors and the first warning are written there.
 * Returns NULL when memory runs out.
 */
cjpeg_decoder *cjpeg_decoder_create(char *message, size_t message_capacity);

/* Frees the decoder and everything libjpeg allocated for it. Accepts NULL. */
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);

/*
 * Reads the markers up to the first scan of `data` (which must stay valid until the decoder is
 * destroyed) and fills `header`. Allocates no pixel memory. Call once per decoder.
 */
cjpeg_status cjpeg_decoder_read_header(cjpeg_decoder *decoder, const unsigned char *data,
                                       size_t size, cjpeg_header *header);

/*
 * Selects DCT scaling by 1/`scale_denominator` (1, 2, 4 or 8) and RGB output, and reports the
 * output size that cjpeg_decoder_decode_rgb will produce. Call after reading the header.
 */
cjpeg_status cjpeg_decoder_set_scale(cjpeg_decoder *decoder, int scale_denominator,
                                     int *output_width, int *output_height);

/*
 * Decodes the image as interleaved 8-bit RGB into `rgb`, which must hold at least
 * output_width * output_height * 3 bytes. A truncated stream is an error; other corrupt-data
 * warnings are counted in `warning_count`. Call once, after cjpeg_decoder_set_scale.
 */
cjpeg_status cjpeg_decoder_decode_rgb(cjpeg_decoder *decoder, unsigned char *rgb,
                                      size_t rgb_capacity, int *warning_count);

/*
 * Starts decoding only rows y ..< y + height of the (scaled) output, and columns from x for
 * `width`, widened by libjpeg to whole iMCUs: `decoded_x` and `decoded_width` report the columns
 * that will be decoded. Call after cjpeg_decoder_set_scale, instead of cjpeg_decoder_decode_rgb,
 * then cjpeg_decoder_read_region with a buffer for decoded_width * height pixels.
 */
cjpeg_status cjpeg_decoder_start_region(cjpeg_decoder *decoder, int x, int y, int width, int height,
                                        int *decoded_x, int *decoded_width);

/*
 * Decodes the region started by cjpeg_decoder_start_region as interleaved 8-bit RGB into `rgb`
 * (at least decoded_width * height * 3 bytes). Rows outside the region are skipped without
 * being reconstructed, but still read: a truncated stream is an error wherever it is cut, and
 * corrupt-data warnings are counted in `warning_count`.
 */
cjpeg_status cjpeg_decoder_read_region(cjpeg_decoder *decoder, unsigned char *rgb, size_t rgb_capacity,
                                       int *warning_count);

/*
 * Encodes `width` x `height` interleaved RGB pixels (rows of width * 3 bytes) as a baseline JPEG
 * with optimised Huffman tables and no APPn or COM markers. On success `*jpeg` holds `*jpeg_size`
 * bytes that the caller frees with cjpeg_free; on failure `*jpeg` is NULL and `message` says why.
 */
cjpeg_status cjpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                              cjpeg_subsampling subsampling, unsigned char **jpeg,
                              size_t *jpeg_size, char *message, size_t message_capacity);

/* Frees memory returned by cjpeg_encode_rgb. Accepts NULL. */
void cjpeg_free(void *pointer);

/* The coefficient API (read and write quantised DCT blocks). */
#include "CJPEGCoefficients.h"

#endif
