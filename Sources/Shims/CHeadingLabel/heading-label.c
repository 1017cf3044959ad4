// FoHeadingLabel (heading-label.h): a GtkLabel subclass whose accessible
// (`FoHeadingLabelAccessible`, a GtkLabelAccessible) adds "level", read from the
// widget's "fo-heading-level" data, and has the role heading.
//
// Both types are registered on first use by name: the window and the tests may build
// labels before and after one another, and GLib's type system is the one registry.
#include "heading-label.h"

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
static GType fo_register_subtype(GType parent, const gchar *name, GClassInitFunc class_init) {
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

GtkWidget *fo_heading_label_new(gint level) {
    GType type = fo_register_subtype(GTK_TYPE_LABEL, "FoHeadingLabel", fo_heading_label_class_init);
    GtkWidget *label = GTK_WIDGET(g_object_new(type, NULL));
    g_object_set_data(G_OBJECT(label), FO_HEADING_LEVEL_KEY, GINT_TO_POINTER(level));
    return label;
}
