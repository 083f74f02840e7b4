#ifndef GLINT_CLCMS2_SHIM_H
#define GLINT_CLCMS2_SHIM_H

#include <lcms2.h>

/* Pixel-format constants are macros built from shifts, which Swift cannot import. */
static inline cmsUInt32Number clcms2_type_rgb_flt(void) { return TYPE_RGB_FLT; }
static inline cmsUInt32Number clcms2_type_lab_flt(void) { return TYPE_Lab_FLT; }

/* Transform flags: keep float transforms exact (no 1-pixel cache, no 8-bit optimisation). */
static inline cmsUInt32Number clcms2_flags_float_exact(void) { return cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE; }

#endif
