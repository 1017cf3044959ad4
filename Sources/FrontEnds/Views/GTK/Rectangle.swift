/// A rectangle in logical pixels (a `GtkAllocation` or a monitor work area).
struct Rectangle: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
