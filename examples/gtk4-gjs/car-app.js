#!/usr/bin/gjs
// A GTK 4 app in JavaScript (GJS) that shows its Welcome / What's New window over its
// own window through libfirst-open-client's typelibs (GTK 4 cannot load
// libfirst-open, which is GTK 3).
//
//     gjs car-app.js /usr/share/first-open/org.example.Car.spec
//
// first-open decides and shows the window in a process of its own; the app's main loop
// goes on, and the callback gets the outcome. It reports on stderr what happened
// ("outcome: shown", "outcome: nothing-due", "outcome: parent-gone",
// "outcome: already-showing", "error: ...");
// the project's tests read these lines.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.FirstOpenClient = '1.0';
imports.gi.versions.FirstOpenClientGtk4 = '1.0';
const {FirstOpenClient, FirstOpenClientGtk4, Gio, Gtk} = imports.gi;

const specPath = ARGV[0] ?? 'data/examples/org.example.Car.spec';

const app = new Gtk.Application({application_id: 'org.example.Car', flags: Gio.ApplicationFlags.NON_UNIQUE});
app.connect('activate', () => {
    const window = new Gtk.ApplicationWindow({application: app, title: 'Car', default_width: 640, default_height: 480});
    window.set_child(new Gtk.Label({label: "Car: the app's main window"}));
    window.present();

    // Over the window once it is mapped; the app stays up until the outcome is known,
    // even when its window is closed first.
    app.hold();
    FirstOpenClientGtk4.present_async(specPath, window, null, (_source, result) => {
        try {
            // SHOWN: the user dismissed it and the version is recorded.
            const outcome = FirstOpenClientGtk4.present_finish(result);
            const name = Object.keys(FirstOpenClient.Outcome).find(key => FirstOpenClient.Outcome[key] === outcome);
            printerr(`outcome: ${name.toLowerCase().replace('_', '-')}`);
        } catch (error) {
            // A failure never stops the app: it runs on without the window.
            printerr(`error: ${error.message}`);
        }
        app.release();
    });
});
app.run([imports.system.programInvocationName]);
