/* The reference for showing the window: the same layout in plain C GTK 3
 * (headline, coloured app name, three icon + title + subtitle rows, a full-width
 * accent button), quitting after the first frame is drawn, as first-open's window
 * does with FIRST_OPEN_QUIT_WHEN_DRAWN=1.
 *
 *   window [--like-first-open] [ICON_FOLDER]
 *
 * --like-first-open builds first-open's widget structure (FirstOpenDialog+Builders.swift):
 * a GtkHeaderBar with a close button and an empty custom title (client-side decorations:
 * a frame with resize cursors), one scrolled window holding the header and the rows, a hidden GtkInfoBar
 * (the link-failure bar), and an action box with Continue and the flat secondary
 * button ("Release Notes"). Without it: the plain window of DESIGN.md's floor (the
 * window manager draws the title bar, which costs the program nothing; only the rows
 * scroll; no secondary button). The benchmark's floor is the --like-first-open one. */
#include <gtk/gtk.h>

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data) {
    g_idle_add((GSourceFunc)gtk_main_quit, NULL);
    return FALSE;
}

static GtkWidget *row(const char *icon, const char *title, const char *subtitle) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18);
    GtkWidget *image = gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_DND);
    gtk_image_set_pixel_size(GTK_IMAGE(image), 36);
    GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *t = gtk_label_new(title);
    GtkWidget *s = gtk_label_new(subtitle);
    gtk_label_set_xalign(GTK_LABEL(t), 0);
    gtk_label_set_xalign(GTK_LABEL(s), 0);
    gtk_label_set_line_wrap(GTK_LABEL(s), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(s), 45);
    gtk_style_context_add_class(gtk_widget_get_style_context(t), "title");
    gtk_style_context_add_class(gtk_widget_get_style_context(s), "dim-label");
    gtk_box_pack_start(GTK_BOX(texts), t, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(texts), s, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), image, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), texts, TRUE, TRUE, 0);
    return box;
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    gboolean like_first_open = argc > 1 && g_strcmp0(argv[1], "--like-first-open") == 0;
    if (like_first_open) { argc--; argv++; }
    /* The app icon, found as first-open-window finds it: in `icons` next to the spec. */
    if (argc > 1)
        gtk_icon_theme_prepend_search_path(gtk_icon_theme_get_default(), argv[1]);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        ".headline { font-weight: 900; font-size: 2.2em; }"
        ".accent { color: #1c71d8; }"
        ".title { font-weight: bold; }"
        "button.continue { background-image: none; background-color: #1c71d8; color: white; }", -1, NULL);
    gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "Welcome to Car");
    gtk_window_set_position(GTK_WINDOW(window), GTK_WIN_POS_CENTER);
    GtkWidget *root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_container_set_border_width(GTK_CONTAINER(root), 36);
    GtkWidget *icon = gtk_image_new_from_icon_name("org.example.Car", GTK_ICON_SIZE_DIALOG);
    gtk_image_set_pixel_size(GTK_IMAGE(icon), 96);
    GtkWidget *headline = gtk_label_new("Welcome to");
    GtkWidget *name = gtk_label_new("Car");
    gtk_style_context_add_class(gtk_widget_get_style_context(headline), "headline");
    gtk_style_context_add_class(gtk_widget_get_style_context(name), "headline");
    gtk_style_context_add_class(gtk_widget_get_style_context(name), "accent");
    /* first-open scrolls the header with the rows; the plain floor keeps it fixed. */
    GtkWidget *content = like_first_open ? gtk_box_new(GTK_ORIENTATION_VERTICAL, 12) : root;
    gtk_box_pack_start(GTK_BOX(content), icon, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(content), headline, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(content), name, FALSE, FALSE, 0);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scrolled), TRUE);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    GtkWidget *rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    gtk_box_pack_start(GTK_BOX(rows), row("emblem-favorite-symbolic", "Car",
        "A car (or automobile) is a wheeled motor vehicle used for transportation."), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(rows), row("airplane-mode-symbolic", "Airplane",
        "An airplane or aeroplane (informally plane) is a powered, fixed-wing aircraft that is propelled forward by thrust from a jet engine, propeller or rocket engine."), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(rows), row("mark-location-symbolic", "Tram",
        "A tram (in North America streetcar or trolley) is a rail vehicle that runs on tramway tracks along public urban streets."), FALSE, FALSE, 0);
    if (like_first_open) {
        /* Sized to its content, as first-open's window is (up to the screen). */
        gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(scrolled), TRUE);
        gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(scrolled), 900);
        gtk_window_set_type_hint(GTK_WINDOW(window), GDK_WINDOW_TYPE_HINT_DIALOG);
        gtk_box_pack_start(GTK_BOX(content), rows, FALSE, FALSE, 0);
        gtk_container_add(GTK_CONTAINER(scrolled), content);
    } else {
        gtk_container_add(GTK_CONTAINER(scrolled), rows);
    }
    gtk_box_pack_start(GTK_BOX(root), scrolled, TRUE, TRUE, 0);
    GtkWidget *info_bar = NULL;
    if (like_first_open) {
        info_bar = gtk_info_bar_new();
        gtk_info_bar_set_message_type(GTK_INFO_BAR(info_bar), GTK_MESSAGE_WARNING);
        gtk_container_add(GTK_CONTAINER(gtk_info_bar_get_content_area(GTK_INFO_BAR(info_bar))),
                          gtk_label_new("The link could not be opened."));
        gtk_box_pack_start(GTK_BOX(root), info_bar, FALSE, FALSE, 0);
    }
    GtkWidget *actions = like_first_open ? gtk_box_new(GTK_ORIENTATION_VERTICAL, 6) : root;
    GtkWidget *button = gtk_button_new_with_label("Continue");
    gtk_style_context_add_class(gtk_widget_get_style_context(button), "continue");
    gtk_widget_set_can_default(button, TRUE);
    gtk_window_set_default(GTK_WINDOW(window), button);
    g_signal_connect(button, "clicked", G_CALLBACK(gtk_main_quit), NULL);
    gtk_box_pack_start(GTK_BOX(actions), button, FALSE, FALSE, 0);
    if (like_first_open) {
        GtkWidget *secondary = gtk_button_new_with_mnemonic("_Release Notes");
        gtk_button_set_relief(GTK_BUTTON(secondary), GTK_RELIEF_NONE);
        gtk_box_pack_start(GTK_BOX(actions), secondary, FALSE, FALSE, 0);
        gtk_box_pack_start(GTK_BOX(root), actions, FALSE, FALSE, 0);
    }
    gtk_container_add(GTK_CONTAINER(window), root);
    if (like_first_open) {
        GtkWidget *bar = gtk_header_bar_new();
        gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(bar), TRUE);
        gtk_header_bar_set_decoration_layout(GTK_HEADER_BAR(bar), ":close");
        /* An empty custom title, as first-open's (its title is not drawn in the bar). */
        gtk_header_bar_set_custom_title(GTK_HEADER_BAR(bar), gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0));
        gtk_window_set_titlebar(GTK_WINDOW(window), bar);
        gtk_window_set_title(GTK_WINDOW(window), "Welcome to Car");
        gtk_widget_show_all(bar);
    }
    g_signal_connect_after(window, "draw", G_CALLBACK(on_draw), NULL);
    gtk_widget_show_all(window);
    if (info_bar) gtk_widget_hide(info_bar);
    gtk_main();
    return 0;
}
