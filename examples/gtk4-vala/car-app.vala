// A GTK 4 app in Vala that shows its Welcome / What's New window over its own window
// through libfirst-open-client (GTK 4 cannot load libfirst-open, which is GTK 3).
//
//     valac --pkg gtk4 --pkg first-open-client-gtk4 car-app.vala
//     ./car-app /usr/share/first-open/org.example.Car.spec
//
// first-open decides and shows the window in a process of its own; the app's main loop
// goes on, and the async call returns the outcome. It reports on stderr what happened
// ("outcome: shown", "outcome: nothing-due", "outcome: parent-gone",
// "outcome: already-showing", "error: ...");
// the project's tests read these lines.

async void present_over (Gtk.Application app, Gtk.Window window, string spec_path) {
    // The app stays up until the outcome is known, even when its window is closed first.
    app.hold ();
    try {
        // SHOWN: the user dismissed it and the version is recorded.
        var outcome = yield FirstOpenClientGtk4.present (spec_path, window, null);
        var outcomes = (EnumClass) typeof (FirstOpenClient.Outcome).class_ref ();
        printerr ("outcome: %s\n", outcomes.get_value (outcome).value_nick);
    } catch (Error error) {
        // A failure never stops the app: it runs on without the window.
        printerr ("error: %s\n", error.message);
    }
    app.release ();
}

int main (string[] args) {
    string spec_path = args.length > 1 ? args[1] : "data/examples/org.example.Car.spec";
    var app = new Gtk.Application ("org.example.Car", ApplicationFlags.NON_UNIQUE);
    app.activate.connect (() => {
        var window = new Gtk.ApplicationWindow (app);
        window.title = "Car";
        window.set_default_size (640, 480);
        window.child = new Gtk.Label ("Car: the app's main window");
        window.present ();
        // Over the window once it is mapped.
        present_over.begin (app, window, spec_path);
    });
    return app.run ({ args[0] });
}
