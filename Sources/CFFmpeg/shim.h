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

#endif
