/* A Qt app that shows its Welcome / What's New window over its own window through
 * libfirst-open-client, which links GLib and GIO only: the parent is named as the XDG
 * Desktop Portal names a parent window, here "x11:XID" from the QWindow's winId().
 *
 *   c++ -fPIC car-app.cpp -o car-app $(pkg-config --cflags --libs Qt5Widgets first-open-client)
 *   QT_QPA_PLATFORM=xcb ./car-app /usr/share/first-open/org.example.Car.spec
 *
 * Qt's event loop on Linux is GLib's main loop (QEventDispatcherGlib, unless Qt was built
 * without GLib or QT_NO_GLIB is set), so the outcome arrives in the callback like any Qt
 * event. On Wayland a Qt 5 window has no xdg-foreign handle to give: run it on X11 (or
 * XWayland). It reports on stderr what happened ("outcome: shown", "outcome: nothing-due",
 * "outcome: parent-gone", "outcome: already-showing", "error: ..."); the project's tests
 * read these lines.
 */
/* Before Qt's headers: Qt defines `signals` as a macro, and GIO's headers have a field
 * of that name. */
#include <first-open-client.h>

#include <QApplication>
#include <QLabel>
#include <QTimer>
#include <QWindow>

static void
on_presented (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  FirstOpenClientOutcome outcome = first_open_client_present_finish (result, &error);

  if (error != NULL)
    /* A failure never stops the app: it runs on without the window. */
    g_printerr ("error: %s\n", error->message);
  else
    {
      g_autoptr(GEnumClass) outcomes = G_ENUM_CLASS (g_type_class_ref (FIRST_OPEN_CLIENT_TYPE_OUTCOME));
      /* SHOWN: the user dismissed it and the version is recorded. */
      g_printerr ("outcome: %s\n", g_enum_get_value (outcomes, outcome)->value_nick);
    }
}

int
main (int argc, char **argv)
{
  const char *spec_path = argc > 1 ? argv[1] : "data/examples/org.example.Car.spec";
  QApplication app (argc, argv);
  QLabel window ("Car: the app's main window");

  window.setWindowTitle ("Car");
  window.resize (640, 480);
  window.show ();

  /* Once the window is mapped (the next turn of the event loop): its X id names it. */
  QTimer::singleShot (0, &window, [&window, spec_path] () {
    if (QGuiApplication::platformName () != "xcb")
      {
        g_printerr ("this window has no handle for other processes; no Welcome window\n");
        return;
      }
    g_autofree char *parent = g_strdup_printf ("x11:%llx", (unsigned long long) window.windowHandle ()->winId ());
    first_open_client_present_async (spec_path, parent, NULL, on_presented, NULL);
  });
  return app.exec ();
}
