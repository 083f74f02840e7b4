#ifndef GLINT_CMALLOC_SHIM_H
#define GLINT_CMALLOC_SHIM_H

#include <malloc.h>

/// Fixes glibc malloc's mmap threshold at `bytes` (which also stops glibc from raising it, and
/// the trim threshold with it, each time a mapped block is freed). Returns 1 on success.
static inline int glint_fix_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

#endif
