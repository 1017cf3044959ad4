internal import CGtk

/// A widget that holds others (`GtkContainer`).
@MainActor
public class Container: Widget {
    /// Adds `child`; the container takes its own reference.
    public func add(_ child: Widget) {
        gtk_container_add(fo_container(widgetPointer), child.widgetPointer)
    }

    /// Removes `child`; the caller's wrapper keeps it alive for re-adding elsewhere.
    func remove(_ child: Widget) {
        gtk_container_remove(fo_container(widgetPointer), child.widgetPointer)
    }

    /// The number of (non-internal) children.
    var childCount: Int {
        guard let list = gtk_container_get_children(fo_container(widgetPointer)) else { return 0 }
        defer { g_list_free(list) }
        return Int(g_list_length(list))
    }
}
