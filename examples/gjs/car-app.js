#!/usr/bin/gjs
// A GTK 3 app in JavaScript (GJS) that shows its Welcome / What's New window
// through libfirst-open's typelib.
//
//     gjs car-app.js /usr/share/first-open/org.example.Car.spec
//
// It reports on stderr what the library did ("presented", "nothing due",
// "dismissed: continued", "error: ..."); the project's tests read these lines.
imports.gi.versions.Gtk = '3.0';
imports.gi.versions.FirstOpen = '1.0';
const {FirstOpen, Gtk} = imports.gi;

Gtk.init(null);
const specPath = ARGV[0] ?? 'data/examples/org.example.Car.spec';

const window = new Gtk.Window({title: 'Car', default_width: 640, default_height: 480});
window.add(new Gtk.Label({label: "Car: the app's main window"}));
window.connect('destroy', () => Gtk.main_quit());
window.show_all();

// The one-line version, without the dismissal signal:
//   FirstOpen.present_if_needed(window, specPath);
try {
    const presenter = new FirstOpen.Presenter({path: specPath});   // reads the spec when first used
    presenter.connect('dismissed', (_presenter, _kind, reason) => {
        // Every reason but PROGRAMMATIC was the user's: the version is recorded now.
        const name = Object.keys(FirstOpen.DismissalReason).find(key => FirstOpen.DismissalReason[key] === reason);
        printerr(`dismissed: ${name.toLowerCase()}`);
    });
    printerr(presenter.present_if_needed(window) ? 'presented' : 'nothing due');
} catch (error) {
    // A failure never stops the app: it runs on without the window.
    printerr(`error: ${error.message}`);
}

Gtk.main();
