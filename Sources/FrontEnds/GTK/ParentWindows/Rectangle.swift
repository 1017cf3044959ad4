/// A rectangle in logical pixels (a `GtkAllocation` or a monitor work area).
package struct Rectangle: Sendable, Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
