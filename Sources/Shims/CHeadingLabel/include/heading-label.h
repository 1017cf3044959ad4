// A GtkLabel whose accessible object reports a heading level (the window's headline).
//
// Why C: ATK has no setter for object attributes, and screen readers read a heading's
// level from the attribute "level" (Orca: `level` of the object attributes, exposed by
// the AT-SPI bridge as Accessible.GetAttributes). GTK 3 picks the accessible type per
// widget class, so the label that is a heading is of a tiny GtkLabel subclass; a
// GObject class with a class_init is C's to write (heading-label.c).
#ifndef FIRST_OPEN_HEADING_LABEL_H
#define FIRST_OPEN_HEADING_LABEL_H

#include <gtk/gtk.h>

/// A new, floating `FoHeadingLabel`: a GtkLabel whose accessible has the role heading
/// and the attribute "level" = `level` (1 for the window's headline).
GtkWidget *fo_heading_label_new (gint level);

#endif
