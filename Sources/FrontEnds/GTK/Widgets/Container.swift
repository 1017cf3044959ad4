internal import CGtk

/// A widget that holds others (`GtkContainer`).
@MainActor
package class Container: Widget {
    /// Adds `child`; the container takes its own reference.
    package func add(_ child: Widget) {
        gtk_container_add(fo_container(widgetPointer), child.widgetPointer)
    }

    /// Removes `child`; the caller's wrapper keeps it alive for re-adding elsewhere.
    package func remove(_ child: Widget) {
        gtk_container_remove(fo_container(widgetPointer), child.widgetPointer)
    }
}
