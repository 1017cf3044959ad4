// FirstOpen.Presenter constructed every way GJS allows, and in odd orders: the host
// must never crash (run by construction.py, which checks the exit status and stderr).
// GJS runs JavaScript on one thread only, so the wrong-thread calls are construction.py's.
//
//     gjs construction.js SPEC
imports.gi.versions.Gtk = '3.0';
const {FirstOpen, GLib, Gtk} = imports.gi;
const System = imports.system;

const spec = ARGV[0];
Gtk.init(null);
const window = new Gtk.Window({title: 'Host'});
window.show();

function check(what, condition) {
    if (!condition) {
        printerr(`FAIL: ${what}`);
        System.exit(1);
    }
    print(`ok: ${what}`);
}

function badSpec(call, what, message) {
    try {
        call();
    } catch (error) {
        check(`${what}: GError BAD_SPEC`,
            error instanceof GLib.Error &&
            error.matches(FirstOpen.error_quark(), FirstOpen.Error.BAD_SPEC) &&
            (message === undefined || error.message.includes(message)));
        return;
    }
    check(`${what}: threw a GError`, false);
}

function pump() {
    while (Gtk.events_pending())
        Gtk.main_iteration();
}

// No spec at all.
const empty = new FirstOpen.Presenter();
badSpec(() => empty.present_if_needed(window), 'new Presenter() then present_if_needed()', 'has no spec');
badSpec(() => empty.present(null, FirstOpen.Kind.WHATS_NEW), 'new Presenter() then present()');
badSpec(() => empty.render_png(FirstOpen.Kind.WELCOME, 1, 0, '/nonexistent/x.png'), 'new Presenter() then render_png()');
badSpec(() => empty.init(null), 'new Presenter() then init()');
check('new Presenter(): app_id is null', empty.get_app_id() === null && empty.app_id === null);
empty.dismiss();

// Every source.
const [, contents] = GLib.file_get_contents(spec);
const base = GLib.path_get_dirname(spec);
check('new Presenter({path})', new FirstOpen.Presenter({path: spec}).app_id === 'org.example.Car');
check('new Presenter({path}).init()', new FirstOpen.Presenter({path: spec}).init(null) === true);
check('new Presenter({bytes, base_path})',
    new FirstOpen.Presenter({bytes: new GLib.Bytes(contents), base_path: base}).get_app_id() === 'org.example.Car');
check('Presenter.new()', FirstOpen.Presenter.new(spec).get_app_id() === 'org.example.Car');
badSpec(() => new FirstOpen.Presenter({path: '/nonexistent/x.spec'}).present_if_needed(window),
    'new Presenter({path: missing})', '/nonexistent/x.spec');
badSpec(() => new FirstOpen.Presenter({resource_path: '/no/such/resource'}).init(null),
    'new Presenter({resource_path: missing})', '/no/such/resource');
badSpec(() => new FirstOpen.Presenter({path: spec, bytes: new GLib.Bytes(contents)}).init(null),
    'new Presenter({path, bytes})', 'more than one spec');
badSpec(() => FirstOpen.Presenter.new('/nonexistent/x.spec'), 'Presenter.new(missing)');

// Shown and dismissed, in odd orders.
const presenter = new FirstOpen.Presenter({path: spec});
const dismissals = [];
presenter.connect('dismissed', (_p, kind, reason) => dismissals.push([kind, reason]));
presenter.dismiss();
check('new Presenter({path}).present_if_needed() shows the window', presenter.present_if_needed(window) === true);
check('showing', presenter.showing === true);
check('present() while showing: false', presenter.present(window, FirstOpen.Kind.WELCOME) === false);
pump();
presenter.dismiss();
pump();
check('dismiss(): programmatic', dismissals.length === 1 &&
    dismissals[0][0] === FirstOpen.Kind.WELCOME && dismissals[0][1] === FirstOpen.DismissalReason.PROGRAMMATIC);
check('not showing after dismiss()', presenter.showing === false);
window.destroy();
pump();
