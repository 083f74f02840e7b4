#ifndef GLINT_CJPEG_INTERNAL_H
#define GLINT_CJPEG_INTERNAL_H

/*
 * What the shim's C files share: the error manager that longjmps back into the shim instead of
 * letting libjpeg call exit(), and the growable in-memory destination. Not part of the public
 * header; Swift never sees these.
 */

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>

#include "CJPEGTurbo.h"

typedef struct cjpeg_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    cjpeg_status status; /* what the longjmp means */
    cjpeg_status default_status; /* for errors that are not classified */
    char *message;
    size_t message_capacity;
    int has_message;
} cjpeg_error_manager;

/* Installs the longjmp error manager; `message` receives errors and the first warning. */
void cjpeg_install_error_manager(cjpeg_error_manager *err, cjpeg_status default_status,
                                 char *message, size_t message_capacity);

/* Records `status` (and `text`, or libjpeg's own message when NULL) and longjmps back. */
void cjpeg_fail(j_common_ptr cinfo, cjpeg_status status, const char *text);

/* Writes `text` into `message` and returns `status`, for refusals before libjpeg is involved. */
cjpeg_status cjpeg_refuse(char *message, size_t capacity, cjpeg_status status, const char *text);

/*
 * A growable in-memory destination owned by the shim (jpeg_mem_dest leaks its grown buffer when
 * an error longjmps out). `buffer` and `capacity` must be set (malloc'ed) before use.
 */
typedef struct cjpeg_memory_destination {
    struct jpeg_destination_mgr pub;
    unsigned char *buffer;
    size_t capacity;
} cjpeg_memory_destination;

/* Makes `dest` the destination of `cinfo`. */
void cjpeg_use_memory_destination(j_compress_ptr cinfo, cjpeg_memory_destination *dest);

/* A progress monitor that fails a decompression with more than 500 scans (a progressive stream
   crafted to make libjpeg spin). Install it as `progress_monitor` of every decompressor. */
void cjpeg_limit_scans(j_common_ptr cinfo);

/* The shim's name for a libjpeg colour space. */
cjpeg_color_space cjpeg_color_space_of(J_COLOR_SPACE space);

#endif
