/* The librsvg, cairo and GLib functions Glint calls, as trampolines into librsvg-2.so.2 and
   libcairo.so.2 opened on first use (see CLazyLibrary.h). Each trampoline is defined with the
   prototype the library's header declares, so the compiler checks every one; they have hidden
   visibility, so the executable never exports them and the libraries' own calls to one another
   never bind to them.

   This file is compiled against the real headers (librsvg2-dev, libcairo2-dev; the include
   paths are in Package.swift); Swift sees copies of the types instead (CRsvg.h), checked here.

   RsvgFunctions.h is generated from the list in Scripts/trampolines/rsvg.txt:
     CPATH=$(pkg-config --cflags-only-I librsvg-2.0 cairo | sed 's/-I//g; s/ *$//; s/ /:/g') \
       Scripts/generate-trampolines.py /usr/include/librsvg-2.0/librsvg/rsvg.h \
       Scripts/trampolines/rsvg.txt CRSVG_FUNCTIONS > Sources/CRsvg/include/RsvgFunctions.h */

#define CRSVG_SYSTEM_HEADERS 1
#pragma GCC visibility push(hidden)
#include "CRsvg.h"
#pragma GCC visibility pop

#include <stddef.h>

#include "CLazyLibrary.h"

/* The copies of the types Swift sees, under a prefix, each checked against the original. */
#define CRSVG_T(name) crsvg_copy_##name
#include "RsvgTypes.h"
#undef CRSVG_T

#define CRSVG_SAME_SCALAR(name) \
    _Static_assert(__builtin_types_compatible_p(crsvg_copy_##name, name), "RsvgTypes.h: " #name " differs from the header's")
#define CRSVG_SAME_SIZE(name) \
    _Static_assert(sizeof(crsvg_copy_##name) == sizeof(name) && _Alignof(crsvg_copy_##name) == _Alignof(name), \
                   "RsvgTypes.h: " #name " differs from the header's in size or alignment")
#define CRSVG_SAME_FIELD(type, field) \
    _Static_assert(offsetof(crsvg_copy_##type, field) == offsetof(type, field) \
                   && sizeof(((crsvg_copy_##type *)0)->field) == sizeof(((type *)0)->field), \
                   "RsvgTypes.h: " #type "." #field " differs from the header's")
#define CRSVG_SAME_FIELD_TYPE(type, field) \
    CRSVG_SAME_FIELD(type, field); \
    _Static_assert(__builtin_types_compatible_p(__typeof__(((crsvg_copy_##type *)0)->field), __typeof__(((type *)0)->field)), \
                   "RsvgTypes.h: the type of " #type "." #field " differs from the header's")
#define CRSVG_SAME_ENUM(name) \
    CRSVG_SAME_SIZE(name); \
    _Static_assert(((crsvg_copy_##name)-1 < 0) == ((name)-1 < 0), "RsvgTypes.h: " #name " differs from the header's in signedness")
#define CRSVG_SAME_CONSTANT(name) \
    _Static_assert((long long)crsvg_copy_##name == (long long)name, "RsvgTypes.h: " #name " differs from the header's")

CRSVG_SAME_SCALAR(gchar);
CRSVG_SAME_SCALAR(gint);
CRSVG_SAME_SCALAR(gboolean);
CRSVG_SAME_SCALAR(gdouble);
CRSVG_SAME_SCALAR(gpointer);
CRSVG_SAME_SCALAR(guint8);
CRSVG_SAME_SCALAR(guint32);
CRSVG_SAME_SCALAR(gsize);
CRSVG_SAME_SCALAR(GQuark);

CRSVG_SAME_SIZE(GError);
CRSVG_SAME_FIELD_TYPE(GError, domain);
CRSVG_SAME_FIELD_TYPE(GError, code);
CRSVG_SAME_FIELD_TYPE(GError, message);

CRSVG_SAME_SIZE(RsvgRectangle);
CRSVG_SAME_FIELD_TYPE(RsvgRectangle, x);
CRSVG_SAME_FIELD_TYPE(RsvgRectangle, y);
CRSVG_SAME_FIELD_TYPE(RsvgRectangle, width);
CRSVG_SAME_FIELD_TYPE(RsvgRectangle, height);

CRSVG_SAME_ENUM(RsvgUnit);
CRSVG_SAME_CONSTANT(RSVG_UNIT_PERCENT);
CRSVG_SAME_CONSTANT(RSVG_UNIT_PX);
CRSVG_SAME_CONSTANT(RSVG_UNIT_EM);
CRSVG_SAME_CONSTANT(RSVG_UNIT_EX);
CRSVG_SAME_CONSTANT(RSVG_UNIT_IN);
CRSVG_SAME_CONSTANT(RSVG_UNIT_CM);
CRSVG_SAME_CONSTANT(RSVG_UNIT_MM);
CRSVG_SAME_CONSTANT(RSVG_UNIT_PT);
CRSVG_SAME_CONSTANT(RSVG_UNIT_PC);

CRSVG_SAME_SIZE(RsvgLength);
CRSVG_SAME_FIELD_TYPE(RsvgLength, length);
CRSVG_SAME_FIELD(RsvgLength, unit);

CRSVG_SAME_ENUM(cairo_format_t);
CRSVG_SAME_CONSTANT(CAIRO_FORMAT_INVALID);
CRSVG_SAME_CONSTANT(CAIRO_FORMAT_ARGB32);

CRSVG_SAME_ENUM(cairo_status_t);
CRSVG_SAME_CONSTANT(CAIRO_STATUS_SUCCESS);
CRSVG_SAME_CONSTANT(CAIRO_STATUS_NO_MEMORY);

/* Opened in dependency order; librsvg brings the rest (Pango, HarfBuzz, GIO, gdk-pixbuf, ...). */
static const char *const crsvg_sonames[] = {
    "libglib-2.0.so.0", "libgobject-2.0.so.0", "libcairo.so.2", "librsvg-2.so.2", NULL,
};

#define CRSVG_NAME(ret, name, params, args) #name,
static const char *const crsvg_symbols[] = { CRSVG_FUNCTIONS(CRSVG_NAME) };

#define CRSVG_INDEX(ret, name, params, args) crsvg_index_##name,
enum { CRSVG_FUNCTIONS(CRSVG_INDEX) crsvg_function_count };

static void *crsvg_table[crsvg_function_count];

static lazy_library crsvg_library = LAZY_LIBRARY_INIT("librsvg", crsvg_sonames, crsvg_symbols, crsvg_table, NULL);

#define CRSVG_TRAMPOLINE(ret, name, params, args) \
    LAZY_TRAMPOLINE(&crsvg_library, crsvg_index_##name, ret, name, params, args)
CRSVG_FUNCTIONS(CRSVG_TRAMPOLINE)

int crsvg_load(void) { return lazy_library_load(&crsvg_library); }

const char *crsvg_load_error(void) { return lazy_library_error(&crsvg_library); }

const char *crsvg_soname(void) { return "librsvg-2.so.2"; }

int crsvg_is_loaded(void) { return lazy_library_is_loaded(&crsvg_library); }
