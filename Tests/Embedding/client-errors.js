// libfirst-open-client's typelibs from GJS with Gtk 4.0 chosen first: they load, and a
// missing spec is FirstOpenClient.Error.BAD_SPEC with first-open's message.
//     gjs client-errors.js SPEC   (FIRST_OPEN_CLIENT_COMMAND, FIRST_OPEN_HELPER: the build's)
imports.gi.versions.Gtk = '4.0';
const { GLib, Gtk } = imports.gi;
imports.gi.versions.FirstOpenClient = '1.0';
imports.gi.versions.FirstOpenClientGtk4 = '1.0';
const { FirstOpenClient, FirstOpenClientGtk4 } = imports.gi;

function fail(message) {
    printerr(`FAIL: ${message}`);
    imports.system.exit(1);
}

if (Gtk.get_major_version() !== 4)
    fail(`Gtk ${Gtk.get_major_version()} loaded`);
if (typeof FirstOpenClientGtk4.present_async !== 'function')
    fail('FirstOpenClientGtk4.present_async is missing');

const loop = new GLib.MainLoop(null, false);
const missing = `${GLib.get_tmp_dir()}/first-open-client-no-such-${GLib.random_int()}.spec`;
let verdict = null;
FirstOpenClient.present_async(missing, 'x11:1', null, (_source, result) => {
    try {
        const outcome = FirstOpenClient.present_finish(result);
        verdict = `outcome ${outcome}, expected an error`;
    } catch (error) {
        if (!error.matches(FirstOpenClient.Error, FirstOpenClient.Error.BAD_SPEC))
            verdict = `${error}, expected FirstOpenClient.Error.BAD_SPEC`;
        else if (!error.message.includes('No such file'))
            verdict = `the message ${error.message} does not say why`;
        else
            verdict = 'ok';
    }
    loop.quit();
});
GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 30, () => { verdict ??= 'no answer within 30 s'; loop.quit(); return false; });
loop.run();
if (verdict !== 'ok')
    fail(verdict);
print('ok: FirstOpenClient with Gtk 4.0 in GJS: a missing spec is FirstOpenClient.Error.BAD_SPEC');
