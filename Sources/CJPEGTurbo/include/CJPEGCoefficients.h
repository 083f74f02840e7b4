#ifndef GLINT_CJPEGCOEFFICIENTS_H
#define GLINT_CJPEGCOEFFICIENTS_H

/*
 * libjpeg-turbo's coefficient API (the one jpegtran uses): read a JPEG's quantised DCT blocks
 * without decoding pixels, change some blocks, and write the blocks back as a JPEG with the same
 * quantisation tables and sampling, so that every block not changed keeps its exact values.
 *
 * Errors are reported as in CJPEGTurbo.h: a cjpeg_status and a one-line message; libjpeg never
 * ends the process, and everything allocated is freed on every error path.
 */

#include <stddef.h>

#include "CJPEGTurbo.h"

/* The most components a frame may have (libjpeg's MAX_COMPONENTS is 10; JPEG colour uses 1 to 4). */
#define CJPEG_MAX_FRAME_COMPONENTS 4

/* One component of a frame, as libjpeg laid out its coefficient array. */
typedef struct cjpeg_component {
    int id;
    int h_samp_factor;
    int v_samp_factor;
    /* Blocks actually coded for this component (ceil of its sample size / 8). */
    int width_in_blocks;
    int height_in_blocks;
    /* Blocks allocated: width and height padded to whole iMCUs. */
    int padded_width_in_blocks;
    int padded_height_in_blocks;
    /* The component's quantisation table, in natural (row-major) order. */
    unsigned short quant[64];
} cjpeg_component;

/* The frame of a JPEG whose coefficients were read. */
typedef struct cjpeg_frame {
    int width;
    int height;
    int components;
    cjpeg_color_space color_space;
    int is_progressive;
    int is_arithmetic;
    /* MCUs per restart interval, 0 when the file has none. */
    int restart_interval;
    int max_h_samp_factor;
    int max_v_samp_factor;
    cjpeg_component component[CJPEG_MAX_FRAME_COMPONENTS];
} cjpeg_frame;

/* The coefficient arrays of one JPEG, read into memory. */
typedef struct cjpeg_coefficients cjpeg_coefficients;

/*
 * Creates a reader. `message` (capacity `message_capacity` bytes) must stay valid until
 * cjpeg_coefficients_destroy; errors are written there. Returns NULL when memory runs out.
 */
cjpeg_coefficients *cjpeg_coefficients_create(char *message, size_t message_capacity);

/* Frees the reader, its coefficient arrays and everything libjpeg allocated. Accepts NULL. */
void cjpeg_coefficients_destroy(cjpeg_coefficients *coefficients);

/*
 * Reads every DCT block of `data` (which must stay valid until the reader is destroyed) and fills
 * `frame`. A truncated stream, or one with corrupt-data warnings, is an error (the blocks libjpeg
 * would invent for the damage must not be written out as if they were the photo's own).
 * Refuses more than CJPEG_MAX_FRAME_COMPONENTS components. Call once per reader.
 */
cjpeg_status cjpeg_coefficients_read(cjpeg_coefficients *coefficients, const unsigned char *data,
                                     size_t size, cjpeg_frame *frame);

/*
 * Copies the blocks of `component` in columns block_x ..< block_x + blocks_wide and rows
 * block_y ..< block_y + blocks_high (within the padded array) out to `blocks` (when `store` is 0)
 * or in from `blocks` (when 1): 64 coefficients per block, natural order, blocks in row-major
 * order. `capacity` is the number of shorts `blocks` holds.
 */
cjpeg_status cjpeg_coefficients_copy_blocks(cjpeg_coefficients *coefficients, int component,
                                            int block_x, int block_y, int blocks_wide, int blocks_high,
                                            short *blocks, size_t capacity, int store);

/*
 * Writes the (possibly changed) blocks as a JPEG with the source's quantisation tables, sampling,
 * colour space and restart interval. A progressive source is written progressive (libjpeg's
 * standard scan script), an arithmetic-coded one arithmetic-coded, any other as baseline with
 * optimised Huffman tables. No APPn or COM marker is written (the caller puts the source's back).
 * On success `*jpeg` holds `*jpeg_size` bytes that the caller frees with cjpeg_free.
 */
cjpeg_status cjpeg_coefficients_write(cjpeg_coefficients *coefficients, unsigned char **jpeg,
                                      size_t *jpeg_size);

#endif
