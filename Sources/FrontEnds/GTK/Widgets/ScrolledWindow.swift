internal import CGtk

/// A viewport (`GtkScrolledWindow`) that is as tall as its content, or scrolls
/// vertically within `maxContentHeight`.
@MainActor
package final class ScrolledWindow: Container {
    package init() {
        super.init(sinking: gtk_scrolled_window_new(nil, nil))
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_scrolled_window_set_propagate_natural_width(scrolled, 1)
        gtk_scrolled_window_set_shadow_type(scrolled, GTK_SHADOW_NONE)
        // A classic scrollbar says "there is more" where an overlay indicator stays
        // hidden until the pointer moves.
        gtk_scrolled_window_set_overlay_scrolling(scrolled, 0)
        // GTK 3 makes a scrolled window a Tab stop of its own (an unnamed "scroll pane"
        // that draws no focus ring) when nothing inside it can take the focus. The
        // window scrolls it from the keyboard wherever the focus is instead
        // (see ``scroll(_:)``).
        gtk_widget_set_can_focus(widgetPointer, 0)
    }

    private var scrolled: UnsafeMutablePointer<GtkScrolledWindow> { fo_scrolled_window(widgetPointer) }

    /// Whether the content scrolls vertically (with a scrollbar always shown) or the
    /// viewport is as tall as the content. Deciding this from a measurement, instead of
    /// GTK's automatic policy, avoids GTK measuring the content beside a scrollbar it
    /// then does not show (which leaves a gap under wrapped text).
    package var scrollsVertically: Bool {
        get {
            var vertical = GTK_POLICY_NEVER
            gtk_scrolled_window_get_policy(scrolled, nil, &vertical)
            return vertical != GTK_POLICY_NEVER
        }
        set {
            gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, newValue ? GTK_POLICY_ALWAYS : GTK_POLICY_NEVER)
        }
    }

    /// The width the vertical scrollbar takes beside the content when it is shown.
    package var scrollbarWidth: Int {
        guard let scrollbar = gtk_scrolled_window_get_vscrollbar(scrolled) else { return 0 }
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_get_preferred_width(scrollbar, &minimum, &natural)
        return Int(natural)
    }

    /// The tallest the viewport grows before it scrolls (-1: unlimited).
    package var maxContentHeight: Int {
        get { Int(gtk_scrolled_window_get_max_content_height(scrolled)) }
        set {
            // GTK warns when max < min; keep min at 0.
            gtk_scrolled_window_set_min_content_height(scrolled, 0)
            gtk_scrolled_window_set_max_content_height(scrolled, Int32(newValue))
        }
    }

    /// Calls `handler` when the vertical range changes (GTK laid out content of another
    /// height, or the visible part changed): the adjustment's "changed".
    @discardableResult
    package func onVerticalRangeChange(_ handler: @escaping @MainActor () -> Void) -> UInt {
        let box = SignalHandlerBox { _ in handler(); return false }
        return UInt(fo_signal_connect(
            gtk_scrolled_window_get_vadjustment(scrolled), "changed",
            unsafeBitCast(SignalHandlerBox.plainTrampoline, to: GCallback.self),
            box.retainedPointer(), SignalHandlerBox.releaseNotify))
    }

    /// Calls `handler` when the content scrolls vertically (the adjustment's "value-changed").
    @discardableResult
    package func onVerticalScroll(_ handler: @escaping @MainActor () -> Void) -> UInt {
        let box = SignalHandlerBox { _ in handler(); return false }
        return UInt(fo_signal_connect(
            gtk_scrolled_window_get_vadjustment(scrolled), "value-changed",
            unsafeBitCast(SignalHandlerBox.plainTrampoline, to: GCallback.self),
            box.retainedPointer(), SignalHandlerBox.releaseNotify))
    }

    /// How far below the visible part the content goes, in logical pixels.
    package var distanceToEnd: Double {
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled)
        return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_value(adjustment)
            - gtk_adjustment_get_page_size(adjustment)
    }

    /// The vertical scroll range: `upper` is the content height, `pageSize` the visible part.
    package var verticalRange: (upper: Double, pageSize: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled)
        return (gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment))
    }

    /// A keyboard scroll step.
    package enum Step {
        case lineUp, lineDown, pageUp, pageDown, top, bottom
    }

    /// Scrolls one step, as GTK's own bindings on a focused scrolled window would (its
    /// adjustment's step and page increments). Returns whether the content moved.
    @discardableResult
    package func scroll(_ step: Step) -> Bool {
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled)
        let before = gtk_adjustment_get_value(adjustment)
        let line = max(gtk_adjustment_get_step_increment(adjustment), 40)
        let page = max(gtk_adjustment_get_page_increment(adjustment), line)
        let target: Double = switch step {
        case .lineUp: before - line
        case .lineDown: before + line
        case .pageUp: before - page
        case .pageDown: before + page
        case .top: gtk_adjustment_get_lower(adjustment)
        case .bottom: gtk_adjustment_get_upper(adjustment)
        }
        // gtk_adjustment_set_value clamps to lower … upper - page size.
        gtk_adjustment_set_value(adjustment, target)
        return gtk_adjustment_get_value(adjustment) != before
    }
}
