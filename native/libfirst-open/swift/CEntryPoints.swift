internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
internal import CFirstOpenBridge
import FirstOpenViews
internal import FirstOpenGTKWrappers

// The Swift half of libfirst-open's C interface: the functions first-open.c calls
// through first-open-private.h. They are `@MainActor`: the C API may only be called
// from GTK's main thread (its documented rule, as for GTK itself), and first-open.c
// checks that before it calls them — a wrong thread gets a GLib critical there, not
// the Swift runtime's trap here. Argument checks (NULL, GTK_IS_WINDOW, ranges) are
// done in C as GLib criticals too.

private func report(_ error: LibraryError, to gerror: UnsafeMutableRawPointer?) {
    fo_set_error(gerror, error.code, error.message)
}

private func handle(_ pointer: UnsafeMutableRawPointer) -> EmbeddedSpec {
    Unmanaged<EmbeddedSpec>.fromOpaque(pointer).takeUnretainedValue()
}

private func retained(_ spec: EmbeddedSpec) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(spec).toOpaque()
}

@MainActor @_cdecl("fo_spec_load_file")
package func firstOpenSpecLoadFile(_ path: UnsafePointer<CChar>, _ gerror: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    do throws(LibraryError) {
        return retained(try EmbeddedSpec.load(path: String(cString: path)))
    } catch {
        report(error, to: gerror)
        return nil
    }
}

@MainActor @_cdecl("fo_spec_load_data")
package func firstOpenSpecLoadData(
    _ data: UnsafeRawPointer?, _ length: Int, _ name: UnsafePointer<CChar>, _ basePath: UnsafePointer<CChar>,
    _ gerror: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
    do throws(LibraryError) {
        return retained(try EmbeddedSpec.load(data: bytes, name: String(cString: name),
                                              directory: String(cString: basePath)))
    } catch {
        report(error, to: gerror)
        return nil
    }
}

@MainActor @_cdecl("fo_spec_load_appdata")
package func firstOpenSpecLoadAppdata(
    _ data: UnsafeRawPointer?, _ length: Int, _ name: UnsafePointer<CChar>, _ gerror: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
    do throws(LibraryError) {
        return retained(try EmbeddedSpec.load(appdata: bytes, name: "resource://" + String(cString: name)))
    } catch {
        report(error, to: gerror)
        return nil
    }
}

@MainActor @_cdecl("fo_spec_copy_app_id")
package func firstOpenSpecCopyAppID(_ spec: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CChar>? {
    g_strdup(handle(spec).spec.appID)
}

// Not main-actor isolated: a GObject finalizer may run on any thread (the last
// reference dropped by a binding's garbage collector). Nothing is shown by then (a
// presenter keeps itself alive while it shows a window), so releasing the spec does
// no GTK work.
@_cdecl("fo_spec_free")
package func firstOpenSpecFree(_ spec: UnsafeMutableRawPointer) {
    Unmanaged<EmbeddedSpec>.fromOpaque(spec).release()
}

@MainActor @_cdecl("fo_spec_present")
package func firstOpenSpecPresent(
    _ spec: UnsafeMutableRawPointer, _ presenter: UnsafeMutableRawPointer, _ parent: UnsafeMutableRawPointer?,
    _ forcedKind: Int32, _ outcome: UnsafeMutablePointer<Int32>, _ gerror: UnsafeMutableRawPointer?
) -> Int32 {
    let window = parent.map { Window(existing: $0.assumingMemoryBound(to: GtkWindow.self)) }
    let dismissed: @MainActor (FirstOpenWindowKind, DismissalReason) -> Void = { kind, reason in
        fo_presenter_dismissed(presenter, kind.cValue, reason.cValue)
    }
    do throws(LibraryError) {
        if forcedKind >= 0 {
            try handle(spec).present(FirstOpenWindowKind(cValue: forcedKind), over: window, onDismiss: dismissed)
            return 1
        }
        guard let decided = try handle(spec).presentIfNeeded(over: window, onDismiss: dismissed) else { return 1 }
        outcome.pointee = decided.cOutcomeWithoutWindow
        return 0
    } catch {
        report(error, to: gerror)
        return 0
    }
}

@MainActor @_cdecl("fo_spec_dismiss")
package func firstOpenSpecDismiss(_ spec: UnsafeMutableRawPointer) {
    handle(spec).dismiss()
}

@MainActor @_cdecl("fo_spec_render_png")
package func firstOpenSpecRenderPNG(
    _ spec: UnsafeMutableRawPointer, _ kindValue: Int32, _ scale: Int32, _ width: Int32,
    _ path: UnsafePointer<CChar>, _ gerror: UnsafeMutableRawPointer?
) -> Int32 {
    do throws(LibraryError) {
        try handle(spec).renderPNG(FirstOpenWindowKind(cValue: kindValue), scale: Int(scale), width: width > 0 ? Int(width) : nil,
                                   to: String(cString: path))
        return 1
    } catch {
        report(error, to: gerror)
        return 0
    }
}
