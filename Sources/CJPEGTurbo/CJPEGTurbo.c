#include "CJPEGTurbo.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include "cjpeg_internal.h"

/* Progressive streams with more scans than this are refused (each scan re-walks the image). */
#define CJPEG_MAX_SCANS 500

/* ---- Error manager: libjpeg's exit() path is replaced by a longjmp back into the shim ---- */

static void cjpeg_store_message(j_common_ptr cinfo, int overwrite) {
    cjpeg_error_manager *err = (cjpeg_error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    if (err->message == NULL || err->message_capacity == 0) return;
    if (err->has_message && !overwrite) return;
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(err->message, err->message_capacity, "%s", text);
    err->has_message = 1;
}

void cjpeg_fail(j_common_ptr cinfo, cjpeg_status status, const char *text) {
    cjpeg_error_manager *err = (cjpeg_error_manager *)cinfo->err;
    err->status = status;
    if (text != NULL && err->message != NULL && err->message_capacity > 0) {
        snprintf(err->message, err->message_capacity, "%s", text);
        err->has_message = 1;
    } else {
        cjpeg_store_message(cinfo, 1);
    }
    longjmp(err->jump, 1);
}

static cjpeg_status cjpeg_classify(int code, cjpeg_status fallback) {
    switch (code) {
    case JERR_INPUT_EMPTY: return CJPEG_STATUS_EMPTY;
    case JERR_INPUT_EOF: return CJPEG_STATUS_TRUNCATED;
    case JERR_OUT_OF_MEMORY:
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW: return CJPEG_STATUS_TOO_LARGE;
    case JERR_ARITH_NOTIMPL:
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOTIMPL:
    case JERR_NOT_COMPILED: return CJPEG_STATUS_UNSUPPORTED;
    default: return fallback;
    }
}

static void cjpeg_error_exit(j_common_ptr cinfo) {
    cjpeg_error_manager *err = (cjpeg_error_manager *)cinfo->err;
    cjpeg_fail(cinfo, cjpeg_classify(err->pub.msg_code, err->default_status), NULL);
}

static void cjpeg_output_message(j_common_ptr cinfo) {
    cjpeg_store_message(cinfo, 0);
}

static void cjpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    cjpeg_error_manager *err = (cjpeg_error_manager *)cinfo->err;
    if (msg_level >= 0) return; /* trace messages */
    if (err->pub.msg_code == JWRN_JPEG_EOF) {
        /* libjpeg would pad the rest of the image with gray; a cut-off file is an error. */
        cjpeg_fail(cinfo, CJPEG_STATUS_TRUNCATED, NULL);
    }
    err->pub.num_warnings++;
    cjpeg_store_message(cinfo, 0);
}

void cjpeg_install_error_manager(cjpeg_error_manager *err, cjpeg_status default_status,
                                        char *message, size_t message_capacity) {
    jpeg_std_error(&err->pub);
    err->pub.error_exit = cjpeg_error_exit;
    err->pub.output_message = cjpeg_output_message;
    err->pub.emit_message = cjpeg_emit_message;
    err->status = CJPEG_STATUS_OK;
    err->default_status = default_status;
    err->message = message;
    err->message_capacity = message_capacity;
    err->has_message = 0;
    if (message != NULL && message_capacity > 0) message[0] = '\0';
}

cjpeg_status cjpeg_refuse(char *message, size_t capacity, cjpeg_status status,
                                 const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
    return status;
}

/* ---- Decoding ---- */

struct cjpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    cjpeg_error_manager err;
    struct jpeg_progress_mgr progress;
    int header_read;
    int scale_set;
    /* Set by cjpeg_decoder_start_region: the rows to read. */
    int region_started;
    JDIMENSION region_y;
    JDIMENSION region_height;
};

void cjpeg_limit_scans(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    if (((j_decompress_ptr)cinfo)->input_scan_number > CJPEG_MAX_SCANS) {
        cjpeg_fail(cinfo, CJPEG_STATUS_CORRUPT, "JPEG stream has too many progressive scans");
    }
}

cjpeg_decoder *cjpeg_decoder_create(char *message, size_t message_capacity) {
    cjpeg_decoder *decoder = calloc(1, sizeof(cjpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = &decoder->err.pub;
    cjpeg_install_error_manager(&decoder->err, CJPEG_STATUS_CORRUPT, message, message_capacity);
    if (setjmp(decoder->err.jump)) {
        jpeg_destroy_decompress(&decoder->cinfo);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->progress.progress_monitor = cjpeg_limit_scans;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

cjpeg_color_space cjpeg_color_space_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return CJPEG_COLOR_GRAYSCALE;
    case JCS_YCbCr: return CJPEG_COLOR_YCBCR;
    case JCS_RGB: return CJPEG_COLOR_RGB;
    case JCS_CMYK: return CJPEG_COLOR_CMYK;
    case JCS_YCCK: return CJPEG_COLOR_YCCK;
    default: return CJPEG_COLOR_UNKNOWN;
    }
}

cjpeg_status cjpeg_decoder_read_header(cjpeg_decoder *decoder, const unsigned char *data,
                                       size_t size, cjpeg_header *header) {
    if (decoder == NULL || header == NULL || decoder->header_read) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    if (data == NULL || size == 0) {
        return cjpeg_refuse(decoder->err.message, decoder->err.message_capacity,
                            CJPEG_STATUS_EMPTY, "Empty input file");
    }
    if (setjmp(decoder->err.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return decoder->err.status;
    }
    jpeg_mem_src(&decoder->cinfo, data, (unsigned long)size);
    jpeg_read_header(&decoder->cinfo, TRUE);
    decoder->header_read = 1;
    header->width = (int)decoder->cinfo.image_width;
    header->height = (int)decoder->cinfo.image_height;
    header->components = decoder->cinfo.num_components;
    header->color_space = cjpeg_color_space_of(decoder->cinfo.jpeg_color_space);
    header->is_progressive = decoder->cinfo.progressive_mode ? 1 : 0;
    return CJPEG_STATUS_OK;
}

cjpeg_status cjpeg_decoder_set_scale(cjpeg_decoder *decoder, int scale_denominator,
                                     int *output_width, int *output_height) {
    if (decoder == NULL || !decoder->header_read || output_width == NULL || output_height == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 &&
        scale_denominator != 8) {
        return cjpeg_refuse(decoder->err.message, decoder->err.message_capacity,
                            CJPEG_STATUS_INVALID_ARGUMENT, "scale denominator must be 1, 2, 4 or 8");
    }
    J_COLOR_SPACE space = decoder->cinfo.jpeg_color_space;
    if (space == JCS_CMYK || space == JCS_YCCK) {
        return cjpeg_refuse(decoder->err.message, decoder->err.message_capacity,
                            CJPEG_STATUS_UNSUPPORTED, "CMYK JPEG images are not supported");
    }
    if (setjmp(decoder->err.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        decoder->header_read = 0;
        return decoder->err.status;
    }
    decoder->cinfo.out_color_space = JCS_RGB;
    decoder->cinfo.scale_num = 1;
    decoder->cinfo.scale_denom = (unsigned int)scale_denominator;
    jpeg_calc_output_dimensions(&decoder->cinfo);
    *output_width = (int)decoder->cinfo.output_width;
    *output_height = (int)decoder->cinfo.output_height;
    decoder->scale_set = 1;
    return CJPEG_STATUS_OK;
}

cjpeg_status cjpeg_decoder_decode_rgb(cjpeg_decoder *decoder, unsigned char *rgb,
                                      size_t rgb_capacity, int *warning_count) {
    if (decoder == NULL || !decoder->scale_set || rgb == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    decoder->scale_set = 0; /* one decode per header */
    if (setjmp(decoder->err.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return decoder->err.status;
    }
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    jpeg_start_decompress(cinfo);
    size_t row_bytes = (size_t)cinfo->output_width * 3;
    if (cinfo->output_components != 3 || row_bytes * cinfo->output_height > rgb_capacity) {
        cjpeg_fail((j_common_ptr)cinfo, CJPEG_STATUS_INVALID_ARGUMENT,
                   "output buffer does not match the decoded image size");
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = rgb + row_bytes * cinfo->output_scanline;
        jpeg_read_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_decompress(cinfo);
    if (warning_count != NULL) *warning_count = (int)decoder->err.pub.num_warnings;
    return CJPEG_STATUS_OK;
}

cjpeg_status cjpeg_decoder_start_region(cjpeg_decoder *decoder, int x, int y, int width, int height,
                                        int *decoded_x, int *decoded_width) {
    if (decoder == NULL || !decoder->scale_set || decoded_x == NULL || decoded_width == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    decoder->scale_set = 0; /* one decode per header */
    if (setjmp(decoder->err.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return decoder->err.status;
    }
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    jpeg_start_decompress(cinfo);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)x + (JDIMENSION)width > cinfo->output_width ||
        (JDIMENSION)y + (JDIMENSION)height > cinfo->output_height) {
        cjpeg_fail((j_common_ptr)cinfo, CJPEG_STATUS_INVALID_ARGUMENT, "region lies outside the image");
    }
    JDIMENSION xoffset = (JDIMENSION)x, columns = (JDIMENSION)width;
    if (xoffset != 0 || columns != cinfo->output_width) jpeg_crop_scanline(cinfo, &xoffset, &columns);
    *decoded_x = (int)xoffset;
    *decoded_width = (int)cinfo->output_width;
    decoder->region_y = (JDIMENSION)y;
    decoder->region_height = (JDIMENSION)height;
    decoder->region_started = 1;
    return CJPEG_STATUS_OK;
}

cjpeg_status cjpeg_decoder_read_region(cjpeg_decoder *decoder, unsigned char *rgb, size_t rgb_capacity,
                                       int *warning_count) {
    if (decoder == NULL || !decoder->region_started || rgb == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    decoder->region_started = 0;
    if (setjmp(decoder->err.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return decoder->err.status;
    }
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    size_t row_bytes = (size_t)cinfo->output_width * 3;
    if (cinfo->output_components != 3 || row_bytes * decoder->region_height > rgb_capacity) {
        cjpeg_fail((j_common_ptr)cinfo, CJPEG_STATUS_INVALID_ARGUMENT,
                   "output buffer does not match the decoded region size");
    }
    if (decoder->region_y > 0) jpeg_skip_scanlines(cinfo, decoder->region_y);
    for (JDIMENSION row = 0; row < decoder->region_height; row++) {
        JSAMPROW line = rgb + row_bytes * row;
        jpeg_read_scanlines(cinfo, &line, 1);
    }
    /* The rest is entropy-decoded without being reconstructed (skipping straight to the end would
       not read it), and the last row decoded, so a truncated or corrupt stream is found wherever
       it breaks, as when decoding everything. */
    if (cinfo->output_scanline + 1 < cinfo->output_height) {
        jpeg_skip_scanlines(cinfo, cinfo->output_height - 1 - cinfo->output_scanline);
    }
    if (cinfo->output_scanline < cinfo->output_height) {
        JSAMPARRAY scratch = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                                         (JDIMENSION)row_bytes, 1);
        jpeg_read_scanlines(cinfo, scratch, 1);
    }
    jpeg_finish_decompress(cinfo);
    if (warning_count != NULL) *warning_count = (int)decoder->err.pub.num_warnings;
    return CJPEG_STATUS_OK;
}

/* ---- Encoding ---- */

/*
 * A growable in-memory destination. jpeg_mem_dest is not used: when an error longjmps out after
 * it has grown its buffer, the grown buffer is unreachable and leaks. Here the shim owns it.
 */
static void cjpeg_init_destination(j_compress_ptr cinfo) {
    cjpeg_memory_destination *dest = (cjpeg_memory_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = dest->capacity;
}

static boolean cjpeg_grow_destination(j_compress_ptr cinfo) {
    cjpeg_memory_destination *dest = (cjpeg_memory_destination *)cinfo->dest;
    size_t used = dest->capacity; /* libjpeg calls this only when the buffer is full */
    size_t grown = dest->capacity * 2;
    unsigned char *buffer = realloc(dest->buffer, grown);
    if (buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 99);
    dest->buffer = buffer;
    dest->capacity = grown;
    dest->pub.next_output_byte = buffer + used;
    dest->pub.free_in_buffer = grown - used;
    return TRUE;
}

static void cjpeg_term_destination(j_compress_ptr cinfo) {
    (void)cinfo;
}

void cjpeg_use_memory_destination(j_compress_ptr cinfo, cjpeg_memory_destination *dest) {
    dest->pub.init_destination = cjpeg_init_destination;
    dest->pub.empty_output_buffer = cjpeg_grow_destination;
    dest->pub.term_destination = cjpeg_term_destination;
    cinfo->dest = &dest->pub;
}

typedef struct cjpeg_encoder {
    struct jpeg_compress_struct cinfo;
    cjpeg_error_manager err;
    cjpeg_memory_destination dest;
} cjpeg_encoder;

cjpeg_status cjpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                              cjpeg_subsampling subsampling, unsigned char **jpeg,
                              size_t *jpeg_size, char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    if (jpeg == NULL || jpeg_size == NULL) return CJPEG_STATUS_INVALID_ARGUMENT;
    *jpeg = NULL;
    *jpeg_size = 0;
    if (rgb == NULL || width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION ||
        height > JPEG_MAX_DIMENSION) {
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_INVALID_ARGUMENT,
                            "image dimensions must be between 1 and 65500 pixels");
    }
    if (quality < 1 || quality > 100) {
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_INVALID_ARGUMENT,
                            "JPEG quality must be between 1 and 100");
    }
    int h_factor, v_factor;
    switch (subsampling) {
    case CJPEG_SUBSAMPLING_420: h_factor = 2; v_factor = 2; break;
    case CJPEG_SUBSAMPLING_422: h_factor = 2; v_factor = 1; break;
    case CJPEG_SUBSAMPLING_444: h_factor = 1; v_factor = 1; break;
    case CJPEG_SUBSAMPLING_GREY: h_factor = 1; v_factor = 1; break;
    default:
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_INVALID_ARGUMENT,
                            "unknown chroma subsampling");
    }

    /* All state lives on the heap so nothing depends on locals surviving the longjmp. */
    cjpeg_encoder *encoder = calloc(1, sizeof(cjpeg_encoder));
    if (encoder == NULL) {
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_TOO_LARGE,
                            "out of memory while encoding JPEG");
    }
    encoder->dest.capacity = 65536;
    encoder->dest.buffer = malloc(encoder->dest.capacity);
    if (encoder->dest.buffer == NULL) {
        free(encoder);
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_TOO_LARGE,
                            "out of memory while encoding JPEG");
    }
    encoder->cinfo.err = &encoder->err.pub;
    cjpeg_install_error_manager(&encoder->err, CJPEG_STATUS_FAILED, message, message_capacity);
    if (setjmp(encoder->err.jump)) {
        cjpeg_status status = encoder->err.status;
        jpeg_destroy_compress(&encoder->cinfo);
        free(encoder->dest.buffer);
        free(encoder);
        return status;
    }

    struct jpeg_compress_struct *cinfo = &encoder->cinfo;
    jpeg_create_compress(cinfo);
    cjpeg_use_memory_destination(cinfo, &encoder->dest);

    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->optimize_coding = TRUE;
    cinfo->write_JFIF_header = FALSE;
    cinfo->write_Adobe_marker = FALSE;
    cinfo->comp_info[0].h_samp_factor = h_factor;
    cinfo->comp_info[0].v_samp_factor = v_factor;
    cinfo->comp_info[1].h_samp_factor = 1;
    cinfo->comp_info[1].v_samp_factor = 1;
    cinfo->comp_info[2].h_samp_factor = 1;
    cinfo->comp_info[2].v_samp_factor = 1;
    if (subsampling == CJPEG_SUBSAMPLING_GREY) {
        jpeg_set_colorspace(cinfo, JCS_GRAYSCALE);
        cinfo->write_JFIF_header = FALSE; /* jpeg_set_colorspace turns it back on */
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }

    jpeg_start_compress(cinfo, TRUE);
    size_t row_bytes = (size_t)width * 3;
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + row_bytes * cinfo->next_scanline);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);

    *jpeg = encoder->dest.buffer;
    *jpeg_size = encoder->dest.capacity - encoder->dest.pub.free_in_buffer;
    jpeg_destroy_compress(cinfo);
    free(encoder);
    return CJPEG_STATUS_OK;
}

void cjpeg_free(void *pointer) {
    free(pointer);
}
