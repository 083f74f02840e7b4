#ifndef GLINT_CEXEMPI_SHIM_H
#define GLINT_CEXEMPI_SHIM_H

#include <exempi/xmp.h>
#include <exempi/xmpconsts.h>
#include <exempi/xmperrors.h>

/* Option flags, exposed as plain integers (the enums have no stable Swift spelling). */
static inline uint32_t cexempi_prop_ordered_array(void) { return XMP_PROP_VALUE_IS_ARRAY | XMP_PROP_ARRAY_IS_ORDERED; }
static inline uint32_t cexempi_prop_struct(void) { return XMP_PROP_VALUE_IS_STRUCT; }
static inline uint32_t cexempi_prop_composite_mask(void) { return XMP_PROP_COMPOSITE_MASK; }
static inline uint32_t cexempi_serial_compact(void) { return XMP_SERIAL_USECOMPACTFORMAT; }
static inline uint32_t cexempi_serial_read_only(void) { return XMP_SERIAL_READONLYPACKET; }
static inline uint32_t cexempi_iter_immediate_children(void) { return XMP_ITER_PROPERTIES | XMP_ITER_JUSTCHILDREN; }

#endif
