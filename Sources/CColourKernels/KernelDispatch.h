#ifndef GLINT_KERNEL_DISPATCH_H
#define GLINT_KERNEL_DISPATCH_H

/* Whether this CPU runs AVX2 (asked of the CPU model the runtime reads at start; cheap). */
static inline int glint_has_avx2(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

#endif
