/* The types of GLib's, librsvg's and cairo's headers that the functions in RsvgFunctions.h use,
   copied for Swift (see CRsvg.h), as declared by GLib 2.74, librsvg 2.54 and cairo 1.16 on
   64-bit Linux. Only what Glint uses: RsvgHandle, cairo_t and cairo_surface_t stay opaque, and
   the two cairo enums name only the constants Glint uses (with the values and the underlying
   type of the originals).

   Every name is written CRSVG_T(name): RsvgTrampolines.c includes this file a second time with
   CRSVG_T adding a prefix, next to the real headers, and checks each copy against its original,
   so a copy that drifts from the headers installed fails the build. No include guard: that
   second inclusion is deliberate. */

#ifndef CRSVG_T
#define CRSVG_T(name) name
#endif

/* GLib (glib/gtypes.h, glibconfig.h, glib/gquark.h, glib/gerror.h) */
typedef char CRSVG_T(gchar);
typedef int CRSVG_T(gint);
typedef CRSVG_T(gint) CRSVG_T(gboolean);
typedef double CRSVG_T(gdouble);
typedef void *CRSVG_T(gpointer);
typedef unsigned char CRSVG_T(guint8);
typedef unsigned int CRSVG_T(guint32);
typedef unsigned long CRSVG_T(gsize);
typedef CRSVG_T(guint32) CRSVG_T(GQuark);

typedef struct CRSVG_T(_GError) CRSVG_T(GError);
struct CRSVG_T(_GError) {
    CRSVG_T(GQuark) domain;
    CRSVG_T(gint) code;
    CRSVG_T(gchar) *message;
};

/* librsvg (librsvg/rsvg.h) */
typedef struct CRSVG_T(_RsvgHandle) CRSVG_T(RsvgHandle);

typedef struct CRSVG_T(_RsvgRectangle) CRSVG_T(RsvgRectangle);
struct CRSVG_T(_RsvgRectangle) {
    double x;
    double y;
    double width;
    double height;
};

typedef enum {
    CRSVG_T(RSVG_UNIT_PERCENT),
    CRSVG_T(RSVG_UNIT_PX),
    CRSVG_T(RSVG_UNIT_EM),
    CRSVG_T(RSVG_UNIT_EX),
    CRSVG_T(RSVG_UNIT_IN),
    CRSVG_T(RSVG_UNIT_CM),
    CRSVG_T(RSVG_UNIT_MM),
    CRSVG_T(RSVG_UNIT_PT),
    CRSVG_T(RSVG_UNIT_PC)
} CRSVG_T(RsvgUnit);

typedef struct {
    double length;
    CRSVG_T(RsvgUnit) unit;
} CRSVG_T(RsvgLength);

/* cairo (cairo.h) */
typedef struct CRSVG_T(_cairo) CRSVG_T(cairo_t);
typedef struct CRSVG_T(_cairo_surface) CRSVG_T(cairo_surface_t);

typedef enum CRSVG_T(_cairo_format) {
    CRSVG_T(CAIRO_FORMAT_INVALID) = -1,
    CRSVG_T(CAIRO_FORMAT_ARGB32) = 0
} CRSVG_T(cairo_format_t);

typedef enum CRSVG_T(_cairo_status) {
    CRSVG_T(CAIRO_STATUS_SUCCESS) = 0,
    CRSVG_T(CAIRO_STATUS_NO_MEMORY) = 1
} CRSVG_T(cairo_status_t);
