#include "CColourKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "KernelDispatch.h"

/*
 * glint_cube_apply (CColourKernels.h). The scalar loop weighs each channel on its own; the AVX2
 * loop weighs a pixel's three channels in one 4-lane vector (each grid point is 4 floats, so a
 * corner is one load, and each weight is broadcast from memory). Both form each channel's sum
 * with the same products added in the same order, never fused, so they give the same bytes.
 */
#pragma clang fp contract(off)

/* The cell's first grid point (times 512) and the position index, from a pixel's three codes. */
static inline uint32_t cell_of(const uint32_t *codes, const uint8_t *p) {
    return codes[p[0]] + codes[256 + p[1]] + codes[512 + p[2]];
}

/* The encode-table slot of a weighted sum. */
static inline int slot_of(float value, float magic, int encode_count, int clamps) {
    union { float f; uint32_t u; } bits = {value + magic};
    if (!clamps) return (int)(bits.u & (uint32_t)(encode_count - 1));
    int i = (int)(bits.u & 0x7FFFFF) - 0x400000;
    return i < 0 ? 0 : (i > encode_count - 1 ? encode_count - 1 : i);
}

static void cube_scalar(const float *entries, const uint8_t *encode, ptrdiff_t stride, int encode_count, float magic,
                        const uint32_t *codes, const int32_t *paths, const float *weights, int last, uint8_t *pixels,
                        ptrdiff_t count, const float *gains, int clamps) {
    uint8_t *p = pixels;
    for (ptrdiff_t i = 0; i < count; i++, p += 3) {
        uint32_t cell = cell_of(codes, p), position = cell & 511;
        const float *c0 = entries + 4 * (size_t)(cell >> 9);
        const float *c1 = c0 + 4 * paths[2 * position], *c2 = c0 + 4 * paths[2 * position + 1], *c3 = c0 + 4 * last;
        const float *w = weights + 4 * position;
        float w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
        if (gains != NULL) {
            float gain = gains[i];
            w0 = w0 * gain; w1 = w1 * gain; w2 = w2 * gain; w3 = w3 * gain;
        }
        int s0 = slot_of(c0[0] * w0 + c1[0] * w1 + c2[0] * w2 + c3[0] * w3, magic, encode_count, clamps);
        int s1 = slot_of(c0[1] * w0 + c1[1] * w1 + c2[1] * w2 + c3[1] * w3, magic, encode_count, clamps);
        int s2 = slot_of(c0[2] * w0 + c1[2] * w1 + c2[2] * w2 + c3[2] * w3, magic, encode_count, clamps);
        uint8_t r = encode[s0], g = encode[stride + s1], b = encode[2 * stride + s2];
        p[0] = r;
        p[1] = g;
        p[2] = b;
    }
}

#if defined(__x86_64__)

/* One variant per (gains, clamps): the tests fold away. */
__attribute__((target("avx2"), always_inline)) static inline void
cube_avx2_loop(const float *entries, const uint8_t *encode, ptrdiff_t stride, int encode_count, float magic,
               const uint32_t *codes, const int32_t *paths, const float *weights, int last, uint8_t *pixels,
               ptrdiff_t count, const float *gains, int clamps) {
    const __m128 magic4 = _mm_set1_ps(magic);
    const __m128i mask = _mm_set1_epi32(encode_count - 1), low23 = _mm_set1_epi32(0x7FFFFF);
    const __m128i half = _mm_set1_epi32(0x400000), top = _mm_set1_epi32(encode_count - 1), zero = _mm_setzero_si128();
    uint8_t *p = pixels;
    for (ptrdiff_t i = 0; i < count; i++, p += 3) {
        uint32_t cell = cell_of(codes, p), position = cell & 511;
        const float *c0 = entries + 4 * (size_t)(cell >> 9);
        const float *w = weights + 4 * position;
        __m128 e0 = _mm_loadu_ps(c0), e1 = _mm_loadu_ps(c0 + 4 * paths[2 * position]);
        __m128 e2 = _mm_loadu_ps(c0 + 4 * paths[2 * position + 1]), e3 = _mm_loadu_ps(c0 + 4 * last);
        /* Broadcasts from memory are loads; shuffling one loaded vector four ways is slower. */
        __m128 w0 = _mm_broadcast_ss(w), w1 = _mm_broadcast_ss(w + 1), w2 = _mm_broadcast_ss(w + 2), w3 = _mm_broadcast_ss(w + 3);
        if (gains != NULL) {
            __m128 gain = _mm_broadcast_ss(gains + i);
            w0 = _mm_mul_ps(w0, gain); w1 = _mm_mul_ps(w1, gain); w2 = _mm_mul_ps(w2, gain); w3 = _mm_mul_ps(w3, gain);
        }
        __m128 sum = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(e0, w0), _mm_mul_ps(e1, w1)), _mm_mul_ps(e2, w2)),
                                _mm_mul_ps(e3, w3));
        __m128i bits = _mm_castps_si128(_mm_add_ps(sum, magic4)), slots;
        if (!clamps) {
            slots = _mm_and_si128(bits, mask);
        } else {
            slots = _mm_min_epi32(_mm_max_epi32(_mm_sub_epi32(_mm_and_si128(bits, low23), half), zero), top);
        }
        uint8_t r = encode[_mm_cvtsi128_si32(slots)];
        uint8_t g = encode[stride + _mm_extract_epi32(slots, 1)];
        uint8_t b = encode[2 * stride + _mm_extract_epi32(slots, 2)];
        p[0] = r;
        p[1] = g;
        p[2] = b;
    }
}

__attribute__((target("avx2"))) static void cube_avx2(const float *entries, const uint8_t *encode, ptrdiff_t stride,
                                                      int encode_count, float magic, const uint32_t *codes,
                                                      const int32_t *paths, const float *weights, int last,
                                                      uint8_t *pixels, ptrdiff_t count, const float *gains, int clamps) {
    if (gains == NULL) {
        cube_avx2_loop(entries, encode, stride, encode_count, magic, codes, paths, weights, last, pixels, count, NULL, 0);
    } else if (!clamps) {
        cube_avx2_loop(entries, encode, stride, encode_count, magic, codes, paths, weights, last, pixels, count, gains, 0);
    } else {
        cube_avx2_loop(entries, encode, stride, encode_count, magic, codes, paths, weights, last, pixels, count, gains, 1);
    }
}

#endif

void glint_cube_apply(const float *entries, const uint8_t *encode, ptrdiff_t encode_stride, int encode_count,
                      float magic, const uint32_t *codes, const int32_t *paths, const float *weights, int last,
                      uint8_t *pixels, ptrdiff_t count, const float *gains, int clamps, glint_kernel_choice choice) {
#if defined(__x86_64__)
    if (choice == GLINT_KERNEL_BEST && glint_has_avx2()) {
        cube_avx2(entries, encode, encode_stride, encode_count, magic, codes, paths, weights, last, pixels, count,
                  gains, clamps);
        return;
    }
#endif
    cube_scalar(entries, encode, encode_stride, encode_count, magic, codes, paths, weights, last, pixels, count,
                gains, clamps);
}

const char *glint_colour_kernels_variant(void) {
    return glint_has_avx2() ? "avx2" : "scalar";
}
