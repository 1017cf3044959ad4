// A GtkLabel whose accessible object reports a heading level.
//
// Why: ATK has no setter for object attributes, and screen readers read a heading's
// level from the attribute "level" (Orca: `level` of the object attributes, exposed by
// the AT-SPI bridge as Accessible.GetAttributes). GTK 3 picks the accessible type per
// widget class, so the label that is a heading is of a tiny GtkLabel subclass,
// `FoHeadingLabel`, whose accessible (`FoHeadingLabelAccessible`, a
// GtkLabelAccessible) adds "level" read from the widget's "fo-heading-level" data.
//
// Both types are registered on first use by name (no static variables: see shim.h;
// a header compiled into several Swift modules must register them once).
#ifndef FIRST_OPEN_CGTK_HEADING_H
#define FIRST_OPEN_CGTK_HEADING_H

#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>

/// The key of the heading level (an integer stored as a pointer) on the widget.
#define FO_HEADING_LEVEL_KEY "fo-heading-level"

static AtkAttributeSet *fo_heading_accessible_get_attributes(AtkObject *object) {
    AtkObjectClass *parent = ATK_OBJECT_CLASS(g_type_class_peek(GTK_TYPE_LABEL_ACCESSIBLE));
    AtkAttributeSet *attributes = parent->get_attributes ? parent->get_attributes(object) : NULL;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    gint level = widget ? GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), FO_HEADING_LEVEL_KEY)) : 0;
    if (level > 0) {
        AtkAttribute *attribute = g_new(AtkAttribute, 1);
        attribute->name = g_strdup("level");
        attribute->value = g_strdup_printf("%d", level);
        attributes = g_slist_append(attributes, attribute);
    }
    return attributes;
}

static void fo_heading_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    ATK_OBJECT_CLASS(klass)->get_attributes = fo_heading_accessible_get_attributes;
}

/// A subtype of `parent` with the same instance and class size and `class_init`.
static inline GType fo_register_subtype(GType parent, const gchar *name, GClassInitFunc class_init) {
    GType type = g_type_from_name(name);
    if (type != 0) return type;
    GTypeQuery query;
    g_type_query(parent, &query);
    return g_type_register_static_simple(parent, name, query.class_size, class_init,
                                         query.instance_size, NULL, 0);
}

static void fo_heading_label_class_init(gpointer klass, gpointer data) {
    (void)data;
    gtk_widget_class_set_accessible_type(
        GTK_WIDGET_CLASS(klass),
        fo_register_subtype(GTK_TYPE_LABEL_ACCESSIBLE, "FoHeadingLabelAccessible", fo_heading_accessible_class_init));
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), ATK_ROLE_HEADING);
}

/// A new, floating `FoHeadingLabel`: a GtkLabel whose accessible has the role heading
/// and the attribute "level" = `level` (1 for the window's headline).
static inline GtkWidget *fo_heading_label_new(gint level) {
    GType type = fo_register_subtype(GTK_TYPE_LABEL, "FoHeadingLabel", fo_heading_label_class_init);
    GtkWidget *label = GTK_WIDGET(g_object_new(type, NULL));
    g_object_set_data(G_OBJECT(label), FO_HEADING_LEVEL_KEY, GINT_TO_POINTER(level));
    return label;
}

#endif
