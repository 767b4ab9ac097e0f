import Foundation
import WheelCompare
import WheelRaster

// compare-images EXPECTED ACTUAL DIFF.png: PNG or SVG on either side, compared as a person would see them.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: compare-images EXPECTED ACTUAL DIFF.png\n".utf8))
    exit(64)
}
let expected = try ImageInput(data: Data(contentsOf: URL(fileURLWithPath: arguments[0])))
let actual = try ImageInput(data: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let difference = try ImageComparison(threshold: 0.1).compare(expected: expected, actual: actual)
if difference.isWithin(.pixels(0)) {
    print("same")
} else {
    print(difference.summary)                          // counts, share, largest distance, bounding box
    try Rasterizer.encodePNG(difference.picture()).write(to: URL(fileURLWithPath: arguments[2]))
    exit(1)
}
