#ifndef GLINT_CRSVG_SHIM_H
#define GLINT_CRSVG_SHIM_H

/* librsvg parses SVG artwork and renders it through cairo into an image surface. Both report
   errors by return value (GError, cairo_status_t); neither exits or longjmps. */
#include <librsvg/rsvg.h>
#include <cairo.h>

#endif
