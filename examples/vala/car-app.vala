/* A GTK 3 app in Vala that shows its Welcome / What's New window through
 * libfirst-open (first-open.vapi).
 *
 *   valac --pkg gtk+-3.0 --pkg first-open car-app.vala
 *   ./car-app /usr/share/first-open/org.example.Car.spec
 *
 * It reports on stderr what the library did ("presented", "nothing due",
 * "dismissed: continued", "error: ..."); the project's tests read these lines.
 */
int main (string[] args) {
    Gtk.init (ref args);
    var spec_path = args.length > 1 ? args[1] : "data/examples/org.example.Car.spec";

    var window = new Gtk.Window ();
    window.title = "Car";
    window.set_default_size (640, 480);
    window.add (new Gtk.Label ("Car: the app's main window"));
    window.destroy.connect (Gtk.main_quit);
    window.show_all ();

    // The one-line version, without the dismissal signal:
    //   FirstOpen.present_if_needed (window, spec_path);
    try {
        var presenter = new FirstOpen.Presenter (spec_path);
        presenter.dismissed.connect ((kind, reason) => {
            // Every reason but PROGRAMMATIC was the user's: the version is recorded now.
            var reasons = (EnumClass) typeof (FirstOpen.DismissalReason).class_ref ();
            stderr.printf ("dismissed: %s\n", reasons.get_value (reason).value_nick);
        });
        stderr.printf (presenter.present_if_needed (window) ? "presented\n" : "nothing due\n");
    } catch (Error error) {
        // A failure never stops the app: it runs on without the window.
        stderr.printf ("error: %s\n", error.message);
    }

    Gtk.main ();
    return 0;
}
