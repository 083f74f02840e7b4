#ifndef GLINT_CCOLOURKERNELS_H
#define GLINT_CCOLOURKERNELS_H

/*
 * Pixel loops of Glint's colour tables, in C so that they can use AVX2 where the CPU has it
 * (chosen at run time, once; a portable scalar loop otherwise, with the same results bit for
 * bit). The tables themselves are built and owned in Swift (GlintMedia's YUVColourTable); only
 * the walk over a picture's samples lives here. No allocation, no error path: the callers check
 * sizes before calling.
 */

#include <stddef.h>
#include <stdint.h>

/* The layout of a YUV colour table (GlintMedia's YUVColourTable), shared with Swift. */
/* Chroma cells per axis, and code values per cell side. */
#define GLINT_YUV_TABLE_CELLS 64
#define GLINT_YUV_TABLE_CELL_SIZE 4
/* Lattice columns per chroma axis (the cells' corners). */
#define GLINT_YUV_TABLE_CORNERS 65
/* Luma samples per column, and chroma entries per column (one per 4 luma values). */
#define GLINT_YUV_TABLE_COLUMN_LENGTH 256
#define GLINT_YUV_TABLE_CHROMA_LENGTH 64
/* Entries in the luma table (bytes) and in the chroma table (32-bit words). */
#define GLINT_YUV_TABLE_LUMA_COUNT (GLINT_YUV_TABLE_CELLS * GLINT_YUV_TABLE_CORNERS * GLINT_YUV_TABLE_COLUMN_LENGTH)
#define GLINT_YUV_TABLE_CHROMA_COUNT (GLINT_YUV_TABLE_CELLS * GLINT_YUV_TABLE_CELLS * GLINT_YUV_TABLE_CHROMA_LENGTH * 4)

/* Three 8-bit 4:2:0 planes: luma, then Cb and Cr at half the width and height. */
typedef struct glint_yuv_planes {
    uint8_t *y;
    uint8_t *u;
    uint8_t *v;
    ptrdiff_t y_stride;
    ptrdiff_t u_stride;
    ptrdiff_t v_stride;
} glint_yuv_planes;

/* Which loop a kernel runs: the best this CPU has, or the portable scalar loop (for tests, which
   check that both give the same bytes). */
typedef enum glint_kernel_choice {
    GLINT_KERNEL_BEST = 0,
    GLINT_KERNEL_SCALAR = 1
} glint_kernel_choice;

/*
 * Walks `blocks_across` x `blocks_down` 2x2 blocks of `source` through a YUV colour table into
 * `destination` (which may be `source` itself):
 *
 * - each luma sample `a` of a block whose chroma is (u, v) becomes
 *   luma[((v / 4) * 65 + u / 4) * 256 + a];
 * - the block's chroma becomes the bilinear weighing (in sixteenths) of the four corner entries
 *   chroma[(((v / 4) * 64 + u / 4) * 64 + sum / 16) * 4 + k] (k = 0...3: top-left, top-right,
 *   bottom-left, bottom-right corner of the cell), where sum is the block's four luma samples
 *   added, each entry holding Cb times 16 in its low 16 bits and Cr times 16 in its high 16.
 *
 * `luma` holds GLINT_YUV_TABLE_LUMA_COUNT bytes, `chroma` GLINT_YUV_TABLE_CHROMA_COUNT entries.
 */
void glint_yuv_table_walk(const uint8_t *luma, const uint32_t *chroma, glint_yuv_planes source,
                          glint_yuv_planes destination, int blocks_across, int blocks_down,
                          glint_kernel_choice choice);

/*
 * Maps `count` interleaved 8-bit RGB pixels at `pixels`, in place, through a lookup cube
 * (GlintMedia's RGBLookupCube) with tetrahedral interpolation:
 *
 * - `codes[c]` for each code value c holds its cell offset in grid points times 512 plus its
 *   position bits ((c & 7) << 6 for red; the caller passes three tables, `codes` for red,
 *   `codes + 256` for green, `codes + 512` for blue), so the three added give the cell's first
 *   grid point times 512 plus the 9-bit position index;
 * - `paths[2 * position]` and `paths[2 * position + 1]` are the second and third corners'
 *   offsets in grid points, `last` the fourth's; `weights[4 * position ...]` the four weights;
 * - `entries` holds 4 floats per grid point (output linear light times 65535, the fourth unused);
 * - each channel's weighted sum v becomes encode[channel * encode_stride + slot(v)], where slot
 *   is the low bits of v + magic as a float (clamped to 0 ..< encode_count as a signed 23-bit
 *   integer less 2^22 when `clamps`).
 *
 * `gains` (or NULL) scales each pixel's weights. The sums are formed exactly as in
 * ((c0 w0 + c1 w1) + c2 w2) + c3 w3, without fused multiply-adds, by every variant.
 */
void glint_cube_apply(const float *entries, const uint8_t *encode, ptrdiff_t encode_stride, int encode_count,
                      float magic, const uint32_t *codes, const int32_t *paths, const float *weights, int last,
                      uint8_t *pixels, ptrdiff_t count, const float *gains, int clamps, glint_kernel_choice choice);

/*
 * Writes a lattice column of a YUV colour table: the 256 interleaved RGB pixels of luma 0...255 at
 * one chroma point, each channel c being base[c] + y * step[c] clipped to 0...255 and rounded
 * half up.
 */
void glint_lattice_column(const double base[3], const double step[3], uint8_t *pixels);

/*
 * Converts `count` interleaved RGB pixels to a YUV colour table's samples: `parts` holds, for
 * red, then green, then blue, 256 entries (one per code value) of 4 doubles, that channel's
 * share of (Y, Cb, Cr, unused), red's with the offset added; the three added are clipped to
 * 0...255, times 16 and rounded: luma into `luma`, Cb and Cr into the low and high halves of
 * `chroma`.
 */
void glint_lattice_samples(const double *parts, const uint8_t *pixels, ptrdiff_t count, uint16_t *luma,
                           uint32_t *chroma);

/* Which loops the kernels run on this CPU with GLINT_KERNEL_BEST: "avx2" or "scalar". */
const char *glint_colour_kernels_variant(void);

#endif
