#ifndef GLINT_CWEBP_SHIM_H
#define GLINT_CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

/* The ABI-checked initialisers are static inline functions over version macros; these wrap
   them so Swift calls one plain function each. */
static inline int cwebp_config_init(WebPConfig *config, float quality) {
    return WebPConfigPreset(config, WEBP_PRESET_DEFAULT, quality);
}
static inline int cwebp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int cwebp_anim_options_init(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *cwebp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline void cwebp_data_init(WebPData *data) { WebPDataInit(data); }
static inline WebPMux *cwebp_mux_create(const WebPData *bitstream) { return WebPMuxCreate(bitstream, 1); }
static inline void cwebp_data_clear(WebPData *data) { WebPDataClear(data); }

#endif
