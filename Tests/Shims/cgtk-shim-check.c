/* Every shim of Sources/Shims/CGtk/shim.h declared and usable with the caller's own
 * GETTEXT_PACKAGE; no display needed (nothing here opens one). */
#include "shim.h"

int
main (void)
{
  g_assert_cmpstr (GETTEXT_PACKAGE, ==, "first-open-shim-check");
  g_assert_cmpint (fo_find_base_dir ("abc", -1), ==, PANGO_DIRECTION_LTR);
  g_assert_cmpint (fo_find_base_dir ("\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", -1), ==, PANGO_DIRECTION_RTL);
  fo_log_debug ("FirstOpenShimCheck", "the shim compiles with GETTEXT_PACKAGE set");

  GtkCssProvider *provider = gtk_css_provider_new ();
  g_assert_nonnull (fo_css_style_provider (provider));
  g_object_unref (provider);

  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 1, 1);
  g_assert_cmpint (fo_object_get_int (pixbuf, "width"), ==, 1);
  g_object_unref (pixbuf);

  /* Declared, not called: XSetIOErrorHandler's pointer type and the parent-death signal. */
  FoXIOErrorHandler (*set_handler) (FoXIOErrorHandler) = XSetIOErrorHandler;
  int (*death_signal) (int) = fo_set_parent_death_signal;
  g_assert_nonnull (set_handler);
  g_assert_nonnull (death_signal);
  return 0;
}
