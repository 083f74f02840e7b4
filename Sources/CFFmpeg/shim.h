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
