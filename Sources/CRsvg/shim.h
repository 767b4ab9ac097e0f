// cairo and zlib through their own headers; librsvg through the five calls WheelRaster makes, declared here as
// librsvg 2.46+ and GLib declare them (stable ABI since). Why not <librsvg/rsvg.h>: its include path comes from
// the pkg-config chain of gio and gdk-pixbuf, whose cflags carry -pthread, which SwiftPM drops with a warning on
// every build. cairo's pkg-config gives every path needed here and no such flag.
#include <cairo.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

typedef unsigned long gsize;
typedef int gboolean;

// GLib's error: a domain, a code and a message, freed with g_error_free.
typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;

// A librsvg document, a GObject released with g_object_unref.
typedef struct _RsvgHandle RsvgHandle;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, gsize data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
void g_object_unref(void *object);
void g_error_free(GError *error);
