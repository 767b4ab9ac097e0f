// cairo and zlib through their own headers; librsvg through the five calls WheelRaster makes, declared here as
// librsvg 2.46+ and GLib declare them (stable ABI since). Why not <librsvg/rsvg.h>: its include path comes from
// the pkg-config chain of gio and gdk-pixbuf, whose cflags carry -pthread, which SwiftPM drops with a warning on
// every build. cairo's pkg-config gives every path needed here and no such flag (fontconfig's headers among them).
#include <cairo.h>
#include <fontconfig/fontconfig.h>
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

// Whether a font fontconfig knows has a glyph for the Unicode scalar `scalar`: 1 or 0, or -1 when fontconfig
// cannot say. Those fonts are the ones librsvg's text (through Pango) falls back on, so a scalar none covers comes
// out of a PNG as a missing-glyph box. One call lists the fonts whose character sets hold it, as
// `fc-list ':charset=HEX'` does; WheelRaster's FontCoverage keeps each answer.
static inline int wheel_font_covers(uint32_t scalar) {
    int answer = -1;
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *characters = FcCharSetCreate();
    FcObjectSet *objects = FcObjectSetCreate();
    if (pattern && characters && objects && FcCharSetAddChar(characters, scalar)
        && FcPatternAddCharSet(pattern, FC_CHARSET, characters) && FcObjectSetAdd(objects, FC_FAMILY)) {
        FcFontSet *fonts = FcFontList(NULL, pattern, objects);
        if (fonts) {
            answer = fonts->nfont > 0;
            FcFontSetDestroy(fonts);
        }
    }
    if (objects) FcObjectSetDestroy(objects);
    if (characters) FcCharSetDestroy(characters);
    if (pattern) FcPatternDestroy(pattern);
    return answer;
}
