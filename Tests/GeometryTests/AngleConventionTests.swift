import ChartModel
import Foundation
import Testing
import TestSupport
@testable import Geometry

/// The wheel's orientation on the real samples: the Ascendant at 9 o'clock, longitude counter-clockwise,
/// the MC near the top.
@Suite
struct AngleConventionTests {
    @Test(arguments: SampleCharts.ids)
    func ascendantAtNineOClockAndMidheavenNearTheTop(id: String) throws {
        let chart = try SampleCharts.chart(id)
        let layout = WheelLayout(chart: chart, options: LayoutOptions())
        let angle = { (kind: WheelLayout.AngleMark.Kind) in layout.angles.first { $0.kind == kind }!.angle }
        #expect(angle(.AC) == 180)
        #expect(abs(angleDifference(angle(.DC), 0)) < 1e-9)
        #expect((45...135).contains(angle(.MC)), "MC at \(angle(.MC))°")
        #expect((225...315).contains(angle(.IC)), "IC at \(angle(.IC))°")
        for body in layout.bodies {
            // Counter-clockwise: 10° more longitude is 10° more screen angle.
            #expect(abs(angleDifference(body.trueAngle, 180 + body.longitude - chart.ascendant)) < 1e-9)
            let p = Polar(center: layout.center).point(radius: 100, angle: body.trueAngle)
            let q = Polar(center: layout.center).point(radius: 100, angle: body.trueAngle + 1)
            #expect((p.x - layout.center.x) * (q.y - layout.center.y) - (p.y - layout.center.y) * (q.x - layout.center.x) < 0,
                    "increasing longitude turns counter-clockwise on screen (y down)")
        }
    }

    @Test func theSmallestWheelStillPlacesSixteenBodiesOnOneDegreeWithoutOverlaps() {
        var options = LayoutOptions()
        options.chartSize = LayoutOptions.chartSizeRange.lowerBound
        let layout = WheelLayout(chart: TestCharts.chart(Array(repeating: 10, count: 16)), options: options)
        let boxes = layout.bodies.map(\.column.boxes)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                #expect(!boxes[i].contains { a in boxes[j].contains { a.overlaps($0) } }, "\(layout.bodies[i].id) and \(layout.bodies[j].id)")
            }
        }
    }
}
