#ifndef GLINT_CRSVG_H
#define GLINT_CRSVG_H

/* librsvg parses SVG artwork and renders it through cairo into an image surface. Both report
   errors by return value (GError, cairo_status_t); neither exits or longjmps.

   Neither is linked into the executable: every function Glint calls is a trampoline
   (RsvgTrampolines.c) that opens librsvg-2.so.2 and cairo with dlopen on first use (see
   CLazyLibrary.h), so a command that draws no SVG never loads them nor the ~45 libraries they
   bring (Pango, HarfBuzz, fontconfig, FreeType, GLib, GIO, gdk-pixbuf, pixman, ...).

   What Swift sees: librsvg's and cairo's headers (librsvg2-dev, libcairo2-dev) need the include
   paths `pkg-config --cflags librsvg-2.0 cairo` gives, and SwiftPM passes those to the targets
   that import a module only for a system-library target, which also links the libraries. So the
   module declares the functions from the same generated list (RsvgFunctions.h) over copies of
   the few types they use (RsvgTypes.h). RsvgTrampolines.c is compiled against the real headers
   instead (CRSVG_SYSTEM_HEADERS): the compiler checks every prototype there, and every copied
   type against the original (size, alignment, field offsets and types, enumerator values). */

#ifdef CRSVG_SYSTEM_HEADERS
#include <librsvg/rsvg.h>
#include <cairo.h>
#else
#include "RsvgTypes.h"
#endif
#include "RsvgFunctions.h"

#define CRSVG_DECLARE(ret, name, params, args) ret name params;
CRSVG_FUNCTIONS(CRSVG_DECLARE)
#undef CRSVG_DECLARE

/* Loads librsvg and cairo now if they are not loaded yet (thread-safe; later calls return at
   once). Returns 1 on success, 0 when a library or a function is missing (see crsvg_load_error). */
int crsvg_load(void);

/* Why librsvg or cairo could not be loaded, or NULL when they loaded or have not been tried. */
const char *crsvg_load_error(void);

/* The soname named in messages about librsvg ("librsvg-2.so.2"). */
const char *crsvg_soname(void);

/* 1 when librsvg and cairo have been loaded in this process (loads nothing). */
int crsvg_is_loaded(void);

#endif
