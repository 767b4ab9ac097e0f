/// The image's corners, which the round wheel leaves free: room for a legend or a label without shrinking the
/// wheel. A block there keeps clear of the wheel by the image's margin.
extension WheelLayout {
    enum Corner { case topLeft, bottomLeft }

    /// The margins the wheel leaves at the sides and at the bottom; a title moves the wheel down, so the top
    /// corners start below the title's band.
    var cornerMargins: (side: Double, bottom: Double) {
        (min(center.x, size - center.x) - rings.outer, size - center.y - rings.outer)
    }

    /// The largest scale, at most `largest`, at which a block `width` × `height` (per unit of scale) fits in
    /// `corner`, shrunk in 5% steps, and the block there. The right-hand corners are the mirror images.
    func cornerBlock(_ corner: Corner, largest: Double, width: Double, height: Double) -> (scale: Double, box: Box) {
        let (side, bottom) = cornerMargins
        let clearance = min(side, bottom)
        func box(_ scale: Double) -> Box {
            // At the top, level with the wheel's top: below the title's band when there is a title, else the margin.
            let top = corner == .bottomLeft ? size - bottom - height * scale : center.y - rings.outer
            return Box(x: side, y: top, width: width * scale, height: height * scale)
        }
        var scale = largest
        for _ in 0..<80 where box(scale).distanceRange(from: center).lowerBound < rings.outer + clearance {
            scale *= 0.95
        }
        return (scale, box(scale))
    }
}
