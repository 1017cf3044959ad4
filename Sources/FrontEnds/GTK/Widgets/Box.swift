internal import CGtk

/// A row or column of widgets (`GtkBox`). Horizontal boxes mirror in right-to-left locales.
@MainActor
package final class Box: Container {
    /// The direction children are laid out in.
    package enum Orientation: Sendable {
        /// Children side by side (mirrored in right-to-left text).
        case horizontal
        /// Children one above the other.
        case vertical
    }

    /// A new box with `spacing` logical pixels between children.
    package init(_ orientation: Orientation, spacing: Int = 0) {
        let gtkOrientation = orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        super.init(sinking: gtk_box_new(gtkOrientation, Int32(spacing)))
    }

    /// Adds `child` after the existing children.
    package func append(_ child: Widget, expand: Bool = false) {
        gtk_box_pack_start(fo_box(widgetPointer), child.widgetPointer, expand ? 1 : 0, 1, 0)
    }

    /// Moves `child`, one of the box's children, after all the others.
    package func moveToEnd(_ child: Widget) {
        gtk_box_reorder_child(fo_box(widgetPointer), child.widgetPointer, -1)
    }
}
