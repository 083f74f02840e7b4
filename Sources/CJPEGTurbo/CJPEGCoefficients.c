#include "CJPEGCoefficients.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include "cjpeg_internal.h"

/* Progressive streams with more scans than this are refused (each scan re-walks the image). */

struct cjpeg_coefficients {
    struct jpeg_decompress_struct cinfo;
    cjpeg_error_manager err;
    struct jpeg_progress_mgr progress;
    jvirt_barray_ptr *arrays; /* owned by cinfo's memory pools */
    int read_done;
};

cjpeg_coefficients *cjpeg_coefficients_create(char *message, size_t message_capacity) {
    cjpeg_coefficients *coefficients = calloc(1, sizeof(cjpeg_coefficients));
    if (coefficients == NULL) return NULL;
    coefficients->cinfo.err = &coefficients->err.pub;
    cjpeg_install_error_manager(&coefficients->err, CJPEG_STATUS_CORRUPT, message, message_capacity);
    if (setjmp(coefficients->err.jump)) {
        jpeg_destroy_decompress(&coefficients->cinfo);
        free(coefficients);
        return NULL;
    }
    jpeg_create_decompress(&coefficients->cinfo);
    coefficients->progress.progress_monitor = cjpeg_limit_scans;
    coefficients->cinfo.progress = &coefficients->progress;
    return coefficients;
}

void cjpeg_coefficients_destroy(cjpeg_coefficients *coefficients) {
    if (coefficients == NULL) return;
    jpeg_destroy_decompress(&coefficients->cinfo);
    free(coefficients);
}

cjpeg_status cjpeg_coefficients_read(cjpeg_coefficients *coefficients, const unsigned char *data,
                                     size_t size, cjpeg_frame *frame) {
    if (coefficients == NULL || frame == NULL || coefficients->read_done) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    if (data == NULL || size == 0) {
        return cjpeg_refuse(coefficients->err.message, coefficients->err.message_capacity,
                            CJPEG_STATUS_EMPTY, "Empty input file");
    }
    coefficients->read_done = 1;
    if (setjmp(coefficients->err.jump)) {
        jpeg_abort_decompress(&coefficients->cinfo);
        coefficients->arrays = NULL;
        return coefficients->err.status;
    }
    struct jpeg_decompress_struct *cinfo = &coefficients->cinfo;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    if (cinfo->num_components > CJPEG_MAX_FRAME_COMPONENTS) {
        cjpeg_fail((j_common_ptr)cinfo, CJPEG_STATUS_UNSUPPORTED, "JPEG has more than 4 components");
    }
    coefficients->arrays = jpeg_read_coefficients(cinfo);
    if (coefficients->err.pub.num_warnings > 0) {
        /* The message buffer already holds libjpeg's first warning. */
        coefficients->err.status = CJPEG_STATUS_CORRUPT;
        if (!coefficients->err.has_message) {
            cjpeg_refuse(coefficients->err.message, coefficients->err.message_capacity, CJPEG_STATUS_CORRUPT,
                         "corrupt JPEG data");
        }
        longjmp(coefficients->err.jump, 1);
    }
    memset(frame, 0, sizeof(*frame));
    frame->width = (int)cinfo->image_width;
    frame->height = (int)cinfo->image_height;
    frame->components = cinfo->num_components;
    frame->color_space = cjpeg_color_space_of(cinfo->jpeg_color_space);
    frame->is_progressive = cinfo->progressive_mode ? 1 : 0;
    frame->is_arithmetic = cinfo->arith_code ? 1 : 0;
    frame->restart_interval = (int)cinfo->restart_interval;
    frame->max_h_samp_factor = cinfo->max_h_samp_factor;
    frame->max_v_samp_factor = cinfo->max_v_samp_factor;
    for (int c = 0; c < cinfo->num_components; c++) {
        jpeg_component_info *info = &cinfo->comp_info[c];
        cjpeg_component *out = &frame->component[c];
        out->id = info->component_id;
        out->h_samp_factor = info->h_samp_factor;
        out->v_samp_factor = info->v_samp_factor;
        out->width_in_blocks = (int)info->width_in_blocks;
        out->height_in_blocks = (int)info->height_in_blocks;
        /* jpeg_read_coefficients allocates whole iMCUs (jdcoefct.c). */
        out->padded_width_in_blocks = (int)(((info->width_in_blocks + info->h_samp_factor - 1) /
                                             info->h_samp_factor) * info->h_samp_factor);
        out->padded_height_in_blocks = (int)(((info->height_in_blocks + info->v_samp_factor - 1) /
                                              info->v_samp_factor) * info->v_samp_factor);
        JQUANT_TBL *table = info->quant_table;
        if (table == NULL) table = cinfo->quant_tbl_ptrs[info->quant_tbl_no];
        if (table == NULL) {
            cjpeg_fail((j_common_ptr)cinfo, CJPEG_STATUS_CORRUPT, "JPEG component has no quantisation table");
        }
        for (int k = 0; k < 64; k++) out->quant[k] = table->quantval[k];
    }
    return CJPEG_STATUS_OK;
}

cjpeg_status cjpeg_coefficients_copy_blocks(cjpeg_coefficients *coefficients, int component,
                                            int block_x, int block_y, int blocks_wide, int blocks_high,
                                            short *blocks, size_t capacity, int store) {
    if (coefficients == NULL || coefficients->arrays == NULL || blocks == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    struct jpeg_decompress_struct *cinfo = &coefficients->cinfo;
    if (component < 0 || component >= cinfo->num_components) return CJPEG_STATUS_INVALID_ARGUMENT;
    jpeg_component_info *info = &cinfo->comp_info[component];
    JDIMENSION padded_width = ((info->width_in_blocks + info->h_samp_factor - 1) / info->h_samp_factor) *
                              info->h_samp_factor;
    JDIMENSION padded_height = ((info->height_in_blocks + info->v_samp_factor - 1) / info->v_samp_factor) *
                               info->v_samp_factor;
    if (block_x < 0 || block_y < 0 || blocks_wide <= 0 || blocks_high <= 0 ||
        (JDIMENSION)block_x + (JDIMENSION)blocks_wide > padded_width ||
        (JDIMENSION)block_y + (JDIMENSION)blocks_high > padded_height ||
        (size_t)blocks_wide * (size_t)blocks_high * DCTSIZE2 > capacity) {
        return cjpeg_refuse(coefficients->err.message, coefficients->err.message_capacity,
                            CJPEG_STATUS_INVALID_ARGUMENT, "block range lies outside the coefficient array");
    }
    if (setjmp(coefficients->err.jump)) {
        return coefficients->err.status;
    }
    for (int row = 0; row < blocks_high; row++) {
        JBLOCKARRAY rows = (*cinfo->mem->access_virt_barray)((j_common_ptr)cinfo, coefficients->arrays[component],
                                                              (JDIMENSION)(block_y + row), 1, store ? TRUE : FALSE);
        JBLOCKROW line = rows[0] + block_x;
        short *here = blocks + (size_t)row * (size_t)blocks_wide * DCTSIZE2;
        size_t bytes = (size_t)blocks_wide * sizeof(JBLOCK);
        if (store) {
            memcpy(line, here, bytes);
        } else {
            memcpy(here, line, bytes);
        }
    }
    return CJPEG_STATUS_OK;
}

typedef struct cjpeg_coefficient_writer {
    struct jpeg_compress_struct cinfo;
    cjpeg_error_manager err;
    cjpeg_memory_destination dest;
} cjpeg_coefficient_writer;

cjpeg_status cjpeg_coefficients_write(cjpeg_coefficients *coefficients, unsigned char **jpeg,
                                      size_t *jpeg_size) {
    if (coefficients == NULL || coefficients->arrays == NULL || jpeg == NULL || jpeg_size == NULL) {
        return CJPEG_STATUS_INVALID_ARGUMENT;
    }
    *jpeg = NULL;
    *jpeg_size = 0;
    char *message = coefficients->err.message;
    size_t message_capacity = coefficients->err.message_capacity;
    /* All writer state lives on the heap so nothing depends on locals surviving the longjmp. */
    cjpeg_coefficient_writer *writer = calloc(1, sizeof(cjpeg_coefficient_writer));
    if (writer == NULL) {
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_TOO_LARGE, "out of memory while writing JPEG");
    }
    writer->dest.capacity = 1 << 20;
    writer->dest.buffer = malloc(writer->dest.capacity);
    if (writer->dest.buffer == NULL) {
        free(writer);
        return cjpeg_refuse(message, message_capacity, CJPEG_STATUS_TOO_LARGE, "out of memory while writing JPEG");
    }
    writer->cinfo.err = &writer->err.pub;
    cjpeg_install_error_manager(&writer->err, CJPEG_STATUS_FAILED, message, message_capacity);
    if (setjmp(writer->err.jump)) {
        cjpeg_status status = writer->err.status;
        jpeg_destroy_compress(&writer->cinfo);
        free(writer->dest.buffer);
        free(writer);
        return status;
    }
    struct jpeg_decompress_struct *source = &coefficients->cinfo;
    struct jpeg_compress_struct *cinfo = &writer->cinfo;
    jpeg_create_compress(cinfo);
    cjpeg_use_memory_destination(cinfo, &writer->dest);
    jpeg_copy_critical_parameters(source, cinfo);
    cinfo->write_JFIF_header = FALSE;
    cinfo->write_Adobe_marker = FALSE;
    cinfo->restart_interval = source->restart_interval;
    cinfo->arith_code = source->arith_code;
    cinfo->optimize_coding = source->arith_code ? FALSE : TRUE;
    if (source->progressive_mode) jpeg_simple_progression(cinfo);
    jpeg_write_coefficients(cinfo, coefficients->arrays);
    jpeg_finish_compress(cinfo);

    *jpeg = writer->dest.buffer;
    *jpeg_size = writer->dest.capacity - writer->dest.pub.free_in_buffer;
    jpeg_destroy_compress(cinfo);
    free(writer);
    return CJPEG_STATUS_OK;
}
