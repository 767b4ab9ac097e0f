import WheelRaster

extension ImageComparison {
    /// Compares two PNG or SVG images. An SVG is rasterized through librsvg at the other side's size (when both
    /// are SVG, at the expected one's own size).
    public func compare(expected: ImageInput, actual: ImageInput) throws(RasterError) -> ImageDifference {
        let expectedImage: RGBAImage, actualImage: RGBAImage
        if expected.isSVG && !actual.isSVG {
            actualImage = try actual.image()
            expectedImage = try expected.image(size: (actualImage.width, actualImage.height))
        } else {
            expectedImage = try expected.image()
            actualImage = try actual.image(size: (expectedImage.width, expectedImage.height))
        }
        return compare(expected: expectedImage, actual: actualImage)
    }
}
