#include "CColourKernels.h"

/*
 * The two conversions of a YUV colour table's lattice (CColourKernels.h). Plain C: the compiler
 * vectorises them well enough; they run on about a million samples per table. The arithmetic
 * is the same double precision, in the same order, as YUVCoding's conversion in Swift.
 */
#pragma clang fp contract(off)

static inline double clipped_code(double value) {
    double low = value < 0 ? 0 : value;
    return low > 255 ? 255 : low;
}

void glint_lattice_column(const double base[3], const double step[3], uint8_t *pixels) {
    for (int y = 0; y < GLINT_YUV_TABLE_COLUMN_LENGTH; y++) {
        double dy = (double)y;
        for (int c = 0; c < 3; c++) {
            pixels[3 * y + c] = (uint8_t)(int)(clipped_code(base[c] + dy * step[c]) + 0.5);
        }
    }
}

void glint_lattice_samples(const double *parts, const uint8_t *pixels, ptrdiff_t count, uint16_t *luma,
                           uint32_t *chroma) {
    const double *red = parts, *green = parts + 4 * 256, *blue = parts + 8 * 256;
    const uint8_t *p = pixels;
    for (ptrdiff_t i = 0; i < count; i++, p += 3) {
        const double *r = red + 4 * p[0], *g = green + 4 * p[1], *b = blue + 4 * p[2];
        double y = r[0] + g[0] + b[0], cb = r[1] + g[1] + b[1], cr = r[2] + g[2] + b[2];
        luma[i] = (uint16_t)(int)(clipped_code(y) * 16 + 0.5);
        chroma[i] = (uint32_t)(int)(clipped_code(cb) * 16 + 0.5) | (uint32_t)(int)(clipped_code(cr) * 16 + 0.5) << 16;
    }
}
