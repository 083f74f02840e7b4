#include "CColourKernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "KernelDispatch.h"

/*
 * glint_yuv_table_walk (CColourKernels.h). The AVX2 loop takes eight blocks (16 x 2 luma samples)
 * at a time: vector code forms every luma sample's table index, every block's chroma index and
 * the chroma weights, and weighs the four chroma corners (one 16-byte load per block); the
 * table look-ups themselves are plain loads (AVX2's gathers are slower here than scalar loads: about 30 cycles each on the
 * Xeons this was measured on). The chroma weighing runs on 16-bit lanes: each half of an entry
 * (at most 255 x 16) times a weight of at most 16 stays below 2^16, and so does their sum, as in
 * the scalar loop's 32-bit arithmetic. Both loops compute exactly the same bytes.
 */

enum {
    corners = GLINT_YUV_TABLE_CORNERS,
    cells = GLINT_YUV_TABLE_CELLS,
};

/* One block at x of a pair of rows. */
static inline void walk_block(const uint8_t *luma, const uint32_t *chroma, const uint8_t *sy0, const uint8_t *sy1,
                              const uint8_t *su, const uint8_t *sv, uint8_t *dy0, uint8_t *dy1, uint8_t *du,
                              uint8_t *dv, int x) {
    unsigned u = su[x], v = sv[x];
    unsigned a = sy0[2 * x], b = sy0[2 * x + 1], c = sy1[2 * x], d = sy1[2 * x + 1];
    unsigned column = ((v >> 2) * corners + (u >> 2)) << 8;
    const uint8_t *luma_column = luma + column;
    dy0[2 * x] = luma_column[a];
    dy0[2 * x + 1] = luma_column[b];
    dy1[2 * x] = luma_column[c];
    dy1[2 * x + 1] = luma_column[d];
    uint32_t fu = u & 3, fv = v & 3;
    uint32_t w11 = fu * fv, w01 = (fu << 2) - w11, w10 = (fv << 2) - w11;
    uint32_t w00 = 16 - w01 - w10 - w11;
    const uint32_t *p = chroma + ((((v >> 2) * cells + (u >> 2)) << 6) + ((a + b + c + d) >> 4)) * 4;
    uint32_t sum = p[0] * w00 + p[1] * w01 + p[2] * w10 + p[3] * w11 + 0x00800080u;
    du[x] = (uint8_t)(sum >> 8);
    dv[x] = (uint8_t)(sum >> 24);
}

/* The rows of block row `row`. */
typedef struct rows {
    const uint8_t *sy0, *sy1, *su, *sv;
    uint8_t *dy0, *dy1, *du, *dv;
} rows;

static inline rows rows_at(glint_yuv_planes s, glint_yuv_planes d, int row) {
    rows r;
    r.sy0 = s.y + 2 * row * s.y_stride;
    r.sy1 = r.sy0 + s.y_stride;
    r.su = s.u + row * s.u_stride;
    r.sv = s.v + row * s.v_stride;
    r.dy0 = d.y + 2 * row * d.y_stride;
    r.dy1 = r.dy0 + d.y_stride;
    r.du = d.u + row * d.u_stride;
    r.dv = d.v + row * d.v_stride;
    return r;
}

static void walk_scalar(const uint8_t *luma, const uint32_t *chroma, glint_yuv_planes s, glint_yuv_planes d,
                        int blocks_across, int blocks_down) {
    for (int row = 0; row < blocks_down; row++) {
        rows r = rows_at(s, d, row);
        for (int x = 0; x < blocks_across; x++) {
            walk_block(luma, chroma, r.sy0, r.sy1, r.su, r.sv, r.dy0, r.dy1, r.du, r.dv, x);
        }
    }
}

#if defined(__x86_64__)

__attribute__((target("avx2"))) static void walk_avx2(const uint8_t *luma, const uint32_t *chroma, glint_yuv_planes s,
                                                      glint_yuv_planes d, int blocks_across, int blocks_down) {
    const __m256i three = _mm256_set1_epi32(3), sixteen = _mm256_set1_epi32(16);
    const __m256i rounding = _mm256_set1_epi32(0x00800080);
    /* Bytes 1 and 3 of each 32-bit sum (Cb and Cr) to the first and second word of each 128-bit lane. */
    const __m256i split = _mm256_setr_epi8(1, 5, 9, 13, 3, 7, 11, 15, -1, -1, -1, -1, -1, -1, -1, -1,
                                           1, 5, 9, 13, 3, 7, 11, 15, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 3, 6, 7);
    /* Each block's column repeated for its two samples, blocks 0-3 and 4-7. */
    const __m256i first = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3), second = _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7);
    const __m128i ones = _mm_set1_epi8(1);
    /* Luma indices (top row 16, bottom row 16), chroma indices. */
    uint32_t index[32] __attribute__((aligned(32)));
    uint32_t entry[8] __attribute__((aligned(32)));
    int vector_blocks = blocks_across & ~7;
    for (int row = 0; row < blocks_down; row++) {
        rows r = rows_at(s, d, row);
        for (int x = 0; x < vector_blocks; x += 8) {
            __m256i u = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(r.su + x)));
            __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(r.sv + x)));
            __m256i cv = _mm256_srli_epi32(v, 2), cu = _mm256_srli_epi32(u, 2);
            /* (v / 4) * 65 + u / 4: the block's luma column, at that times 256. */
            __m256i column = _mm256_slli_epi32(_mm256_add_epi32(_mm256_add_epi32(_mm256_slli_epi32(cv, 6), cv), cu), 8);
            /* (v / 4) * 64 + u / 4: the block's chroma column, at that times 64 quads. */
            __m256i cell = _mm256_add_epi32(_mm256_slli_epi32(cv, 6), cu);
            __m128i top = _mm_loadu_si128((const __m128i *)(r.sy0 + 2 * x));
            __m128i bottom = _mm_loadu_si128((const __m128i *)(r.sy1 + 2 * x));
            __m256i c0 = _mm256_permutevar8x32_epi32(column, first), c1 = _mm256_permutevar8x32_epi32(column, second);
            _mm256_store_si256((__m256i *)index, _mm256_add_epi32(_mm256_cvtepu8_epi32(top), c0));
            _mm256_store_si256((__m256i *)(index + 8), _mm256_add_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(top, 8)), c1));
            _mm256_store_si256((__m256i *)(index + 16), _mm256_add_epi32(_mm256_cvtepu8_epi32(bottom), c0));
            _mm256_store_si256((__m256i *)(index + 24), _mm256_add_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(bottom, 8)), c1));
            /* The block's luma sum (pairs of bytes added, then the two rows), in steps of 16. */
            __m128i pairs = _mm_add_epi16(_mm_maddubs_epi16(top, ones), _mm_maddubs_epi16(bottom, ones));
            __m256i step = _mm256_srli_epi32(_mm256_cvtepu16_epi32(pairs), 4);
            _mm256_store_si256((__m256i *)entry, _mm256_slli_epi32(_mm256_add_epi32(_mm256_slli_epi32(cell, 6), step), 2));
            /* The look-ups: two luma samples per iteration, written as one 16-bit store. */
            uint8_t *out0 = r.dy0 + 2 * x, *out1 = r.dy1 + 2 * x;
            for (int k = 0; k < 8; k++) {
                uint64_t i0, i1;
                memcpy(&i0, index + 2 * k, 8);
                memcpy(&i1, index + 16 + 2 * k, 8);
                uint16_t r0 = (uint16_t)(luma[(uint32_t)i0] | luma[i0 >> 32] << 8);
                uint16_t r1 = (uint16_t)(luma[(uint32_t)i1] | luma[i1 >> 32] << 8);
                memcpy(out0 + 2 * k, &r0, 2);
                memcpy(out1 + 2 * k, &r1, 2);
            }
            /* Each block's four corners in one load, blocks k and k + 4 in one vector, then
               4 x 4 transposes in each half: corner by corner, blocks (0...3 | 4...7). */
#define QUAD(k) _mm_loadu_si128((const __m128i *)(chroma + entry[k]))
            __m256i q04 = _mm256_inserti128_si256(_mm256_castsi128_si256(QUAD(0)), QUAD(4), 1);
            __m256i q15 = _mm256_inserti128_si256(_mm256_castsi128_si256(QUAD(1)), QUAD(5), 1);
            __m256i q26 = _mm256_inserti128_si256(_mm256_castsi128_si256(QUAD(2)), QUAD(6), 1);
            __m256i q37 = _mm256_inserti128_si256(_mm256_castsi128_si256(QUAD(3)), QUAD(7), 1);
#undef QUAD
            __m256i t01l = _mm256_unpacklo_epi32(q04, q15), t01h = _mm256_unpackhi_epi32(q04, q15);
            __m256i t23l = _mm256_unpacklo_epi32(q26, q37), t23h = _mm256_unpackhi_epi32(q26, q37);
            __m256i g00 = _mm256_unpacklo_epi64(t01l, t23l), g01 = _mm256_unpackhi_epi64(t01l, t23l);
            __m256i g10 = _mm256_unpacklo_epi64(t01h, t23h), g11 = _mm256_unpackhi_epi64(t01h, t23h);
            __m256i fu = _mm256_and_si256(u, three), fv = _mm256_and_si256(v, three);
            __m256i w11 = _mm256_mullo_epi16(fu, fv);
            __m256i w01 = _mm256_sub_epi32(_mm256_slli_epi32(fu, 2), w11);
            __m256i w10 = _mm256_sub_epi32(_mm256_slli_epi32(fv, 2), w11);
            __m256i w00 = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(sixteen, w01), w10), w11);
            /* Each weight in both 16-bit halves, so one 16-bit multiply weighs Cb and Cr. */
            w00 = _mm256_or_si256(w00, _mm256_slli_epi32(w00, 16));
            w01 = _mm256_or_si256(w01, _mm256_slli_epi32(w01, 16));
            w10 = _mm256_or_si256(w10, _mm256_slli_epi32(w10, 16));
            w11 = _mm256_or_si256(w11, _mm256_slli_epi32(w11, 16));
            __m256i sum = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(g00, w00), _mm256_mullo_epi16(g01, w01)),
                                           _mm256_add_epi16(_mm256_mullo_epi16(g10, w10), _mm256_mullo_epi16(g11, w11)));
            sum = _mm256_add_epi16(sum, rounding);
            __m128i bytes = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(sum, split), order));
            _mm_storel_epi64((__m128i *)(r.du + x), bytes);
            _mm_storel_epi64((__m128i *)(r.dv + x), _mm_unpackhi_epi64(bytes, bytes));
        }
        for (int x = vector_blocks; x < blocks_across; x++) {
            walk_block(luma, chroma, r.sy0, r.sy1, r.su, r.sv, r.dy0, r.dy1, r.du, r.dv, x);
        }
    }
}

#endif

void glint_yuv_table_walk(const uint8_t *luma, const uint32_t *chroma, glint_yuv_planes source,
                          glint_yuv_planes destination, int blocks_across, int blocks_down,
                          glint_kernel_choice choice) {
#if defined(__x86_64__)
    if (choice == GLINT_KERNEL_BEST && glint_has_avx2()) {
        walk_avx2(luma, chroma, source, destination, blocks_across, blocks_down);
        return;
    }
#endif
    walk_scalar(luma, chroma, source, destination, blocks_across, blocks_down);
}
