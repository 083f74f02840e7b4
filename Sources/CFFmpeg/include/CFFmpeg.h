#ifndef GLINT_CFFMPEG_SHIM_H
#define GLINT_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* FFmpeg is not linked into the executable: every function Glint calls is a trampoline
   (FFmpegTrampolines.c) that opens libavutil, libswscale, libswresample, libavcodec and
   libavformat with dlopen on first use, so commands that never touch video do not pay for
   loading and relocating FFmpeg and the ~130 libraries it depends on. */

/* Loads FFmpeg now if it is not loaded yet (thread-safe; later calls return at once).
   Returns 1 on success, 0 when a library or function is missing (see cffmpeg_load_error). */
int cffmpeg_load(void);

/* Why FFmpeg could not be loaded, or NULL when it loaded or has not been tried. */
const char *cffmpeg_load_error(void);

/* The soname named in messages about FFmpeg ("libavcodec.so.59"). */
const char *cffmpeg_soname(void);

/* 1 when FFmpeg has been loaded in this process (loads nothing). */
int cffmpeg_is_loaded(void);

/* Sets FFmpeg's log level (av_log_set_level) without loading FFmpeg: applied at once when it is
   loaded, otherwise as soon as it is. */
void cffmpeg_set_log_level(int level);

/* FFmpeg's error codes are macros Swift cannot import; these expose them. */
static inline int cffmpeg_error_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_error_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_error_enomem(void) { return AVERROR(ENOMEM); }

/* Flags that are macros built from shifts or casts. */
static inline int cffmpeg_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int cffmpeg_pkt_flag_key(void) { return AV_PKT_FLAG_KEY; }
static inline int cffmpeg_thread_frame_and_slice(void) { return FF_THREAD_FRAME | FF_THREAD_SLICE; }

#endif
