internal import CGtk
internal import FirstOpenState
internal import FirstOpenContent
package import FirstOpenGTKWrappers

// The window drawn to a PNG without showing it (`first-open screenshot`, render_png).
extension FirstOpenDialog {
    /// Renders the window to a PNG without showing it on screen: the content is moved
    /// into an offscreen window for the duration, drawn at `scale` device pixels per
    /// logical pixel (icons are loaded at that scale, so they stay crisp), and moved back.
    /// Deterministic: animations and cursor blinking are off, no focus ring is drawn,
    /// and the window is drawn as focused (not `:backdrop`).
    /// - Throws: ``RenderError``.
    package func renderPNG(to path: String, scale: Int = 1) throws(RenderError) {
        guard (1...4).contains(scale) else { throw .unsupportedScale(scale) }
        guard dismissalReason == nil else { throw .nothingToDraw }
        let restoreSettings = GTK.disableAnimations()
        let offscreen = OffscreenWindow()
        window.remove(rootBox)
        offscreen.add(rootBox)
        if let direction { offscreen.setDirectionRecursively(direction) }
        defer {
            offscreen.remove(rootBox)
            window.add(rootBox)
            offscreen.destroy()
            loadIcons(scale: window.scaleFactor)
            restoreSettings()
        }
        // A screenshot shows the whole content (the scrollbar's length counts).
        buildMoreSections(units: Int.max)
        rootBox.showAll()
        alignTextsToStartEdge()
        fitToWorkArea()
        loadIcons(scale: scale)
        // Offscreen windows take their minimum size; give them the natural one, as a
        // window on screen gets.
        let width = fixedWidth ?? rootBox.naturalWidth
        offscreen.setSizeRequest(width: width, height: rootBox.naturalHeight(forWidth: width))
        offscreen.showAll()
        GTK.processPendingEvents()
        offscreen.clearBackdropState()
        GTK.processPendingEvents()
        try offscreen.writePNG(to: path, scale: scale)
    }
}
